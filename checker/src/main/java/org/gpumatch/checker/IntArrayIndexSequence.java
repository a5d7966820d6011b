package org.gpumatch.checker;

import java.util.Objects;

/** {@link IndexSequence} over a heap {@code int[]}, no copy. */
final class IntArrayIndexSequence implements IndexSequence {
    private final int[] values;

    IntArrayIndexSequence(final int[] values) {
        this.values = Objects.requireNonNull(values, "values");
    }

    @Override
    public long length() {
        return values.length;
    }

    @Override
    public long valueAt(final long index) {
        return values[(int) index];
    }

    @Override
    public void copyTo(final long from, final long[] dst, final int count) {
        final int[] a = values;
        final int start = (int) from;
        for (int k = 0; k < count; k++) {
            dst[k] = a[start + k];
        }
    }

    @Override
    public void gather(final long[] indices, final int count, final long[] dst) {
        final int[] a = values;
        for (int k = 0; k < count; k++) {
            final long i = indices[k];
            if (i >= 0) {
                dst[k] = a[(int) i];
            }
        }
    }
}
