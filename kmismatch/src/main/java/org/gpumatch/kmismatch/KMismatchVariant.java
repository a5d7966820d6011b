package org.gpumatch.kmismatch;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The k-mismatch algorithms by their CLI names. */
public enum KMismatchVariant {
    /** One work-item per window (Liu et al., Algorithms 1-2). */
    THREAD("thread"),
    /** One work-group per window, a work-item per pattern symbol, local reduction (Algorithms 3-4). */
    BLOCK_THREAD("block-thread"),
    /** Pattern tile and text slice with halo in local memory (Algorithms 5-6). */
    OPT_BLOCK_THREAD("opt-block-thread"),
    /** Sigma-bit packed words, XOR and popcount. */
    BIT_PARALLEL("bit-parallel"),
    /** Multi-threaded Java scan over 8-byte words. */
    CPU("cpu"),
    /** The planner picks one of the above. */
    AUTO("auto");

    private final String cliName;

    KMismatchVariant(String cliName) {
        this.cliName = cliName;
    }

    /** The name as the CLI spells it. */
    public String cliName() {
        return cliName;
    }

    /** The variant named {@code name}; IllegalArgumentException listing the names otherwise. */
    public static KMismatchVariant parse(String name) {
        for (KMismatchVariant v : values()) {
            if (v.cliName.equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown k-mismatch algorithm \"" + name + "\"; known: "
                + Arrays.stream(values()).map(KMismatchVariant::cliName).collect(Collectors.joining(", ")));
    }
}
