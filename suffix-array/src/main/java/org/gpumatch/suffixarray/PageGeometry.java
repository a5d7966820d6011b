package org.gpumatch.suffixarray;

/**
 * The page arithmetic {@link LongPages} and {@link PagedBytes} share: {@code length} entries in pages of
 * {@code 2^shift}, every page full but the last, which is cut to the length; entry {@code i} lies in page
 * {@code i >>> shift} at offset {@code i & mask}.
 */
final class PageGeometry {
    final int shift;
    final long mask;
    /** Pages. */
    final int count;
    private final long length;

    /**
     * @param length entries, at least 0
     * @param shift  log2 of the entries per page, 1 to 30
     * @param unit   what an entry is, for the error ("entries", "bytes")
     * @throws IllegalArgumentException for a negative length, a shift out of range, or too many pages
     */
    PageGeometry(final long length, final int shift, final String unit) {
        if (length < 0 || shift < 1 || shift > 30 || (length >>> shift) >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cannot page " + length + " " + unit + " in pages of 2^" + shift);
        }
        this.shift = shift;
        this.mask = (1L << shift) - 1;
        this.length = length;
        this.count = (int) ((length + mask) >>> shift);
    }

    /** @param p a page, in {@code [0, count)} @return its entries */
    int pageLength(final int p) {
        return (int) Math.min(mask + 1, length - ((long) p << shift));
    }

    /**
     * Copies entries {@code [from, from + count)} of {@code pages} into {@code dst} (an array of the pages' element
     * type), one {@link System#arraycopy} per page the range touches.
     */
    void copyTo(final Object[] pages, final long from, final Object dst, final int count) {
        int k = 0;
        while (k < count) {
            final long i = from + k;
            final int off = (int) (i & mask);
            final int run = (int) Math.min(count - k, mask + 1 - off);
            System.arraycopy(pages[(int) (i >>> shift)], off, dst, k, run);
            k += run;
        }
    }
}
