package org.gpumatch.bench.exact;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gpumatch.aparapi.ExactMatchers;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;

/**
 * Where the exact suite gets its device matchers: by default every algorithm of {@link Algorithm#FAMILY}
 * except the CPU references ({@link Algorithm#isCpuReference()}: naive, SRK), which the suite measures as CPU peers
 * instead. Tests supply
 * their own source to inject a wrong matcher.
 */
public interface MatcherSource {
    /** The algorithms measured on {@code device}, in table order. */
    List<Algorithm> deviceAlgorithms(ComputeDevice device);

    /** Why {@code algorithm} cannot search (n, m, sigma) on {@code device}, or empty. */
    Optional<String> unsupportedReason(Algorithm algorithm, long n, int m, int sigma, ComputeDevice device);

    /** A new matcher; the caller closes it. */
    Matcher create(Algorithm algorithm, ComputeDevice device);

    /** The matchers of this build. */
    static MatcherSource standard() {
        return new MatcherSource() {
            @Override
            public List<Algorithm> deviceAlgorithms(ComputeDevice device) {
                List<Algorithm> out = new ArrayList<>();
                for (Algorithm a : Algorithm.FAMILY.algorithms()) {
                    if (!a.isCpuReference()) {
                        out.add(a);
                    }
                }
                return out;
            }

            @Override
            public Optional<String> unsupportedReason(Algorithm a, long n, int m, int sigma, ComputeDevice d) {
                return ExactMatchers.unsupportedReason(a, n, m, sigma, d);
            }

            @Override
            public Matcher create(Algorithm a, ComputeDevice d) {
                return ExactMatchers.create(a, d, "bench");
            }
        };
    }
}
