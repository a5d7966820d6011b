package org.gpumatch.checker;

import java.util.Objects;

/** {@link ByteSequence} over a heap {@code byte[]}, no copy. */
final class ByteArraySequence implements ByteSequence {
    private final byte[] bytes;

    ByteArraySequence(final byte[] bytes) {
        this.bytes = Objects.requireNonNull(bytes, "bytes");
    }

    @Override
    public long length() {
        return bytes.length;
    }

    @Override
    public int byteAt(final long index) {
        return bytes[(int) index] & 0xFF;
    }

    @Override
    public void copyTo(final long from, final byte[] dst, final int count) {
        System.arraycopy(bytes, (int) from, dst, 0, count);
    }

    @Override
    public void pairsAt(final long[] positions, final int count, final int[] pairs) {
        final byte[] t = bytes;
        for (int k = 0; k < count; k++) {
            final long p = positions[k];
            if (p > 0 && p < t.length) {
                pairs[k] = t[(int) p] & 0xFF | (t[(int) p - 1] & 0xFF) << 8;
            } else {
                pairs[k] = p == 0 && t.length > 0 ? t[0] & 0xFF : NO_PAIR;
            }
        }
    }
}
