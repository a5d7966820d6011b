package org.gpumatch.bench.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.gpumatch.gpu.primitives.SortReference;
import org.junit.jupiter.api.Test;

/** The bench's linear-time sort checks accept the reference sorts and reject each kind of wrong result. */
class SortCheckTest {
    private static final int N = 5000;

    @Test
    void pairsU32AcceptTheReferenceAndRejectUnstableWrongOrDuplicatedResults() {
        int[] in = keys(N, 40);
        int[] keys = in.clone();
        int[] values = index(N);
        SortReference.sortU32(keys, values, 0, 32);
        assertThat(SortCheck.stablePairsU32(in, keys, values)).isTrue();

        int i = firstTie(keys);
        swap(values, i, i + 1); // equal keys, values out of their original order: unstable
        assertThat(SortCheck.stablePairsU32(in, keys, values)).isFalse();
        swap(values, i, i + 1);

        int[] wrongKey = keys.clone();
        wrongKey[7] ^= 1;
        assertThat(SortCheck.stablePairsU32(in, wrongKey, values)).isFalse();

        int[] duplicated = values.clone();
        duplicated[3] = duplicated[4];
        assertThat(SortCheck.stablePairsU32(in, keys, duplicated)).isFalse();

        int[] unsorted = keys.clone();
        int[] unsortedValues = values.clone();
        swap(unsorted, 0, N - 1);
        swap(unsortedValues, 0, N - 1);
        assertThat(SortCheck.stablePairsU32(in, unsorted, unsortedValues)).isFalse();
    }

    @Test
    void pairsU64AndKeysU32UseUnsignedOrder() {
        long[] in = new long[N];
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < N; i++) {
            in[i] = r.nextInt(3) == 0 ? -1L - r.nextInt(50) : r.nextInt(50);
        }
        long[] keys = in.clone();
        int[] values = index(N);
        SortReference.sortU64(keys, values, 0, 64);
        assertThat(SortCheck.stablePairsU64(in, keys, values)).isTrue();
        assertThat(keys[N - 1]).isNegative(); // unsigned: the negative keys sort last
        swap(keys, 0, N - 1);
        swap(values, 0, N - 1);
        assertThat(SortCheck.stablePairsU64(in, keys, values)).isFalse();

        int[] in32 = keys(N, Integer.MAX_VALUE);
        in32[0] = -5;
        int[] sorted = in32.clone();
        SortReference.sortU32(sorted, null, 0, 32);
        assertThat(SortCheck.sortedKeysU32(in32, sorted)).isTrue();
        sorted[N / 2] = sorted[N / 2 + 1];
        assertThat(SortCheck.sortedKeysU32(in32, sorted)).isFalse();
    }

    @Test
    void segmentedPairsStayInTheirSegments() {
        int[] in = keys(N, 30);
        int[] heads = new int[N];
        for (int i = 0; i < N; i += 97) {
            heads[i] = 1;
        }
        int[] keys = in.clone();
        int[] values = index(N);
        SortReference.segmentedSortU32(keys, values, heads);
        assertThat(SortCheck.stableSegmentedPairsU32(in, heads, keys, values)).isTrue();

        int[] whole = in.clone();
        int[] wholeValues = index(N);
        SortReference.sortU32(whole, wholeValues, 0, 32); // sorted across the segment borders
        assertThat(SortCheck.stableSegmentedPairsU32(in, heads, whole, wholeValues)).isFalse();
    }

    private static int[] keys(int n, int bound) {
        SplittableRandom r = new SplittableRandom(n + bound);
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            k[i] = r.nextInt(bound);
        }
        return k;
    }

    private static int[] index(int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i;
        }
        return v;
    }

    private static int firstTie(int[] sortedKeys) {
        for (int i = 0; i + 1 < sortedKeys.length; i++) {
            if (sortedKeys[i] == sortedKeys[i + 1]) {
                return i;
            }
        }
        throw new AssertionError("no equal neighbours");
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
