package org.gpumatch.cli;

import java.io.PrintStream;

/**
 * Writes non-negative integers ({@code long}: offsets in files beyond 2 GiB) one per line as ASCII decimal into a 64 KiB buffer, then in whole chunks to a stream:
 * about 10 ns per offset instead of a {@code println} call each. Stops when the stream reports an error (a
 * closed pipe, as in {@code gpumatch find ... | head}, or a full disk): under {@link GpumatchCli#main} the stream
 * throws {@link OutputFailedException} ({@link CheckedOutput}); any other {@code PrintStream} sets its error flag,
 * which {@link #broken()} reports and {@link GpumatchCli#run} turns into exit 2.
 */
final class OffsetWriter {
    private static final int BUFFER = 1 << 16;
    /** Room for the longest line: 19 digits of a long and a newline. */
    private static final int MAX_LINE = 20;

    private final PrintStream out;
    private final byte[] buf = new byte[BUFFER];
    private int used;
    private boolean broken;

    OffsetWriter(PrintStream out) {
        this.out = out;
    }

    /** Whether the stream reported an error (a closed pipe): what is written from now on is dropped. */
    boolean broken() {
        return broken;
    }

    /** Appends one line with {@code value} (>= 0). */
    void write(long value) {
        if (used + MAX_LINE > BUFFER) {
            drain();
        }
        digitsLine(value);
    }

    /**
     * Appends one line: {@code prefix} (e.g. {@code "file\trecord\t"} as UTF-8), {@code value} (>= 0), then
     * {@code suffix} (e.g. {@code "\tindex"}; may be empty) and a newline.
     */
    void write(byte[] prefix, long value, byte[] suffix) {
        if (used + prefix.length + MAX_LINE + suffix.length > BUFFER) {
            drain();
            if (prefix.length + MAX_LINE + suffix.length > BUFFER) { // a huge name: straight through
                out.write(prefix, 0, prefix.length);
                byte[] digits = Long.toString(value).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                out.write(digits, 0, digits.length);
                out.write(suffix, 0, suffix.length);
                out.write('\n');
                broken = out.checkError();
                return;
            }
        }
        System.arraycopy(prefix, 0, buf, used, prefix.length);
        used += prefix.length;
        digitsLine(value);
        if (suffix.length > 0) {
            System.arraycopy(suffix, 0, buf, used - 1, suffix.length); // over the newline
            used += suffix.length - 1;
            buf[used++] = '\n';
        }
    }

    private void digitsLine(long value) {
        int end = used + digits(value);
        int pos = end;
        long v = value;
        do {
            buf[--pos] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        } while (v != 0);
        buf[end] = '\n';
        used = end + 1;
    }

    private static int digits(long v) {
        int d = 1;
        while (v >= 10) {
            v /= 10;
            d++;
        }
        return d;
    }

    private void drain() {
        if (used > 0 && !broken) {
            out.write(buf, 0, used);
            broken = out.checkError();
        }
        used = 0;
    }

    /** Writes what is buffered and flushes the stream. */
    void flush() {
        drain();
        out.flush();
    }
}
