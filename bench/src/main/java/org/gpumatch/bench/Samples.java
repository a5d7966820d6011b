package org.gpumatch.bench;

import java.util.Arrays;

/**
 * Repeated measurements of one quantity (nanoseconds): median, min and max. Benchmarks report the median and the
 * spread, never a single run.
 */
public final class Samples {
    private final long[] values;

    private Samples(long[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        this.values = values.clone();
        Arrays.sort(this.values);
    }

    public static Samples of(long[] nanos) {
        return new Samples(nanos);
    }

    public long median() {
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    public long min() {
        return values[0];
    }

    public long max() {
        return values[values.length - 1];
    }

    public int count() {
        return values.length;
    }

    /** Throughput in GB/s (10^9 bytes per second) of {@code bytes} processed in the median time. */
    public double gbPerSecond(long bytes) {
        return bytes / (double) median();
    }
}
