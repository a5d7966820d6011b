package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The grid's segmented sort ({@link GridDriver#segmentedSort}, {@link GpuSegmentedSorter}) on OpenCL against
 * {@link SortReference#segmentedSortU32}: values carry the original index, so an exact match also checks stability.
 * A small geometry (work-groups of 32: tiles of 512, windows of 256 positions, small segments up to 128, at most 3
 * work-groups) makes every size 0..1100 cross windows and groups; segment-length mixes: all 1, around the small
 * limit, the window and the tile (+-1), one huge segment, random lengths, long among short; all 256 byte values in
 * every key byte, equal keys, a narrower key range; the default geometry at 100,003.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SegmentedSortTest {
    private static final int LOCAL = 32;
    private static final int TILE = LOCAL * GridKernel.ITEMS;
    /** The longest segment the small path sorts in this geometry. */
    private static final int SMALL = TILE / 4;

    private GpuSegmentedSorter sorter;
    private GpuSegmentedSorter standard;

    @BeforeAll
    void open() {
        sorter = new GpuSegmentedSorter(TestDevices.openCl(), LOCAL, 3);
        standard = new GpuSegmentedSorter(TestDevices.openCl());
    }

    @AfterAll
    void close() {
        if (sorter != null) {
            sorter.close();
        }
        if (standard != null) {
            standard.close();
        }
    }

    /** Heads of segments whose lengths are drawn from {@code [minLen, maxLen]}. */
    static int[] heads(Random r, int n, int minLen, int maxLen) {
        int[] heads = new int[n];
        for (int i = 0; i < n; i += minLen + r.nextInt(maxLen - minLen + 1)) {
            heads[i] = 1 + r.nextInt(3); // any non-zero flag starts a segment
        }
        return heads;
    }

    static int[] keys(Random r, int n) {
        int shape = r.nextInt(3);
        return shape == 0 ? r.ints(n).toArray() : shape == 1 ? r.ints(n, 0, 3).map(x -> x << 30).toArray()
                : r.ints(n, 0, 5).toArray();
    }

    /** Sorts a copy on the device and against the reference; returns whether the large path ran. */
    private static boolean check(GpuSegmentedSorter sorter, int[] keys, int[] heads, String what) {
        int[] values = IntStream.range(0, keys.length).toArray();
        int[] expectedKeys = keys.clone();
        int[] expectedValues = values.clone();
        SortReference.segmentedSortU32(expectedKeys, expectedValues, heads);
        int[] headsBefore = heads.clone();
        sorter.sortPairs(keys, values, heads);
        RadixSortTest.assertSameInts(keys, expectedKeys, "keys " + what);
        RadixSortTest.assertSameInts(values, expectedValues, "values " + what);
        assertThat(heads).as("the caller's heads " + what).isEqualTo(headsBefore);
        return sorter.lastUsedLargePath();
    }

    /** Segment-length mix {@code mix} (0..6) for n elements. */
    private static int[] mix(Random r, int n, int mix) {
        return switch (mix) {
            case 0 -> heads(r, n, 1, 1);
            case 1 -> heads(r, n, SMALL - 1, SMALL + 1);
            case 2 -> heads(r, n, TILE / 2 - 1, TILE / 2 + 1);
            case 3 -> heads(r, n, TILE - 1, TILE + 1);
            case 4 -> new int[n]; // one segment
            case 5 -> heads(r, n, 1, 2 * SMALL);
            default -> {
                int[] h = heads(r, n, 1, 12);
                int from = n / 3;
                for (int i = from + 1; i < Math.min(n, from + SMALL + 30); i++) {
                    h[i] = 0; // one long segment among short ones
                }
                yield h;
            }
        };
    }

    @Test
    void everySmallSizeAndSegmentMix() {
        Random r = new Random(1);
        for (int n = 0; n <= 1100; n++) {
            int m = n % 7;
            check(sorter, keys(r, n), mix(r, n, m), "n=" + n + " mix=" + m);
        }
        for (int m = 0; m < 7; m++) {
            for (int n : new int[] {TILE - 1, TILE, TILE + 1, 3 * TILE + 7, 20_011}) {
                check(sorter, keys(r, n), mix(r, n, m), "n=" + n + " mix=" + m);
            }
        }
    }

    @Test
    void smallSegmentsTakeOnlyTheSmallPathLongOnesTheLargePath() {
        Random r = new Random(2);
        int n = 5000;
        assertThat(check(sorter, keys(r, n), heads(r, n, 1, SMALL), "up to the small limit")).isFalse();
        assertThat(sorter.lastLaunches()).isEqualTo(1);
        assertThat(check(sorter, keys(r, n), heads(r, n, SMALL + 1, SMALL + 1), "just past it")).isTrue();
        assertThat(check(sorter, keys(r, n), new int[n], "one segment")).isTrue();
        assertThat(check(sorter, new int[0], new int[0], "empty")).isFalse();
    }

    @Test
    void everyByteValueAndEqualKeys() {
        Random r = new Random(3);
        int n = 256 * 9;
        for (int shift = 0; shift < 32; shift += 8) {
            int[] keys = new int[n];
            for (int i = 0; i < n; i++) {
                keys[i] = (i % 256) << shift | r.nextInt(4) << (shift == 0 ? 8 : 0);
            }
            for (int m : new int[] {0, 1, 4, 5, 6}) {
                int[] order = PrimitivesStressKit.shuffled(r, n);
                int[] shuffled = Arrays.stream(order).map(i -> keys[i]).toArray();
                check(sorter, shuffled, mix(r, n, m), "byte " + shift / 8 + " mix " + m);
            }
        }
        int[] equal = new int[3001];
        Arrays.fill(equal, 7);
        for (int m = 0; m < 7; m++) {
            check(sorter, equal.clone(), mix(r, equal.length, m), "equal keys mix " + m);
        }
    }

    @Test
    void defaultGeometryAndNarrowKeys() {
        Random r = new Random(4);
        int n = 100_003;
        assertThat(check(standard, keys(r, n), heads(r, n, 2, 10), "default, tiny segments")).isFalse();
        assertThat(check(standard, keys(r, n), heads(r, n, 1, 3000), "default, mixed")).isTrue();
        assertThat(check(standard, keys(r, n), heads(r, n, 20_000, 40_000), "default, huge")).isTrue();
        // keys below 2^12 sorted on 12 bits, through the driver on a kernel's own arrays
        try (GuardedKernel<GridSegmentKernel> launcher = new GuardedKernel<>(new GridSegmentKernel(), TestDevices.openCl(), LOCAL)) {
            GridDriver grid = new GridDriver(launcher, 3);
            GridKernel k = launcher.kernel();
            for (int len : new int[] {5, 300}) {
                int[] keys = r.ints(n, 0, 1 << 12).toArray();
                int[] values = IntStream.range(0, n).toArray();
                int[] heads = heads(r, n, 1, len);
                int[] ek = keys.clone();
                int[] ev = values.clone();
                SortReference.segmentedSortU32(ek, ev, heads);
                k.in = keys;
                k.aux = values;
                k.out = heads;
                k.auxAlt = new int[n];
                k.put(k.in).put(k.aux).put(k.out);
                grid.segmentedSort(n, 12);
                k.get(k.in).get(k.aux);
                RadixSortTest.assertSameInts(k.in, ek, "12-bit keys, segments up to " + len);
                RadixSortTest.assertSameInts(k.aux, ev, "12-bit values, segments up to " + len);
            }
            assertThatThrownBy(() -> grid.segmentedSort(10, 33)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void residentUseSortsOnTheDeviceRepeatedly() {
        Random r = new Random(5);
        int n = 3000;
        int[] heads = heads(r, n, 1, 300);
        for (int round = 0; round < 3; round++) {
            int[] keys = keys(r, n);
            int[] values = IntStream.range(0, n).toArray();
            int[] ek = keys.clone();
            int[] ev = values.clone();
            SortReference.segmentedSortU32(ek, ev, heads);
            sorter.load(keys, values, heads).sortLoaded();
            sorter.sortLoaded(); // sorting sorted segments again changes nothing
            sorter.download();
            RadixSortTest.assertSameInts(keys, ek, "keys round " + round);
            RadixSortTest.assertSameInts(values, ev, "values round " + round);
        }
    }

    @Test
    void badInputIsRejected() {
        assertThatThrownBy(() -> sorter.sortPairs(new int[4], new int[4], new int[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lengths differ");
        assertThatThrownBy(() -> sorter.sortPairs(new int[4], null, new int[4]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("null");
    }
}
