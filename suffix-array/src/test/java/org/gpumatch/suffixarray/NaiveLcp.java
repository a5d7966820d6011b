package org.gpumatch.suffixarray;

/** The reference LCP array of the tests: each pair of SA neighbours compared from scratch, O(n * average LCP). */
public final class NaiveLcp {
    private NaiveLcp() {
    }

    public static int[] of(byte[] text, int[] sa) {
        int[] lcp = new int[sa.length];
        for (int i = 1; i < sa.length; i++) {
            int a = sa[i - 1];
            int b = sa[i];
            int l = 0;
            while (a + l < text.length && b + l < text.length && text[a + l] == text[b + l]) {
                l++;
            }
            lcp[i] = l;
        }
        return lcp;
    }
}
