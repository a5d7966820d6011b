package org.gpumatch.suffixarray;

import org.gpumatch.checker.IndexSequence;
import org.gpumatch.checker.ThreadTeam;

/**
 * LCP arrays of texts past the Java array limit (the long path's suffix arrays): {@link LcpArrays}' Phi method with
 * {@code long} indices over a {@link PagedBytes} text, any {@link IndexSequence} suffix array (the long path's
 * {@link LongPages}, or a mapped int40/int64 file) and a {@link LongPages} of Phi, then PLCP values in place. The
 * result is a view: {@code lcp[i] = plcp[sa[i]]}, gathered as it is read (by
 * {@link SuffixArrayFiles#write(IndexSequence, java.nio.file.Path, org.gpumatch.checker.EntryFormat)}), so no second
 * n-sized array is made; {@code lcp[0] = 0}.
 *
 * <p>Cost: the Phi scatter and the PLCP pass on {@code threads} threads (each PLCP range starts its comparisons from 0:
 * at most the first suffix's LCP extra per range), the gather as the view is read. Memory: 8n bytes of PLCP besides the
 * text and the suffix array.
 */
public final class LongLcpArrays {
    /** Entries of the suffix array read at a time by a Phi thread. */
    private static final int CHUNK = 1 << 16;

    private LongLcpArrays() {
    }

    /**
     * @param text    the text
     * @param sa      its suffix array (not verified beyond its entries' range; a wrong array gives a wrong LCP array,
     *                never an exception past the text's end), read by several threads at once (its {@code copyTo}
     *                must allow that)
     * @param threads worker threads, at least 1
     * @return the LCP array as a view over the PLCP values and {@code sa}
     * @throws IllegalArgumentException if the lengths differ, an entry is not in {@code [0, n)} (naming the first
     *                                  one a thread met) or threads is below 1
     */
    public static IndexSequence build(final PagedBytes text, final IndexSequence sa, final int threads) {
        return build(text, sa, threads, LongPages.DEFAULT_SHIFT);
    }

    /** For tests: PLCP in pages of {@code 2^shift} entries. */
    static IndexSequence build(final PagedBytes text, final IndexSequence sa, final int threads, final int shift) {
        final long n = text.length();
        if (sa.length() != n) {
            throw new IllegalArgumentException("suffix array of " + sa.length() + " entries for a text of " + n
                    + " bytes");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        final LongPages plcp = new LongPages(n, shift);
        if (n > 0) {
            final int t = (int) Math.max(1, Math.min(threads, n / (1 << 16) + 1));
            try (ThreadTeam workers = new ThreadTeam(t, "gpumatch-sa-lcp")) {
                workers.forEachThread((thread, ignored) -> phiRange(sa, plcp, n, start(n, thread, t),
                        start(n, thread + 1, t)));
                plcp.set(checked(sa.valueAt(0), 0, n), -1);
                workers.forEachThread((thread, ignored) -> plcpRange(text, plcp, start(n, thread, t),
                        start(n, thread + 1, t)));
            }
        }
        return new IndexSequence() {
            @Override
            public long length() {
                return n;
            }

            @Override
            public long valueAt(final long index) {
                return plcp.get(sa.valueAt(index));
            }

            @Override
            public void copyTo(final long from, final long[] dst, final int count) {
                sa.copyTo(from, dst, count);
                for (int k = 0; k < count; k++) {
                    dst[k] = plcp.get(dst[k]);
                }
            }
        };
    }

    /** @return the start of block b of t equal blocks of {@code [0, n)} */
    private static long start(final long n, final int b, final int t) {
        return n * b / t;
    }

    /** {@code phi[sa[i]] = sa[i - 1]} for i in {@code [max(from, 1), to)}; every entry checked in {@code [0, n)}. */
    private static void phiRange(final IndexSequence sa, final LongPages phi, final long n, final long from,
                                 final long to) {
        final long[] entries = new long[CHUNK + 1];
        for (long i = Math.max(from, 1); i < to; i += CHUNK) {
            final int count = (int) Math.min(CHUNK, to - i);
            sa.copyTo(i - 1, entries, count + 1); // sa[i - 1 .. i + count - 1]
            for (int k = 1; k <= count; k++) {
                phi.set(checked(entries[k], i - 1 + k, n), checked(entries[k - 1], i - 2 + k, n));
            }
        }
    }

    /** @return v, entry {@code index} of the suffix array, when it is in {@code [0, n)} */
    private static long checked(final long v, final long index, final long n) {
        if (v < 0 || v >= n) {
            throw new IllegalArgumentException("suffix array entry " + index + " = " + v + " is not a position of the"
                    + " text (0 to " + (n - 1) + ")");
        }
        return v;
    }

    /** Turns {@code phi[from, to)} into PLCP values in place. */
    private static void plcpRange(final PagedBytes text, final LongPages phi, final long from, final long to) {
        final long n = text.length();
        long l = 0;
        for (long j = from; j < to; j++) {
            final long k = phi.get(j);
            if (k < 0) {
                phi.set(j, 0);
                l = 0;
                continue;
            }
            final long limit = n - Math.max(j, k);
            while (l < limit && text.get(j + l) == text.get(k + l)) {
                l++;
            }
            phi.set(j, l);
            if (l > 0) {
                l--;
            }
        }
    }
}
