package org.gpumatch.api.multi;

import org.gpumatch.api.Text;

/**
 * The multi-pattern oracle: every pattern compared at every offset, byte by byte. {@code O(n * sum |P_i|)} byte
 * comparisons in the worst case; no memory beyond the result (8 bytes per occurrence for {@code find}). For tests.
 */
public final class NaiveMultiMatcher implements MultiPatternMatcher {
    @Override
    public String name() {
        return "multi-naive";
    }

    @Override
    public long[] count(Text text, PatternSet patterns) {
        long[] counts = new long[patterns.size()];
        scan(text.bytes(), patterns, (offset, index) -> counts[index]++);
        return counts;
    }

    @Override
    public MultiMatches find(Text text, PatternSet patterns) {
        int[][] buf = {new int[16], new int[16]};
        int[] size = {0};
        scan(text.bytes(), patterns, (offset, index) -> {
            if (size[0] == buf[0].length) {
                buf[0] = java.util.Arrays.copyOf(buf[0], 2 * size[0]);
                buf[1] = java.util.Arrays.copyOf(buf[1], 2 * size[0]);
            }
            buf[0][size[0]] = offset;
            buf[1][size[0]] = index;
            size[0]++;
        });
        return new MultiMatches(java.util.Arrays.copyOf(buf[0], size[0]), java.util.Arrays.copyOf(buf[1], size[0]));
    }

    private interface Sink {
        void accept(int offset, int index);
    }

    /** Offsets ascending, indices ascending within an offset: the order of {@link MultiMatches}. */
    private static void scan(byte[] t, PatternSet patterns, Sink sink) {
        for (int r = 0; r < t.length; r++) {
            for (int i = 0; i < patterns.size(); i++) {
                if (matchesAt(t, r, patterns.bytes(i))) {
                    sink.accept(r, i);
                }
            }
        }
    }

    private static boolean matchesAt(byte[] t, int r, byte[] p) {
        if (r + p.length > t.length) {
            return false;
        }
        for (int j = 0; j < p.length; j++) {
            if (t[r + j] != p[j]) {
                return false;
            }
        }
        return true;
    }
}
