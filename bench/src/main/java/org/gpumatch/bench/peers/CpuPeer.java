package org.gpumatch.bench.peers;

/**
 * A CPU string matcher measured next to the GPU ones, on the same data. {@link #prepare} does the per-text setup
 * outside the timing (like the GPU's resident text); {@link Searcher#count} is what is timed.
 */
public interface CpuPeer {
    /** The row name, e.g. {@code horspool}. */
    String name();

    /** Builds a searcher over {@code text} (not copied unless the peer says so). */
    Searcher prepare(byte[] text);

    /** Counts occurrences in one prepared text. Not thread-safe unless the peer says so; one per thread. */
    interface Searcher {
        /**
         * The occurrences of {@code pattern} (m >= 1) that start at offsets {@code [0, limit)} of the text, overlapping
         * ones included. Reads at most {@code limit + m - 1} bytes of the text (peers that scan further say so).
         */
        long count(byte[] pattern, int limit);
    }
}
