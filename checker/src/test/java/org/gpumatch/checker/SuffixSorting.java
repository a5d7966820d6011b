package org.gpumatch.checker;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Test oracles that build suffix arrays (unsigned bytes, a proper prefix first): a brute-force comparator sort for
 * tiny texts and prefix doubling, O(n log n), for texts of a few megabytes.
 */
final class SuffixSorting {
    private SuffixSorting() {
    }

    /** Sorts the suffixes by direct comparison: O(n^2 log n), for tiny texts. */
    static int[] bruteForce(final byte[] t) {
        final Comparator<Integer> bySuffix = (a, b) -> Arrays.compareUnsigned(t, a, t.length, t, b, t.length);
        return IntStream.range(0, t.length).boxed().sorted(bySuffix).mapToInt(Integer::intValue).toArray();
    }

    /**
     * Prefix doubling (Manber-Myers with counting sorts): after the round for h, suffixes are sorted by their first 2h
     * bytes; stops when all ranks differ. O(n log n) time, 4 int arrays.
     */
    static int[] prefixDoubling(final byte[] t) {
        final int n = t.length;
        final int[] sa = new int[n];
        int[] rank = new int[n];
        int[] tmp = new int[n];
        final int[] count = new int[Math.max(n, 256) + 1];
        for (int i = 0; i < n; i++) {
            rank[i] = t[i] & 0xFF;
            count[rank[i] + 1]++;
        }
        for (int r = 1; r < count.length; r++) {
            count[r] += count[r - 1];
        }
        for (int i = 0; i < n; i++) {
            sa[count[rank[i]]++] = i;
        }
        for (int h = 1; n > 1; h <<= 1) {
            // Order by the second key (rank of i + h, empty sorts first), then stably by the first key.
            int p = 0;
            for (int i = n - h; i < n; i++) {
                if (i >= 0) {
                    tmp[p++] = i;
                }
            }
            for (int k = 0; k < n; k++) {
                if (sa[k] >= h) {
                    tmp[p++] = sa[k] - h;
                }
            }
            Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[rank[i] + 1]++;
            }
            for (int r = 1; r < count.length; r++) {
                count[r] += count[r - 1];
            }
            for (int k = 0; k < n; k++) {
                sa[count[rank[tmp[k]]]++] = tmp[k];
            }
            // New rank: index of the first suffix of its group of equal (first key, second key).
            tmp[sa[0]] = 0;
            for (int k = 1; k < n; k++) {
                final int a = sa[k - 1];
                final int b = sa[k];
                final boolean same = rank[a] == rank[b] && secondKey(rank, a, h, n) == secondKey(rank, b, h, n);
                tmp[b] = same ? tmp[a] : k;
            }
            final int[] swap = rank;
            rank = tmp;
            tmp = swap;
            boolean distinct = true;
            for (int k = 1; k < n && distinct; k++) {
                distinct = rank[sa[k]] != rank[sa[k - 1]];
            }
            if (distinct) {
                break;
            }
        }
        return sa;
    }

    private static int secondKey(final int[] rank, final int i, final int h, final int n) {
        return i + h < n ? rank[i + h] : -1;
    }
}
