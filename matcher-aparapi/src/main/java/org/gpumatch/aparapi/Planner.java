package org.gpumatch.aparapi;

import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.aparapi.runtime.ComputeDevice;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Plan;

/**
 * Chooses an exact-matching algorithm for (n, m, sigma, device) when the user says {@code -a auto}. The rules, in order:
 * <ol>
 *   <li>no OpenCL device: sequential Rabin-Karp on the CPU (kernels emulated in Java threads are far slower);</li>
 *   <li>m <= 32 / sigma (one packed word of sigma-bit symbols: 4 bytes, 16 DNA bases): DRK-WOM-32 on the device (the
 *       cheapest exact fingerprint: SPAA 2016 Figure 3c has it dominant wherever it applies);</li>
 *   <li>m <= 2 * (32 / sigma) (8 bytes, 32 bases, 12 amino acids): DRK-WOM-64 on the device (exact fingerprints, one
 *       read of the text);</li>
 *   <li>longer patterns: DRK-2S on the device (skim with the exact fingerprint of the pattern's first two packed words,
 *       verify candidates cooperatively; device memory = the packed text); HRK, CRK and DRK are only forced with
 *       {@code -a};</li>
 *   <li>when DRK-2S cannot take the input either: sequential Rabin-Karp on the CPU.</li>
 * </ol>
 */
public final class Planner {
    /**
     * Why DRK-2S for long patterns: on an NVIDIA H200 (bench/results/nvidia-h200, 2026-11-22, 2^30 random bytes) HRK,
     * the other device algorithm for any m, ran at 5.7-5.9 GB/s, while DRK-2S skims at DRK-WOM-64's speed (2.2 TB/s at
     * m = 8) and verifies only the rare windows whose first 8 bytes match.
     */
    static final String TWO_STAGE_OVER_HRK = "on an H200 the skim runs at DRK-WOM-64's 2 TB/s, HRK at 6 GB/s";

    private Planner() {
    }

    /** The plan for a text of n bytes and a pattern of m bytes over sigma-bit symbols on {@code device}. */
    public static Plan plan(long n, int m, int sigma, ComputeDevice device) {
        if (!device.isOpenCL()) {
            return new Plan(Algorithm.SRK, "Java (this thread)",
                    "no OpenCL device: sequential Rabin-Karp beats kernels emulated in Java threads");
        }
        int max32 = DrkWomMatcher.Variant.BITS_32.maxPattern(sigma);
        int max64 = DrkWomMatcher.Variant.BITS_64.maxPattern(sigma);
        String packing = sigma + "-bit symbols";
        if (m <= max32 && ExactMatchers.unsupportedReason(Algorithm.DRK_WOM_32, n, m, sigma, device).isEmpty()) {
            return new Plan(Algorithm.DRK_WOM_32, device.describe(), "m = " + m + " <= " + max32 + " " + packing
                    + ": exact 32-bit packed fingerprints, one pass");
        }
        if (m <= max64 && ExactMatchers.unsupportedReason(Algorithm.DRK_WOM_64, n, m, sigma, device).isEmpty()) {
            return new Plan(Algorithm.DRK_WOM_64, device.describe(), "m = " + m + " <= " + max64 + " " + packing
                    + ": exact 64-bit packed fingerprints, one pass");
        }
        if (ExactMatchers.unsupportedReason(Algorithm.DRK_2S, n, m, sigma, device).isEmpty()) {
            return new Plan(Algorithm.DRK_2S, device.describe(), "m = " + m + " > " + max64 + " " + packing
                    + ": two-stage, skim with the exact fingerprint of the first " + max64
                    + " symbols, verify candidates (" + TWO_STAGE_OVER_HRK + ")");
        }
        return new Plan(Algorithm.SRK, "Java (this thread)",
                "m = " + m + ": no device algorithm takes this input");
    }
}
