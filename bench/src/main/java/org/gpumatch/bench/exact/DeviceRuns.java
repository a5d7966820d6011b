package org.gpumatch.bench.exact;

import java.util.function.Supplier;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.ValidationException;

/**
 * Timed count queries of a device matcher, every answer checked against the oracle before it is kept.
 *
 * <ul>
 *   <li>Resident: the matcher keeps the text on the device; one untimed query per pattern (the first also compiles
 *       the kernel and uploads the text), then {@code reps} timed queries. Wall time brackets {@code count()} (launch,
 *       the pattern's and the result's transfers); device time is the kernels' OpenCL event time
 *       ({@link DeviceTimes}).</li>
 *   <li>One-shot: each run builds a new matcher and counts once: context, program (Aparapi's binary cache is warm by
 *       then), packing and upload of the text, and the query. Wall time only; closing the matcher is not timed.</li>
 * </ul>
 */
final class DeviceRuns {
    private DeviceRuns() {
    }

    static Timed resident(Matcher matcher, Text text, Pattern pattern, long expected, int reps, String what) {
        ValidationException.requireEqual(what + " (warm-up)", expected, matcher.count(text, pattern));
        long[] wall = new long[reps];
        long[] dev = new long[reps];
        boolean timed = true;
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            long c = matcher.count(text, pattern);
            wall[i] = System.nanoTime() - t0;
            ValidationException.requireEqual(what, expected, c);
            dev[i] = DeviceTimes.lastKernelNanos(matcher);
            timed &= dev[i] >= 0;
        }
        return new Timed(timed ? Samples.of(dev) : null, Samples.of(wall));
    }

    static Timed oneShot(Supplier<Matcher> factory, Text text, Pattern pattern, long expected, int reps,
                         String what) {
        long[] wall = new long[reps];
        for (int i = 0; i < reps; i++) {
            long c;
            long t0 = System.nanoTime();
            try (Matcher m = factory.get()) {
                c = m.count(text, pattern);
                wall[i] = System.nanoTime() - t0;
            }
            ValidationException.requireEqual(what, expected, c);
        }
        return new Timed(null, Samples.of(wall));
    }
}
