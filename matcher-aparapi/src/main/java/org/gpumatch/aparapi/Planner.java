package org.gpumatch.aparapi;

import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Plan;

/**
 * Chooses an exact-matching algorithm for (n, m, sigma, device) when the user says {@code -a auto}. The rules, in order:
 * <ol>
 *   <li>no OpenCL device: sequential Rabin-Karp on the CPU (kernels emulated in Java threads are far slower);</li>
 *   <li>{@code m <= 32 / sigma} (one packed word of sigma-bit symbols: 4 bytes, 16 DNA bases): DRK-WOM-32 on the device (the
 *       cheapest exact fingerprint: SPAA 2016 Figure 3c has it dominant wherever it applies);</li>
 *   <li>{@code m <= 2 * (32 / sigma)} (8 bytes, 32 bases, 12 amino acids): DRK-WOM-64 on the device (exact fingerprints, one
 *       read of the text);</li>
 *   <li>longer patterns: DRK-2S on the device (skim with the exact fingerprint of the pattern's first two packed words,
 *       verify candidates cooperatively; device memory = the packed text); HRK, CRK and DRK are only forced with
 *       {@code -a};</li>
 *   <li>when DRK-2S cannot take the input either: sequential Rabin-Karp on the CPU.</li>
 * </ol>
 */
public final class Planner {
    /**
     * Why DRK-2S for long patterns: on an NVIDIA H100 (bench/results/nvidia-h100-80gb-hbm3, 2026-11-22, 2^30 random
     * symbols, sigma 1..8, m 16..1024) it was the fastest device algorithm by device time in every cell, 3-35x ahead of
     * DRK (the runner-up), 250-450x ahead of HRK; on 4-64 MiB texts it still led by device time (wall time: DRK won a
     * few cells of the 4-9 MB real files by up to 0.1 ms, see the crossover table in bench/RESULTS.md).
     */
    static final String TWO_STAGE_OVER_HRK = "fastest measured on an H100 for every sigma and m > 2 words: 2.5 TB/s at "
            + "sigma 8, 3-35x DRK, 250-450x HRK";

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
