package org.gpumatch.suffixarray;

/**
 * SA-IS with {@code long} indices over paged arrays: the top level of {@link LongSaisBuilder}, for texts past the Java
 * array limit. The same algorithm as {@link InducedSorting} (virtual sentinel, no type array: an entry is stored
 * complemented when the pass that wrote it must not induce from it; LMS substrings named in the free half of the
 * suffix array; placing the sorted LMS suffixes by their per-symbol counts), written over {@link PagedBytes} (the top
 * level's text), {@link LongPages} (the suffix array, bucket pointers, and the names of a reduced string too long for
 * an {@code int} array) and a {@code long[]} of LMS bits.
 *
 * <p>The recursion goes back to {@link InducedSorting} as soon as the reduced string has at most {@code intLimit}
 * symbols (on real text m is about n/3 and never above n/2, so every text up to about 4.3 GB, and real texts up to
 * about 6.4 GB, recurse on {@code int} arrays after one long level); only a reduced string longer than that is sorted
 * by this class again, reading its names from a {@link LongPages}.
 *
 * <p>Cost per long level: the text read about 5 times and the suffix array 4 times sequentially plus the random reads
 * and writes of the two inducing passes (each a page lookup and the entry). Memory per long level besides the text and
 * the 8n-byte suffix array: n/8 bytes of LMS bits, 16k bytes of bucket counts and pointers (k the alphabet size), and
 * for the reduced string either two {@code int} arrays (8m bytes: the names and their suffix array; the int level then
 * needs what {@link InducedSorting} says for m symbols) or one {@link LongPages} of m names (8m bytes).
 *
 * <p>Threads: with {@code helpers > 0}, the two inducing passes of a level of at least {@code lookaheadMin} symbols
 * run block by block ({@link #leftBlock}, {@link #rightBlock}) with {@link LongSymbolLookahead} helpers beside them,
 * which load the symbols of the entries ahead of the scan; the int recursion gets the same helpers
 * ({@link InducedSorting#sort}). Without helpers the passes are the same block loops over the whole array.
 */
final class LongInducedSorting {
    /** LMS suffixes per block of the naming loop. */
    private static final int BLOCK = 256;

    private final int shift;
    private final long intLimit;
    private final int helpers;
    private final int lookaheadMin;

    /**
     * @param shift        log2 of the entries per page of the work arrays made here
     * @param intLimit     reduced strings of at most this many symbols are sorted by {@link InducedSorting} (at most
     *                     {@link SaisBuilder#MAX_LENGTH}; tests pass small values so the long recursion runs on small
     *                     texts)
     * @param helpers      lookahead helper threads beside each inducing pass of a level of at least
     *                     {@code lookaheadMin} symbols, long levels and int levels alike; 0: none
     * @param lookaheadMin the shortest level whose passes get the helpers ({@link InducedSorting#LOOKAHEAD_MIN};
     *                     tests pass small values)
     */
    LongInducedSorting(final int shift, final long intLimit, final int helpers, final int lookaheadMin) {
        if (helpers < 0) {
            throw new IllegalArgumentException("helpers must be at least 0, got " + helpers);
        }
        this.shift = shift;
        this.intLimit = Math.min(intLimit, SaisBuilder.MAX_LENGTH);
        this.helpers = helpers;
        this.lookaheadMin = lookaheadMin;
    }

    /**
     * Sorts the suffixes of a text into {@code sa[0, n)}. Exactly one of {@code bytes} ({@code k = 256}) and
     * {@code names} (values in {@code [0, k)}) is non-null; the branch on which is invariant in every loop.
     *
     * @param bytes    the text as bytes, or null
     * @param names    the text as names, or null
     * @param sa       receives the suffix array; at least n entries
     * @param n        the text length
     * @param k        the alphabet size
     * @param progress receives fractions of this call's work (top level only)
     */
    void sort(final PagedBytes bytes, final LongPages names, final LongPages sa, final long n, final long k,
              final SuffixArrayBuilder.Progress progress) {
        if (n <= 1) {
            if (n == 1) {
                sa.set(0, 0);
            }
            return;
        }
        final int countShift = Math.min(shift, 20);
        final LongPages counts = new LongPages(k, countShift);
        for (long i = 0; i < n; i++) {
            final long c = sym(bytes, names, i);
            counts.set(c, counts.get(c) + 1);
        }
        final LongPages bucket = new LongPages(k, countShift);
        final long[] lms = new long[(int) ((n >>> 6) + 1)];
        sa.fill(0, n, 0);
        bucketEnds(counts, bucket, k);
        long m = 0;
        long last = -1;
        long c1 = sym(bytes, names, n - 1);
        boolean nextS = false; // suffix n-1 is L-type: the sentinel follows
        for (long i = n - 2; i >= 0; i--) {
            final long c0 = sym(bytes, names, i);
            final boolean s = c0 < c1 || (c0 == c1 && nextS);
            if (nextS && !s) {
                final long p = i + 1;
                final long b = bucket.get(c1) - 1;
                bucket.set(c1, b);
                sa.set(b, p);
                lms[(int) (p >>> 6)] |= 1L << p;
                if (last < 0) {
                    last = p;
                }
                m++;
            }
            nextS = s;
            c1 = c0;
        }
        if (m > 0) {
            final LongPages lmsCounts = new LongPages(k, countShift);
            bucketEnds(counts, lmsCounts, k);
            for (long c = 0; c < k; c++) {
                lmsCounts.set(c, lmsCounts.get(c) - bucket.get(c));
            }
            induce(bytes, names, sa, n, k, counts, bucket, true);
            progress.report(0.3);
            sortLms(bytes, names, sa, n, m, last, lms);
            progress.report(0.6);
            placeLms(sa, n, m, k, counts, lmsCounts, bucket);
        }
        induce(bytes, names, sa, n, k, counts, bucket, false);
    }

    /** As {@code InducedSorting.sortLms}: leaves the LMS suffixes sorted in {@code sa[0, m)}. */
    private void sortLms(final PagedBytes bytes, final LongPages names, final LongPages sa, final long n,
                         final long m, final long last, final long[] lms) {
        long j = 0;
        for (long i = 0; i < n; i++) {
            final long p = sa.get(i);
            if (p < 0) {
                sa.set(j++, ~p);
            }
        }
        // Names at sa[m + p / 2] (LMS positions are at least 2 apart and m <= n / 2: distinct free slots).
        sa.fill(m, n, 0);
        long count = 0;
        long prev = -1;
        long prevLength = 0;
        long prevHead = 0;
        final long[] lengths = new long[BLOCK];
        final long[] heads = new long[BLOCK];
        for (long base = 0; base < m; base += BLOCK) {
            // In blocks, as InducedSorting's naming: the independent loads first, then the comparisons.
            final int size = (int) Math.min(BLOCK, m - base);
            for (int x = 0; x < size; x++) {
                final long p = sa.get(base + x);
                lengths[x] = nextLms(lms, p, n) - p + 1;
                heads[x] = bytes != null ? bytes.getLong(p) : names.get(p);
            }
            for (int x = 0; x < size; x++) {
                final long p = sa.get(base + x);
                final long length = lengths[x];
                final long h = heads[x];
                if (prev < 0 || length != prevLength || p == last || prev == last
                        || !equalSymbols(bytes, names, p, prev, length, h, prevHead)) {
                    count++;
                    prev = p;
                    prevLength = length;
                    prevHead = h;
                }
                sa.set(m + (p >> 1), count);
            }
        }
        if (count == m) {
            return; // every LMS substring is unique: their order is the order of the LMS suffixes
        }
        // The reduced string (names in text order, 0-based) into sa[n - m, n).
        j = n - 1;
        for (long i = n - 1; i >= m; i--) {
            final long v = sa.get(i);
            if (v != 0) {
                sa.set(j--, v - 1);
            }
        }
        if (m <= intLimit) {
            sortReducedOnInts(sa, n, m, count, lms);
        } else {
            sortReducedOnPages(sa, n, m, count, lms);
        }
    }

    /** The reduced string (in {@code sa[n - m, n)}) sorted by {@link InducedSorting}; LMS suffixes into sa[0, m). */
    private void sortReducedOnInts(final LongPages sa, final long n, final long m, final long count,
                                          final long[] lms) {
        final int mi = (int) m;
        final int[] reduced = new int[mi];
        for (int i = 0; i < mi; i++) {
            reduced[i] = (int) sa.get(n - m + i);
        }
        final int[] reducedSa = new int[mi];
        InducedSorting.sort(null, reduced, reducedSa, mi, (int) count, helpers, lookaheadMin,
                SuffixArrayBuilder.Progress.NONE);
        // The LMS positions in text order into sa[m, 2m), then each rank's position into sa[0, m).
        long r = m;
        for (int w = 0; w < lms.length; w++) {
            long bits = lms[w];
            while (bits != 0) {
                sa.set(r++, ((long) w << 6) | Long.numberOfTrailingZeros(bits));
                bits &= bits - 1;
            }
        }
        for (int i = 0; i < mi; i++) {
            sa.set(i, sa.get(m + reducedSa[i]));
        }
    }

    /** The reduced string sorted by this class again (it is too long for an int array). */
    private void sortReducedOnPages(final LongPages sa, final long n, final long m, final long count,
                                    final long[] lms) {
        final LongPages reduced = new LongPages(m, shift);
        for (long i = 0; i < m; i++) {
            reduced.set(i, sa.get(n - m + i));
        }
        sort(null, reduced, sa, m, count, SuffixArrayBuilder.Progress.NONE);
        long r = 0;
        for (int w = 0; w < lms.length; w++) {
            long bits = lms[w];
            while (bits != 0) {
                reduced.set(r++, ((long) w << 6) | Long.numberOfTrailingZeros(bits));
                bits &= bits - 1;
            }
        }
        for (long i = 0; i < m; i++) {
            sa.set(i, reduced.get(sa.get(i)));
        }
    }

    /** As {@code InducedSorting.placeLms}: the sorted LMS suffixes to the ends of their buckets, the rest cleared. */
    private static void placeLms(final LongPages sa, final long n, final long m, final long k, final LongPages counts,
                                 final LongPages lmsCounts, final LongPages bucket) {
        bucketEnds(counts, bucket, k);
        sa.fill(m, n, 0);
        long i = m;
        for (long c = k - 1; c >= 0 && i > 0; c--) {
            for (long r = lmsCounts.get(c); r > 0; r--) {
                final long p = sa.get(--i);
                sa.set(i, 0);
                final long b = bucket.get(c) - 1;
                bucket.set(c, b);
                sa.set(b, p);
            }
        }
    }

    /**
     * As {@code InducedSorting.induce}: the L pass left to right, then the S pass right to left; each over the whole
     * array, or with {@link LongSymbolLookahead} helpers block by block.
     */
    private void induce(final PagedBytes bytes, final LongPages names, final LongPages sa, final long n,
                        final long k, final LongPages counts, final LongPages bucket, final boolean lmsOnly) {
        final int passHelpers = n >= lookaheadMin ? helpers : 0;
        bucketStarts(counts, bucket, k);
        final long j = n - 1;
        final long c = sym(bytes, names, j);
        final long b = bucket.get(c);
        bucket.set(c, b + 1);
        sa.set(b, j > 0 && sym(bytes, names, j - 1) < c ? ~j : j); // induced by the virtual sentinel
        LongSymbolLookahead.pass(bytes, names, sa, n, false, passHelpers, (lo, hi, seen, firsts, seconds) ->
                leftBlock(bytes, names, sa, lo, hi, bucket, lmsOnly, seen, firsts, seconds));
        bucketEnds(counts, bucket, k);
        LongSymbolLookahead.pass(bytes, names, sa, n, true, passHelpers, (lo, hi, seen, firsts, seconds) ->
                rightBlock(bytes, names, sa, lo, hi, bucket, lmsOnly, seen, firsts, seconds));
    }

    /**
     * The L pass of {@link #induce} over {@code sa[lo, hi)}, with the symbols {@code t[j - 1]}, {@code t[j - 2]} of
     * entry j from a lookahead's buffers where its {@code seen} entry is j, else from the text ({@code seen} null:
     * always from the text).
     */
    static void leftBlock(final PagedBytes bytes, final LongPages names, final LongPages sa, final long lo,
                          final long hi, final LongPages bucket, final boolean lmsOnly, final long[] seen,
                          final long[] firsts, final long[] seconds) {
        for (long i = lo; i < hi; i++) {
            long j = sa.get(i);
            sa.set(i, lmsOnly && j >= 0 ? 0 : ~j);
            if (j > 0) {
                final int x = (int) (i - lo);
                final boolean hit = seen != null && seen[x] == j;
                final long c = hit ? firsts[x] : sym(bytes, names, j - 1);
                final long before = hit ? seconds[x] : sym(bytes, names, Math.max(j - 2, 0));
                j--;
                final long b = bucket.get(c);
                bucket.set(c, b + 1);
                sa.set(b, j > 0 && before < c ? ~j : j);
            }
        }
    }

    /** The S pass of {@link #induce} over {@code sa[lo, hi)}, right to left; symbols as in {@link #leftBlock}. */
    static void rightBlock(final PagedBytes bytes, final LongPages names, final LongPages sa, final long lo,
                           final long hi, final LongPages bucket, final boolean lmsOnly, final long[] seen,
                           final long[] firsts, final long[] seconds) {
        for (long i = hi - 1; i >= lo; i--) {
            long j = sa.get(i);
            if (j > 0) {
                if (lmsOnly) {
                    sa.set(i, 0);
                }
                final int x = (int) (i - lo);
                final boolean hit = seen != null && seen[x] == j;
                final long c = hit ? firsts[x] : sym(bytes, names, j - 1);
                final long before = hit ? seconds[x] : sym(bytes, names, Math.max(j - 2, 0));
                j--;
                final long b = bucket.get(c) - 1;
                bucket.set(c, b);
                sa.set(b, j == 0 ? (lmsOnly ? 0 : ~0L) : before > c ? ~j : j);
            } else if (!lmsOnly) {
                sa.set(i, ~j);
            }
        }
    }

    /**
     * Whether the symbols {@code [a, a + length)} and {@code [b, b + length)} are equal (both within the text), given
     * their heads (eight bytes, or the first name), which decide the first eight bytes or the first name.
     */
    private static boolean equalSymbols(final PagedBytes bytes, final LongPages names, final long a, final long b,
                                        final long length, final long headA, final long headB) {
        if (bytes != null) {
            final long mask = length >= Long.BYTES ? -1L : (1L << (length << 3)) - 1;
            if (((headA ^ headB) & mask) != 0) {
                return false;
            }
            for (long d = Long.BYTES; d < length; d += Long.BYTES) {
                final long rest = length - d;
                final long restMask = rest >= Long.BYTES ? -1L : (1L << (rest << 3)) - 1;
                if (((bytes.getLong(a + d) ^ bytes.getLong(b + d)) & restMask) != 0) {
                    return false;
                }
            }
            return true;
        }
        if (headA != headB) {
            return false;
        }
        for (long d = 1; d < length; d++) {
            if (names.get(a + d) != names.get(b + d)) {
                return false;
            }
        }
        return true;
    }

    /** @return the first LMS position after p, or n when there is none */
    private static long nextLms(final long[] lms, final long p, final long n) {
        int w = (int) (p >>> 6);
        long bits = lms[w] & (-2L << (p & 63));
        while (bits == 0) {
            if (++w >= lms.length) {
                return n;
            }
            bits = lms[w];
        }
        return ((long) w << 6) | Long.numberOfTrailingZeros(bits);
    }

    /** @return symbol i of the text (an unsigned byte, or a name) */
    static long sym(final PagedBytes bytes, final LongPages names, final long i) {
        return bytes != null ? bytes.get(i) : names.get(i);
    }

    private static void bucketStarts(final LongPages counts, final LongPages bucket, final long k) {
        long sum = 0;
        for (long c = 0; c < k; c++) {
            bucket.set(c, sum);
            sum += counts.get(c);
        }
    }

    private static void bucketEnds(final LongPages counts, final LongPages bucket, final long k) {
        long sum = 0;
        for (long c = 0; c < k; c++) {
            sum += counts.get(c);
            bucket.set(c, sum);
        }
    }
}
