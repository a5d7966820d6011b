package org.gpumatch.kmismatch;

import org.gpumatch.api.AlgorithmFamily;
import org.gpumatch.api.NamedAlgorithm;

/** The k-mismatch algorithms by their CLI names, registered as {@link #FAMILY}. */
public enum KMismatchVariant implements NamedAlgorithm {
    /** One work-item per window (Liu et al., Algorithms 1-2). */
    THREAD("thread", "device: one work-item per window (Liu et al., Algorithms 1-2)"),
    /** One work-group per window, a work-item per pattern symbol, local reduction (Algorithms 3-4). */
    BLOCK_THREAD("block-thread", "device: a work-group per window, local reduction (Algorithms 3-4)"),
    /** Pattern tile and text slice with halo in local memory (Algorithms 5-6). */
    OPT_BLOCK_THREAD("opt-block-thread", "device: pattern and text tiles in local memory (Algorithms 5-6)"),
    /** Sigma-bit packed words, XOR and popcount. */
    BIT_PARALLEL("bit-parallel", "device: sigma-bit packed words, XOR and popcount"),
    /** Multi-threaded Java scan over 8-byte words. */
    CPU("cpu", "CPU: Java scan over 8-byte words on all cores"),
    /** The planner picks one of the above ({@link AlgorithmFamily#AUTO}: not an algorithm of the family). */
    AUTO(AlgorithmFamily.AUTO, "the planner chooses");

    /** The k-mismatch family: what {@code gpumatch kmismatch -a} takes. */
    public static final AlgorithmFamily<KMismatchVariant> FAMILY = AlgorithmFamily.of("k-mismatch",
            "gpumatch kmismatch -a", values());

    private final String cliName;
    private final String summary;

    KMismatchVariant(String cliName, String summary) {
        this.cliName = cliName;
        this.summary = summary;
    }

    /** The name as the CLI spells it. */
    @Override
    public String cliName() {
        return cliName;
    }

    @Override
    public String summary() {
        return cliName + " (" + summary + ")";
    }

    /**
     * The variant named {@code name} (ignoring case), {@link #AUTO} for {@code auto}; IllegalArgumentException listing
     * the names otherwise.
     */
    public static KMismatchVariant parse(String name) {
        return FAMILY.parse(name).orElse(AUTO);
    }
}
