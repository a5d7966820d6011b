package org.gpumatch.cli;

import java.util.Locale;

/** Human-readable sizes, times and rates. */
final class Units {
    private Units() {
    }

    /** {@code 1.5 GiB}, {@code 512 KiB}, {@code 17 bytes}. */
    static String bytes(long n) {
        if (n < 1024) {
            return n + (n == 1 ? " byte" : " bytes");
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v))
                + " " + units[u];
    }

    /** Milliseconds with a sensible number of digits: {@code 0.042 ms}, {@code 3.61 ms}, {@code 1234 ms}. */
    static String millis(long nanos) {
        double ms = nanos / 1e6;
        if (ms < 1) {
            return String.format(Locale.ROOT, "%.3f ms", ms);
        }
        if (ms < 100) {
            return String.format(Locale.ROOT, "%.2f ms", ms);
        }
        return String.format(Locale.ROOT, "%.0f ms", ms);
    }

    /** Decimal gigabytes per second of {@code bytes} processed in {@code nanos}. */
    static String gbPerSecond(long bytes, long nanos) {
        if (nanos <= 0) {
            return "-";
        }
        double gbs = (double) bytes / nanos;
        return String.format(Locale.ROOT, gbs < 10 ? "%.2f" : "%.1f", gbs);
    }
}
