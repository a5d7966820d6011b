package org.gpumatch.kmismatch;

import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Chooses a k-mismatch algorithm from the input's shape and the device. O(1).
 *
 * <p>Rules (to be re-tuned from the bench suite's GPU rows): no OpenCL device, or fewer than 2^22 symbol comparisons
 * ({@code windows * m * patterns}), runs {@code cpu} (a launch and transfers cost more); a text alphabet of at most 16
 * symbols (sigma &lt;= 4 bits, DNA and the like) runs {@code bit-parallel} (8 to 32 symbols per XOR); otherwise
 * {@code opt-block-thread} (local-memory reuse of text and pattern).
 */
public final class KMismatchPlanner {
    /** Below this many symbol comparisons the CPU wins. */
    public static final long SMALL_WORK = 1L << 22;

    private KMismatchPlanner() {
    }

    /** A chosen variant and why. */
    public record Choice(KMismatchVariant variant, String reason) {
        /** One line: the variant and the reason. */
        public String explain() {
            return variant.cliName() + ": " + reason;
        }
    }

    /**
     * The variant for a text of n symbols, a pattern of m, k mismatches, a text alphabet of sigma bits, {@code patterns}
     * patterns, on {@code device}.
     */
    public static Choice choose(long n, int m, int k, int sigma, int patterns, ComputeDevice device) {
        long windows = Math.max(0, n - m + 1);
        long work = windows * m * Math.max(1, patterns);
        String shape = "n=" + n + ", m=" + m + ", k=" + k + ", sigma=" + sigma + ", patterns=" + patterns;
        if (!device.isOpenCL()) {
            return new Choice(KMismatchVariant.CPU, "no OpenCL device (" + shape + ")");
        }
        if (work < SMALL_WORK) {
            return new Choice(KMismatchVariant.CPU, work + " symbol comparisons < " + SMALL_WORK
                    + ": a device launch costs more (" + shape + ")");
        }
        if (sigma <= 4) {
            return new Choice(KMismatchVariant.BIT_PARALLEL, "sigma " + sigma + " bits packs " + (32 / Math.max(1,
                    Integer.highestOneBit(sigma) == sigma ? sigma : Integer.highestOneBit(sigma) << 1))
                    + " symbols per XOR on " + device.describe() + " (" + shape + ")");
        }
        return new Choice(KMismatchVariant.OPT_BLOCK_THREAD, "sigma " + sigma
                + " bits: local-memory tiles of text and pattern on " + device.describe() + " (" + shape + ")");
    }
}
