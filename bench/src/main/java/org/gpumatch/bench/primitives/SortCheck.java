package org.gpumatch.bench.primitives;

import java.util.Arrays;

/**
 * Exact checks of the bench's sort results in linear time, where a reference sort of 2^27 elements on one thread took
 * longer than the device runs of a whole row. A stable sort of pairs whose values are the elements' original indexes
 * is right exactly when the values are a permutation of the indexes, every output key is the input key of its value,
 * and consecutive outputs are ordered by (unsigned key, value); a segmented sort additionally keeps every element in
 * its own segment and orders only within segments. Cost: one or two passes over the output; memory: 1 byte per element
 * for the permutation test (4 for the segment ids). Keys without values are compared with a parallel sort of a copy.
 */
final class SortCheck {
    private SortCheck() {
    }

    /** Whether {@code outKeys}/{@code outValues} are the stable unsigned sort of {@code inKeys} with values 0..n-1. */
    static boolean stablePairsU32(int[] inKeys, int[] outKeys, int[] outValues) {
        if (!keysFollowValues(inKeys, outKeys, outValues)) {
            return false;
        }
        for (int i = 1; i < inKeys.length; i++) {
            if (!inOrder(outKeys[i - 1] & 0xFFFFFFFFL, outValues[i - 1], outKeys[i] & 0xFFFFFFFFL, outValues[i])) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code outKeys}/{@code outValues} are the stable unsigned sort of {@code inKeys} with values 0..n-1. */
    static boolean stablePairsU64(long[] inKeys, long[] outKeys, int[] outValues) {
        int n = inKeys.length;
        if (outKeys.length < n || outValues.length < n || !permutation(outValues, n)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            long key = outKeys[i];
            if (key != inKeys[outValues[i]]) {
                return false;
            }
            if (i > 0 && !inOrderU64(outKeys[i - 1], outValues[i - 1], key, outValues[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code outKeys}/{@code outValues} are the per-segment stable unsigned sort of {@code inKeys} with values
     * 0..n-1, segments starting where {@code heads[i] != 0} (and at 0).
     */
    static boolean stableSegmentedPairsU32(int[] inKeys, int[] heads, int[] outKeys, int[] outValues) {
        int n = inKeys.length;
        if (!keysFollowValues(inKeys, outKeys, outValues)) {
            return false;
        }
        int[] segment = new int[n];
        for (int i = 1; i < n; i++) {
            segment[i] = segment[i - 1] + (heads[i] != 0 ? 1 : 0);
        }
        for (int i = 0; i < n; i++) {
            if (segment[outValues[i]] != segment[i]) {
                return false;
            }
            boolean sameSegment = i > 0 && segment[i] == segment[i - 1];
            if (sameSegment && !inOrder(outKeys[i - 1] & 0xFFFFFFFFL, outValues[i - 1], outKeys[i] & 0xFFFFFFFFL,
                    outValues[i])) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code outKeys} is {@code inKeys} sorted as unsigned ints (a parallel sort of a copy, sign bit flipped). */
    static boolean sortedKeysU32(int[] inKeys, int[] outKeys) {
        int n = inKeys.length;
        if (outKeys.length < n) {
            return false;
        }
        int[] want = new int[n];
        Arrays.parallelSetAll(want, i -> inKeys[i] ^ Integer.MIN_VALUE);
        Arrays.parallelSort(want);
        for (int i = 0; i < n; i++) {
            if ((want[i] ^ Integer.MIN_VALUE) != outKeys[i]) {
                return false;
            }
        }
        return true;
    }

    /** The values are a permutation of 0..n-1 and each output key is its value's input key (no order checked). */
    private static boolean keysFollowValues(int[] inKeys, int[] outKeys, int[] outValues) {
        int n = inKeys.length;
        if (outKeys.length < n || outValues.length < n || !permutation(outValues, n)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (outKeys[i] != inKeys[outValues[i]]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the first {@code n} of {@code values} hold each of 0..n-1 once. */
    private static boolean permutation(int[] values, int n) {
        boolean[] seen = new boolean[n];
        for (int i = 0; i < n; i++) {
            int v = values[i];
            if (v < 0 || v >= n || seen[v]) {
                return false;
            }
            seen[v] = true;
        }
        return true;
    }

    /** (unsigned key a, value va) strictly before (key b, value vb): stable order of distinct original indexes. */
    private static boolean inOrder(long a, int va, long b, int vb) {
        return a < b || (a == b && va < vb);
    }

    private static boolean inOrderU64(long a, int va, long b, int vb) {
        int c = Long.compareUnsigned(a, b);
        return c < 0 || (c == 0 && va < vb);
    }
}
