package org.gpumatch.aparapi.multi;

import java.util.Arrays;

/**
 * The rates behind {@link MultiPatternPlanner}'s estimates, for one host and GPU. Scan rates depend on k (the
 * automaton outgrows the caches, the device's gate lets more starts through): each is a table of (k, nanoseconds per
 * text byte) points, interpolated linearly in log k and held constant beyond the ends.
 *
 * @param name                 where the numbers come from (printed by {@code --explain})
 * @param cpuKs                k of the {@code multi-cpu} scan points, ascending
 * @param cpuNanosPerByte      {@code multi-cpu} scan time per text byte at those k (all cores)
 * @param fusedKs              k of the {@code multi-fused} scan points, ascending
 * @param fusedNanosPerByte    {@code multi-fused} kernel time per text byte at those k (text resident)
 * @param copyNanosPerByte     copying a new text into the kept device buffer, per byte
 * @param firstUploadNanosPerByte a new process's first upload (a new device buffer), per byte
 * @param launchNanos          a query's launches and result download beyond the scan
 * @param compileNanos         a new process's OpenCL context, kernel compile and table upload
 * @param automatonNanosPerCell a new process's automaton build, per (node, class) entry of its DFA
 */
public record MultiCalibration(String name, long[] cpuKs, double[] cpuNanosPerByte, long[] fusedKs,
                               double[] fusedNanosPerByte, double copyNanosPerByte, double firstUploadNanosPerByte,
                               long launchNanos, long compileNanos, double automatonNanosPerCell) {
    /**
     * NVIDIA H200 and its host (Intel Xeon, 16 threads), from {@code bench/results/nvidia-h200/}:
     * <ul>
     *   <li>multi-cpu scan: {@code 2026-11-23-multi.csv} "auto k=1/512/1024 resident" at 4 MiB (Aho-Corasick on
     *       1,024-byte ACGT patterns: 3.02, 5.81, 6.08 ms, so 0.72, 1.38, 1.45 ns/byte); {@code 2026-11-23-multi-2.csv}
     *       and {@code -multi-3.csv} "multi-cpu k=10000 / k=100000" (1 GiB, 4..64 bytes, the slower of English and
     *       DNA: 3389 ms, 18169 ms). At k = 1,000 the paper's k = 1,024 (1.45) is the slower of the two (English
     *       k = 1,000 took 791 ms a GiB, 0.74).</li>
     *   <li>multi-fused kernel: {@code 2026-11-23-multi-2.csv} "multi-fused k=1000/10000/100000 resident" on 1 GiB of
     *       English (26.0, 76.3, 743 ms); below k = 1,000 the k = 1,000 rate.</li>
     *   <li>copy of a new text: English k = 1,000, one-shot minus resident (191.3 - 26.0 ms a GiB); first upload:
     *       {@code 2026-11-23-multi-3.csv} "first-upload" (901 ms a GiB); launches: "auto k=1 resident" at 8 MiB
     *       (0.195 ms, of which the scan 0.2 of a ms at most).</li>
     *   <li>a new process's compile: {@code 2026-11-24-demo.txt}, 9 patterns through multi-fused on 8 MiB, 405 ms
     *       with the compile; automaton build: 80 ns per (node, class) entry, the command
     *       {@code count --patterns-file -a multi-cpu --explain} on a 2-core developer machine (2026-11-25: 20,000
     *       English-like patterns of 4..64 bytes, 571,142 nodes x 53 classes, 2.50 s over 2 MB); the H200 host took
     *       6.6 s for 20,000 mixed patterns over 2 MB (issue 25), so 80 ns undercharges the CPU, if anything.</li>
     * </ul>
     */
    public static final MultiCalibration H200 = new MultiCalibration(
            "H200 table: bench/results/nvidia-h200/2026-11-23-multi*.csv, 2026-11-24-demo.txt",
            new long[] {1, 512, 1024, 10_000, 100_000}, new double[] {0.72, 1.38, 1.45, 3.16, 16.9},
            new long[] {1_000, 10_000, 100_000}, new double[] {0.0243, 0.0711, 0.692},
            0.154, 0.839, 100_000, 405_000_000L, 80.0);

    public MultiCalibration {
        cpuKs = cpuKs.clone();
        cpuNanosPerByte = cpuNanosPerByte.clone();
        fusedKs = fusedKs.clone();
        fusedNanosPerByte = fusedNanosPerByte.clone();
        if (cpuKs.length == 0 || cpuKs.length != cpuNanosPerByte.length || fusedKs.length == 0
                || fusedKs.length != fusedNanosPerByte.length) {
            throw new IllegalArgumentException("a rate table needs as many k as rates, at least one");
        }
    }

    /** {@code multi-cpu}'s scan time per text byte for k patterns. */
    public double cpuNanosPerByte(int k) {
        return interpolate(cpuKs, cpuNanosPerByte, k);
    }

    /** {@code multi-fused}'s kernel time per text byte for k patterns. */
    public double fusedNanosPerByte(int k) {
        return interpolate(fusedKs, fusedNanosPerByte, k);
    }

    static double interpolate(long[] ks, double[] rates, int k) {
        if (k <= ks[0]) {
            return rates[0];
        }
        for (int i = 1; i < ks.length; i++) {
            if (k <= ks[i]) {
                double f = Math.log((double) k / ks[i - 1]) / Math.log((double) ks[i] / ks[i - 1]);
                return rates[i - 1] + f * (rates[i] - rates[i - 1]);
            }
        }
        return rates[rates.length - 1];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MultiCalibration c && name.equals(c.name) && Arrays.equals(cpuKs, c.cpuKs)
                && Arrays.equals(cpuNanosPerByte, c.cpuNanosPerByte) && Arrays.equals(fusedKs, c.fusedKs)
                && Arrays.equals(fusedNanosPerByte, c.fusedNanosPerByte) && copyNanosPerByte == c.copyNanosPerByte
                && firstUploadNanosPerByte == c.firstUploadNanosPerByte && launchNanos == c.launchNanos
                && compileNanos == c.compileNanos && automatonNanosPerCell == c.automatonNanosPerCell;
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
