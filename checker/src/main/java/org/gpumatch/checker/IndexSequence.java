package org.gpumatch.checker;

/**
 * Read-only random access to the entries of an array offered as a suffix array, with {@code long} indices and values:
 * the checker's view of SA.
 *
 * <p>Values are whatever the producer wrote, negative or too large ones included: judging them is the checker's job.
 * Implementations: {@link #of(int[])} and {@link #of(long[])} wrap heap arrays (no copy); {@link MappedIndexSequence}
 * maps a file of little-endian int32, int64 or int40 entries. All cost O(1) per access and no memory beyond what they
 * wrap. The checker reads through the bulk methods {@link #copyTo} and {@link #gather}, which each implementation
 * overrides with its own loop, so that the per-entry loops stay monomorphic.
 */
public interface IndexSequence {

    /** @return the number of entries */
    long length();

    /**
     * @param index in {@code [0, length())}
     * @return the entry at {@code index}, as stored (int32 entries sign-extended, int40 entries unsigned)
     */
    long valueAt(long index);

    /**
     * Copies consecutive entries.
     *
     * @param from index of the first entry, {@code from + count <= length()}
     * @param dst dst[0..count-1], out: {@code SA[from..from+count-1]}
     * @param count number of entries
     */
    default void copyTo(final long from, final long[] dst, final int count) {
        for (int k = 0; k < count; k++) {
            dst[k] = valueAt(from + k);
        }
    }

    /**
     * Reads the entries at given indices: {@code dst[k] = SA[indices[k]]} where {@code indices[k] >= 0}; where it is
     * negative, {@code dst[k]} is left alone. The loads are independent, so the processor overlaps their cache misses.
     *
     * @param indices indices[0..count-1], in; each negative or in {@code [0, length())}
     * @param count number of indices
     * @param dst dst[0..count-1], out
     */
    default void gather(final long[] indices, final int count, final long[] dst) {
        for (int k = 0; k < count; k++) {
            if (indices[k] >= 0) {
                dst[k] = valueAt(indices[k]);
            }
        }
    }

    /**
     * Wraps an array without copying it.
     *
     * @param values the entries
     * @return a view of {@code values}
     */
    static IndexSequence of(final int[] values) {
        return new IntArrayIndexSequence(values);
    }

    /**
     * Wraps an array without copying it.
     *
     * @param values the entries
     * @return a view of {@code values}
     */
    static IndexSequence of(final long[] values) {
        return new LongArrayIndexSequence(values);
    }
}
