package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.primitives.example.DenseRank;
import org.gpumatch.gpu.primitives.example.TileScanPipeline;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * Every scan, reduce, select, compaction, gather/scatter, histogram and sort entry point of gpu-core called once on
 * one size and flag density, each answer compared with the pure-Java references ({@link PrimitivesReference},
 * {@link SortReference}). The stress tests call it many times in one JVM, on the same
 * instances, so that state a call leaves on the device (spine values, grand totals, digit counts) is exercised across
 * calls and across garbage collections.
 */
final class PrimitivesStressKit implements AutoCloseable {
    /** Flag densities in percent. */
    static final int[] DENSITIES = {0, 1, 10, 50, 90, 100};

    private final GpuArrays arrays;
    /** The grid's radix sort in work-groups of 32 and at most 3 groups. */
    private final GpuArraySorter gridSorter;
    private final GpuSegmentedSorter segmented;
    /** A pipeline on the grid layer: its own launches (per item and tile-staged) next to a grid scan. */
    private final GuardedKernel<TileScanPipeline> pipeline;
    private final GridDriver pipelineGrid;
    /** The example pipeline: own launches between a grid sort, scan and select. */
    private final DenseRank denseRank;

    PrimitivesStressKit(ComputeDevice device) {
        arrays = new GpuArrays(device);
        gridSorter = new GpuArraySorter(device, 32, 3);
        segmented = new GpuSegmentedSorter(device, 32, 3);
        pipeline = new GuardedKernel<>(new TileScanPipeline(), device, 32);
        pipelineGrid = new GridDriver(pipeline, 3);
        denseRank = new DenseRank(device);
    }

    /** Every entry point on {@code n} elements with flags of {@code density} percent; fails with the call's name. */
    void checkAll(Random r, int n, int density) {
        checkAll(r, n, density, true);
    }

    /** As {@link #checkAll(Random, int, int)}; the sorts (a dozen launches each) only where {@code sorts}. */
    void checkAll(Random r, int n, int density, boolean sorts) {
        String what = "n=" + n + " density=" + density;
        int[] values = r.nextBoolean() ? r.ints(n).toArray() : r.ints(n, -8, 8).toArray();
        long[] wide = Arrays.stream(values).mapToLong(x -> ((long) x << 21) ^ r.nextInt(1 << 21)).toArray();
        int[] flags = IntStream.range(0, n).map(i -> r.nextInt(100) < density ? r.nextInt() | 1 : 0).toArray();

        assertThat(arrays.select(values, flags)).as("select %s", what)
                .isEqualTo(PrimitivesReference.selectFlagged(values, flags));
        assertThat(arrays.select(wide, flags)).as("select longs %s", what)
                .isEqualTo(PrimitivesReference.selectFlagged(wide, flags));
        assertThat(arrays.selectIndices(flags)).as("select indices %s", what)
                .isEqualTo(PrimitivesReference.selectIndices(flags));
        Comparison c = Comparison.values()[r.nextInt(Comparison.values().length)];
        long operand = n == 0 ? 0 : values[r.nextInt(n)];
        assertThat(arrays.selectIf(values, c, operand)).as("selectIf %s %s", c, what)
                .isEqualTo(PrimitivesReference.selectIf(values, c, operand));
        long wideOperand = n == 0 ? 0 : wide[r.nextInt(n)];
        assertThat(arrays.selectIf(wide, c, wideOperand)).as("selectIf longs %s %s", c, what)
                .isEqualTo(PrimitivesReference.selectIf(wide, c, wideOperand));

        assertThat(arrays.exclusiveScan(flags)).as("exclusive scan %s", what)
                .isEqualTo(PrimitivesReference.scan(flags, false));
        assertThat(arrays.inclusiveScan(values)).as("inclusive scan %s", what)
                .isEqualTo(PrimitivesReference.scan(values, true));
        assertThat(arrays.exclusiveScan(wide)).as("exclusive scan longs %s", what)
                .isEqualTo(PrimitivesReference.scan(wide, false));
        assertThat(arrays.sum(values)).as("sum %s", what).isEqualTo(PrimitivesReference.sum(values));
        assertThat(arrays.sum(wide)).as("sum longs %s", what).isEqualTo(PrimitivesReference.sum(wide));
        if (n > 0) {
            assertThat(arrays.min(values)).as("min %s", what).isEqualTo(PrimitivesReference.min(values));
            assertThat(arrays.max(wide)).as("max longs %s", what).isEqualTo(PrimitivesReference.max(wide));
            int[] idx = r.ints(n, 0, n).toArray();
            assertThat(arrays.gather(values, idx)).as("gather %s", what)
                    .isEqualTo(PrimitivesReference.gather(values, idx));
        }
        int[] perm = shuffled(r, n);
        assertThat(arrays.scatter(wide, perm, n + 1)).as("scatter longs %s", what)
                .isEqualTo(PrimitivesReference.scatter(wide, perm, n + 1));
        assertThat(arrays.histogram(values, 5, -8, 3)).as("histogram %s", what)
                .isEqualTo(PrimitivesReference.histogram(values, 5, -8, 3));

        TileScanPipeline.check(pipeline.kernel(), pipelineGrid, values);
        DenseRank.Result ranks = denseRank.rank(values);
        int[] distinct = Arrays.stream(values).distinct().sorted().toArray();
        assertThat(ranks.distinct()).as("dense rank distinct %s", what).isEqualTo(distinct);
        assertThat(ranks.ranks()).as("dense ranks %s", what)
                .isEqualTo(Arrays.stream(values).map(v -> Arrays.binarySearch(distinct, v)).toArray());
        if (sorts) {
            checkSorts(r, values, wide, flags, what);
        }
    }

    private void checkSorts(Random r, int[] values, long[] wide, int[] flags, String what) {
        checkSorts(gridSorter, values, wide, what + " (grid)");
        int n = values.length;
        if (n > 0) {
            int[] heads = flags.clone();
            heads[0] = 1;
            int[] segKeys = r.ints(n, 0, 50).toArray();
            int[] segValues = IntStream.range(0, n).toArray();
            int[] expectedSegKeys = segKeys.clone();
            int[] expectedSegValues = segValues.clone();
            SortReference.segmentedSortU32(expectedSegKeys, expectedSegValues, heads);
            segmented.sortPairs(segKeys, segValues, heads);
            assertThat(segValues).as("segmented sort %s", what).isEqualTo(expectedSegValues);
            assertThat(segKeys).as("segmented sort keys %s", what).isEqualTo(expectedSegKeys);
        }
    }

    private static void checkSorts(GpuArraySorter sorter, int[] values, long[] wide, String what) {
        int n = values.length;
        int[] keys = values.clone();
        int[] payload = IntStream.range(0, n).toArray();
        int[] expectedKeys = keys.clone();
        int[] expectedPayload = payload.clone();
        SortReference.sortU32(expectedKeys, expectedPayload, 0, 32);
        sorter.sortPairs(keys, payload, 0, 32);
        assertThat(keys).as("sort pairs keys %s", what).isEqualTo(expectedKeys);
        assertThat(payload).as("sort pairs values %s", what).isEqualTo(expectedPayload);

        long[] wideKeys = wide.clone();
        int[] widePayload = IntStream.range(0, n).toArray();
        long[] expectedWide = wideKeys.clone();
        int[] expectedWidePayload = widePayload.clone();
        SortReference.sortU64(expectedWide, expectedWidePayload, 3, 40);
        sorter.sortPairs(wideKeys, widePayload, 3, 40);
        assertThat(widePayload).as("sort u64 pairs values %s", what).isEqualTo(expectedWidePayload);
        assertThat(wideKeys).as("sort u64 pairs keys %s", what).isEqualTo(expectedWide);
    }

    static int[] shuffled(Random r, int n) {
        int[] p = IntStream.range(0, n).toArray();
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    @Override
    public void close() {
        arrays.close();
        gridSorter.close();
        segmented.close();
        pipeline.close();
        denseRank.close();
    }
}
