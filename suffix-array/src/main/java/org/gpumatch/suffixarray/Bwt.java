package org.gpumatch.suffixarray;

/**
 * The Burrows-Wheeler transform of a text from its suffix array, in libdivsufsort's {@code divbwt} convention: the BWT
 * of {@code T$} ({@code $} a unique sentinel smaller than every byte) with the {@code $} left out, plus the primary
 * index, the row of {@code $} in that (n+1)-row BWT.
 *
 * <p>So {@code bwt[0] = T[n-1]} (the row of suffix {@code $}), then for each i in SA order, {@code T[SA[i]-1]} except
 * for the row with {@code SA[i] = 0}, whose {@code $} is dropped; that row is {@code primaryIndex = i + 1}. FM-index
 * tools that use this convention re-insert {@code $} at the primary index. For n = 0 the BWT is empty and the primary
 * index 0.
 *
 * <p>Cost: one pass over SA (4n bytes read) with random reads of the text; writes n bytes.
 */
public record Bwt(byte[] bwt, int primaryIndex) {

    /**
     * @param text the text
     * @param sa its suffix array
     * @return the BWT and primary index
     * @throws IllegalArgumentException if the lengths differ or SA has no entry 0
     */
    public static Bwt of(final byte[] text, final int[] sa) {
        final int n = text.length;
        if (sa.length != n) {
            throw new IllegalArgumentException("suffix array has " + sa.length + " entries but the text has " + n
                    + " bytes");
        }
        if (n == 0) {
            return new Bwt(new byte[0], 0);
        }
        final byte[] out = new byte[n];
        out[0] = text[n - 1];
        int primary = -1;
        int k = 1;
        for (int i = 0; i < n; i++) {
            final int p = sa[i];
            if (p == 0) {
                primary = i + 1;
            } else if (k < n) {
                out[k++] = text[p - 1];
            }
        }
        if (primary < 0) {
            throw new IllegalArgumentException("suffix array has no entry 0");
        }
        return new Bwt(out, primary);
    }
}
