package org.gpumatch.suffixarray;

/**
 * One timed stage of a build, on the clock of {@link System#nanoTime()}: where it began and ended, and whether it ran
 * beside the caller's thread (a kernel's compile, host arrays allocated while the text was read) rather than on it.
 * A process timeline ({@code gpumatch sa build --explain}) places these among its own stages.
 *
 * @param name       what ran, e.g. {@code kernel compile}
 * @param startNanos its start, {@link System#nanoTime()}
 * @param endNanos   its end, {@link System#nanoTime()}
 * @param background whether it ran on a thread of its own, overlapping other stages
 */
public record StageSpan(String name, long startNanos, long endNanos, boolean background) {
    /** A stage that ran on the calling thread from {@code startNanos} until now. */
    public static StageSpan until(String name, long startNanos) {
        return new StageSpan(name, startNanos, System.nanoTime(), false);
    }

    /** Its duration in nanoseconds. */
    public long nanos() {
        return endNanos - startNanos;
    }
}
