package org.gpumatch.checker;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The two passes over one block {@code [from, to)} of a suffix array: counting the bytes that precede its suffixes
 * (so that later blocks know where their bucket pointers start), and verifying it. A sequential check is one block; a
 * parallel check runs many, one {@code BlockScan} each. O(to - from) time.
 *
 * <p>Both passes work in chunks of up to {@link #CHUNK} entries, with one bulk call per chunk into the text and the
 * suffix array: copy the entries, gather the text bytes they point to, and (verification) gather the entries at the
 * bucket indices handed out. Bulk calls keep each implementation's per-entry loop monomorphic, and their loads are
 * independent, so the processor overlaps many cache misses. Scratch: four arrays of at most {@link #CHUNK} entries
 * (28 KiB), whatever n is.
 */
final class BlockScan {
    /** Entries per chunk; also how often a verifying block looks at the first failure found by other blocks. */
    static final int CHUNK = 1 << 10;
    /** Marks an entry of {@link #slots} that has no bucket index to read (its suffix is 0). */
    private static final long NO_SLOT = -1;

    private final ByteSequence text;
    private final IndexSequence sa;
    private final long n;
    /** SA[i] for the indices of the current chunk. */
    private final long[] entries;
    /** {@code T[SA[i]] | T[SA[i]-1] << 8} (see {@link ByteSequence#pairsAt}). */
    private final int[] pairs;
    /** The bucket index handed out at i, or {@link #NO_SLOT}. */
    private final long[] slots;
    /** SA at {@link #slots}. */
    private final long[] found;

    /**
     * @param maxBlock the largest block this scan will be given; sizes the scratch arrays
     */
    BlockScan(final ByteSequence text, final IndexSequence sa, final long maxBlock) {
        this.text = text;
        this.sa = sa;
        this.n = text.length();
        final int size = (int) Math.max(1, Math.min(CHUNK, maxBlock));
        this.entries = new long[size];
        this.pairs = new int[size];
        this.slots = new long[size];
        this.found = new long[size];
    }

    /**
     * Adds, for each i in {@code [from, to)} with {@code 0 < SA[i] < n}, one to {@code counts[T[SA[i] - 1]]}: exactly
     * the bucket pointer advances that {@link #verify} makes on a block without violations. Out-of-range entries are
     * skipped (verification reports them).
     *
     * @param counts {@link Buckets#SIGMA} entries, incremented
     */
    void countPredecessors(final long from, final long to, final long[] counts) {
        for (long chunk = from; chunk < to; chunk += entries.length) {
            final int len = load(chunk, to);
            for (int k = 0; k < len; k++) {
                if (pairs[k] != ByteSequence.NO_PAIR && entries[k] != 0) {
                    counts[pairs[k] >>> 8]++;
                }
            }
        }
    }

    /**
     * Verifies indices {@code [from, to)} of SA: at each i, in this order, {@link Condition#RANGE},
     * {@link Condition#FIRST_CHARACTER}, {@link Condition#LAST_SUFFIX} and {@link Condition#ORDER}, the last one
     * handing out the next index of the bucket of {@code T[SA[i]-1]}.
     *
     * @param buckets the bucket layout of the text
     * @param next {@code next[c]}: the next index to hand out in the bucket of c when the scan reaches {@code from};
     *             advanced in place
     * @param firstFailure the smallest failing index any block has reported so far; this block gives up (returns
     *                     {@code null}) once it has scanned past it, since it can no longer report a smaller one
     * @return the first violation in the block, or {@code null} if none (or given up)
     */
    Verdict verify(final Buckets buckets, final long from, final long to, final long[] next,
                   final AtomicLong firstFailure) {
        final int lastChar = text.byteAt(n - 1);
        final long lastSlot = buckets.start(lastChar);
        int bucketChar = buckets.charAt(from);
        long bucketEnd = buckets.end(bucketChar);
        for (long chunk = from; chunk < to; chunk += entries.length) {
            if (chunk > firstFailure.get()) {
                return null;
            }
            final int len = load(chunk, to);
            // Conditions that need no further read; hand out bucket indices. Stops at the first failure, at k.
            Verdict failure = null;
            int k = 0;
            for (; k < len; k++) {
                final long i = chunk + k;
                final long v = entries[k];
                final int pair = pairs[k];
                if (pair == ByteSequence.NO_PAIR) {
                    failure = Verdict.range(i, v, n);
                    break;
                }
                while (i >= bucketEnd) {
                    bucketChar++;
                    bucketEnd = buckets.end(bucketChar);
                }
                final int first = pair & 0xFF;
                if (first != bucketChar) {
                    failure = Verdict.firstCharacter(i, v, bucketChar, first, buckets.start(bucketChar), bucketEnd);
                    break;
                }
                if (i == lastSlot && v != n - 1) {
                    failure = Verdict.lastSuffix(i, v, n, lastChar);
                    break;
                }
                if (v == 0) {
                    slots[k] = NO_SLOT;
                    continue;
                }
                final int c = pair >>> 8;
                final long slot = next[c];
                if (slot >= buckets.end(c)) {
                    failure = Verdict.orderBucketFull(i, v, c, buckets.start(c), buckets.end(c));
                    break;
                }
                slots[k] = slot;
                next[c] = slot + 1;
            }
            // Order at the indices before k: each handed-out index must hold the preceding suffix.
            sa.gather(slots, k, found);
            for (int j = 0; j < k; j++) {
                if (slots[j] != NO_SLOT && found[j] != entries[j] - 1) {
                    final int c = pairs[j] >>> 8;
                    return Verdict.orderMismatch(chunk + j, entries[j], slots[j], found[j], c);
                }
            }
            if (failure != null) {
                return failure;
            }
        }
        return null;
    }

    /**
     * Copies {@code SA[chunk, min(to, chunk + CHUNK))} into {@link #entries} and gathers into {@link #pairs} the
     * text bytes each entry points to.
     *
     * @return the number of entries loaded
     */
    private int load(final long chunk, final long to) {
        final int len = (int) Math.min(entries.length, to - chunk);
        sa.copyTo(chunk, entries, len);
        text.pairsAt(entries, len, pairs);
        return len;
    }
}
