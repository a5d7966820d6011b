package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The grid's radix sort on OpenCL against {@link SortReference}: pairs carry their original index, so an exact match
 * also checks stability. Two small geometries (tiles of 512 over at most 3 work-groups, tiles of 1024 over at most 2)
 * so that the sizes cross tiles and group ranges: 0, 1, around 128, 192, 256, 512 and 1024 and non-multiples; key
 * shapes random, all-equal, sorted, reverse-sorted, top bit set (unsigned order), few distinct (duplicate-heavy); bit
 * ranges full, narrow, odd widths, empty; one size above 2^24 with the defaults.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RadixSortTest {
    /** Work-groups of 32 (tiles of 512), a grid of at most 3 work-groups. */
    private GpuArraySorter grid;
    /** Work-groups of 64 (tiles of 1024), a grid of at most 2 work-groups. */
    private GpuArraySorter wide;
    private GpuArraySorter[] all;

    @BeforeAll
    void open() {
        grid = new GpuArraySorter(TestDevices.openCl(), 32, 3);
        wide = new GpuArraySorter(TestDevices.openCl(), 64, 2);
        all = new GpuArraySorter[] {grid, wide};
    }

    @AfterAll
    void close() {
        for (GpuArraySorter s : new GpuArraySorter[] {grid, wide}) {
            if (s != null) {
                s.close();
            }
        }
    }

    private static final int[] SIZES = {0, 1, 2, 127, 128, 129, 191, 192, 193, 255, 256, 257, 385, 511, 512, 513, 1000, 1023, 1024, 1025, 4099};

    static int[] keys32(Random r, String shape, int n) {
        return switch (shape) {
            case "random" -> r.ints(n).toArray();
            case "equal" -> IntStream.range(0, n).map(i -> 0x9E3779B9).toArray();
            case "sorted" -> IntStream.range(0, n).toArray();
            case "reversed" -> IntStream.range(0, n).map(i -> n - i).toArray();
            case "topbit" -> r.ints(n).map(x -> x | 0x80000000 ^ (r.nextBoolean() ? 0x80000000 : 0)).toArray();
            default -> r.ints(n, 0, 4).map(x -> x * 0x40000001).toArray(); // few distinct, top and bottom bits
        };
    }

    private static final String[] SHAPES = {"random", "equal", "sorted", "reversed", "topbit", "few"};

    @Test
    void pairsU32AllShapesAndSizes() {
        Random r = new Random(1);
        for (GpuArraySorter s : all) {
            for (String shape : SHAPES) {
                for (int n : SIZES) {
                    checkPairsU32(s, keys32(r, shape, n), 0, 32, shape + " n=" + n);
                }
            }
        }
    }

    @Test
    void keysU32AndBitRanges() {
        Random r = new Random(2);
        int[][] ranges = {{0, 32}, {0, 1}, {31, 32}, {8, 13}, {3, 30}, {16, 16}, {0, 9}};
        for (GpuArraySorter s : all) {
            for (int[] range : ranges) {
                for (int n : new int[] {257, 3001}) {
                    int[] keys = r.ints(n).toArray();
                    int[] expected = keys.clone();
                    SortReference.sortU32(expected, null, range[0], range[1]);
                    s.sortKeys(keys, range[0], range[1]);
                    assertThat(keys).as("keys u32 [%d,%d) n=%d", range[0], range[1], n).containsExactly(expected);
                    checkPairsU32(s, r.ints(n).toArray(), range[0], range[1], "pairs range " + range[0] + ".." + range[1]);
                }
            }
        }
    }

    @Test
    void u64KeysAndPairs() {
        Random r = new Random(3);
        int[][] ranges = {{0, 64}, {0, 40}, {28, 37}, {60, 64}, {32, 64}, {5, 6}};
        for (GpuArraySorter s : all) {
            for (int[] range : ranges) {
                for (int n : new int[] {0, 1, 129, 2500}) {
                    checkU64(s, r.longs(n).map(x -> r.nextInt(4) == 0 ? x & 0xFFFF : x).toArray(), range[0], range[1]);
                }
            }
        }
    }

    @Test
    void aboveTwoToThe24() {
        Random r = new Random(4);
        int n = (1 << 24) + 3;
        try (GpuArraySorter big = new GpuArraySorter(TestDevices.openCl())) {
            checkPairsU32(big, r.ints(n).toArray(), 20, 28, "n=2^24+3"); // one pass keeps it to seconds on PoCL
            assertThat(big.lastLaunches()).isEqualTo(3);
        }
    }

    @Test
    void residentUseSortsTwice() {
        Random r = new Random(5);
        int[] keys = r.ints(5000).toArray();
        int[] values = IntStream.range(0, 5000).toArray();
        int[] ek = keys.clone();
        int[] ev = values.clone();
        SortReference.sortU32(ek, ev, 0, 16);
        SortReference.sortU32(ek, ev, 16, 32);
        for (GpuArraySorter s : all) {
            int[] k = keys.clone();
            int[] v = values.clone();
            s.load(k, v).sortLoaded(0, 16);
            s.sortLoaded(16, 32);
            s.download();
            assertThat(k).containsExactly(ek);
            assertThat(v).containsExactly(ev);
        }
    }

    @Test
    void badInputIsRejected() {
        assertThatThrownBy(() -> grid.sortKeys(new int[4], 0, 33)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bit range");
        assertThatThrownBy(() -> grid.sortKeys(new int[4], 5, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> grid.sortKeys(new long[4], 0, 65)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bit range");
        assertThatThrownBy(() -> grid.sortPairs(new int[4], new int[3], 0, 32))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length");
    }

    /** {@code keys} sorted as pairs with their indexes and alone on {@code [begin, end)}, against the reference. */
    static void checkU64(GpuArraySorter s, long[] keys, int begin, int end) {
        long[] onlyKeys = keys.clone();
        long[] expectedKeys = checkU64Pairs(s, keys, IntStream.range(0, keys.length).toArray(), begin, end);
        s.sortKeys(onlyKeys, begin, end);
        assertThat(onlyKeys).as("keys u64 [" + begin + "," + end + ") n=" + keys.length).containsExactly(expectedKeys);
    }

    /**
     * Sorts u64 keys with {@code values} on {@code [begin, end)} and checks both against {@link SortReference};
     * returns the expected keys.
     */
    static long[] checkU64Pairs(GpuArraySorter s, long[] keys, int[] values, int begin, int end) {
        long[] expectedKeys = keys.clone();
        int[] expectedValues = values.clone();
        SortReference.sortU64(expectedKeys, expectedValues, begin, end);
        s.sortPairs(keys, values, begin, end);
        String what = "u64 pairs [" + begin + "," + end + ") n=" + keys.length;
        assertThat(keys).as(what).containsExactly(expectedKeys);
        assertSameInts(values, expectedValues, "values " + what);
        return expectedKeys;
    }

    /** {@link #checkPairsU32(GpuArraySorter, int[], int[], int, int, String)} with the indices as values. */
    static void checkPairsU32(GpuArraySorter s, int[] keys, int begin, int end, String what) {
        checkPairsU32(s, keys, IntStream.range(0, keys.length).toArray(), begin, end, what);
    }

    /** Sorts u32 keys with {@code values} on {@code [begin, end)} and checks both against {@link SortReference}. */
    static void checkPairsU32(GpuArraySorter s, int[] keys, int[] values, int begin, int end, String what) {
        int[] expectedKeys = keys.clone();
        int[] expectedValues = values.clone();
        SortReference.sortU32(expectedKeys, expectedValues, begin, end);
        s.sortPairs(keys, values, begin, end);
        assertSameInts(keys, expectedKeys, "keys " + what);
        assertSameInts(values, expectedValues, "values " + what);
    }

    /** Array equality with the first difference in the message (AssertJ's diff is quadratic on millions). */
    static void assertSameInts(int[] actual, int[] expected, String what) {
        int at = java.util.Arrays.mismatch(actual, expected);
        assertThat(at).as("%s: first difference at %d of %d (actual %s, expected %s)", what, at, expected.length,
                at >= 0 && at < actual.length ? actual[at] : "-", at >= 0 && at < expected.length ? expected[at] : "-")
                .isEqualTo(-1);
    }
}
