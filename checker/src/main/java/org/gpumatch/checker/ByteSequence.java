package org.gpumatch.checker;

/**
 * Read-only random access to the bytes of a text of any length, with {@code long} indices: the checker's view of the
 * text T.
 *
 * <p>Implementations: {@link #of(byte[])} wraps a heap array (no copy, at most 2^31-1 bytes);
 * {@link MappedByteSequence} maps a file of any size. Both cost O(1) per access and no memory beyond what they wrap.
 * The checker reads through the bulk methods {@link #copyTo} and {@link #pairsAt}, which each implementation overrides
 * with its own loop: one virtual call per chunk keeps the per-byte loops monomorphic, however many implementations a
 * JVM has seen.
 */
public interface ByteSequence {
    /** What {@link #pairsAt} stores for a position outside {@code [0, length())}. */
    int NO_PAIR = -1;

    /** @return the number of bytes, n */
    long length();

    /**
     * @param index in {@code [0, length())}
     * @return the byte at {@code index} as an unsigned value in {@code [0, 255]}
     */
    int byteAt(long index);

    /**
     * Copies consecutive bytes.
     *
     * @param from index of the first byte, {@code from + count <= length()}
     * @param dst dst[0..count-1], out: {@code T[from..from+count-1]}
     * @param count number of bytes
     */
    default void copyTo(final long from, final byte[] dst, final int count) {
        for (int k = 0; k < count; k++) {
            dst[k] = (byte) byteAt(from + k);
        }
    }

    /**
     * Gathers, for each position p, the byte at p and the byte before it: {@code pairs[k] = T[p] | T[p-1] << 8} for
     * {@code p = positions[k]} in {@code [1, n)}, {@code T[0]} for p = 0, and {@link #NO_PAIR} for p outside
     * {@code [0, n)}. The loads are independent, so the processor overlaps their cache misses.
     *
     * @param positions positions[0..count-1], in; any values
     * @param count number of positions
     * @param pairs pairs[0..count-1], out
     */
    default void pairsAt(final long[] positions, final int count, final int[] pairs) {
        final long n = length();
        for (int k = 0; k < count; k++) {
            final long p = positions[k];
            pairs[k] = p < 0 || p >= n ? NO_PAIR : p == 0 ? byteAt(0) : byteAt(p) | byteAt(p - 1) << 8;
        }
    }

    /**
     * Wraps an array without copying it; later changes to the array are visible through the view.
     *
     * @param bytes the text, any byte values
     * @return a view of {@code bytes}
     */
    static ByteSequence of(final byte[] bytes) {
        return new ByteArraySequence(bytes);
    }
}
