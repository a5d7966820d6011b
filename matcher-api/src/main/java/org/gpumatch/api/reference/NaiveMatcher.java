package org.gpumatch.api.reference;

import org.gpumatch.api.Algorithm;

/**
 * The oracle: compares the pattern at every offset. O(nm) worst case, O(n) on random text; no extra memory beyond the
 * result (4 bytes per match). Every other matcher is tested against this one.
 */
public final class NaiveMatcher extends CpuReferenceMatcher {
    public NaiveMatcher() {
        super(Algorithm.NAIVE);
    }

    /** Counts the occurrences of {@code p} in {@code t}, storing offsets into {@code out} when it is not null. */
    @Override
    long search(byte[] t, byte[] p, int[] out) {
        int n = t.length;
        int m = p.length;
        long found = 0;
        for (int i = 0; i + m <= n; i++) {
            if (matchesAt(t, i, p)) {
                if (out != null) {
                    out[(int) found] = i;
                }
                found++;
            }
        }
        return found;
    }

    /** Whether {@code t[i..i+m) == p}; the caller guarantees {@code i + m <= t.length}. */
    public static boolean matchesAt(byte[] t, int i, byte[] p) {
        for (int j = 0; j < p.length; j++) {
            if (t[i + j] != p[j]) {
                return false;
            }
        }
        return true;
    }
}
