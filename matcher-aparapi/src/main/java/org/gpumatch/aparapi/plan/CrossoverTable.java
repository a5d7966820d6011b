package org.gpumatch.aparapi.plan;

import java.util.List;
import java.util.Locale;
import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.api.Algorithm;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * The order in which the device algorithms are tried for a pattern of m bytes over sigma-bit symbols, as the recorded
 * crossover table of one GPU has it; the first that takes the input runs. {@link #of} picks the table of the device
 * the planner runs on, or of the nearest known device.
 */
public enum CrossoverTable {
    /**
     * bench/results/nvidia-h100-80gb-hbm3/2026-11-22-exact-crossover.csv: DRK-WOM-32 fastest where one packed word
     * holds the pattern (m &lt;= 32 / sigma), DRK-WOM-64 up to two words, DRK-2S beyond (fastest in every cell with
     * m &gt; 2 words, 3-35x DRK, 250-450x HRK).
     */
    H100,
    /**
     * bench/results/nvidia-h200/2026-11-22-exact-crossover.csv: DRK-2S fastest by device and wall time in 14 of 16
     * cells (sigma 2 and 8, m 1..1024), within 0.1% of DRK-WOM-64 in the other two.
     */
    H200;

    /** The table of {@code device}: H200 by name, else H100 (the first table recorded). */
    public static CrossoverTable of(ComputeDevice device) {
        return device.isOpenCL() && device.name().toUpperCase(Locale.ROOT).contains("H200") ? H200 : H100;
    }

    /** The device algorithms in the order they are tried. */
    public List<Algorithm> order(int m, int sigma) {
        if (this == H200) {
            return List.of(Algorithm.DRK_2S, Algorithm.DRK_WOM_64, Algorithm.DRK_WOM_32);
        }
        if (m <= DrkWomMatcher.Variant.BITS_32.maxPattern(sigma)) {
            return List.of(Algorithm.DRK_WOM_32, Algorithm.DRK_WOM_64, Algorithm.DRK_2S);
        }
        return List.of(Algorithm.DRK_WOM_64, Algorithm.DRK_2S);
    }

    /** Why {@code chosen} for this (m, sigma), for a plan's reason. */
    public String reason(Algorithm chosen, int m, int sigma) {
        int max32 = DrkWomMatcher.Variant.BITS_32.maxPattern(sigma);
        int max64 = DrkWomMatcher.Variant.BITS_64.maxPattern(sigma);
        String packing = sigma + "-bit symbols";
        if (this == H200 && chosen == Algorithm.DRK_2S) {
            return "m = " + m + ", " + packing + ": two-stage (fastest on an H200 in 14 of 16 recorded cells, sigma 2 "
                    + "and 8, m 1..1024)";
        }
        return switch (chosen) {
            case DRK_WOM_32 -> "m = " + m + " <= " + max32 + " " + packing + ": exact 32-bit packed fingerprints, one pass";
            case DRK_WOM_64 -> "m = " + m + " <= " + max64 + " " + packing + ": exact 64-bit packed fingerprints, one pass";
            default -> "m = " + m + " > " + max64 + " " + packing + ": two-stage, skim with the exact fingerprint of the "
                    + "first " + max64 + " symbols, verify candidates (fastest measured on an H100 for every sigma and "
                    + "m > 2 words: 2.5 TB/s at sigma 8, 3-35x DRK, 250-450x HRK)";
        };
    }
}
