package org.gpumatch.aparapi;

import java.util.Locale;

/** How {@link Search}'s explain lines write times, rates, counts and sizes. */
final class ExplainText {
    private ExplainText() {
    }

    /** {@code 1.234 ms}. */
    static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    /** Bytes per nanosecond as GB/s with two decimals, or "-" for no time. */
    static String gbps(long bytes, long nanos) {
        return nanos <= 0 ? "-" : String.format(Locale.ROOT, "%.2f", bytes / (double) nanos);
    }

    /** {@code 1 match}, {@code 3 matches}. */
    static String matches(long found) {
        return found + (found == 1 ? " match" : " matches");
    }

    /** " (4 KiB)" or " (256 MiB)" for whole binary units, else "". */
    static String binary(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return " (" + (bytes >> 20) + " MiB)";
        }
        return bytes >= 1024 && bytes % 1024 == 0 ? " (" + (bytes >> 10) + " KiB)" : "";
    }
}
