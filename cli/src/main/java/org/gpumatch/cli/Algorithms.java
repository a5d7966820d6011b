package org.gpumatch.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.gpumatch.aparapi.ExactMatchers;
import org.gpumatch.aparapi.multi.MultiPatternPlanner;
import org.gpumatch.api.Algorithm;
import org.gpumatch.kmismatch.KMismatchVariant;

/** Parses {@code -a}: {@code auto} or the name of an exact-matching algorithm this build implements. */
final class Algorithms {
    /** The default of {@code -a}: the planner chooses. */
    static final String AUTO = Algorithm.AUTO;
    private Algorithms() {
    }

    /**
     * The algorithm {@code name} forces, or empty for {@code auto}.
     *
     * @throws CliException for an unknown name, an algorithm of another family, or one not implemented in this build
     */
    static Optional<Algorithm> parseExact(String name) {
        String n = name == null ? "" : name.strip();
        if (n.equalsIgnoreCase(AUTO)) {
            return Optional.empty();
        }
        Optional<Algorithm> known = Algorithm.fromCliName(n);
        if (known.isEmpty()) {
            String family = otherFamily(n);
            throw new CliException(family != null ? n + " is a " + family + "; count and find take: "
                    + implementedNames() + ", or auto" : "unknown algorithm \"" + n + "\"; exact-matching algorithms: "
                    + implementedNames() + ", or auto" + notYet());
        }
        Algorithm a = known.get();
        if (a.family() != Algorithm.Family.EXACT) {
            throw new CliException(a.cliName() + " is a " + familyName(a.family()) + " algorithm, not an exact-matching one;"
                    + " count and find take: " + implementedNames() + ", or auto");
        }
        if (!ExactMatchers.implemented().contains(a)) {
            throw new CliException(a.cliName() + " (" + a.source() + ") is not implemented in this build yet; "
                    + "implemented: " + implementedNames() + ", or auto");
        }
        return Optional.of(a);
    }

    /** The implemented exact-matching algorithms, in the enumeration's order, comma separated. */
    static String implementedNames() {
        return ExactMatchers.names(implementedExact());
    }

    /** The implemented exact-matching algorithms, in the enumeration's order. */
    static List<Algorithm> implementedExact() {
        Set<Algorithm> impl = ExactMatchers.implemented();
        return Arrays.stream(Algorithm.values()).filter(impl::contains).collect(Collectors.toList());
    }

    private static String notYet() {
        Set<Algorithm> impl = ExactMatchers.implemented();
        List<String> later = new ArrayList<>();
        for (Algorithm a : Algorithm.values()) {
            if (a.family() == Algorithm.Family.EXACT && !impl.contains(a)) {
                later.add(a.cliName());
            }
        }
        return later.isEmpty() ? "" : " (not implemented yet: " + String.join(", ", later) + ")";
    }

    private static String familyName(Algorithm.Family f) {
        return switch (f) {
            case EXACT -> "exact-matching";
            case MULTI_PATTERN -> "multi-pattern";
        };
    }

    /**
     * The family that names {@code name} in its own registry, as a phrase ("k-mismatch algorithm (gpumatch
     * kmismatch -a thread)"), or null.
     */
    private static String otherFamily(String name) {
        for (KMismatchVariant v : KMismatchVariant.values()) {
            if (v.cliName().equalsIgnoreCase(name)) {
                return "k-mismatch algorithm (gpumatch kmismatch -a " + v.cliName() + ")";
            }
        }
        if (MultiPatternPlanner.accepts(name.toLowerCase(java.util.Locale.ROOT))) {
            return "multi-pattern algorithm (count or find with --patterns-file -a " + name + ")";
        }
        return null;
    }

    /** The names picocli shows in {@code --help}. */
    static final class Candidates implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> names = new ArrayList<>();
            names.add(AUTO);
            implementedExact().forEach(a -> names.add(a.cliName()));
            return names.iterator();
        }
    }
}
