package org.gpumatch.suffixarray;

import java.util.Arrays;
import org.gpumatch.checker.IndexSequence;

/**
 * A {@code long} array of any length (up to 2^31 pages) kept in pages of {@code 2^shift} entries on the heap, read and
 * written with {@code long} indices; the suffix array of {@link LongSaisBuilder} and its work arrays. As an
 * {@link IndexSequence} it is a long-indexed view the checker, {@link LongSuffixArraySearch} and
 * {@link SuffixArrayFiles#write(IndexSequence, java.nio.file.Path, org.gpumatch.checker.EntryFormat)} read directly.
 *
 * <p>Cost: O(1) per access (a page lookup, then the entry: two dependent loads, the first almost always in L1); memory
 * 8 bytes per entry, rounded up to whole pages only for the last page (it is cut to the length).
 */
public final class LongPages implements IndexSequence {
    /** The default page: 2^26 entries, 512 MiB (few pages, each one G1 humongous object). */
    public static final int DEFAULT_SHIFT = 26;

    private final long[][] pages;
    private final PageGeometry geometry;
    private final int shift;
    private final long mask;
    private final long length;

    /**
     * Zero-filled.
     *
     * @param length entries, at least 0
     * @param shift  log2 of the entries per page, 1 to 30
     */
    public LongPages(final long length, final int shift) {
        this.geometry = new PageGeometry(length, shift, "entries");
        this.shift = shift;
        this.mask = geometry.mask;
        this.length = length;
        this.pages = new long[geometry.count][];
        for (int p = 0; p < pages.length; p++) {
            pages[p] = new long[geometry.pageLength(p)];
        }
    }

    @Override
    public long length() {
        return length;
    }

    /** @return log2 of the entries per page */
    public int shift() {
        return shift;
    }

    /** @param i in {@code [0, length())} @return the entry */
    public long get(final long i) {
        return pages[(int) (i >>> shift)][(int) (i & mask)];
    }

    /** @param i in {@code [0, length())} @param v the new entry */
    public void set(final long i, final long v) {
        pages[(int) (i >>> shift)][(int) (i & mask)] = v;
    }

    /** Sets {@code [from, to)} to v, page by page. */
    public void fill(final long from, final long to, final long v) {
        long i = from;
        while (i < to) {
            final int off = (int) (i & mask);
            final int run = (int) Math.min(to - i, mask + 1 - off);
            Arrays.fill(pages[(int) (i >>> shift)], off, off + run, v);
            i += run;
        }
    }

    @Override
    public long valueAt(final long index) {
        return get(index);
    }

    @Override
    public void copyTo(final long from, final long[] dst, final int count) {
        geometry.copyTo(pages, from, dst, count);
    }

    @Override
    public void gather(final long[] indices, final int count, final long[] dst) {
        for (int k = 0; k < count; k++) {
            if (indices[k] >= 0) {
                dst[k] = get(indices[k]);
            }
        }
    }
}
