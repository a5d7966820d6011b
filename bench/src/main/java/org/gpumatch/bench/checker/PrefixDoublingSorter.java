package org.gpumatch.bench.checker;

/**
 * Bench fixture: builds the suffix array of a byte text (unsigned bytes, a proper prefix first) by prefix doubling
 * with counting sorts, so that {@link CheckerBench} can run without an external suffix array. O(n log L) time for a
 * longest repeat L; 12 bytes per text byte plus the 4-byte result. About 20 s for 100 MB of uniform ACGT on one core;
 * pass {@code --sa} with an array from {@code bench/native/sufcheck-bench} (libdivsufsort) to skip it.
 */
final class PrefixDoublingSorter {
    private PrefixDoublingSorter() {
    }

    /**
     * @param t the text, at most 2^31-1 bytes
     * @return SA[0..n-1]
     */
    static int[] sort(final byte[] t) {
        final int n = t.length;
        final int[] sa = new int[n];
        int[] rank = new int[n];
        int[] work = new int[n];
        final int[] bucket = new int[Math.max(n, 256) + 1];
        for (int i = 0; i < n; i++) {
            rank[i] = t[i] & 0xFF;
        }
        countingSortByRank(identity(work), rank, sa, bucket);
        for (int h = 1; n > 1; h <<= 1) {
            // Suffixes whose second half is empty come first; the others in the order of their second half.
            int p = 0;
            for (int i = Math.max(0, n - h); i < n; i++) {
                work[p++] = i;
            }
            for (final int s : sa) {
                if (s >= h) {
                    work[p++] = s - h;
                }
            }
            countingSortByRank(work, rank, sa, bucket);
            final int groups = renumber(sa, rank, work, h);
            final int[] swap = rank;
            rank = work;
            work = swap;
            if (groups == n) {
                break;
            }
        }
        return sa;
    }

    private static int[] identity(final int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        return a;
    }

    /** Stable counting sort of {@code order} by {@code rank} (values below {@code bucket.length - 1}) into {@code out}. */
    private static void countingSortByRank(final int[] order, final int[] rank, final int[] out, final int[] bucket) {
        java.util.Arrays.fill(bucket, 0);
        for (final int r : rank) {
            bucket[r + 1]++;
        }
        for (int r = 1; r < bucket.length; r++) {
            bucket[r] += bucket[r - 1];
        }
        for (final int i : order) {
            out[bucket[rank[i]]++] = i;
        }
    }

    /** Writes into {@code next} the rank of each suffix by its first 2h bytes (index of its group's first entry). */
    private static int renumber(final int[] sa, final int[] rank, final int[] next, final int h) {
        final int n = sa.length;
        int groups = 1;
        next[sa[0]] = 0;
        for (int k = 1; k < n; k++) {
            final int a = sa[k - 1];
            final int b = sa[k];
            final int secondA = a + h < n ? rank[a + h] : -1;
            final int secondB = b + h < n ? rank[b + h] : -1;
            if (rank[a] == rank[b] && secondA == secondB) {
                next[b] = next[a];
            } else {
                next[b] = k;
                groups++;
            }
        }
        return groups;
    }
}
