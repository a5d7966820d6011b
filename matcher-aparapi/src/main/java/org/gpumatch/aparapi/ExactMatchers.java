package org.gpumatch.aparapi;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.gpumatch.aparapi.rabinkarp.CrkMatcher;
import org.gpumatch.aparapi.rabinkarp.DrkMatcher;
import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.aparapi.rabinkarp.HrkMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.cpu.CpuMatcher;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.api.reference.SequentialRabinKarpMatcher;

/**
 * The exact single-pattern matchers this build provides, by {@link Algorithm}, and which of them can take an input.
 *
 * <p>A forced algorithm either runs or fails with a message naming the algorithms that can (aho-corasick's
 * "an explicit choice is a promise"); only {@link Planner} chooses.
 */
public final class ExactMatchers {
    private ExactMatchers() {
    }

    /**
     * A matcher of {@code algorithm}; GPU algorithms run on {@code device}, the CPU references in the calling thread.
     */
    public static Matcher create(Algorithm algorithm, ComputeDevice device, String reason) {
        return switch (algorithm) {
            case NAIVE -> new NaiveMatcher();
            case SRK -> new SequentialRabinKarpMatcher();
            case CPU -> new CpuMatcher();
            case DRK_WOM_32 -> new DrkWomMatcher(device, reason, DrkWomMatcher.Variant.BITS_32,
                    DrkWomMatcher.DEFAULT_LOCAL_SIZE, DrkWomMatcher.DEFAULT_WORDS_PER_ITEM);
            case DRK_WOM_64 -> new DrkWomMatcher(device, reason);
            case DRK_2S -> new DrkWomMatcher(device, reason, DrkWomMatcher.Variant.TWO_STAGE,
                    DrkWomMatcher.DEFAULT_LOCAL_SIZE, DrkWomMatcher.DEFAULT_WORDS_PER_ITEM);
            case DRK -> new DrkMatcher(device, reason);
            case CRK -> new CrkMatcher(device, reason);
            case HRK -> new HrkMatcher(device, reason);
        };
    }

    /** Why {@code algorithm} cannot search (n, m, sigma) on {@code device}, or empty when it can. */
    public static java.util.Optional<String> unsupportedReason(Algorithm algorithm, long n, int m, int sigma,
                                                               ComputeDevice device) {
        try (Matcher probe = create(algorithm, device, "probe")) {
            return probe.unsupportedReason(n, m, sigma);
        }
    }

    /** The algorithms that can search (n, m, sigma) on {@code device}, in the family's order. */
    public static List<Algorithm> capable(long n, int m, int sigma, ComputeDevice device) {
        List<Algorithm> out = new ArrayList<>();
        for (Algorithm a : Algorithm.FAMILY.algorithms()) {
            if (unsupportedReason(a, n, m, sigma, device).isEmpty()) {
                out.add(a);
            }
        }
        return out;
    }

    /** Comma-separated command line names. */
    public static String names(java.util.Collection<Algorithm> algorithms) {
        return algorithms.stream().map(Algorithm::cliName).collect(Collectors.joining(", "));
    }
}
