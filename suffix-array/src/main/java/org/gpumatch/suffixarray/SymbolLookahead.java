package org.gpumatch.suffixarray;

/**
 * Helper threads for one inducing pass of {@link InducedSorting} or {@link LmsSubstringNames} (over a byte text or the
 * int names of a lower level): they run blocks ahead of the scan and load, for every entry {@code s} of a block, the
 * symbols {@code t[p - 1]} and {@code t[p - 2]} of its position {@code p = s & positionMask} (random reads of the
 * text, the cache misses of inducing), so the scanning thread finds them in a small buffer. libsais prefetches the
 * same symbols with a lookahead (and gathers them on several threads); Java has no prefetch, and loading them ahead
 * on the same thread measured slower (loads that stall retirement), hence threads of their own.
 *
 * <p>Exact whatever the timing: a helper reads entries the scan may still rewrite (a benign race: an {@code int}
 * read sees some value written), so it records the entry it saw beside its symbols, and the scan uses the symbols only
 * where the entry it reads now is that same value (the symbols are a function of it); elsewhere it reads the text
 * itself. The scan never waits; the helpers' schedule (blocks, buffers, one writer each) is
 * {@link BlockLookahead}'s. (The further ahead, the more entries the scan rewrites after a helper read them:
 * measured on source code with one helper and 8 buffers, 97 to 99% of a ready block's entries still hold the value
 * seen.)
 *
 * <p>Cost: 12 bytes per buffered entry (entry and two symbols: 192 KiB for 8 buffers, 4 buffers per helper beyond
 * the first), {@code h} threads for the pass.
 */
final class SymbolLookahead extends BlockLookahead {
    private final byte[] bytes;
    private final int[] ints;
    private final int[] sa;
    private final int n;
    private final int positionMask;
    final int[][] seen;
    final int[][] firsts;
    final int[][] seconds;

    /**
     * @param bytes        the text as bytes, or null
     * @param ints         the text as ints, or null (exactly one of the two)
     * @param sa           the array being scanned
     * @param n            the scanned length
     * @param descending   true for a right-to-left scan (block 0 ends at n)
     * @param helpers      the number of helper threads ({@link #helper(int)}), at least 1
     * @param positionMask the bits of an entry that hold its position (-1: the whole entry)
     */
    SymbolLookahead(final byte[] bytes, final int[] ints, final int[] sa, final int n, final boolean descending,
                    final int helpers, final int positionMask) {
        super(n, descending, helpers);
        this.bytes = bytes;
        this.ints = ints;
        this.sa = sa;
        this.n = n;
        this.positionMask = positionMask;
        this.seen = new int[buffers()][BLOCK];
        this.firsts = new int[buffers()][BLOCK];
        this.seconds = new int[buffers()][BLOCK];
    }

    /** Windows of 8 bytes {@link #pays} samples. */
    static final int SAMPLES = 4096;
    /** Fewer distinct sampled windows than this: the text is locally regular ({@link #pays}). */
    static final int FEW_WINDOWS = 64;

    /**
     * Whether helpers can pay on this text: false when {@link #SAMPLES} windows of 8 bytes spread over it hold fewer
     * than {@link #FEW_WINDOWS} distinct ones (a repeated byte, short periods, Fibonacci and Thue-Morse words: their
     * inducing passes read the text nearly in order and hit the cache, so helpers only add their block loops; measured
     * on 2 cores, 16 MiB, 2 threads against 1: repeated byte 139 against 130 ms, period 7 413 against 385, Fibonacci
     * 683 against 664, Thue-Morse 653 against 638). Texts with long repeats but varied windows (a doubled random
     * text, a tandem repeat of period 1000, the all-bytes cycle) gain and keep them. Cost: 4096 8-byte loads.
     *
     * @param text the top level's text
     * @return true when the text has at least {@link #FEW_WINDOWS} distinct sampled windows
     */
    static boolean pays(final byte[] text) {
        final int n = text.length;
        if (n < Long.BYTES) {
            return false;
        }
        final java.util.HashSet<Long> windows = new java.util.HashSet<>();
        for (int k = 0; k < SAMPLES && windows.size() < FEW_WINDOWS; k++) {
            final int p = (int) ((long) k * (n - Long.BYTES) / SAMPLES);
            long w = 0;
            for (int i = 0; i < Long.BYTES; i++) {
                w = w << 8 | (text[p + i] & 0xFF);
            }
            windows.add(w);
        }
        return windows.size() >= FEW_WINDOWS;
    }

    /** @return the first index of block x in the array */
    int low(final int x) {
        return (int) blockStart(x);
    }

    /** @return one past the last index of block x */
    int high(final int x) {
        return (int) blockEnd(x);
    }

    /** @return symbol i of the text (unsigned byte or int) */
    static int symbol(final byte[] bytes, final int[] ints, final int i) {
        return bytes != null ? bytes[i] & 0xFF : ints[i];
    }

    @Override
    void load(final int q, final int b) {
        final int[] s = seen[b];
        final int[] first = firsts[b];
        final int[] second = seconds[b];
        final int lo = low(q);
        final int hi = high(q);
        for (int i = lo; i < hi; i++) {
            final int e = sa[i];
            final int p = Math.min(e & positionMask, n); // in range for any entry (only valid ones are used)
            s[i - lo] = e;
            first[i - lo] = symbol(bytes, ints, Math.max(p - 1, 0)); // p <= 0: never used
            second[i - lo] = symbol(bytes, ints, Math.max(p - 2, 0));
        }
    }

    /** One block of a pass, scanned with the helpers' buffers where they are ready. */
    @FunctionalInterface
    interface BlockScan {
        /**
         * Scans {@code sa[lo, hi)} in the pass's direction.
         *
         * @param seen    the entries the helper saw (index {@code i - lo}), or null when the block is not ready (then
         *                every symbol comes from the text)
         * @param firsts  {@code t[p - 1]} of the seen entries' positions p
         * @param seconds {@code t[p - 2]}
         */
        void scan(int lo, int hi, int[] seen, int[] firsts, int[] seconds);
    }

    /**
     * Runs the whole pass on this thread, block by block in scan order, with the helpers beside it; returns when the
     * pass is done and the helpers have stopped.
     */
    void scanBlocks(final BlockScan body) {
        visitBlocks((x, b, ready) -> body.scan(low(x), high(x), ready ? seen[b] : null, firsts[b], seconds[b]));
    }

    /**
     * One inducing pass over {@code sa[0, n)}: with {@code helpers > 0} block by block beside that many helpers
     * ({@link #scanBlocks}), else {@code body} once over the whole array without buffers.
     *
     * @param positionMask the bits of an entry that hold its position (-1: the whole entry)
     */
    static void pass(final byte[] bytes, final int[] ints, final int[] sa, final int n, final boolean descending,
                     final int helpers, final int positionMask, final BlockScan body) {
        if (helpers > 0) {
            new SymbolLookahead(bytes, ints, sa, n, descending, helpers, positionMask).scanBlocks(body);
        } else {
            body.scan(0, n, null, null, null);
        }
    }
}
