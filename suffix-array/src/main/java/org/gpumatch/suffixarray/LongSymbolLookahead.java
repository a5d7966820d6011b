package org.gpumatch.suffixarray;

/**
 * {@link SymbolLookahead} for {@link LongInducedSorting}: helper threads run blocks of {@link #BLOCK} entries ahead
 * of an inducing pass over a paged suffix array ({@link LongPages}) and load, for every entry {@code e} of a block,
 * the symbols {@code t[e - 1]} and {@code t[e - 2]} of the text ({@link PagedBytes}, or the names of a long level in a
 * {@link LongPages}) into their buffers; the schedule is {@link BlockLookahead}'s.
 *
 * <p>Exact whatever the timing, as {@link SymbolLookahead}: a helper records the entry it saw beside the symbols it
 * loaded for that value, and the scan uses them only where the entry it reads now is that same value; elsewhere
 * (entries the scan rewrote since, complemented entries) it reads the text. A helper's read of an entry races with the
 * scan's writes; the value it records is the one its symbols were loaded for (clamped into the text whatever it is),
 * so even a torn {@code long} (which the JVM allows, HotSpot on 64 bits does not do) could only miss, never mislead.
 *
 * <p>Cost: 24 bytes per buffered entry (entry and two symbols as {@code long}: names of a long level may exceed
 * {@code int} in principle): 384 KiB for one helper's 8 buffers, 192 KiB per helper for more.
 */
final class LongSymbolLookahead extends BlockLookahead {
    private final PagedBytes bytes;
    private final LongPages names;
    private final LongPages sa;
    private final long n;
    final long[][] seen;
    final long[][] firsts;
    final long[][] seconds;

    /**
     * @param bytes      the text as bytes, or null
     * @param names      the text as names, or null (exactly one of the two)
     * @param sa         the array being scanned
     * @param n          the scanned length
     * @param descending true for a right-to-left scan (block 0 ends at n)
     * @param helpers    the number of helper threads ({@link #helper(int)}), at least 1
     */
    LongSymbolLookahead(final PagedBytes bytes, final LongPages names, final LongPages sa, final long n,
                        final boolean descending, final int helpers) {
        super(n, descending, helpers);
        this.bytes = bytes;
        this.names = names;
        this.sa = sa;
        this.n = n;
        this.seen = new long[buffers()][BLOCK];
        this.firsts = new long[buffers()][BLOCK];
        this.seconds = new long[buffers()][BLOCK];
    }

    @Override
    void load(final int q, final int b) {
        final long[] s = seen[b];
        final long[] first = firsts[b];
        final long[] second = seconds[b];
        final long lo = blockStart(q);
        final int size = (int) (blockEnd(q) - lo);
        sa.copyTo(lo, s, size);
        for (int x = 0; x < size; x++) {
            final long p = Math.min(s[x], n); // in range for any entry (only valid ones are used)
            first[x] = LongInducedSorting.sym(bytes, names, Math.max(p - 1, 0)); // p <= 0: never used
            second[x] = LongInducedSorting.sym(bytes, names, Math.max(p - 2, 0));
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
         * @param firsts  {@code t[p - 1]} of the seen entries p
         * @param seconds {@code t[p - 2]}
         */
        void scan(long lo, long hi, long[] seen, long[] firsts, long[] seconds);
    }

    /**
     * Runs the whole pass on this thread, block by block in scan order, with the helpers beside it; returns when the
     * pass is done and the helpers have stopped.
     */
    void scanBlocks(final BlockScan body) {
        visitBlocks((x, b, ready) -> body.scan(blockStart(x), blockEnd(x), ready ? seen[b] : null, firsts[b],
                seconds[b]));
    }

    /**
     * One inducing pass over {@code sa[0, n)}: with {@code helpers > 0} block by block beside that many helpers
     * ({@link #scanBlocks}), else {@code body} once over the whole array without buffers.
     */
    static void pass(final PagedBytes bytes, final LongPages names, final LongPages sa, final long n,
                     final boolean descending, final int helpers, final BlockScan body) {
        if (helpers > 0) {
            new LongSymbolLookahead(bytes, names, sa, n, descending, helpers).scanBlocks(body);
        } else {
            body.scan(0, n, null, null, null);
        }
    }
}
