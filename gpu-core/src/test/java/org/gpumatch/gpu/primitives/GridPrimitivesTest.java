package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The fixed-grid tile primitives ({@link GridKernel}, {@link GridDriver}) on OpenCL against
 * {@link PrimitivesReference} and {@link SortReference}, in two geometries: a small one (work-groups of 32, tiles of
 * 512, at most 3 work-groups) in which every size 0..1100 crosses tiles, work-groups and the grid's ranges, and the
 * default one (256, tiles of 4096, the device's grid) at odd sizes around its tile and grid boundaries.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GridPrimitivesTest {
    private static final int SMALL_LOCAL = 32;
    private static final int SMALL_GROUPS = 3;
    private static final double[] DENSITIES = {0, 0.01, 0.5, 0.99, 1};

    /** The lean grid (int primitives, u32 sorts), the long layer (long scans) and the u64 sort layer. */
    private GuardedKernel<GridKernel> small;
    private GuardedKernel<GridKernel> standard;
    private GuardedKernel<GridLongKernel> smallLong;
    private GuardedKernel<GridLongKernel> standardLong;
    private GuardedKernel<GridWideSortKernel> smallWide;
    private GuardedKernel<GridWideSortKernel> standardWide;
    /** The lean scan-and-select layer, in the same two geometries (its default grid: 4 groups per compute unit). */
    private GuardedKernel<GridScanKernel> smallScan;
    private GuardedKernel<GridScanKernel> standardScan;
    private GuardedKernel<GridSelectKernel> smallSelect;
    private GuardedKernel<GridSelectKernel> standardSelect;
    private GridDriver smallSelectDriver;
    private GridDriver standardSelectDriver;
    private GridDriver smallDriver;
    private GridDriver standardDriver;
    private GridDriver smallScanDriver;
    private GridDriver standardScanDriver;
    private GridDriver smallLongDriver;
    private GridDriver standardLongDriver;
    private GridDriver smallWideDriver;
    private GridDriver standardWideDriver;

    @BeforeAll
    void open() {
        small = new GuardedKernel<>(new GridKernel(), TestDevices.openCl(), SMALL_LOCAL);
        smallDriver = new GridDriver(small, SMALL_GROUPS);
        standard = new GuardedKernel<>(new GridKernel(), TestDevices.openCl(), 256);
        standardDriver = new GridDriver(standard);
        smallLong = new GuardedKernel<>(new GridLongKernel(), TestDevices.openCl(), SMALL_LOCAL);
        smallLongDriver = new GridDriver(smallLong, SMALL_GROUPS);
        standardLong = new GuardedKernel<>(new GridLongKernel(), TestDevices.openCl(), 256);
        standardLongDriver = new GridDriver(standardLong);
        smallWide = new GuardedKernel<>(new GridWideSortKernel(), TestDevices.openCl(), SMALL_LOCAL);
        smallWideDriver = new GridDriver(smallWide, SMALL_GROUPS);
        standardWide = new GuardedKernel<>(new GridWideSortKernel(), TestDevices.openCl(), 256);
        standardWideDriver = new GridDriver(standardWide);
        smallScan = new GuardedKernel<>(new GridScanKernel(), TestDevices.openCl(), SMALL_LOCAL);
        smallScanDriver = new GridDriver(smallScan, SMALL_GROUPS);
        standardScan = new GuardedKernel<>(new GridScanKernel(), TestDevices.openCl(), 256);
        standardScanDriver = new GridDriver(standardScan,
                GridScanKernel.GROUPS_PER_COMPUTE_UNIT * standardScan.device().computeUnits());
        smallSelect = new GuardedKernel<>(new GridSelectKernel(), TestDevices.openCl(), SMALL_LOCAL);
        smallSelectDriver = new GridDriver(smallSelect, SMALL_GROUPS);
        standardSelect = new GuardedKernel<>(new GridSelectKernel(), TestDevices.openCl(), 256);
        standardSelectDriver = new GridDriver(standardSelect,
                GridScanKernel.GROUPS_PER_COMPUTE_UNIT * standardSelect.device().computeUnits());
    }

    @AfterAll
    void close() {
        for (GuardedKernel<?> k : Arrays.asList(small, standard, smallLong, standardLong, smallWide, standardWide,
                smallScan, standardScan, smallSelect, standardSelect)) {
            if (k != null) {
                k.close();
            }
        }
    }

    /** Sizes around the default geometry's tile (4096) and grid (maxGroups tiles, then two tiles per group). */
    private int[] standardSizes() {
        int t = standardDriver.tile();
        int g = GridDriver.GROUPS_PER_COMPUTE_UNIT * standard.device().computeUnits();
        int s = GridScanKernel.GROUPS_PER_COMPUTE_UNIT * standard.device().computeUnits();
        return new int[] {t - 1, t, t + 1, g * t - 1, g * t + 1, 2 * g * t + 3, s * t - 1, s * t + 1, 100_003};
    }

    @Test
    void scansEverySmallSize() {
        Random r = new Random(1);
        for (int n = 0; n <= 1100; n++) {
            int[] in = n % 3 == 0 ? r.ints(n).toArray() : r.ints(n, -5, 5).toArray();
            checkScan(small, smallDriver, in, n % 2 == 0);
            checkScan(smallScan, smallScanDriver, in, n % 2 == 1);
        }
        for (int n : standardSizes()) {
            checkScan(standard, standardDriver, r.ints(n).toArray(), false);
            checkScan(standard, standardDriver, r.ints(n).toArray(), true);
            checkScan(standardScan, standardScanDriver, r.ints(n).toArray(), false);
            checkScan(standardScan, standardScanDriver, r.ints(n).toArray(), true);
        }
        int[] big = new int[100_003];
        Arrays.fill(big, Integer.MAX_VALUE); // the total far past 2^32: exact in 64 bits
        checkScan(standardScan, standardScanDriver, big, false);
    }

    private static void checkScan(GuardedKernel<? extends GridKernel> gk, GridDriver d, int[] in, boolean inclusive) {
        GridKernel k = bind(gk, in, null);
        d.scan(in.length, inclusive);
        assertThat(result(k, in.length)).as("scan n=%d inclusive=%s", in.length, inclusive)
                .isEqualTo(PrimitivesReference.scan(in, inclusive));
        if (in.length > 0) { // the lean scan layer keeps its spine launch
            assertThat(d.lastLaunches()).isEqualTo(gk.kernel().spineLaunch() ? 3 : 2);
        }
        assertThat(d.lastTotal()).as("scan total n=%d", in.length).isEqualTo(PrimitivesReference.sum(in));
    }

    @Test
    void scansLongsExactlyEverySmallSize() {
        Random r = new Random(11);
        for (int n = 0; n <= 1100; n++) {
            long[] in = n % 3 == 0 ? r.longs(n).toArray() // wrapping at 64 bits like Java's long
                    : n % 3 == 1 ? r.longs(n, 0, 1L << 31).toArray() : r.longs(n, -5, 5).toArray();
            checkLongScan(smallLong, smallLongDriver, in, n % 2 == 0);
        }
        for (int n : standardSizes()) {
            long[] big = new long[n];
            Arrays.fill(big, Integer.MAX_VALUE); // sums far past 2^32: every word of the carries matters
            checkLongScan(standardLong, standardLongDriver, big, n % 2 == 1);
            checkLongScan(standardLong, standardLongDriver, r.longs(n, 0, 1L << 31).toArray(), n % 2 == 0);
        }
    }

    private static void checkLongScan(GuardedKernel<? extends GridKernel> gk, GridDriver d, long[] in, boolean inclusive) {
        GridKernel k = gk.kernel();
        int n = in.length;
        k.wide = Arrays.copyOf(in, Math.max(1, n));
        k.wideAlt = new long[Math.max(1, n)];
        k.put(k.wide).put(k.wideAlt);
        d.scanLongs(n, inclusive);
        long[] want = PrimitivesReference.scan(in, inclusive);
        long total = 0;
        for (long v : in) {
            total += v;
        }
        assertThat(d.lastTotal()).as("long scan total n=%d", n).isEqualTo(total);
        if (n > 0) {
            k.get(k.wideAlt);
            assertThat(Arrays.copyOf(k.wideAlt, n)).as("long scan n=%d inclusive=%s", n, inclusive).isEqualTo(want);
        }
        k.wide = new long[1];
        k.wideAlt = new long[1];
    }

    @Test
    void selectsEverySmallSizeAndDensity() {
        Random r = new Random(2);
        for (int n = 0; n <= 1100; n++) {
            double density = DENSITIES[n % DENSITIES.length];
            int[] values = r.ints(n).toArray();
            int[] flags = flags(r, n, density);
            checkSelect(small, smallDriver, values, flags, n % 4 == 1);
            checkSelect(smallSelect, smallSelectDriver, values, flags, n % 4 == 2);
        }
        for (int n : standardSizes()) {
            for (double density : DENSITIES) {
                checkSelect(standard, standardDriver, r.ints(n).toArray(), flags(r, n, density), false);
                checkSelect(standardSelect, standardSelectDriver, r.ints(n).toArray(), flags(r, n, density),
                        density == 0.5);
            }
        }
    }

    private static void checkSelect(GuardedKernel<? extends GridKernel> gk, GridDriver d, int[] values, int[] flags,
                                    boolean indices) {
        GridKernel k = bind(gk, values, flags);
        d.selectFlagged(values.length, indices);
        int[] want = indices ? PrimitivesReference.selectIndices(flags)
                : PrimitivesReference.selectFlagged(values, flags);
        assertThat(d.lastTotal()).as("count n=%d", values.length).isEqualTo(want.length);
        assertThat(result(k, want.length)).as("select n=%d indices=%s", values.length, indices).isEqualTo(want);
    }

    @Test
    void selectsByPredicate() {
        Random r = new Random(3);
        for (int n = 0; n <= 1100; n += 7) {
            int[] values = r.ints(n, -50, 50).toArray();
            for (Comparison c : Comparison.values()) {
                for (long operand : new long[] {3, Integer.MIN_VALUE, Integer.MIN_VALUE - 1L, Integer.MAX_VALUE,
                    Integer.MAX_VALUE + 1L, Long.MIN_VALUE}) {
                    checkSelectIf(small, smallDriver, values, c, operand);
                    checkSelectIf(smallSelect, smallSelectDriver, values, c, operand);
                }
            }
        }
    }

    private static void checkSelectIf(GuardedKernel<? extends GridKernel> gk, GridDriver d, int[] values, Comparison c,
                                      long operand) {
        GridKernel k = bind(gk, values, null);
        d.selectIf(values.length, c, operand);
        int[] want = PrimitivesReference.selectIf(values, c, operand);
        assertThat(d.lastTotal()).isEqualTo(want.length);
        assertThat(result(k, want.length)).as("select %s %d n=%d on %s", c, operand, values.length,
                gk.kernel().getClass().getSimpleName()).isEqualTo(want);
    }

    @Test
    void theScanAndSelectLayersRefuseEveryOtherPrimitive() {
        bind(smallScan, new int[10], new int[10]);
        bind(smallSelect, new int[10], new int[10]);
        assertThatThrownBy(() -> smallScanDriver.selectFlagged(10, false)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("GridScanKernel does not serve the grid's flagged select");
        assertThatThrownBy(() -> smallSelectDriver.scan(10, false)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("GridSelectKernel does not serve the grid's exclusive scan");
        assertThatThrownBy(() -> smallSelectDriver.pipeline(2, 10)).isInstanceOf(IllegalStateException.class);
        for (Runnable call : new Runnable[] {
            () -> smallScanDriver.reduce(10, GridDriver.COMBINE_SUM),
            () -> smallScanDriver.histogram(10, 4, 0, 1),
            () -> smallScanDriver.sort(10, 0, 32, false, false, new LaunchTiming[1]),
            () -> smallScanDriver.segmentedSort(10, 32)}) {
            assertThatThrownBy(call::run).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("GridScanKernel");
        }
    }

    @Test
    void reducesAndCountsHistograms() {
        Random r = new Random(4);
        for (int n = 0; n <= 1100; n += 13) {
            checkReduceAndHistogram(small, smallDriver, r.ints(n).toArray());
        }
        for (int n : standardSizes()) {
            checkReduceAndHistogram(standard, standardDriver, r.ints(n).toArray());
        }
        int[] wide = r.ints(50_000, 0, 10_000).toArray();
        bind(standard, wide, null);
        standardDriver.histogram(wide.length, 5000, 0, 2); // more bins than local memory holds: global atomics
        assertThat(standardDriver.histogram()).isEqualTo(PrimitivesReference.histogram(wide, 5000, 0, 2));
    }

    private static void checkReduceAndHistogram(GuardedKernel<? extends GridKernel> gk, GridDriver d, int[] in) {
        int n = in.length;
        bind(gk, in, null);
        d.reduce(n, GridDriver.COMBINE_SUM);
        assertThat(d.lastTotal()).as("sum n=%d", n).isEqualTo(PrimitivesReference.sum(in));
        if (n > 0) {
            d.reduce(n, GridDriver.COMBINE_MIN);
            assertThat(d.lastTotal()).as("min n=%d", n).isEqualTo(PrimitivesReference.min(in));
            d.reduce(n, GridDriver.COMBINE_MAX);
            assertThat(d.lastTotal()).as("max n=%d", n).isEqualTo(PrimitivesReference.max(in));
        }
        d.histogram(n, 256, Integer.MIN_VALUE, 1L << 24);
        assertThat(d.histogram()).as("histogram n=%d", n)
                .isEqualTo(PrimitivesReference.histogram(in, 256, Integer.MIN_VALUE, 1L << 24));
        d.histogram(n, 7, -1000, 300); // values outside [low, low + 7 * 300) are not counted
        assertThat(d.histogram()).isEqualTo(PrimitivesReference.histogram(in, 7, -1000, 300));
    }

    @Test
    void sortsPairsStablyEverySmallSize() {
        Random r = new Random(5);
        for (int n = 0; n <= 1100; n++) {
            int[] keys = n % 5 == 0 ? r.ints(n, 0, 3).toArray() : r.ints(n).toArray();
            int begin = n % 4 == 3 ? 4 : 0;
            int end = n % 4 == 3 ? 20 : 32;
            checkSortU32(small, smallDriver, keys, true, begin, end);
        }
        for (int n : standardSizes()) {
            checkSortU32(standard, standardDriver, r.ints(n).toArray(), true, 0, 32);
            checkSortU32(standard, standardDriver, r.ints(n).toArray(), false, 0, 32);
        }
    }

    @Test
    void sortsEveryByteValueAndEqualKeys() {
        Random r = new Random(6);
        int n = 5000;
        int[] bytes = new int[n]; // all 256 values in every byte of the key, with many equal keys
        for (int i = 0; i < n; i++) {
            int b = i % 256;
            bytes[i] = b << 24 | (255 - b) << 16 | (r.nextInt(3) * 85) << 8 | b;
        }
        checkSortU32(standard, standardDriver, bytes, true, 0, 32);
        checkSortU32(small, smallDriver, bytes, true, 0, 32);
        int[] equal = new int[n];
        Arrays.fill(equal, 0x80000001);
        checkSortU32(small, smallDriver, equal, true, 0, 32);
        for (int[] range : new int[][] {{0, 8}, {8, 9}, {3, 17}, {24, 32}, {0, 31}}) {
            checkSortU32(small, smallDriver, r.ints(777).toArray(), true, range[0], range[1]);
        }
    }

    @Test
    void sortsU64PairsAndKeys() {
        Random r = new Random(7);
        for (int n : new int[] {0, 1, 2, 511, 512, 513, 1100, 1537}) {
            long[] keys = r.longs(n).toArray();
            checkSortU64(smallWide, smallWideDriver, keys, true, 0, 64);
            checkSortU64(smallWide, smallWideDriver, keys, false, 0, 64);
            checkSortU64(smallWide, smallWideDriver, r.longs(n, 0, 1L << 40).toArray(), true, 5, 45);
        }
        for (int n : standardSizes()) {
            checkSortU64(standardWide, standardWideDriver, r.longs(n).toArray(), true, 0, 64);
        }
    }

    @Test
    void aKernelRefusesTheStepsItsClassLeavesOff() {
        assertThatThrownBy(() -> smallDriver.scanLongs(10, false)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("GridLongKernel");
        assertThatThrownBy(() -> smallDriver.reduceLongs(10, GridDriver.COMBINE_SUM))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> smallDriver.gather(10, false)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> smallLongDriver.sort(10, 0, 64, true, false, new LaunchTiming[1]))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("GridWideSortKernel");
        assertThatThrownBy(() -> smallWideDriver.segmentedSort(10, 8)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("GridSegmentKernel");
    }

    @Test
    void uncheckedSlotIsAnError() {
        assertThatThrownBy(() -> small.kernel().checkedSlot(2)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("serves no slot 2");
    }

    private static void checkSortU32(GuardedKernel<? extends GridKernel> gk, GridDriver d, int[] keys, boolean pairs,
                                     int begin, int end) {
        int n = keys.length;
        int[] values = new int[n];
        Arrays.setAll(values, i -> i);
        GridKernel k = gk.kernel();
        k.in = Arrays.copyOf(keys, Math.max(1, n));
        k.out = new int[Math.max(1, n)];
        k.aux = pairs ? Arrays.copyOf(values, Math.max(1, n)) : new int[1];
        k.auxAlt = new int[k.aux.length];
        k.put(k.in).put(k.out).put(k.aux).put(k.auxAlt);
        LaunchTiming[] t = new LaunchTiming[1];
        boolean alt = d.sort(n, begin, end, false, pairs, t);
        int[] gotKeys = Arrays.copyOf(download(k, alt ? k.out : k.in, n), n);
        int[] wantKeys = keys.clone();
        int[] wantValues = values.clone();
        SortReference.sortU32(wantKeys, wantValues, begin, end);
        assertThat(gotKeys).as("keys n=%d [%d,%d)", n, begin, end).isEqualTo(wantKeys);
        if (pairs) {
            assertThat(Arrays.copyOf(download(k, alt ? k.auxAlt : k.aux, n), n)).as("values n=%d", n)
                    .isEqualTo(wantValues);
        }
    }

    private static void checkSortU64(GuardedKernel<? extends GridKernel> gk, GridDriver d, long[] keys, boolean pairs,
                                     int begin, int end) {
        int n = keys.length;
        int[] values = new int[n];
        Arrays.setAll(values, i -> i);
        GridKernel k = gk.kernel();
        k.wide = Arrays.copyOf(keys, Math.max(1, n));
        k.wideAlt = new long[Math.max(1, n)];
        k.aux = pairs ? Arrays.copyOf(values, Math.max(1, n)) : new int[1];
        k.auxAlt = new int[k.aux.length];
        k.put(k.wide).put(k.wideAlt).put(k.aux).put(k.auxAlt);
        LaunchTiming[] t = new LaunchTiming[1];
        boolean alt = d.sort(n, begin, end, true, pairs, t);
        long[] got = alt ? k.wideAlt : k.wide;
        if (n > 1) {
            k.get(got);
        }
        long[] wantKeys = keys.clone();
        int[] wantValues = values.clone();
        SortReference.sortU64(wantKeys, wantValues, begin, end);
        assertThat(Arrays.copyOf(got, n)).as("u64 keys n=%d [%d,%d)", n, begin, end).isEqualTo(wantKeys);
        if (pairs) {
            assertThat(Arrays.copyOf(download(k, alt ? k.auxAlt : k.aux, n), n)).isEqualTo(wantValues);
        }
        k.wide = new long[1];
        k.wideAlt = new long[1];
    }

    private static int[] download(GridKernel k, int[] a, int n) {
        if (n > 1) {
            k.get(a);
        }
        return a;
    }

    /** Int scans on the 64-bit path ({@link GridKernel#intScanSteps} off: GridProfile's variant). */
    @Test
    void scansWithoutTheIntPath() {
        try (GuardedKernel<GridKernel> off = new GuardedKernel<>(new GridProfile.IntScanOffKernel(),
                TestDevices.openCl(), SMALL_LOCAL)) {
            GridDriver driver = new GridDriver(off, SMALL_GROUPS);
            Random r = new Random(5);
            for (int n = 0; n <= 1100; n += n < 40 ? 1 : 13) {
                int[] in = n % 3 == 0 ? r.ints(n).toArray() : r.ints(n, -5, 5).toArray();
                checkScan(off, driver, in, n % 2 == 0);
                assertThat(driver.lastTotal()).as("total n=%d", n).isEqualTo(PrimitivesReference.sum(in));
            }
        }
    }

    /**
     * Launches and blocking transfers per call when the operand arrays cannot move (G1, arrays of half a region): a
     * scan or select leaves its count on the device (2 launches, no download), a histogram its bins (2 launches);
     * reading the total or the bins costs one read launch and one small download, once per call. A reduce writes its
     * partials into the small {@code readBack}: 1 launch and its download, nothing more for the total.
     */
    @Test
    void callsDownloadOnlyWhatTheHostReads() {
        int n = GridKernel.pinnedLength(4);
        org.assertj.core.api.Assumptions.assumeThat(org.gpumatch.gpu.runtime.ArrayMobility.humongousBytes())
                .as("G1: arrays of half a region never move").isLessThan(Long.MAX_VALUE);
        Random r = new Random(9);
        int[] in = r.ints(n, -1000, 1000).toArray();
        int[] flags = flags(r, n, 0.5);
        GridKernel k = bind(standard, in, flags);
        standardDriver.flush();
        standardDriver.scan(n, false);
        assertThat(standardDriver.lastCalls()).isEqualTo(new GridDriver.Calls(2, 0, 0, 0, 0));
        assertThat(standardDriver.lastTotal()).isEqualTo(PrimitivesReference.sum(in));
        assertThat(standardDriver.lastTotal()).isEqualTo(PrimitivesReference.sum(in)); // read once per call
        assertThat(standardDriver.lastCalls()).isEqualTo(new GridDriver.Calls(3, 1, 4L * k.readBack.length, 0, 0));
        standardDriver.selectFlagged(n, false);
        assertThat(standardDriver.lastCalls().downloads()).isZero();
        int[] want = PrimitivesReference.selectFlagged(in, flags);
        assertThat(standardDriver.lastTotal()).isEqualTo(want.length);
        assertThat(result(k, want.length)).isEqualTo(want);
        standardDriver.reduce(n, GridDriver.COMBINE_MAX);
        // the partials go straight into the small readBack, which may move, so the launch itself brings it back
        assertThat(standardDriver.lastCalls()).isEqualTo(new GridDriver.Calls(1, 1, 4L * k.readBack.length, 0, 0));
        assertThat(standardDriver.lastTotal()).isEqualTo(Arrays.stream(in).max().orElseThrow());
        assertThat(standardDriver.lastCalls()).isEqualTo(new GridDriver.Calls(1, 1, 4L * k.readBack.length, 0, 0));
        standardDriver.histogram(n, 7, -1000, 300);
        assertThat(standardDriver.lastCalls()).isEqualTo(new GridDriver.Calls(2, 0, 0, 0, 0));
        assertThat(standardDriver.histogram()).isEqualTo(PrimitivesReference.histogram(in, 7, -1000, 300));
        assertThat(standardDriver.lastCalls().downloads()).isEqualTo(1);
    }

    private static GridKernel bind(GuardedKernel<? extends GridKernel> gk, int[] in, int[] flags) {
        GridKernel k = gk.kernel();
        k.in = Arrays.copyOf(in, Math.max(1, in.length));
        k.out = new int[Math.max(1, in.length)];
        k.aux = flags == null ? new int[1] : Arrays.copyOf(flags, Math.max(1, flags.length));
        k.put(k.in).put(k.out).put(k.aux);
        return k;
    }

    private static int[] result(GridKernel k, int n) {
        if (n == 0) {
            return new int[0];
        }
        k.get(k.out);
        return Arrays.copyOf(k.out, n);
    }

    private static int[] flags(Random r, int n, double density) {
        int[] f = new int[n];
        for (int i = 0; i < n; i++) {
            f[i] = r.nextDouble() < density ? 1 + r.nextInt(3) : 0;
        }
        return f;
    }
}
