package org.gpumatch.api.kmismatch;

import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/**
 * The reference oracle: for every offset, compare all m symbols (no early exit, so the distance is exact even above
 * k). Cost: (n-m+1) * m byte comparisons, single thread; memory: the hits (8 bytes each) plus one int per window.
 */
public final class NaiveKMismatchMatcher implements KMismatchMatcher {

    @Override
    public String name() {
        return "naive";
    }

    /** The Hamming distance between the pattern and {@code text[j..j+m)}; m comparisons. */
    public static int distance(byte[] text, int j, byte[] pattern) {
        int d = 0;
        for (int i = 0; i < pattern.length; i++) {
            if (text[j + i] != pattern[i]) {
                d++;
            }
        }
        return d;
    }

    @Override
    public KMismatchHits find(Text text, Pattern pattern, int k) {
        KMismatchArguments.check(text, pattern, k);
        byte[] t = text.bytes();
        byte[] p = pattern.toByteArray();
        int windows = KMismatchArguments.windows(t.length, p.length);
        int[] dist = new int[windows];
        for (int j = 0; j < windows; j++) {
            dist[j] = distance(t, j, p);
        }
        return KMismatchHits.within(dist, k);
    }

    @Override
    public long count(Text text, Pattern pattern, int k) {
        return find(text, pattern, k).size();
    }
}
