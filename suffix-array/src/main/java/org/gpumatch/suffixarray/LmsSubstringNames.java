package org.gpumatch.suffixarray;

import java.util.Arrays;

/**
 * Stage 1 of SA-IS (the LMS-substring sort of {@link InducedSorting}) that finds where neighbouring LMS substrings
 * differ while inducing, as libsais does (ideas read, no code taken), so that naming them is a sequential scan and one
 * scattered store per LMS suffix: no text read, no substring comparison, no LMS-bit lookup.
 *
 * <p>How: every entry carries a <em>mark</em> (bit 30) besides its position (bits 0..29) and the "do not induce" flag
 * (the sign bit, set by OR here, not by complement). In the L pass (left to right) a mark means "this entry's
 * LMS-prefix differs from the entry before it in its bucket"; a counter {@code d} counts the marks passed, so equal
 * prefixes share a {@code d}. An entry induced into bucket c from a parent of group d is marked unless the entry
 * written into c just before it came from a parent of the same group (per bucket the last group written,
 * {@code groups[c]}): then both are c followed by equal prefixes. Seeds (the LMS suffixes, by first symbol) form one
 * group per bucket: the first seed of each bucket is marked. The virtual sentinel's group (0) is its own.
 * The L-type entries kept for the S pass (those with an S-type predecessor) are re-marked as "differs from the next
 * kept entry to the right", the direction the S pass (right to left) reads them; its own entries are marked "differs
 * from the entry after it in its bucket", and entries it clears keep their mark. After both passes, two LMS suffixes
 * next to each other among the LMS entries have equal LMS substrings exactly when no entry from the first up to
 * (not including) the second is marked.
 *
 * <p>Positions take 30 bits, so texts (and reduced strings) up to {@link #MAX_LENGTH} symbols; longer ones use
 * {@link InducedSorting}'s comparison naming.
 *
 * <p>Cost: the two inducing passes of stage 1 plus, per induced entry, one load and (when the group changes) one store
 * of {@code groups[c]} ({@code 4k} bytes, cache-resident for bytes); naming is one sequential pass over n and one over
 * m with a scattered store. Memory: {@code groups}, {@code 4k} bytes, the caller's. With {@link SymbolLookahead}
 * helpers the passes run block by block ({@link #leftBlock}, {@link #rightBlock}: the same steps, symbols from the
 * helpers' buffers where they are current) with {@code 8k} bytes of interleaved bucket and group state.
 */
final class LmsSubstringNames {
    /** Longest text whose positions leave bit 30 of an entry free for the mark. */
    static final int MAX_LENGTH = 1 << 30;
    /** The mark: differs from its neighbour (see the class comment). */
    private static final int MARK = 1 << 30;
    /** The position bits of an entry. */
    private static final int POSITION = MARK - 1;
    /** The "do not induce" flag of an entry. */
    private static final int SKIP = Integer.MIN_VALUE;

    private LmsSubstringNames() {
    }

    /**
     * Sorts the LMS substrings by the two inducing passes, marking where they differ. On entry {@code sa[0, n)} holds
     * the LMS suffixes at the ends of their buckets (non-negative, any order within a bucket), all else 0, and
     * {@code firstSeed[c]} is the position of bucket c's lowest LMS suffix (for c with {@code lmsCounts[c] > 0}). On
     * return the LMS suffixes are the negative entries, in sorted order, ready for {@link #gather}.
     *
     * @param bytes     the text as unsigned bytes, or null
     * @param ints      the text as ints in {@code [0, k)}, or null (exactly one is non-null)
     * @param sa        the suffix array under construction, {@code sa[0, n)}
     * @param n         the text length, at most {@link #MAX_LENGTH}
     * @param counts    symbol counts, {@code [0, k)}
     * @param lmsCounts LMS suffixes per first symbol
     * @param bucket    scratch of k entries; holds the first seed positions on entry
     * @param groups    scratch of k entries
     * @param helpers   {@link SymbolLookahead} helper threads beside each pass (0: none, the plain loops)
     */
    static void induce(final byte[] bytes, final int[] ints, final int[] sa, final int n, final int[] counts,
                       final int[] lmsCounts, final int[] bucket, final int[] groups, final int helpers) {
        for (int c = 0; c < lmsCounts.length; c++) {
            if (lmsCounts[c] > 0) {
                sa[bucket[c]] |= MARK;
            }
        }
        if (helpers == 0 && bytes != null) {
            leftBytes(bytes, sa, n, counts, bucket, groups);
            rightBytes(bytes, sa, n, counts, bucket, groups);
        } else {
            induceBlocks(bytes, ints, sa, n, counts, helpers);
        }
    }

    /** @return {@link #MARK} when the last group written differs from d, else 0 (no branch: it is unpredictable) */
    private static int changed(final int last, final int d) {
        final int x = last ^ d;
        return ((x | -x) >>> 31) << 30;
    }

    /**
     * Moves the LMS suffixes, sorted, to {@code sa[0, m)} and names their substrings: names 1, 2, ... in sorted order
     * at {@code sa[m + p / 2]} for LMS position p, the rest of {@code sa[m, n)} 0.
     *
     * @param sa the array after {@link #induce}
     * @param n  the text length
     * @param m  the number of LMS suffixes
     * @return the number of distinct names
     */
    static int gather(final int[] sa, final int n, final int m) {
        // Branch-free (whether an entry is LMS is unpredictable): every entry is written at j, which moves on LMS
        // entries only; j <= i, so the entry at j has been read already.
        int j = 0;
        int differs = MARK; // the first LMS substring gets a new name
        for (int i = 0; i < n; i++) {
            final int v = sa[i];
            final int lms = v >> 31;
            sa[j] = (v & POSITION) | differs;
            j -= lms;
            differs = (differs & ~lms) | (v & MARK);
        }
        Arrays.fill(sa, m, n, 0);
        int names = 0;
        for (int i = 0; i < m; i++) {
            final int v = sa[i];
            names += v >>> 30;
            final int p = v & POSITION;
            sa[i] = p;
            sa[m + (p >> 1)] = names;
        }
        return names;
    }

    /**
     * The L pass over bytes: induces L-type suffixes from the bucket starts, clears what it induced from, keeps the
     * L-type entries with an S-type predecessor for the S pass (re-marked, see the class comment). The byte and int
     * passes are separate methods: the byte loop reads the symbol inline (measured 8-12% faster than one body).
     */
    private static void leftBytes(final byte[] t, final int[] sa, final int n, final int[] counts, final int[] bucket,
                                  final int[] groups) {
        InducedSorting.bucketStarts(counts, bucket);
        Arrays.fill(groups, -1);
        int c = t[n - 1] & 0xFF;
        sa[bucket[c]++] = (n > 1 && (t[n - 2] & 0xFF) < c ? SKIP : 0) | MARK | (n - 1); // from the virtual sentinel
        groups[c] = 0;
        int d = 1;
        int keptGroup = -1;
        int kept = -1;
        for (int i = 0; i < n; i++) {
            final int v = sa[i]; // an empty slot (0) passes through without a branch of its own
            d += (v >>> 30) & 1;
            if (v < 0) {
                if (d != keptGroup) {
                    if (kept >= 0) {
                        sa[kept] |= MARK;
                    }
                    keptGroup = d;
                }
                sa[i] = v & POSITION;
                kept = i;
                continue;
            }
            sa[i] = 0;
            final int j = (v & POSITION) - 1;
            if (j >= 0) {
                c = t[j] & 0xFF;
                int w = j;
                w |= changed(groups[c], d);
                groups[c] = d;
                if (j > 0 && (t[j - 1] & 0xFF) < c) {
                    w |= SKIP;
                }
                sa[bucket[c]++] = w;
            }
        }
        if (kept >= 0) {
            sa[kept] |= MARK;
        }
    }

    /**
     * The S pass over bytes: induces S-type suffixes from the bucket ends, right to left; the LMS suffixes it induces
     * are left flagged (negative); every entry it induced from is cleared but keeps its mark.
     */
    private static void rightBytes(final byte[] t, final int[] sa, final int n, final int[] counts,
                                   final int[] bucket, final int[] groups) {
        InducedSorting.bucketEnds(counts, bucket);
        Arrays.fill(groups, -1);
        int d = 0;
        for (int i = n - 1; i >= 0; i--) {
            final int v = sa[i]; // an empty slot (0) passes through without a branch of its own
            d += (v >>> 30) & 1;
            final int j = (v & POSITION) - 1;
            if (v < 0 || j < 0) {
                continue;
            }
            sa[i] = v & MARK;
            final int c = t[j] & 0xFF;
            int w = j;
            w |= changed(groups[c], d);
            groups[c] = d;
            if (j > 0 && (t[j - 1] & 0xFF) > c) {
                w |= SKIP;
            }
            sa[--bucket[c]] = w;
        }
    }

    /**
     * {@link #induce} by the block loops ({@link #leftBlock}, {@link #rightBlock}): with {@link SymbolLookahead}
     * helpers block by block, each block with the symbols the helpers loaded where its entries still hold the values
     * they saw; without (the int levels' plain passes) each loop over the whole array. Bucket pointers and last groups
     * interleaved as in {@link #leftStart}, for bytes too.
     */
    private static void induceBlocks(final byte[] bytes, final int[] ints, final int[] sa, final int n,
                                     final int[] counts, final int helpers) {
        final int[] state = new int[2 * counts.length];
        final int[] run = leftStart(bytes, ints, sa, n, counts, state);
        SymbolLookahead.pass(bytes, ints, sa, n, false, helpers, POSITION, (lo, hi, seen, firsts, seconds) ->
                leftBlock(bytes, ints, sa, lo, hi, state, run, seen, firsts, seconds));
        if (run[2] >= 0) {
            sa[run[2]] |= MARK; // the last kept entry differs from what follows it
        }
        rightStart(counts, state);
        final int[] group = {0};
        SymbolLookahead.pass(bytes, ints, sa, n, true, helpers, POSITION, (lo, hi, seen, firsts, seconds) ->
                rightBlock(bytes, ints, sa, lo, hi, state, group, seen, firsts, seconds));
    }

    /**
     * The L pass's start: bucket starts and no last group in {@code state}, the entry induced by the virtual sentinel.
     * Bucket pointer and last group of a symbol are interleaved in one array ({@code state[2c]},
     * {@code state[2c + 1]}): with many names they miss the cache, and one line then holds both.
     *
     * @return the pass's running values {group d, group of the last kept entry, index of the last kept entry}
     */
    private static int[] leftStart(final byte[] bytes, final int[] ints, final int[] sa, final int n,
                                   final int[] counts, final int[] state) {
        int sum = 0;
        for (int c = 0; c < counts.length; c++) {
            state[2 * c] = sum;
            state[2 * c + 1] = -1;
            sum += counts[c];
        }
        final int c = InducedSorting.chr(bytes, ints, n - 1);
        sa[state[2 * c]++] = (n > 1 && InducedSorting.chr(bytes, ints, n - 2) < c ? SKIP : 0) | MARK | (n - 1);
        state[2 * c + 1] = 0;
        return new int[] {1, -1, -1};
    }

    /** The S pass's start: bucket ends and no last group in {@code state}. */
    private static void rightStart(final int[] counts, final int[] state) {
        int sum = 0;
        for (int c = 0; c < counts.length; c++) {
            sum += counts[c];
            state[2 * c] = sum;
            state[2 * c + 1] = -1;
        }
    }

    /**
     * {@link #leftBytes}'s loop over {@code sa[lo, hi)}, bytes or ints (the int levels' L pass is this over the
     * whole array), with the symbols {@code t[p - 1]} and
     * {@code t[p - 2]} of an entry of position p from the buffers where its {@code seen} value is the entry's current
     * value, else from the text ({@code seen} null: always from the text). {@code run} carries the pass's running
     * values from block to block (see {@link #leftStart}).
     */
    static void leftBlock(final byte[] bytes, final int[] ints, final int[] sa, final int lo, final int hi,
                          final int[] state, final int[] run, final int[] seen, final int[] firsts,
                          final int[] seconds) {
        int d = run[0];
        int keptGroup = run[1];
        int kept = run[2];
        for (int i = lo; i < hi; i++) {
            final int v = sa[i];
            d += (v >>> 30) & 1;
            if (v < 0) {
                if (d != keptGroup) {
                    if (kept >= 0) {
                        sa[kept] |= MARK;
                    }
                    keptGroup = d;
                }
                sa[i] = v & POSITION;
                kept = i;
                continue;
            }
            sa[i] = 0;
            final int j = (v & POSITION) - 1;
            if (j >= 0) {
                final boolean hit = seen != null && seen[i - lo] == v;
                final int c = hit ? firsts[i - lo] : InducedSorting.chr(bytes, ints, j);
                final int before = hit ? seconds[i - lo] : InducedSorting.chr(bytes, ints, Math.max(j - 1, 0));
                int w = j;
                w |= changed(state[2 * c + 1], d);
                state[2 * c + 1] = d;
                if (j > 0 && before < c) {
                    w |= SKIP;
                }
                sa[state[2 * c]++] = w;
            }
        }
        run[0] = d;
        run[1] = keptGroup;
        run[2] = kept;
    }

    /**
     * {@link #rightBytes}'s loop over {@code sa[lo, hi)}, right to left (the int levels' S pass is this over the whole
     * array); symbols as in {@link #leftBlock}; {@code group[0]} carries the group d from block to block.
     */
    static void rightBlock(final byte[] bytes, final int[] ints, final int[] sa, final int lo, final int hi,
                           final int[] state, final int[] group, final int[] seen, final int[] firsts,
                           final int[] seconds) {
        int d = group[0];
        for (int i = hi - 1; i >= lo; i--) {
            final int v = sa[i];
            d += (v >>> 30) & 1;
            final int j = (v & POSITION) - 1;
            if (v < 0 || j < 0) {
                continue;
            }
            sa[i] = v & MARK;
            final boolean hit = seen != null && seen[i - lo] == v;
            final int c = hit ? firsts[i - lo] : InducedSorting.chr(bytes, ints, j);
            final int before = hit ? seconds[i - lo] : InducedSorting.chr(bytes, ints, Math.max(j - 1, 0));
            int w = j;
            w |= changed(state[2 * c + 1], d);
            state[2 * c + 1] = d;
            if (j > 0 && before > c) {
                w |= SKIP;
            }
            sa[--state[2 * c]] = w;
        }
        group[0] = d;
    }
}
