package org.gpumatch.bench.peers;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * A text split for all cores, the divide-and-conquer way the paper parallelizes its CPU peers: {@code parts} slices
 * that partition the window starts {@code [0, n)}, each copied with {@code overlap} extra bytes after it so that every
 * window starting in a slice lies inside its copy (overlap >= m-1). Each slice counts only the windows that start in
 * it, so no occurrence is counted twice or lost at a boundary.
 *
 * <p>Memory: n + parts * overlap bytes of copies (made once, outside the timing), plus whatever each peer's
 * {@code prepare} keeps per slice. Counting runs on the common fork-join pool (all cores).
 */
public final class SplitText {
    private final byte[][] slices;
    private final int[] own;
    private final int overlap;

    private SplitText(byte[][] slices, int[] own, int overlap) {
        this.slices = slices;
        this.own = own;
        this.overlap = overlap;
    }

    /**
     * Splits {@code text} into {@code parts} slices (fewer when the text is short) with {@code overlap} bytes of
     * overlap.
     */
    public static SplitText of(byte[] text, int parts, int overlap) {
        if (parts <= 0 || overlap < 0) {
            throw new IllegalArgumentException("parts must be positive and overlap non-negative");
        }
        int n = text.length;
        int k = Math.max(1, Math.min(parts, n));
        byte[][] slices = new byte[k][];
        int[] own = new int[k];
        for (int i = 0; i < k; i++) {
            int from = (int) ((long) n * i / k);
            int to = (int) ((long) n * (i + 1) / k);
            own[i] = to - from;
            slices[i] = Arrays.copyOfRange(text, from, (int) Math.min(n, (long) to + overlap));
        }
        return new SplitText(slices, own, overlap);
    }

    /** The number of slices. */
    public int parts() {
        return slices.length;
    }

    /** The slices' start offsets in the text, for tests. */
    int[] starts() {
        int[] s = new int[own.length];
        for (int i = 1; i < own.length; i++) {
            s[i] = s[i - 1] + own[i - 1];
        }
        return s;
    }

    /** Prepares {@code peer} on every slice (in parallel); the result counts over all cores. */
    public Prepared prepare(CpuPeer peer) {
        CpuPeer.Searcher[] searchers = new CpuPeer.Searcher[slices.length];
        IntStream.range(0, slices.length).parallel().forEach(i -> searchers[i] = peer.prepare(slices[i]));
        return new Prepared(searchers);
    }

    /** One peer prepared on every slice. */
    public final class Prepared {
        private final CpuPeer.Searcher[] searchers;

        private Prepared(CpuPeer.Searcher[] searchers) {
            this.searchers = searchers;
        }

        /**
         * All occurrences of {@code pattern} in the text, counted slice by slice in parallel.
         *
         * @throws IllegalArgumentException when the pattern is longer than overlap + 1 (occurrences across a boundary
         *                                  would be lost)
         */
        public long count(byte[] pattern) {
            if (pattern.length - 1 > overlap) {
                throw new IllegalArgumentException("pattern of " + pattern.length + " bytes needs an overlap of "
                        + (pattern.length - 1) + ", the split has " + overlap);
            }
            return IntStream.range(0, searchers.length).parallel()
                    .mapToLong(i -> searchers[i].count(pattern, own[i])).sum();
        }
    }
}
