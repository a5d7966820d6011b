package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Scan, reduce, select, gather, scatter and histogram of {@link GpuArrays} on OpenCL against
 * {@link PrimitivesReference}: sizes 0, 1, 255-257, around a work-item's 16 elements, the tile and the grid, random,
 * all-equal, sorted, reverse-sorted and negative inputs, and one size above 2^24.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GpuArraysTest {
    private static final int C = GridKernel.ITEMS;
    private static final int GROUP = GpuArrays.LOCAL_SIZE * C;
    /** 0, 1, around a work-item's elements, the tile, several tiles, odd sizes. */
    private static final int[] SIZES = {0, 1, 2, C - 1, C, C + 1, 255, 256, 257, C * C + 1, GROUP - 1, GROUP,
        GROUP + 1, 3 * GROUP + 17, C * C * C * C + 3, 100_003};

    private GpuArrays gpu;

    /** The device under test (a subclass runs the same tests in Aparapi's Java threads). */
    ComputeDevice device() {
        return TestDevices.openCl();
    }

    /** The sizes of the randomized tests. */
    int[] sizes() {
        return SIZES;
    }

    @BeforeAll
    void open() {
        gpu = new GpuArrays(device());
    }

    @AfterAll
    void close() {
        if (gpu != null) {
            gpu.close();
        }
    }

    /** Inputs of {@code n} ints of each shape: random signed, all equal, sorted, reverse-sorted, extremes. */
    static int[][] shapes(Random r, int n) {
        int[] random = r.ints(n).toArray();
        int[] equal = new int[n];
        Arrays.fill(equal, -7);
        int[] sorted = r.ints(n, -1000, 1000).sorted().toArray();
        int[] reverse = IntStream.range(0, n).map(i -> sorted[n - 1 - i]).toArray();
        int[] extremes = IntStream.range(0, n).map(i -> i % 3 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE).toArray();
        return new int[][] {random, equal, sorted, reverse, extremes};
    }

    static long[] widen(Random r, int[] a) {
        return Arrays.stream(a).mapToLong(x -> ((long) x << 20) ^ r.nextInt(1 << 20)).toArray();
    }

    @Test
    void scans() {
        Random r = new Random(11);
        for (int n : sizes()) {
            for (int[] in : shapes(r, n)) {
                for (boolean inclusive : new boolean[] {true, false}) {
                    int[] got = inclusive ? gpu.inclusiveScan(in) : gpu.exclusiveScan(in);
                    assertThat(got).as("int scan n=%d inclusive=%s", n, inclusive)
                            .isEqualTo(PrimitivesReference.scan(in, inclusive));
                    long[] wide = widen(r, in);
                    long[] gotLong = inclusive ? gpu.inclusiveScan(wide) : gpu.exclusiveScan(wide);
                    assertThat(gotLong).as("long scan n=%d inclusive=%s", n, inclusive)
                            .isEqualTo(PrimitivesReference.scan(wide, inclusive));
                }
            }
        }
    }

    @Test
    void reduces() {
        Random r = new Random(12);
        for (int n : sizes()) {
            for (int[] in : shapes(r, n)) {
                assertThat(gpu.sum(in)).as("sum n=%d", n).isEqualTo(PrimitivesReference.sum(in));
                long[] wide = widen(r, in);
                assertThat(gpu.sum(wide)).as("long sum n=%d", n).isEqualTo(PrimitivesReference.sum(wide));
                if (n > 0) {
                    assertThat(gpu.min(in)).as("min n=%d", n).isEqualTo(PrimitivesReference.min(in));
                    assertThat(gpu.max(in)).as("max n=%d", n).isEqualTo(PrimitivesReference.max(in));
                    assertThat(gpu.min(wide)).as("long min n=%d", n).isEqualTo(PrimitivesReference.min(wide));
                    assertThat(gpu.max(wide)).as("long max n=%d", n).isEqualTo(PrimitivesReference.max(wide));
                }
            }
        }
        assertThatThrownBy(() -> gpu.min(new int[0])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void selects() {
        Random r = new Random(13);
        for (int n : sizes()) {
            for (int[] in : shapes(r, n)) {
                for (int density : new int[] {0, 1, 50, 100}) {
                    int[] flags = IntStream.range(0, n).map(i -> r.nextInt(100) < density ? r.nextInt() | 1 : 0)
                            .toArray();
                    String what = "n=" + n + " density=" + density;
                    assertThat(gpu.select(in, flags)).as("select %s", what)
                            .isEqualTo(PrimitivesReference.selectFlagged(in, flags));
                    long[] wide = widen(r, in);
                    assertThat(gpu.select(wide, flags)).as("select longs %s", what)
                            .isEqualTo(PrimitivesReference.selectFlagged(wide, flags));
                    assertThat(gpu.selectIndices(flags)).as("indices %s", what)
                            .isEqualTo(PrimitivesReference.selectIndices(flags));
                }
                for (Comparison c : Comparison.values()) {
                    long operand = n == 0 ? 0 : in[r.nextInt(n)];
                    assertThat(gpu.selectIf(in, c, operand)).as("selectIf %s %d n=%d", c, operand, n)
                            .isEqualTo(PrimitivesReference.selectIf(in, c, operand));
                    long[] wide = widen(r, in);
                    long wideOperand = n == 0 ? 0 : wide[r.nextInt(n)];
                    assertThat(gpu.selectIf(wide, c, wideOperand)).as("selectIf longs %s n=%d", c, n)
                            .isEqualTo(PrimitivesReference.selectIf(wide, c, wideOperand));
                }
            }
        }
    }

    @Test
    void gathersScattersAndHistograms() {
        Random r = new Random(14);
        for (int n : sizes()) {
            int[] in = r.ints(n).toArray();
            long[] wide = widen(r, in);
            int[] perm = PrimitivesStressKit.shuffled(r, n);
            int[] idx = n == 0 ? new int[0] : r.ints(n + 5, 0, n).toArray();
            assertThat(gpu.gather(in, idx)).as("gather n=%d", n).isEqualTo(PrimitivesReference.gather(in, idx));
            assertThat(gpu.gather(wide, idx)).as("gather longs n=%d", n)
                    .isEqualTo(PrimitivesReference.gather(wide, idx));
            assertThat(gpu.scatter(in, perm, n + 3)).as("scatter n=%d", n)
                    .isEqualTo(PrimitivesReference.scatter(in, perm, n + 3));
            assertThat(gpu.scatter(wide, perm, n)).as("scatter longs n=%d", n)
                    .isEqualTo(PrimitivesReference.scatter(wide, perm, n));
            for (int[] values : shapes(r, n)) {
                for (int bins : new int[] {1, 7, 256, 5000}) {
                    long low = -500;
                    long width = bins == 1 ? 1L << 33 : 3;
                    assertThat(gpu.histogram(values, bins, low, width)).as("histogram n=%d bins=%d", n, bins)
                            .isEqualTo(PrimitivesReference.histogram(values, bins, low, width));
                }
            }
        }
        assertThatThrownBy(() -> gpu.gather(new int[3], new int[] {3})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outside");
    }

    /** One size above 2^24, each primitive once. */
    @Test
    void aboveTwoToThe24() {
        Assumptions.assumeTrue(device() != ComputeDevice.JAVA_THREADS, "minutes in Java threads");
        Random r = new Random(15);
        int n = (1 << 24) + GROUP * 3 + 5;
        int[] in = r.ints(n, -100, 100).toArray();
        int[] flags = r.ints(n, 0, 3).toArray();
        assertThat(gpu.exclusiveScan(in)).isEqualTo(PrimitivesReference.scan(in, false));
        assertThat(gpu.sum(in)).isEqualTo(PrimitivesReference.sum(in));
        assertThat(gpu.select(in, flags)).isEqualTo(PrimitivesReference.selectFlagged(in, flags));
        assertThat(gpu.histogram(in, 200, -100, 1)).isEqualTo(PrimitivesReference.histogram(in, 200, -100, 1));
    }


    /** The resident API: load once, run repeatedly, read back; the same results every run. */
    @Test
    void residentRunsRepeat() {
        Random r = new Random(17);
        int n = 5000;
        int[] in = r.ints(n, -50, 50).toArray();
        int[] perm = PrimitivesStressKit.shuffled(r, n);
        gpu.loadInts(in);
        gpu.loadFlags(perm);
        for (int run = 0; run < 2; run++) {
            gpu.runScanInts(false);
            assertThat(gpu.intResult(n)).isEqualTo(PrimitivesReference.scan(in, false));
            assertThat(gpu.lastTotal()).isEqualTo(PrimitivesReference.sum(in));
            gpu.runGatherInts();
            assertThat(gpu.intResult(n)).isEqualTo(PrimitivesReference.gather(in, perm));
            gpu.runScatterInts(n);
            assertThat(gpu.intResult(n)).isEqualTo(PrimitivesReference.scatter(in, perm, n));
            gpu.runHistogram(100, -50, 1);
            assertThat(gpu.histogramResult()).isEqualTo(PrimitivesReference.histogram(in, 100, -50, 1));
            gpu.runSelectIfInts(Comparison.GREATER, 10);
            assertThat(gpu.intResult((int) gpu.lastTotal()))
                    .isEqualTo(PrimitivesReference.selectIf(in, Comparison.GREATER, 10));
        }
        assertThatThrownBy(() -> gpu.histogram(in, 0, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> gpu.histogram(in, 10, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> gpu.select(in, new int[3])).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Resident gather and scatter check the loaded indices' range, noted at the load, against each call's length:
     * the first index outside it named with its position, below and above, and the run refused before any launch.
     */
    @Test
    void residentIndicesOutOfRangeAreNamed() {
        int[] in = {10, 11, 12, 13};
        gpu.loadInts(in);
        gpu.loadFlags(new int[] {0, 3, 4, 1});
        assertThatThrownBy(gpu::runGatherInts).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index 4 at 2 is outside [0, 4)");
        gpu.runScatterInts(5); // the same indices fit an output of 5 (its element 2 keeps what it held)
        int[] scattered = gpu.intResult(5);
        assertThat(new int[] {scattered[0], scattered[1], scattered[3], scattered[4]}).containsExactly(10, 13, 11, 12);
        assertThatThrownBy(() -> gpu.runScatterInts(4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index 4 at 2 is outside [0, 4)");
        gpu.loadFlags(new int[] {2, -1, 0, 0});
        assertThatThrownBy(gpu::runGatherInts).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index -1 at 1 is outside [0, 4)");
        gpu.loadFlags(new int[] {3, 2, 1, 0});
        gpu.runGatherInts();
        assertThat(gpu.intResult(4)).containsExactly(13, 12, 11, 10);
        gpu.loadFlags(new int[0]);
        gpu.loadInts(new int[0]);
        gpu.runGatherInts();
    }
}
