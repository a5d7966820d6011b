package org.gpumatch.suffixarray;

import java.util.Arrays;

/**
 * CPU suffix array construction by induced sorting (SA-IS, Nong, Zhang and Chan 2009) with a virtual sentinel, so the
 * output has no sentinel entry and a proper prefix sorts first (identical to libdivsufsort's and libsais's output).
 *
 * <p>Cost: O(n) time; each level reads the text about 6 times and the suffix array about 4 times sequentially plus
 * random bucket writes; the recursion works on at most n/2 names. The suffix type is kept in the low bit of the
 * working copy of the text, so one random read gives bucket and type. Memory: the 4n-byte result plus a 4n-byte
 * {@code int} copy of the text and, for the recursion, at most 4n more bytes (12n bytes peak besides the text). Single-threaded: induced sorting is inherently sequential (libsais's parallel variant is future work).
 */
public final class SaisBuilder implements SuffixArrayBuilder {
    /** Largest text length: the Java array limit for the int result and working copies. */
    public static final int MAX_LENGTH = Integer.MAX_VALUE - 8;

    @Override
    public String name() {
        return "sais-cpu";
    }

    @Override
    public int[] build(final byte[] text, final Progress progress) {
        if (text.length > MAX_LENGTH) {
            throw new IllegalArgumentException("text of " + text.length + " bytes exceeds the int suffix array limit "
                    + MAX_LENGTH);
        }
        final int n = text.length;
        final int[] sa = new int[n];
        final int[] s = new int[n];
        for (int i = 0; i < n; i++) {
            s[i] = text[i] & 0xFF;
        }
        progress.report(0.05);
        sais(s, sa, n, 256, progress, 0);
        progress.report(1.0);
        return sa;
    }

    /**
     * Sorts the suffixes of {@code t[0, n)} (values in {@code [0, k)}) into {@code sa[0, n)}, a virtual sentinel
     * smaller than every value ending the text. Encodes the suffix types into {@code t} (see {@link #classify}).
     */
    private static void sais(final int[] t, final int[] sa, final int n, final int k, final Progress progress,
                             final int depth) {
        if (n == 0) {
            return;
        }
        if (n == 1) {
            sa[0] = 0;
            return;
        }
        classify(t, n);
        final int[] bucket = new int[k];
        // Stage 1: sort the LMS substrings by one induced-sorting round.
        Arrays.fill(sa, 0, n, -1);
        bucketEnds(t, n, bucket);
        for (int i = n - 1; i >= 1; i--) {
            if (isLms(t, i)) {
                sa[--bucket[t[i] >>> 1]] = i;
            }
        }
        induceL(t, sa, n, bucket);
        induceS(t, sa, n, bucket);
        if (depth == 0) {
            progress.report(0.35);
        }
        // Compact the sorted LMS positions into sa[0, n1) and name them.
        int n1 = 0;
        for (int i = 0; i < n; i++) {
            if (isLms(t, sa[i])) {
                sa[n1++] = sa[i];
            }
        }
        Arrays.fill(sa, n1, n, -1);
        int names = 0;
        int prev = -1;
        for (int i = 0; i < n1; i++) {
            final int pos = sa[i];
            if (prev < 0 || !equalLmsSubstrings(t, n, pos, prev)) {
                names++;
                prev = pos;
            }
            sa[n1 + (pos >> 1)] = names - 1;
        }
        int j = n - 1;
        for (int i = n - 1; i >= n1; i--) {
            if (sa[i] >= 0) {
                sa[j--] = sa[i];
            }
        }
        // Stage 2: sort the reduced string (recursively when names repeat).
        final int[] s1 = Arrays.copyOfRange(sa, n - n1, n);
        final int[] sa1 = new int[n1];
        if (names < n1) {
            sais(s1, sa1, n1, names, progress, depth + 1);
        } else {
            for (int i = 0; i < n1; i++) {
                sa1[s1[i]] = i;
            }
        }
        if (depth == 0) {
            progress.report(0.65);
        }
        // Stage 3: induce the full order from the sorted LMS suffixes.
        j = 0;
        for (int i = 1; i < n; i++) {
            if (isLms(t, i)) {
                s1[j++] = i;
            }
        }
        for (int i = 0; i < n1; i++) {
            sa1[i] = s1[sa1[i]];
        }
        Arrays.fill(sa, 0, n, -1);
        bucketEnds(t, n, bucket);
        for (int i = n1 - 1; i >= 0; i--) {
            final int p = sa1[i];
            sa[--bucket[t[p] >>> 1]] = p;
        }
        induceL(t, sa, n, bucket);
        induceS(t, sa, n, bucket);
    }

    /**
     * Encodes the suffix type into the text in place: {@code t[i] = value << 1 | S}, S = 1 when suffix i is smaller
     * than suffix i+1; the last suffix is L (the sentinel follows). One random read then yields bucket and type.
     */
    private static void classify(final int[] t, final int n) {
        t[n - 1] <<= 1;
        for (int i = n - 2; i >= 0; i--) {
            final int v = t[i];
            final int next = t[i + 1];
            final int nextValue = next >>> 1;
            final boolean s = v < nextValue || (v == nextValue && (next & 1) != 0);
            t[i] = v << 1 | (s ? 1 : 0);
        }
    }

    private static boolean isLms(final int[] t, final int i) {
        return i > 0 && (t[i] & 1) != 0 && (t[i - 1] & 1) == 0;
    }

    /** Whether the LMS substrings at a and b (each up to and including the next LMS position) are equal. */
    private static boolean equalLmsSubstrings(final int[] t, final int n, final int a, final int b) {
        for (int d = 0; ; d++) {
            if (a + d == n || b + d == n) {
                return false; // the virtual sentinel is unique
            }
            if (t[a + d] != t[b + d]) { // value and type
                return false;
            }
            if (d > 0) {
                final boolean endA = isLms(t, a + d);
                final boolean endB = isLms(t, b + d);
                if (endA || endB) {
                    return endA && endB;
                }
            }
        }
    }

    private static void counts(final int[] t, final int n, final int[] bucket) {
        Arrays.fill(bucket, 0);
        for (int i = 0; i < n; i++) {
            bucket[t[i] >>> 1]++;
        }
    }

    private static void bucketStarts(final int[] t, final int n, final int[] bucket) {
        counts(t, n, bucket);
        int sum = 0;
        for (int c = 0; c < bucket.length; c++) {
            final int count = bucket[c];
            bucket[c] = sum;
            sum += count;
        }
    }

    private static void bucketEnds(final int[] t, final int n, final int[] bucket) {
        counts(t, n, bucket);
        int sum = 0;
        for (int c = 0; c < bucket.length; c++) {
            sum += bucket[c];
            bucket[c] = sum;
        }
    }

    private static void induceL(final int[] t, final int[] sa, final int n, final int[] bucket) {
        bucketStarts(t, n, bucket);
        sa[bucket[t[n - 1] >>> 1]++] = n - 1; // induced by the virtual sentinel
        for (int i = 0; i < n; i++) {
            final int j = sa[i] - 1;
            if (j >= 0) {
                final int c = t[j];
                if ((c & 1) == 0) {
                    sa[bucket[c >>> 1]++] = j;
                }
            }
        }
    }

    private static void induceS(final int[] t, final int[] sa, final int n, final int[] bucket) {
        bucketEnds(t, n, bucket);
        for (int i = n - 1; i >= 0; i--) {
            final int j = sa[i] - 1;
            if (j >= 0) {
                final int c = t[j];
                if ((c & 1) != 0) {
                    sa[--bucket[c >>> 1]] = j;
                }
            }
        }
    }
}
