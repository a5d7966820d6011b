package org.gpumatch.bench.exact;

import java.util.Arrays;
import org.gpumatch.aparapi.DeviceMatcher;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.bench.Samples;

/**
 * One row of a geometry sweep ({@link DrkWomTuning}, {@link DrkTuning}): {@code reps} count queries of a resident text,
 * each checked against the expected count, optionally a {@code find} checked against the naive matcher, and a printed
 * line with the median device time, device and wall GB/s and the ratio to the read ceiling.
 */
final class TuningRow {
    private TuningRow() {
    }

    /** Measures and prints one row; throws when a count or the find differs from the oracle's. */
    static void measure(DeviceMatcher matcher, Text text, Pattern p, long expected, int reps, boolean checkFind,
                        String geometry, double readDeviceGbps) {
        long[] devNs = new long[reps];
        long[] wallNs = new long[reps];
        for (int i = 0; i < reps; i++) {
            long c = matcher.count(text, p);
            if (c != expected) {
                throw new IllegalStateException("count mismatch: m=" + p.length() + " gpu=" + c + " cpu=" + expected);
            }
            LaunchTiming lt = matcher.lastTiming();
            devNs[i] = lt.kernelNanos();
            wallNs[i] = lt.wallNanos();
        }
        if (checkFind) {
            checkFind(matcher, text, p);
        }
        long size = text.length();
        Samples d = Samples.of(devNs);
        Samples w = Samples.of(wallNs);
        System.out.printf("%-10s %5d %12d %12.3f %10.1f %10.1f %8.2f%n", geometry, p.length(), expected,
                d.median() / 1e6, d.gbPerSecond(size), w.gbPerSecond(size), d.gbPerSecond(size) / readDeviceGbps);
    }

    /** Checks {@code find} against the naive matcher and prints its timing. */
    static void checkFind(DeviceMatcher matcher, Text text, Pattern p) {
        int[] gpu = matcher.find(text, p);
        int[] cpu = new NaiveMatcher().find(text, p);
        if (!Arrays.equals(gpu, cpu)) {
            throw new IllegalStateException("find mismatch: m=" + p.length() + " gpu " + gpu.length + " positions, cpu "
                    + cpu.length + ", first difference at index " + Arrays.mismatch(gpu, cpu));
        }
        LaunchTiming t = matcher.lastTiming();
        System.out.printf("find m=%d: %d positions verified; device %.3f ms, wall %.3f ms (count + compaction)%n",
                p.length(), gpu.length, t.kernelNanos() / 1e6, t.wallNanos() / 1e6);
    }
}
