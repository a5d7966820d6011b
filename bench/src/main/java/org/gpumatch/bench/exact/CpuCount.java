package org.gpumatch.bench.exact;

import java.util.stream.IntStream;
import org.gpumatch.api.reference.NaiveMatcher;

/**
 * The validation oracle for large benchmark texts: the naive count, split over all cores in blocks that overlap by
 * m-1 bytes (each block counts the windows that start in it). Exact; O(nm) worst case.
 */
public final class CpuCount {
    private static final int BLOCK = 1 << 22;

    private CpuCount() {
    }

    public static long count(byte[] text, byte[] pattern) {
        int n = text.length;
        int m = pattern.length;
        if (m > n) {
            return 0;
        }
        int windows = n - m + 1;
        int blocks = (windows + BLOCK - 1) / BLOCK;
        return IntStream.range(0, blocks).parallel().mapToLong(b -> {
            int from = b * BLOCK;
            int to = (int) Math.min((long) from + BLOCK, windows);
            long c = 0;
            byte first = pattern[0];
            for (int i = from; i < to; i++) {
                if (text[i] == first && NaiveMatcher.matchesAt(text, i, pattern)) {
                    c++;
                }
            }
            return c;
        }).sum();
    }
}
