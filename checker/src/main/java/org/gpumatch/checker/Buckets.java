package org.gpumatch.checker;

/**
 * The bucket layout of a suffix array, from the character counts of its text: the suffixes starting with byte c
 * occupy indices {@code [start(c), end(c))}, buckets in byte order. Holds 257 longs whatever n is.
 */
final class Buckets {
    /** Alphabet size of a byte text. */
    static final int SIGMA = 256;

    /** Bytes copied per bulk read while counting. */
    private static final int COUNT_CHUNK = 1 << 16;

    /** bucket c is {@code [bounds[c], bounds[c + 1])}. */
    private final long[] bounds;

    private Buckets(final long[] bounds) {
        this.bounds = bounds;
    }

    /**
     * Adds the number of occurrences of each byte in {@code text[from, to)} to {@code counts}. O(to - from) time,
     * one sequential pass through a scratch buffer of at most 64 KiB.
     *
     * @param counts {@code counts[c]}, {@link #SIGMA} entries, incremented
     */
    static void countBytes(final ByteSequence text, final long from, final long to, final long[] counts) {
        final byte[] chunk = new byte[(int) Math.min(COUNT_CHUNK, to - from)];
        for (long i = from; i < to; i += chunk.length) {
            final int len = (int) Math.min(chunk.length, to - i);
            text.copyTo(i, chunk, len);
            for (int k = 0; k < len; k++) {
                counts[chunk[k] & 0xFF]++;
            }
        }
    }

    /** @param counts occurrences of each byte in the whole text, {@link #SIGMA} entries */
    static Buckets fromCounts(final long[] counts) {
        final long[] bounds = new long[SIGMA + 1];
        for (int c = 0; c < SIGMA; c++) {
            bounds[c + 1] = bounds[c] + counts[c];
        }
        return new Buckets(bounds);
    }

    /** @return the first index of the bucket of {@code c} */
    long start(final int c) {
        return bounds[c];
    }

    /** @return one past the last index of the bucket of {@code c} */
    long end(final int c) {
        return bounds[c + 1];
    }

    /**
     * @param index in {@code [0, n)}
     * @return the character whose (non-empty) bucket contains {@code index}
     */
    int charAt(final long index) {
        int c = 0;
        while (index >= bounds[c + 1]) {
            c++;
        }
        return c;
    }
}
