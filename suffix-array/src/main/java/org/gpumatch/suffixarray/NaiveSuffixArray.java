package org.gpumatch.suffixarray;

import java.util.Arrays;

/**
 * The reference construction for tests: sorts the suffixes by direct comparison. O(n^2 log n) worst case (a text of
 * one repeated byte); meant for n up to a few thousand. Memory: 4n bytes of boxed indices plus the result.
 */
public final class NaiveSuffixArray {
    private NaiveSuffixArray() {
    }

    /**
     * @param text any bytes
     * @return the suffix array (unsigned byte order, a proper prefix first)
     */
    public static int[] build(final byte[] text) {
        final Integer[] order = new Integer[text.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(text, a, text.length, text, b, text.length));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }
}
