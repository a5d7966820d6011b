package org.gpumatch.bench.primitives;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.gpu.primitives.DeviceRadixSort;
import org.gpumatch.gpu.primitives.GpuArraySorter;
import org.gpumatch.gpu.primitives.GpuSegmentedSorter;
import org.gpumatch.gpu.primitives.SortReference;

/**
 * The sort rows of {@code bench primitives}: gpu-core's stable LSD radix sort (keys u32, pairs u32/u32 and u64/u32 on
 * all bits) and its segmented sort (millions of segments of 2 to 10 pairs; a few huge segments), each on random keys
 * at one n, next to CUB's H200 figures (n = 10^8: keys u32 48.4 G/s, pairs u32/u32 31.2, pairs u64/u32 13.2).
 *
 * <p>Every timed run sorts freshly uploaded unsorted data (the upload is not timed; sorting the previous run's sorted
 * output would flatter the segmented sort's small path). One run per row is checked against {@link SortReference}.
 * Host memory: about 40 bytes per element (input, the sorter's copies, the reference).
 */
final class SortRows {
    private static final double CUB_KEYS_U32 = 48.4;
    private static final double CUB_PAIRS_U32 = 31.2;
    private static final double CUB_PAIRS_U64 = 13.2;
    /** Segment lengths of the many-small-segments row: 2..10 pairs. */
    private static final int SMALL_MIN = 2;
    private static final int SMALL_MAX = 10;
    /** Segments of the few-huge-segments row. */
    private static final int HUGE_SEGMENTS = 4;

    private SortRows() {
    }

    /** The five sort rows at {@code n} elements, each validated once and timed {@code reps} times. */
    static List<ResultRow> measure(BenchContext ctx, RowFactory rows, int n, int reps) {
        Random r = new Random(31L * n + 7);
        int[] keys = r.ints(n).toArray();
        long[] wide = r.longs(n).toArray();
        int[] index = IntStream.range(0, n).toArray();
        int passes32 = passes(32);
        int passes64 = passes(64);
        List<ResultRow> out = new ArrayList<>();
        try (GpuArraySorter sorter = new GpuArraySorter(ctx.device())) {
            out.add(PrimitivesSuite.time(ctx, rows, "radix-sort-keys-u32", n, 12 * passes32, CUB_KEYS_U32, reps,
                    () -> sorter.load(keys.clone(), null).sortLoaded(0, 32), () -> {
                        int[] got = keys.clone();
                        sorter.sortKeys(got, 0, 32);
                        int[] want = keys.clone();
                        SortReference.sortU32(want, null, 0, 32);
                        return Arrays.equals(got, want);
                    }));
            out.add(PrimitivesSuite.time(ctx, rows, "radix-sort-pairs-u32-u32", n, 20 * passes32, CUB_PAIRS_U32, reps,
                    () -> sorter.load(keys.clone(), index.clone()).sortLoaded(0, 32), () -> {
                        int[] gotKeys = keys.clone();
                        int[] gotValues = index.clone();
                        sorter.sortPairs(gotKeys, gotValues, 0, 32);
                        int[] wantKeys = keys.clone();
                        int[] wantValues = index.clone();
                        SortReference.sortU32(wantKeys, wantValues, 0, 32);
                        return Arrays.equals(gotKeys, wantKeys) && Arrays.equals(gotValues, wantValues);
                    }));
            out.add(PrimitivesSuite.time(ctx, rows, "radix-sort-pairs-u64-u32", n, 32 * passes64, CUB_PAIRS_U64, reps,
                    () -> sorter.load(wide.clone(), index.clone()).sortLoaded(0, 64), () -> {
                        long[] gotKeys = wide.clone();
                        int[] gotValues = index.clone();
                        sorter.sortPairs(gotKeys, gotValues, 0, 64);
                        long[] wantKeys = wide.clone();
                        int[] wantValues = index.clone();
                        SortReference.sortU64(wantKeys, wantValues, 0, 64);
                        return Arrays.equals(gotKeys, wantKeys) && Arrays.equals(gotValues, wantValues);
                    }));
        }
        try (GpuSegmentedSorter segmented = new GpuSegmentedSorter(ctx.device())) {
            out.add(segmentedRow(ctx, rows, segmented, "segmented-sort-2-10", keys, index,
                    smallHeads(r, n), reps));
            out.add(segmentedRow(ctx, rows, segmented, "segmented-sort-" + HUGE_SEGMENTS + "-huge", keys, index,
                    hugeHeads(n), reps));
        }
        return out;
    }

    private static ResultRow segmentedRow(BenchContext ctx, RowFactory rows, GpuSegmentedSorter sorter, String name,
                                          int[] keys, int[] index, int[] heads, int reps) {
        return PrimitivesSuite.time(ctx, rows, name, keys.length, 24, Double.NaN, reps,
                () -> sorter.load(keys.clone(), index.clone(), heads).sortLoaded(), () -> {
                    int[] gotKeys = keys.clone();
                    int[] gotValues = index.clone();
                    sorter.sortPairs(gotKeys, gotValues, heads);
                    int[] wantKeys = keys.clone();
                    int[] wantValues = index.clone();
                    SortReference.segmentedSortU32(wantKeys, wantValues, heads);
                    return Arrays.equals(gotKeys, wantKeys) && Arrays.equals(gotValues, wantValues);
                });
    }

    /** Radix passes of the default digit width over {@code bits} bits (rounded up to even, as the driver runs). */
    private static int passes(int bits) {
        int p = (bits + DeviceRadixSort.DEFAULT_DIGIT_BITS - 1) / DeviceRadixSort.DEFAULT_DIGIT_BITS;
        return p + (p & 1);
    }

    /** Heads of random segments of {@link #SMALL_MIN} to {@link #SMALL_MAX} elements. */
    private static int[] smallHeads(Random r, int n) {
        int[] heads = new int[n];
        for (int i = 0; i < n; i += SMALL_MIN + r.nextInt(SMALL_MAX - SMALL_MIN + 1)) {
            heads[i] = 1;
        }
        return heads;
    }

    /** Heads of {@link #HUGE_SEGMENTS} segments of equal length. */
    private static int[] hugeHeads(int n) {
        int[] heads = new int[n];
        for (int s = 0; s < HUGE_SEGMENTS; s++) {
            heads[(int) ((long) n * s / HUGE_SEGMENTS)] = 1;
        }
        return heads;
    }
}
