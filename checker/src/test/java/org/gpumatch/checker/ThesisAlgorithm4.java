package org.gpumatch.checker;

/**
 * The thesis' Algorithm 4 (section 5.3), transcribed line by line (0-based, as printed), only to show in tests that
 * it is wrong. The lookup table is left at Java's default 0 where the pseudo-code leaves it undefined, and a read
 * beyond the array (which the pseudo-code does not guard) counts as Failure.
 */
final class ThesisAlgorithm4 {
    private ThesisAlgorithm4() {
    }

    /**
     * @param lowestChecked 2 as printed ({@code if SA[i] > 1}); 1 with that line corrected to {@code SA[i] > 0}
     * @return {@code true} for Success
     */
    static boolean sufcheck(final byte[] t, final int[] sa, final int lowestChecked) {
        final int n = t.length;
        for (int i = 0; i < n; i++) {                                   // lines 2-6
            if (sa[i] < 0 || sa[i] >= n) {
                return false;
            }
        }
        for (int i = 1; i < n; i++) {                                   // lines 7-11
            if ((t[sa[i - 1]] & 0xFF) > (t[sa[i]] & 0xFF)) {
                return false;
            }
        }
        final int[] l = new int[256];                                   // line 12
        for (int i = n - 1; i >= 0; i--) {                              // lines 13-15
            l[t[sa[i]] & 0xFF] = i;
        }
        if (n > 0) {
            l[t[n - 1] & 0xFF]++;                                       // line 16
        }
        for (int i = 0; i < n; i++) {                                   // lines 17-25
            if (sa[i] >= lowestChecked) {
                final int c = t[sa[i] - 1] & 0xFF;
                if (l[c] >= n || sa[l[c]] + 1 != sa[i]) {
                    return false;
                }
                l[c]++;
            }
        }
        return true;
    }
}
