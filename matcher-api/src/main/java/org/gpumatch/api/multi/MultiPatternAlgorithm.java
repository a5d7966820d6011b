package org.gpumatch.api.multi;

import org.gpumatch.api.AlgorithmFamily;
import org.gpumatch.api.NamedAlgorithm;

/**
 * The multi-pattern algorithms by the names {@code count} and {@code find} take with {@code --patterns-file -a}
 * ({@link #FAMILY}); {@code auto} asks the planner ({@code MultiPatternPlanner}) to choose.
 */
public enum MultiPatternAlgorithm implements NamedAlgorithm {
    /** One pass over the text on the device: a fused filter of the patterns' first bytes, then verification. */
    MULTI_FUSED("multi-fused", "device: one pass, fused first-byte filter and verification"),
    /** The paper's multi-pattern Rabin-Karp (Nunes, Bordim, Ito, Nakano): a pass per distinct pattern length. */
    MULTI_RK("multi-rk", "device: Rabin-Karp by prefix sums, a pass per distinct length (Nunes et al.)"),
    /** Aho-Corasick on all cores. */
    MULTI_CPU("multi-cpu", "CPU: Aho-Corasick automaton on all cores");

    /** The multi-pattern family. */
    public static final AlgorithmFamily<MultiPatternAlgorithm> FAMILY = AlgorithmFamily.of("multi-pattern",
            "count and find --patterns-file -a", values());

    private final String cliName;
    private final String summary;

    MultiPatternAlgorithm(String cliName, String summary) {
        this.cliName = cliName;
        this.summary = summary;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    @Override
    public String summary() {
        return cliName + " (" + summary + ")";
    }

    @Override
    public String toString() {
        return cliName;
    }
}
