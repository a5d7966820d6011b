package org.gpumatch.cli;

import java.io.PrintStream;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar on the terminal for long inputs, first drawn {@link #REFRESH_NANOS} after it is created (a
 * quick search shows nothing), redrawn in place ({@code \r}) at most every {@link #REFRESH_NANOS}, and erased when closed
 * so that whatever follows (the count, an error, {@code --explain}) starts on a clean line:
 * <pre>
 * gpumatch: [=============&gt;                ]  45%  1.2 GiB of 2.7 GiB, 1.10 GB/s
 * </pre>
 * Drawn only for inputs over {@link #MIN_BYTES}, when stderr is a terminal and the command was not told {@code --quiet}
 * (see {@link #create}); otherwise every call does nothing. Cost: one comparison per update between redraws.
 */
final class ProgressBar implements AutoCloseable {
    /** Inputs up to 1 GB take a few seconds at most: no bar. */
    static final long MIN_BYTES = 1_000_000_000L;
    /** At most ten redraws a second. */
    static final long REFRESH_NANOS = 100_000_000L;
    private static final int CELLS = 30;

    private final PrintStream err;
    private final long total;
    private final LongSupplier nanoClock;
    private final boolean enabled;
    private final long started;
    private long lastDraw;
    /** The width of the line on screen; 0 when nothing is drawn. */
    private int drawnWidth;

    /**
     * @param total     the input's size; the bar is enabled only when it exceeds {@link #MIN_BYTES}
     * @param enabled   whether a bar may be drawn at all (stderr is a terminal, no {@code --quiet})
     * @param nanoClock {@code System::nanoTime}, or a fake clock in tests
     */
    ProgressBar(PrintStream err, long total, boolean enabled, LongSupplier nanoClock) {
        this.err = err;
        this.total = total;
        this.nanoClock = nanoClock;
        this.enabled = enabled && total > MIN_BYTES;
        this.started = this.enabled ? nanoClock.getAsLong() : 0;
    }

    /**
     * The bar of a command: drawn when {@code wanted} (no {@code --quiet}, and for {@code find}, stdout is not the
     * terminal its lines would tear) on {@link Io#terminal()}, if there is one.
     */
    static ProgressBar create(Io io, boolean wanted, long total) {
        return create(io, wanted, total, System::nanoTime);
    }

    /** {@link #create(Io, boolean, long)} with a clock of its own (tests). */
    static ProgressBar create(Io io, boolean wanted, long total, LongSupplier nanoClock) {
        boolean drawn = wanted && io.terminal() != null;
        return new ProgressBar(drawn ? io.terminal() : io.err(), total, drawn, nanoClock);
    }

    /** Reports that {@code done} bytes of the input are processed; redraws when the last redraw is old enough. */
    void update(long done) {
        if (!enabled) {
            return;
        }
        long now = nanoClock.getAsLong();
        if (now - (drawnWidth > 0 ? lastDraw : started) < REFRESH_NANOS) {
            return;
        }
        String line = render(done, now - started);
        int pad = Math.max(0, drawnWidth - line.length());
        err.print("\r" + line + " ".repeat(pad));
        err.flush();
        drawnWidth = line.length();
        lastDraw = now;
    }

    /** The bar's text for {@code done} bytes after {@code elapsedNanos}. */
    String render(long done, long elapsedNanos) {
        long d = Math.max(0, Math.min(done, total));
        int filled = (int) (CELLS * d / total);
        StringBuilder bar = new StringBuilder(Diagnostics.PREFIX).append('[');
        bar.append("=".repeat(filled));
        if (filled < CELLS) {
            bar.append('>').append(" ".repeat(CELLS - filled - 1));
        }
        bar.append("] ").append(String.format(java.util.Locale.ROOT, "%3d%%", (int) (100 * d / total)))
                .append("  ").append(Units.bytes(d)).append(" of ").append(Units.bytes(total));
        if (elapsedNanos > 0 && d > 0) {
            bar.append(", ").append(Units.gbPerSecond(d, elapsedNanos)).append(" GB/s");
        }
        return bar.toString();
    }

    /** Erases the bar, if one was drawn. */
    @Override
    public void close() {
        if (drawnWidth > 0) {
            err.print("\r" + " ".repeat(drawnWidth) + "\r");
            err.flush();
            drawnWidth = 0;
        }
    }
}
