package org.gpumatch.bench.exact;

import java.util.function.LongSupplier;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.ValidationException;

/** Timed CPU runs: one validated warm-up (JIT, caches), then {@code reps} timed runs, each validated. */
final class CpuRuns {
    private CpuRuns() {
    }

    static Samples time(LongSupplier count, long expected, int reps, String what) {
        ValidationException.requireEqual(what + " (warm-up)", expected, count.getAsLong());
        long[] wall = new long[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            long c = count.getAsLong();
            wall[i] = System.nanoTime() - t0;
            ValidationException.requireEqual(what, expected, c);
        }
        return Samples.of(wall);
    }
}
