package org.gpumatch.aparapi;

import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.aparapi.runtime.ComputeDevice;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Plan;

/**
 * Chooses an exact-matching algorithm for (n, m, sigma, device) when the user says {@code -a auto}. The rules, in order:
 * <ol>
 *   <li>no OpenCL device: sequential Rabin-Karp on the CPU (kernels emulated in Java threads are far slower);</li>
 *   <li>m <= {@link #MAX_DRK_WOM_32_PATTERN}: DRK-WOM-32 on the device (the cheapest exact fingerprint: SPAA 2016
 *       Figure 3c has it dominant wherever it applies);</li>
 *   <li>m <= {@link #MAX_DRK_WOM_64_PATTERN}: DRK-WOM-64 on the device (exact fingerprints, one read of the text);</li>
 *   <li>longer patterns: HRK on the device (verified matrix fingerprints, any m, device memory = the text only; CRK
 *       needs 33 bytes of device memory per text character, so it is only forced with {@code -a crk});</li>
 *   <li>when HRK cannot take the input either: sequential Rabin-Karp on the CPU.</li>
 * </ol>
 */
public final class Planner {
    /** DRK-WOM-64 packs 8-bit symbols into 64 bits (SPAA 2016 section 6.2): patterns of up to 8 bytes. */
    public static final int MAX_DRK_WOM_64_PATTERN = DrkWomMatcher.Width.BITS_64.maxPattern();
    /**
     * Why HRK and not SRK for long patterns: a first check on an NVIDIA H200 (2026-11-22, n = 2^27 random bytes, one
     * run) measured HRK at 5-5.8 GB/s of kernel time, against 0.1-0.2 GB/s for SRK on one CPU core (demo table). To be
     * replaced by the crossovers of the bench exact suite (issue 5).
     */
    static final String HRK_OVER_SRK = "5 GB/s on an H200 against 0.2 GB/s for SRK on a CPU core";

    /** DRK-WOM-32 packs 8-bit symbols into 32 bits: patterns of up to 4 bytes. */
    public static final int MAX_DRK_WOM_32_PATTERN = DrkWomMatcher.Width.BITS_32.maxPattern();

    private Planner() {
    }

    /** The plan for a text of n bytes and a pattern of m bytes over sigma-bit symbols on {@code device}. */
    public static Plan plan(long n, int m, int sigma, ComputeDevice device) {
        if (!device.isOpenCL()) {
            return new Plan(Algorithm.SRK, "Java (this thread)",
                    "no OpenCL device: sequential Rabin-Karp beats kernels emulated in Java threads");
        }
        if (m <= MAX_DRK_WOM_32_PATTERN
                && ExactMatchers.unsupportedReason(Algorithm.DRK_WOM_32, n, m, sigma, device).isEmpty()) {
            return new Plan(Algorithm.DRK_WOM_32, device.describe(),
                    "m = " + m + " <= " + MAX_DRK_WOM_32_PATTERN + ": exact 32-bit packed fingerprints, one pass");
        }
        if (m <= MAX_DRK_WOM_64_PATTERN
                && ExactMatchers.unsupportedReason(Algorithm.DRK_WOM_64, n, m, sigma, device).isEmpty()) {
            return new Plan(Algorithm.DRK_WOM_64, device.describe(),
                    "m = " + m + " <= " + MAX_DRK_WOM_64_PATTERN + ": exact 64-bit packed fingerprints, one pass");
        }
        if (ExactMatchers.unsupportedReason(Algorithm.HRK, n, m, sigma, device).isEmpty()) {
            return new Plan(Algorithm.HRK, device.describe(), "m = " + m + " > " + MAX_DRK_WOM_64_PATTERN
                    + ": hybrid Rabin-Karp, verified fingerprints for any m (" + HRK_OVER_SRK + ")");
        }
        return new Plan(Algorithm.SRK, "Java (this thread)",
                "m = " + m + ": no device algorithm takes this input");
    }
}
