package org.gpumatch.suffixarray;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The SA-IS core (Nong, Zhang and Chan 2009) in the style of the fast C implementations (Mori's sais, libsais): no type
 * array, the text read as it is (unsigned bytes at the top level, {@code int} names below), the suffix types decided
 * from neighbouring symbols while inducing, a virtual sentinel (so no sentinel entry and a proper prefix first).
 *
 * <p>Inducing uses one sign bit per entry instead of a type array: an entry is stored complemented ({@code ~j}) when
 * the pass that wrote it must not induce from it (an L-type suffix whose predecessor is S-type, an S-type suffix whose
 * predecessor is L-type), and the L pass flips every entry it passes, so the S pass sees exactly the entries it must
 * induce from as non-negative. LMS substrings are named while stage 1 induces ({@link LmsSubstringNames}: a mark bit
 * per entry where neighbouring prefixes differ, so naming is a scan with no text read; texts up to 2^30 symbols),
 * otherwise by comparing neighbours after a plain stage 1 (their lengths read from the LMS
 * bits, so equal names cost one length comparison and a short byte comparison; in blocks whose loads come before the
 * comparisons). Names go to a compact space, and the reduced problem reuses the suffix array as its own.
 *
 * <p>Cost per level: the text read about 5 times (counts, types, two inducing passes twice) and the suffix array
 * 4 times sequentially, plus the random reads of the inducing passes; the recursion works on at most n/2 names (about
 * n/3 on real text). Memory besides the text and the {@code 4n}-byte result: an LMS bit set of {@code n/8} bytes and
 * the reduced string ({@code 4m} bytes, m the LMS count, at most n/2) per level, bucket, LMS count and group arrays
 * of {@code 16k} bytes ({@code 20k} on int levels), or 2 KiB of naming buffers on the comparing path. Sequential,
 * unless asked for {@link SymbolLookahead} helper threads beside each inducing pass (192 KiB of buffers for one,
 * 96 KiB per helper for more).
 */
final class InducedSorting {
    /** Eight bytes of a {@code byte[]} as one {@code long}. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** The shortest text whose inducing passes run a {@link SymbolLookahead} when asked (its helpers per pass). */
    static final int LOOKAHEAD_MIN = 1 << 20;
    /** LMS suffixes per block of the naming loop (see {@link #nameByComparing}). */
    private static final int BLOCK = 256;

    private InducedSorting() {
    }

    /**
     * Sorts the suffixes of a text into {@code sa[0, n)}. Exactly one of {@code bytes} (unsigned, {@code k = 256}) and
     * {@code ints} (values in {@code [0, k)}) is non-null: the two share one body because the branch on which is
     * invariant in every loop (the JIT unswitches it).
     *
     * @param bytes    the text as bytes, or null
     * @param ints     the text as ints, or null
     * @param sa       receives the suffix array; at least n entries
     * @param n        the text length
     * @param k        the alphabet size
     * @param helpers  how many {@link SymbolLookahead} helper threads run beside the inducing passes over a text of
     *                 at least {@link #LOOKAHEAD_MIN} symbols (at every level); 0: none
     * @param progress receives fractions of this call's work (top level only; pass {@code Progress.NONE} below)
     */
    static void sort(final byte[] bytes, final int[] ints, final int[] sa, final int n, final int k,
                     final int helpers, final SuffixArrayBuilder.Progress progress) {
        sort(bytes, ints, sa, n, k, helpers, LOOKAHEAD_MIN, progress);
    }

    /**
     * {@link #sort(byte[], int[], int[], int, int, int, SuffixArrayBuilder.Progress)} with the helpers on every level
     * of at least {@code lookaheadMin} symbols, and the default naming: while inducing up to
     * {@link LmsSubstringNames#MAX_LENGTH} symbols, by comparing beyond (every recursion level chooses so).
     */
    static void sort(final byte[] bytes, final int[] ints, final int[] sa, final int n, final int k,
                     final int helpers, final int lookaheadMin, final SuffixArrayBuilder.Progress progress) {
        sort(bytes, ints, sa, n, k, helpers, n > LmsSubstringNames.MAX_LENGTH, lookaheadMin, progress);
    }

    /**
     * {@link #sort(byte[], int[], int[], int, int, int, SuffixArrayBuilder.Progress)} with the way of naming the
     * LMS substrings chosen (package-private so that tests reach both, and the helpers' paths, on small texts).
     *
     * @param compareNames false: names found while inducing ({@link LmsSubstringNames}; n at most its
     *                     {@code MAX_LENGTH}); true: by comparing neighbouring LMS substrings after a plain
     *                     stage-1 induce (any length). Lower levels choose again by the default rule.
     * @param lookaheadMin the shortest text, at every level, whose inducing passes get the helpers
     *                     ({@link #LOOKAHEAD_MIN})
     */
    static void sort(final byte[] bytes, final int[] ints, final int[] sa, final int n, final int k,
                     final int helpers, final boolean compareNames, final int lookaheadMin,
                     final SuffixArrayBuilder.Progress progress) {
        if (!compareNames && n > LmsSubstringNames.MAX_LENGTH) {
            throw new IllegalArgumentException("names while inducing need n <= " + LmsSubstringNames.MAX_LENGTH);
        }
        if (n <= 1) {
            if (n == 1) {
                sa[0] = 0;
            }
            return;
        }
        final int levelHelpers = n >= lookaheadMin ? helpers : 0;
        final int[] counts = new int[k];
        if (bytes != null) {
            countBytes(bytes, n, counts);
        } else {
            for (int i = 0; i < n; i++) {
                counts[ints[i]]++;
            }
        }
        final int[] bucket = new int[k];
        final long[] lms = new long[(n >>> 6) + 1];
        // Stage 1: every LMS suffix at the end of its bucket, in text order; inducing then sorts the LMS substrings.
        Arrays.fill(sa, 0, n, 0);
        bucketEnds(counts, bucket);
        // Types without branches (they alternate unpredictably on real text): suffix i is S-type when
        // t[i] < t[i + 1], or equal and suffix i + 1 is S-type, that is when t[i] - t[i + 1] - s(i + 1) < 0. The LMS
        // bit of position p = i + 1 collects in a register, stored once per word (a read-modify-write of the word
        // per position would chain every iteration through store forwarding).
        int m = 0;
        int c1 = chr(bytes, ints, n - 1);
        int nextS = 0; // suffix n-1 is L-type: the sentinel follows
        long word = 0;
        for (int i = n - 2; i >= 0; i--) {
            final int p = i + 1;
            final int c0 = chr(bytes, ints, i);
            final int s = (c0 - c1 - nextS) >>> 31;
            final int isLms = nextS & ~s;
            word |= (long) isLms << p;
            if ((p & 63) == 0) {
                lms[p >>> 6] = word;
                word = 0;
            }
            m += isLms;
            nextS = s;
            c1 = c0;
        }
        lms[0] = word; // positions 1..63 (position 0 is never LMS)
        // The seeds from the LMS bits, in descending text order: a sequential read of bits and text.
        int last = -1;
        for (int w = lms.length - 1; w >= 0; w--) {
            long bits = lms[w];
            while (bits != 0) {
                final int bit = 63 - Long.numberOfLeadingZeros(bits);
                bits &= ~(1L << bit);
                final int p = (w << 6) | bit;
                if (last < 0) {
                    last = p;
                }
                sa[--bucket[chr(bytes, ints, p)]] = p;
            }
        }
        if (m > 0) {
            // LMS suffixes per first symbol, for placing them after the sort without reading the text again.
            final int[] lmsCounts = new int[k];
            bucketEnds(counts, lmsCounts);
            for (int c = 0; c < k; c++) {
                lmsCounts[c] -= bucket[c];
            }
            final int names;
            if (compareNames) {
                induce(bytes, ints, sa, n, counts, bucket, true, levelHelpers);
                progress.report(0.3);
                names = nameByComparing(bytes, ints, sa, n, m, last, lms);
            } else {
                LmsSubstringNames.induce(bytes, ints, sa, n, counts, lmsCounts, bucket, new int[k], levelHelpers);
                progress.report(0.3);
                names = LmsSubstringNames.gather(sa, n, m);
            }
            if (names < m) {
                sortReduced(sa, n, m, names, lms, helpers, lookaheadMin);
            }
            progress.report(0.6);
            placeLms(sa, n, m, counts, lmsCounts, bucket);
        }
        induce(bytes, ints, sa, n, counts, bucket, false, levelHelpers);
    }

    /**
     * Byte counts into {@code counts[0, 256)}: four tables, one per position mod 4, so that a run of one byte does not
     * chain every increment through store forwarding (the build of 16 MiB of one repeated byte: 0.147 -> 0.130 s).
     */
    private static void countBytes(final byte[] bytes, final int n, final int[] counts) {
        final int[] four = new int[4 * 256];
        int i = 0;
        for (; i + 4 <= n; i += 4) {
            four[bytes[i] & 0xFF]++;
            four[256 + (bytes[i + 1] & 0xFF)]++;
            four[512 + (bytes[i + 2] & 0xFF)]++;
            four[768 + (bytes[i + 3] & 0xFF)]++;
        }
        for (; i < n; i++) {
            four[bytes[i] & 0xFF]++;
        }
        for (int c = 0; c < 256; c++) {
            counts[c] = four[c] + four[256 + c] + four[512 + c] + four[768 + c];
        }
    }

    /**
     * After a plain stage-1 induce ({@link #induce} with {@code lmsOnly}): moves the LMS suffixes, sorted, to
     * {@code sa[0, m)} and names their substrings at {@code sa[m + p / 2]} (1, 2, ... in sorted order; the rest of
     * {@code sa[m, n)} 0) by comparing neighbours.
     *
     * @return the number of distinct names
     */
    private static int nameByComparing(final byte[] bytes, final int[] ints, final int[] sa, final int n, final int m,
                                       final int last, final long[] lms) {
        int j = 0;
        for (int i = 0; i < n; i++) {
            final int p = sa[i];
            if (p < 0) {
                sa[j++] = ~p;
            }
        }
        // Names at sa[m + p / 2]: LMS positions are at least 2 apart and m <= n / 2, so the slots are distinct and
        // inside the free part. The length of an LMS substring (to the next LMS position, inclusive) comes from the
        // LMS bits (n/8 bytes) instead of a pass parking lengths in the slots first. In blocks: one loop loads each
        // suffix's length and first symbols (independent loads, overlapped by the core), the next compares
        // neighbours; loads behind the branches on compared values would wait for each other.
        Arrays.fill(sa, m, n, 0);
        final int[] lengths = new int[BLOCK];
        final long[] heads = new long[BLOCK];
        int names = 0;
        int prev = -1;
        int prevLength = 0;
        long prevHead = 0;
        for (int base = 0; base < m; base += BLOCK) {
            final int end = Math.min(m, base + BLOCK);
            for (int i = base; i < end; i++) {
                final int p = sa[i];
                lengths[i - base] = nextLms(lms, p, n) - p + 1;
                heads[i - base] = head(bytes, ints, p, n);
            }
            for (int i = base; i < end; i++) {
                final int p = sa[i];
                final int length = lengths[i - base];
                final long h = heads[i - base];
                if (prev < 0 || length != prevLength || p == last || prev == last
                        || !equalSymbols(bytes, ints, p, prev, length, h, prevHead)) {
                    names++;
                    prev = p;
                    prevLength = length;
                    prevHead = h;
                }
                sa[m + (p >> 1)] = names;
            }
        }
        return names;
    }

    /**
     * With the LMS suffixes in {@code sa[0, m)} sorted by their substrings and the names at {@code sa[m + p / 2]},
     * some repeated: sorts the reduced string recursively and leaves the LMS suffixes sorted in {@code sa[0, m)}.
     */
    private static void sortReduced(final int[] sa, final int n, final int m, final int names, final long[] lms,
                                    final int helpers, final int lookaheadMin) {
        // The reduced string (names in text order, 0-based) into sa[n - m, n), then into its own array.
        // Branch-free (names and empty slots alternate unpredictably): every slot is written at j, which moves on
        // names only; j >= i, so the slot at j has been read already (a stray write at the end lands in sa[0, n - m),
        // which the recursion overwrites).
        int j = n - 1;
        for (int i = n - 1; i >= m; i--) {
            final int v = sa[i];
            sa[j] = v - 1;
            j -= (v | -v) >>> 31;
        }
        final int[] reduced = Arrays.copyOfRange(sa, n - m, n);
        sort(null, reduced, sa, m, names, helpers, lookaheadMin, SuffixArrayBuilder.Progress.NONE);
        // Map ranks of the reduced suffixes back to text positions (the reduced string's array now lists them).
        int r = 0;
        for (int w = 0; w < lms.length; w++) {
            long bits = lms[w];
            while (bits != 0) {
                final int bit = Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                reduced[r++] = (w << 6) | bit;
            }
        }
        for (int i = 0; i < m; i++) {
            sa[i] = reduced[sa[i]];
        }
    }

    /**
     * Moves the sorted LMS suffixes from {@code sa[0, m)} to the ends of their buckets, in order, and clears the
     * rest. A suffix of rank i lands at or after i, so the descending loop never overwrites one it has yet to move.
     * Sorted suffixes come in the order of their first symbols, so the LMS counts per symbol say which bucket each
     * belongs to: a sequential pass with no text read (the former loop read each suffix's symbol, a random access).
     */
    private static void placeLms(final int[] sa, final int n, final int m, final int[] counts,
                                 final int[] lmsCounts, final int[] bucket) {
        bucketEnds(counts, bucket);
        Arrays.fill(sa, m, n, 0);
        int i = m;
        for (int c = lmsCounts.length - 1; c >= 0 && i > 0; c--) {
            for (int r = lmsCounts[c]; r > 0; r--) {
                final int p = sa[--i];
                sa[i] = 0;
                sa[--bucket[c]] = p;
            }
        }
    }

    /**
     * The two inducing passes from the seeds in {@code sa} (non-negative, empty slots 0): L-type suffixes left to
     * right from the bucket starts, then S-type suffixes right to left from the bucket ends.
     *
     * <p>With {@code lmsOnly} false, every entry of {@code sa} is a suffix on return, non-negative. With
     * {@code lmsOnly} true (stage 1), every entry is cleared once it has induced its predecessor and the LMS
     * suffixes are left complemented ({@code ~p}), in their induced order, all else 0: gathering them is then a
     * sequential scan for negative entries. (Suffix 0 is never LMS and is left as 0.) The flag is invariant in the
     * loops.
     *
     * <p>The top level's byte text has an overload of its own, {@link #induceBytes}, the same loops with the symbol
     * read inline: measured 8 to 12% faster on 32 MB of code and DNA than one body reading through
     * {@link #chr}, which is what the lower levels (a tenth to a third of the work) use. (Loading a block of entries'
     * symbols ahead of inducing, to overlap their cache misses, measured 12 to 20% slower than these plain loops.)
     */
    private static void induce(final byte[] bytes, final int[] ints, final int[] sa, final int n,
                               final int[] counts, final int[] bucket, final boolean lmsOnly,
                               final int helpers) {
        if (helpers > 0) {
            induceAhead(bytes, ints, sa, n, counts, bucket, lmsOnly, helpers);
            return;
        }
        if (bytes != null) {
            induceBytes(bytes, sa, n, counts, bucket, lmsOnly);
            return;
        }
        bucketStarts(counts, bucket);
        int j = n - 1;
        int c = ints[j];
        sa[bucket[c]++] = j > 0 && ints[j - 1] < c ? ~j : j; // induced by the virtual sentinel
        for (int i = 0; i < n; i++) {
            j = sa[i];
            sa[i] = lmsOnly && j >= 0 ? 0 : ~j;
            if (j > 0) {
                j--;
                c = ints[j];
                sa[bucket[c]++] = j > 0 && ints[j - 1] < c ? ~j : j;
            }
        }
        bucketEnds(counts, bucket);
        for (int i = n - 1; i >= 0; i--) {
            j = sa[i];
            if (j > 0) {
                if (lmsOnly) {
                    sa[i] = 0;
                }
                j--;
                c = ints[j];
                sa[--bucket[c]] = j == 0 ? (lmsOnly ? 0 : ~0) : ints[j - 1] > c ? ~j : j;
            } else if (!lmsOnly) {
                sa[i] = ~j;
            }
        }
    }

    /** {@link #induce} on the top level's bytes (see there why it is a method of its own). */
    private static void induceBytes(final byte[] t, final int[] sa, final int n, final int[] counts,
                                    final int[] bucket, final boolean lmsOnly) {
        bucketStarts(counts, bucket);
        int j = n - 1;
        int c = t[j] & 0xFF;
        sa[bucket[c]++] = j > 0 && (t[j - 1] & 0xFF) < c ? ~j : j;
        for (int i = 0; i < n; i++) {
            j = sa[i];
            sa[i] = lmsOnly && j >= 0 ? 0 : ~j;
            if (j > 0) {
                j--;
                c = t[j] & 0xFF;
                sa[bucket[c]++] = j > 0 && (t[j - 1] & 0xFF) < c ? ~j : j;
            }
        }
        bucketEnds(counts, bucket);
        for (int i = n - 1; i >= 0; i--) {
            j = sa[i];
            if (j > 0) {
                if (lmsOnly) {
                    sa[i] = 0;
                }
                j--;
                c = t[j] & 0xFF;
                sa[--bucket[c]] = j == 0 ? (lmsOnly ? 0 : ~0) : (t[j - 1] & 0xFF) > c ? ~j : j;
            } else if (!lmsOnly) {
                sa[i] = ~j;
            }
        }
    }

    /**
     * {@link #induce} with {@link SymbolLookahead} helpers per pass: the same passes, block by block, each block with
     * the symbols the helpers loaded where they are ready.
     */
    private static void induceAhead(final byte[] bytes, final int[] ints, final int[] sa, final int n,
                                    final int[] counts, final int[] bucket, final boolean lmsOnly,
                                    final int helpers) {
        bucketStarts(counts, bucket);
        final int j = n - 1;
        final int c = chr(bytes, ints, j);
        sa[bucket[c]++] = j > 0 && chr(bytes, ints, j - 1) < c ? ~j : j; // induced by the virtual sentinel
        new SymbolLookahead(bytes, ints, sa, n, false, helpers, -1).scanBlocks((lo, hi, seen, firsts, seconds) ->
                leftBlock(bytes, ints, sa, lo, hi, bucket, lmsOnly, seen, firsts, seconds));
        bucketEnds(counts, bucket);
        new SymbolLookahead(bytes, ints, sa, n, true, helpers, -1).scanBlocks((lo, hi, seen, firsts, seconds) ->
                rightBlock(bytes, ints, sa, lo, hi, bucket, lmsOnly, seen, firsts, seconds));
    }

    /**
     * The L pass of {@link #induce} over {@code sa[lo, hi)}, with the symbols {@code t[j - 1]}, {@code t[j - 2]} of
     * entry j from a lookahead's buffers where its {@code seen} entry is j, else from the text ({@code seen} null:
     * always from the text).
     */
    static void leftBlock(final byte[] bytes, final int[] ints, final int[] sa, final int lo, final int hi,
                                  final int[] bucket, final boolean lmsOnly, final int[] seen, final int[] firsts,
                                  final int[] seconds) {
        for (int i = lo; i < hi; i++) {
            int j = sa[i];
            sa[i] = lmsOnly && j >= 0 ? 0 : ~j;
            if (j > 0) {
                final boolean hit = seen != null && seen[i - lo] == j;
                final int c = hit ? firsts[i - lo] : chr(bytes, ints, j - 1);
                final int b = hit ? seconds[i - lo] : chr(bytes, ints, Math.max(j - 2, 0));
                j--;
                sa[bucket[c]++] = j > 0 && b < c ? ~j : j;
            }
        }
    }

    /** The S pass of {@link #induce} over {@code sa[lo, hi)}, right to left; symbols as in {@link #leftBlock}. */
    static void rightBlock(final byte[] bytes, final int[] ints, final int[] sa, final int lo, final int hi,
                                   final int[] bucket, final boolean lmsOnly, final int[] seen, final int[] firsts,
                                   final int[] seconds) {
        for (int i = hi - 1; i >= lo; i--) {
            int j = sa[i];
            if (j > 0) {
                if (lmsOnly) {
                    sa[i] = 0;
                }
                final boolean hit = seen != null && seen[i - lo] == j;
                final int c = hit ? firsts[i - lo] : chr(bytes, ints, j - 1);
                final int b = hit ? seconds[i - lo] : chr(bytes, ints, Math.max(j - 2, 0));
                j--;
                sa[--bucket[c]] = j == 0 ? (lmsOnly ? 0 : ~0) : b > c ? ~j : j;
            } else if (!lmsOnly) {
                sa[i] = ~j;
            }
        }
    }

    /**
     * The first symbols of suffix p as one {@code long}: up to eight bytes, little-endian, zeros past the end; or the
     * first int name.
     */
    private static long head(final byte[] bytes, final int[] ints, final int p, final int n) {
        if (bytes == null) {
            return ints[p];
        }
        if (p + Long.BYTES <= n) {
            return (long) LONGS.get(bytes, p);
        }
        long h = 0;
        for (int d = n - 1; d >= p; d--) {
            h = h << 8 | (bytes[d] & 0xFF);
        }
        return h;
    }

    /**
     * Whether the symbols {@code [a, a + length)} and {@code [b, b + length)} are equal, given their {@link #head}s
     * (both within the text: {@code length <= n - max(a, b)}): the heads decide up to eight bytes or the first name;
     * the rest is compared eight bytes at a time (one unaligned little-endian load each, as the JIT compiles a
     * byte-array view), or one int at a time.
     */
    private static boolean equalSymbols(final byte[] bytes, final int[] ints, final int a, final int b,
                                        final int length, final long headA, final long headB) {
        if (bytes != null) {
            final long mask = length >= Long.BYTES ? -1L : (1L << (length << 3)) - 1;
            if (((headA ^ headB) & mask) != 0) {
                return false;
            }
            int d = Long.BYTES;
            for (; d + Long.BYTES <= length; d += Long.BYTES) {
                if ((long) LONGS.get(bytes, a + d) != (long) LONGS.get(bytes, b + d)) {
                    return false;
                }
            }
            for (; d < length; d++) {
                if (bytes[a + d] != bytes[b + d]) {
                    return false;
                }
            }
            return true;
        }
        if (headA != headB) {
            return false;
        }
        for (int d = 1; d < length; d++) {
            if (ints[a + d] != ints[b + d]) {
                return false;
            }
        }
        return true;
    }

    /** @return the first LMS position after p, or n when there is none (the virtual sentinel ends the substring) */
    private static int nextLms(final long[] lms, final int p, final int n) {
        int w = p >>> 6;
        long bits = lms[w] & (-2L << (p & 63));
        while (bits == 0) {
            if (++w >= lms.length) {
                return n;
            }
            bits = lms[w];
        }
        return (w << 6) | Long.numberOfTrailingZeros(bits);
    }

    static int chr(final byte[] bytes, final int[] ints, final int i) {
        return bytes != null ? bytes[i] & 0xFF : ints[i];
    }

    /** Sets {@code bucket[c]} to the start of symbol c's bucket. */
    static void bucketStarts(final int[] counts, final int[] bucket) {
        int sum = 0;
        for (int c = 0; c < counts.length; c++) {
            bucket[c] = sum;
            sum += counts[c];
        }
    }

    /** Sets {@code bucket[c]} to the end (exclusive) of symbol c's bucket. */
    static void bucketEnds(final int[] counts, final int[] bucket) {
        int sum = 0;
        for (int c = 0; c < counts.length; c++) {
            sum += counts[c];
            bucket[c] = sum;
        }
    }
}
