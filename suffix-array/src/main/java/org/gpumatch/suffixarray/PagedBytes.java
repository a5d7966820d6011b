package org.gpumatch.suffixarray;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.gpumatch.checker.ByteSequence;

/**
 * A byte text of any length (up to 2^31 pages) on the heap in pages of {@code 2^shift} bytes, read with {@code long}
 * indices: the text of {@link LongSaisBuilder}. As a {@link ByteSequence} the checker and {@link LongSuffixArraySearch}
 * read it directly.
 *
 * <p>Cost: O(1) per access (page lookup, then the byte); memory one byte per text byte. Filled from a file in one
 * sequential pass ({@link #read}) or from any {@link ByteSequence} by its bulk copy ({@link #copyOf}).
 */
public final class PagedBytes implements ByteSequence {
    /** Eight bytes of a page as one {@code long}. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** The default page: 2^30 bytes. */
    public static final int DEFAULT_SHIFT = 30;

    private final byte[][] pages;
    private final PageGeometry geometry;
    private final int shift;
    private final long mask;
    private final long length;

    private PagedBytes(final long length, final int shift) {
        this.geometry = new PageGeometry(length, shift, "bytes");
        this.shift = shift;
        this.mask = geometry.mask;
        this.length = length;
        this.pages = new byte[geometry.count][];
        for (int p = 0; p < pages.length; p++) {
            pages[p] = new byte[geometry.pageLength(p)];
        }
    }

    /**
     * @param text  any bytes, any length
     * @param shift log2 of the bytes per page, 1 to 30
     * @return a paged copy
     */
    public static PagedBytes copyOf(final ByteSequence text, final int shift) {
        final PagedBytes t = new PagedBytes(text.length(), shift);
        for (int p = 0; p < t.pages.length; p++) {
            text.copyTo((long) p << shift, t.pages[p], t.pages[p].length);
        }
        return t;
    }

    /**
     * Reads a whole file, page by page.
     *
     * @param file  the text
     * @param shift log2 of the bytes per page, 1 to 30
     * @return its bytes
     * @throws IOException on read errors, or if the file ends early
     */
    public static PagedBytes read(final Path file, final int shift) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            final PagedBytes t = new PagedBytes(ch.size(), shift);
            for (final byte[] page : t.pages) {
                final ByteBuffer buf = ByteBuffer.wrap(page);
                while (buf.hasRemaining()) {
                    if (ch.read(buf) < 0) {
                        throw new IOException("unexpected end of '" + file + "'");
                    }
                }
            }
            return t;
        }
    }

    @Override
    public long length() {
        return length;
    }

    /** @param i in {@code [0, length())} @return the byte at i, unsigned */
    public int get(final long i) {
        return pages[(int) (i >>> shift)][(int) (i & mask)] & 0xFF;
    }

    /**
     * @param i in {@code [0, length())}
     * @return the bytes {@code [i, i + 8)} as one little-endian {@code long}, zeros past the end of the text (one load
     *         where the eight bytes lie in one page)
     */
    public long getLong(final long i) {
        final byte[] page = pages[(int) (i >>> shift)];
        final int off = (int) (i & mask);
        if (off + Long.BYTES <= page.length) {
            return (long) LONGS.get(page, off);
        }
        long h = 0;
        for (long d = Math.min(length, i + Long.BYTES) - 1; d >= i; d--) {
            h = h << 8 | get(d);
        }
        return h;
    }

    @Override
    public int byteAt(final long index) {
        return get(index);
    }

    @Override
    public void copyTo(final long from, final byte[] dst, final int count) {
        geometry.copyTo(pages, from, dst, count);
    }
}
