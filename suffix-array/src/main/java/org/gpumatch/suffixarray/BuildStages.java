package org.gpumatch.suffixarray;

import java.util.Locale;

/**
 * Where the wall time of one {@code GpuPrefixDoublingBuilder} build went, in nanoseconds, stage by stage (they add up
 * to the build's time).
 *
 * @param prepareNanos  on the host: the text's alphabet, the packed text and the Java arrays that mirror the device
 *                      buffers (one parallel pass over the text, {@code 20n} bytes allocated, or only the {@code 4n} of the result when
 *                      the builder's arrays kept from an earlier whole build serve; a partitioned build
 *                      also counts the suffixes' two-byte bins and writes the positions into the stash: two more
 *                      passes, {@code 9n} bytes plus 16 per suffix of the largest partition allocated); on a
 *                      builder's first build the kernel compiles meanwhile on another thread, and the stage ends
 *                      when both are done
 * @param uploadNanos   the first launch: Aparapi creates every device buffer from its Java array (on host pointers
 *                      by default, see {@code org.gpumatch.gpu.runtime.BufferCreation}: about {@code 20n} bytes reach
 *                      the device, or as many as a partitioned build allocated) and runs the first phase
 * @param initialNanos  the initial sort by the packed first symbols, its head flags and ranks (of every partition)
 * @param roundsNanos   the doubling rounds
 * @param finishNanos   the inverse ({@code SA[rank[i]] = i}) and the download of the suffix array ({@code 4n} bytes;
 *                      a partitioned build joins its pieces into one array on the host)
 */
public record BuildStages(long prepareNanos, long uploadNanos, long initialNanos, long roundsNanos, long finishNanos) {
    /** No build yet. */
    public static final BuildStages NONE = new BuildStages(0, 0, 0, 0, 0);

    /** The sum of the stages. */
    public long totalNanos() {
        return prepareNanos + uploadNanos + initialNanos + roundsNanos + finishNanos;
    }

    /** One line, e.g. {@code prepare 120 ms, upload 650 ms, initial sort 40 ms, rounds 300 ms, finish 60 ms}. */
    public String describe() {
        return String.format(Locale.ROOT, "prepare %.0f ms, upload %.0f ms, initial sort %.0f ms, rounds %.0f ms,"
                        + " finish %.0f ms", prepareNanos / 1e6, uploadNanos / 1e6, initialNanos / 1e6,
                roundsNanos / 1e6, finishNanos / 1e6);
    }
}
