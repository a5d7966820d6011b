package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gpumatch.gpu.primitives.RadixSortTest.checkPairsU32;
import static org.gpumatch.gpu.primitives.RadixSortTest.checkU64Pairs;

import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The lean radix sort ({@link GridSortKernel}, {@link GridSortWideKernel}, run by {@link GpuArraySorter}) on OpenCL
 * against {@link SortReference}; values are the original indices, so an exact match checks stability. Geometries:
 * work-groups of 32 over at most 3 (tiles of 512: every size 0..1100 crosses tiles and group ranges; 8 digits per
 * work-item), of 16 over at most 5 (tiles of 256, 16 digits per work-item), and the default one (256, tiles of 4096,
 * the device's grid) around its tile and grid boundaries. Keys: random, every value 0..255 in every byte, all equal,
 * few distinct; bit ranges not multiples of 8 (one nibble pass per tile below 5 bits); u64 keys and pairs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RadixSortLeanTest {
    private GpuArraySorter small;
    private GpuArraySorter tiny;
    private GpuArraySorter standard;

    @BeforeAll
    void open() {
        small = new GpuArraySorter(TestDevices.openCl(), 32, 3);
        tiny = new GpuArraySorter(TestDevices.openCl(), 16, 5);
        standard = new GpuArraySorter(TestDevices.openCl());
    }

    @AfterAll
    void close() {
        for (GpuArraySorter s : new GpuArraySorter[] {small, tiny, standard}) {
            if (s != null) {
                s.close();
            }
        }
    }

    /** Keys whose every byte takes every value 0..255 (for n >= 256), shuffled. */
    static int[] allBytes(Random r, int n) {
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            int b = i & 255;
            k[i] = b | ((b * 7 + 3) & 255) << 8 | ((b * 13 + 5) & 255) << 16 | ((b * 29 + 11) & 255) << 24;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int x = k[i];
            k[i] = k[j];
            k[j] = x;
        }
        return k;
    }

    static int[] keys(Random r, int shape, int n) {
        return switch (shape) {
            case 0 -> r.ints(n).toArray();
            case 1 -> allBytes(r, n);
            case 2 -> IntStream.range(0, n).map(i -> 0x80FF017F).toArray();
            default -> r.ints(n, 0, 3).map(x -> x * 0x55555555).toArray();
        };
    }

    @Test
    void pairsU32EverySizeTo1100() {
        Random r = new Random(11);
        for (int n = 0; n <= 1100; n++) {
            checkPairsU32(small, keys(r, n % 4, n), 0, 32, "small n=" + n);
        }
    }

    @Test
    void tinyGroupsAndBitRanges() {
        Random r = new Random(12);
        int[][] ranges = {{0, 32}, {0, 4}, {3, 5}, {7, 19}, {1, 32}, {24, 31}, {0, 12}};
        for (int[] range : ranges) {
            for (int n : new int[] {255, 256, 257, 1279, 1280, 1281, 1537, 3000}) {
                for (int shape = 0; shape < 4; shape++) {
                    checkPairsU32(tiny, keys(r, shape, n), range[0], range[1],
                            "tiny " + n + " " + range[0] + ".." + range[1]);
                }
                int[] keys = r.ints(n).toArray();
                int[] expected = keys.clone();
                SortReference.sortU32(expected, null, range[0], range[1]);
                small.sortKeys(keys, range[0], range[1]);
                RadixSortTest.assertSameInts(keys, expected, "keys " + n + " " + range[0] + ".." + range[1]);
            }
        }
    }

    @Test
    void defaultGeometryAroundTilesAndGrid() {
        Random r = new Random(13);
        int tile = GpuArraySorter.DEFAULT_LOCAL_SIZE * GridKernel.ITEMS;
        int units = Math.max(1, TestDevices.openCl().computeUnits());
        int grid = GridDriver.SORT_GROUPS_PER_COMPUTE_UNIT * units;
        int keysGrid = GridDriver.SORT_KEYS_GROUPS_PER_COMPUTE_UNIT * units; // keys alone: their own grid
        for (int n : new int[] {2, 255, 4095, 4096, 4097, 8191, 12289, tile * grid - 1, tile * grid,
                tile * grid + 1, tile * (grid + 1) + 17, tile * keysGrid - 1, tile * keysGrid, tile * keysGrid + 1,
                tile * (keysGrid + 1) + 17, 100_003}) {
            for (int shape = 0; shape < 4; shape++) {
                checkPairsU32(standard, keys(r, shape, n), 0, 32, "default n=" + n + " shape " + shape);
                int[] keys = keys(r, shape, n);
                int[] expected = keys.clone();
                SortReference.sortU32(expected, null, 0, 32);
                standard.sortKeys(keys, 0, 32);
                RadixSortTest.assertSameInts(keys, expected, "default keys n=" + n + " shape " + shape);
            }
        }
        checkPairsU32(standard, r.ints(300_001).toArray(), 5, 27, "default 300001 [5,27)");
        int[] keys = r.ints(300_001).toArray();
        int[] expected = keys.clone();
        SortReference.sortU32(expected, null, 5, 27);
        standard.sortKeys(keys, 5, 27);
        RadixSortTest.assertSameInts(keys, expected, "default keys 300001 [5,27)");
    }

    @Test
    void u64KeysAndPairs() {
        Random r = new Random(14);
        int[][] ranges = {{0, 64}, {3, 40}, {31, 33}, {56, 64}, {60, 63}};
        for (GpuArraySorter s : new GpuArraySorter[] {small, tiny, standard}) {
            for (int[] range : ranges) {
                for (int n : new int[] {0, 1, 2, 255, 511, 512, 513, 1100, 4097}) {
                    RadixSortTest.checkU64(s, r.longs(n).map(x -> r.nextInt(3) == 0 ? x & 0xFF00000000FFL : x)
                            .toArray(), range[0], range[1]);
                }
            }
        }
    }

    /** Work-groups of 256 (tiles of 4096): u32 keys and pairs, u64 pairs with values of every byte. */
    @Test
    void groupsOf256() {
        Random r = new Random(16);
        try (GpuArraySorter s = new GpuArraySorter(TestDevices.openCl(), 256, 3)) {
            for (int n : new int[] {1, 255, 4095, 4096, 4097, 12289, 20_000}) {
                for (int shape = 0; shape < 4; shape++) {
                    int[] keys = keys(r, shape, n);
                    int[] expected = keys.clone();
                    SortReference.sortU32(expected, null, 0, 32);
                    s.sortKeys(keys, 0, 32);
                    RadixSortTest.assertSameInts(keys, expected, "256 keys n=" + n + " shape " + shape);
                    checkPairsU32(s, keys(r, shape, n), 0, 32, "256 pairs n=" + n + " shape " + shape);
                }
                checkU64Pairs(s, r.longs(n).toArray(), allBytes(r, n), 0, 64);
            }
        }
    }

    /**
     * Values of every byte value (not indices), sizes around the default geometry's tiles (2048) and grid, u32 and
     * u64 pairs: every bit of a value moves.
     */
    @Test
    void valuesOfEveryByteAroundTiles() {
        Random r = new Random(17);
        int tile = GridDriver.SORT_LOCAL_SIZE * GridKernel.ITEMS;
        int grid = GridDriver.SORT_GROUPS_PER_COMPUTE_UNIT * Math.max(1, TestDevices.openCl().computeUnits());
        for (int n : new int[] {tile - 1, tile, tile + 1, 3 * tile - 1, 3 * tile + 1, tile * grid - 1,
                tile * grid + 1, tile * (grid + 1) + 17}) {
            checkPairsU32(standard, keys(r, n % 4, n), allBytes(r, n), 0, 32, "n=" + n);
            checkU64Pairs(standard, r.longs(n).map(x -> r.nextInt(3) == 0 ? x & 0xFF00000000FFL : x).toArray(),
                    allBytes(r, n), 0, 64);
            checkU64Pairs(tiny, r.longs(n).toArray(), allBytes(r, n), 28, 37);
        }
    }

    /**
     * Every key kind in Aparapi's Java threads (work-groups of 8), where a local index out of range throws (PoCL does
     * not check): u32 keys alone, u32 pairs, u64 keys and pairs.
     */
    @Test
    void everyKeyKindInJavaThreads() {
        Random r = new Random(18);
        for (int l : new int[] {8}) { // Java threads pass barriers slowly: about 0.7 s per sort of 700 (2 cores)
            try (GpuArraySorter s = new GpuArraySorter(org.gpumatch.gpu.runtime.ComputeDevice.JAVA_THREADS, l)) {
                for (int n : new int[] {1, 129, 700}) {
                    for (int[] range : new int[][] {{0, 32}, {3, 5}}) {
                        int[] keys = keys(r, n % 4, n);
                        int[] expected = keys.clone();
                        SortReference.sortU32(expected, null, range[0], range[1]);
                        s.sortKeys(keys, range[0], range[1]);
                        RadixSortTest.assertSameInts(keys, expected, "threads keys n=" + n);
                        checkPairsU32(s, keys(r, (n + 1) % 4, n), range[0], range[1], "threads pairs n=" + n);
                    }
                    checkU64Pairs(s, r.longs(n).toArray(), allBytes(r, n), 0, 64);
                    RadixSortTest.checkU64(s, r.longs(n).toArray(), 28, 37);
                }
            }
        }
    }

    @Test
    void threeLaunchesPerPass() {
        int[] keys = new Random(15).ints(5000).toArray();
        small.sortKeys(keys, 0, 32);
        assertThat(small.lastLaunches()).isEqualTo(12);
        small.sortKeys(keys, 4, 9);
        assertThat(small.lastLaunches()).isEqualTo(3);
    }

    @Test
    void theDriverRefusesEverythingButTheSort() {
        try (GuardedKernel<GridSortKernel> lean = new GuardedKernel<>(new GridSortKernel(), TestDevices.openCl(), 32)) {
            GridDriver driver = new GridDriver(lean, 2);
            assertThatThrownBy(() -> driver.scan(10, false)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("does not serve the grid");
            assertThatThrownBy(() -> driver.selectFlagged(10, false)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> driver.reduce(10, GridDriver.COMBINE_SUM))
                    .isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> driver.histogram(10, 4, 0, 1)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> driver.scanLongs(10, false)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> driver.gather(10, false)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> driver.segmentedSort(10, 8)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> driver.pipeline(2, 10)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> driver.sort(10, 0, 32, true, false, new org.gpumatch.gpu.runtime.LaunchTiming[1]))
                    .isInstanceOf(IllegalStateException.class);
            driver.flush();
            assertThat(driver.lastLaunches()).isEqualTo(1);
        }
    }
}
