package org.gpumatch.cli;

import java.util.Locale;
import java.util.OptionalLong;

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

    /** How to write a size, for messages. */
    static final String SIZE_HINT = "use bytes, or a k, m, g or t suffix: 64k, 256m, 1g";

    /**
     * Bytes from {@code 1000}, {@code 64k}, {@code 256m}, {@code 1g} or {@code 2t} (binary units: 1k = 1024; the
     * suffix in either case, optionally followed by {@code b} or {@code ib}: {@code 64KiB}, {@code 64kb}); empty when
     * {@code text} is not a non-negative size or the size exceeds a {@code long}.
     */
    static OptionalLong bytesOf(String text) {
        String s = text.strip().toUpperCase(Locale.ROOT);
        if (s.endsWith("IB")) {
            s = s.substring(0, s.length() - 2);
        } else if (s.endsWith("B") && s.length() > 1 && !Character.isDigit(s.charAt(s.length() - 2))) {
            s = s.substring(0, s.length() - 1);
        }
        int shift = s.isEmpty() ? 0 : switch (s.charAt(s.length() - 1)) {
            case 'K' -> 10;
            case 'M' -> 20;
            case 'G' -> 30;
            case 'T' -> 40;
            default -> 0;
        };
        String digits = (shift == 0 ? s : s.substring(0, s.length() - 1)).strip();
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Math.multiplyExact(Long.parseLong(digits), 1L << shift));
        } catch (NumberFormatException | ArithmeticException e) {
            return OptionalLong.empty();
        }
    }

    /** {@link #bytesOf}, or a one-line error naming {@code option}. */
    static long parseBytes(String text, String option) {
        return bytesOf(text).orElseThrow(() -> new CliException(option + ": not a size: \"" + text + "\" ("
                + SIZE_HINT + ")"));
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
