package org.gpumatch.cli;

import java.util.List;
import java.util.Optional;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.AlgorithmFamily;
import org.gpumatch.api.multi.MultiPatternAlgorithm;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.suffixarray.gpu.SuffixArrayBuilders;

/**
 * The algorithm names of the command line, read from each family's registry ({@link AlgorithmFamily}): {@code -a} of
 * count and find ({@link #parseExact}, exact matching), with the other families consulted only to say where a name
 * belongs.
 */
final class Algorithms {
    /** The default of {@code -a}: the planner chooses. */
    static final String AUTO = AlgorithmFamily.AUTO;
    /** The families whose names count and find point to when {@code -a} names one of theirs. */
    private static final List<AlgorithmFamily<?>> OTHER_FAMILIES = List.of(MultiPatternAlgorithm.FAMILY,
            KMismatchVariant.FAMILY, SuffixArrayBuilders.Algorithm.FAMILY);

    private Algorithms() {
    }

    /**
     * The algorithm {@code name} forces, or empty for {@code auto}.
     *
     * @throws CliException for an unknown name or an algorithm of another family (naming the family and its command)
     */
    static Optional<Algorithm> parseExact(String name) {
        AlgorithmFamily<Algorithm> exact = Algorithm.FAMILY;
        if (name == null || exact.takes(name)) {
            return name == null ? Optional.empty() : exact.parse(name);
        }
        for (AlgorithmFamily<?> other : OTHER_FAMILIES) {
            if (other.lookup(name).isPresent()) {
                String n = name.strip();
                throw new CliException(n + " is a " + other.title() + " algorithm (" + other.usage() + " " + n
                        + "); " + exact.usage() + " takes: " + exact.namesText());
            }
        }
        throw new CliException(exact.unknown(name));
    }

    /** The names picocli shows in {@code --help}: {@code auto}, then every exact-matching algorithm. */
    static final class Candidates implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Algorithm.FAMILY.names().iterator();
        }
    }
}
