package org.gpumatch.bench.primitives;

import java.util.Random;
import java.util.function.Consumer;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.gpu.primitives.GpuArraySorter;
import org.gpumatch.gpu.primitives.GpuSegmentedSorter;

/**
 * The sort rows of {@code bench primitives}: gpu-core's stable LSD radix sort (keys u32, pairs u32/u32 and u64/u32 on
 * all bits) and its segmented sort (millions of segments of 2 to 10 pairs; a few huge segments), each on random keys
 * at one n, next to CUB's H200 figures (n = 10^8: keys u32 48.4 G/s, pairs u32/u32 31.2, pairs u64/u32 13.2), all on
 * the grid layer (rows suffixed {@code -grid}; the old chain's tile and chunk sorts are no longer measured).
 *
 * <p>Every run sorts freshly uploaded unsorted data, copied into the same arrays so that the device buffers are reused
 * (the upload is left out of the wall time; sorting the previous run's sorted output would flatter the segmented
 * sort's small path). The first run of each row is checked exactly in linear time ({@link SortCheck}; a reference
 * sort of 2^27 elements on one thread took longer than the row's device runs). Host memory: about 25 bytes per element
 * (input, the sorter's copies, the check).
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
    /**
     * Bytes per element of the segmented sort's small path: heads and keys read twice (overlapping spans), keys and
     * values read and written, the mark written.
     */
    private static final int SMALL_PATH_BYTES = 28;

    private SortRows() {
    }

    /** The sort rows at {@code n} elements (radix rows per algorithm), each validated once and timed reps times. */
    static void measure(BenchContext ctx, RowFactory rows, int n, int reps, Consumer<ResultRow> out) {
        Random r = new Random(31L * n + 7);
        int[] keys = r.ints(n).toArray();
        long[] wide = r.longs(n).toArray();
        try (GpuArraySorter sorter = new GpuArraySorter(ctx.device())) {
            out.accept(keysU32(ctx, rows, sorter, "radix-sort-keys-u32-grid", keys, reps));
            out.accept(pairsU32(ctx, rows, sorter, "radix-sort-pairs-u32-u32-grid", keys, reps));
            out.accept(pairsU64(ctx, rows, sorter, "radix-sort-pairs-u64-u32-grid", wide, reps));
        }
        try (GpuSegmentedSorter segmented = new GpuSegmentedSorter(ctx.device())) {
            out.accept(segmentedRow(ctx, rows, segmented, "segmented-sort-2-10", keys, smallHeads(r, n,
                    SMALL_MIN, SMALL_MAX), SMALL_PATH_BYTES, reps));
            out.accept(segmentedRow(ctx, rows, segmented, "segmented-sort-1-1000", keys, smallHeads(r, n, 1,
                    1000), SMALL_PATH_BYTES, reps));
            out.accept(segmentedRow(ctx, rows, segmented, "segmented-sort-" + HUGE_SEGMENTS + "-huge", keys,
                    hugeHeads(n), SMALL_PATH_BYTES + 12 + 28 * ((32 + 2 + 7) / 8) + 16, reps));
        }
    }

    private static ResultRow keysU32(BenchContext ctx, RowFactory rows, GpuArraySorter sorter, String name,
                                     int[] keys, int reps) {
        int[] work = new int[keys.length];
        return PrimitivesSuite.time(ctx, rows, name, keys.length, 12 * passes(sorter, 32), CUB_KEYS_U32, reps, () -> {
            System.arraycopy(keys, 0, work, 0, keys.length);
            sorter.load(work, null);
        }, () -> sorter.sortLoaded(0, 32), () -> {
            sorter.download();
            return SortCheck.sortedKeysU32(keys, work);
        }, () -> calls(sorter));
    }

    private static ResultRow pairsU32(BenchContext ctx, RowFactory rows, GpuArraySorter sorter, String name,
                                      int[] keys, int reps) {
        int n = keys.length;
        int[] work = new int[n];
        int[] values = new int[n];
        return PrimitivesSuite.time(ctx, rows, name, n, 20 * passes(sorter, 32), CUB_PAIRS_U32, reps, () -> {
            System.arraycopy(keys, 0, work, 0, n);
            fillIndex(values);
            sorter.load(work, values);
        }, () -> sorter.sortLoaded(0, 32), () -> {
            sorter.download();
            return SortCheck.stablePairsU32(keys, work, values);
        }, () -> calls(sorter));
    }

    private static ResultRow pairsU64(BenchContext ctx, RowFactory rows, GpuArraySorter sorter, String name,
                                      long[] keys, int reps) {
        int n = keys.length;
        long[] work = new long[n];
        int[] values = new int[n];
        return PrimitivesSuite.time(ctx, rows, name, n, 32 * passes(sorter, 64), CUB_PAIRS_U64, reps, () -> {
            System.arraycopy(keys, 0, work, 0, n);
            fillIndex(values);
            sorter.load(work, values);
        }, () -> sorter.sortLoaded(0, 64), () -> {
            sorter.download();
            return SortCheck.stablePairsU64(keys, work, values);
        }, () -> calls(sorter));
    }

    private static ResultRow segmentedRow(BenchContext ctx, RowFactory rows, GpuSegmentedSorter sorter, String name,
                                          int[] keys, int[] heads, int bytes, int reps) {
        int n = keys.length;
        int[] work = new int[n];
        int[] values = new int[n];
        return PrimitivesSuite.time(ctx, rows, name, n, bytes, Double.NaN, reps, () -> {
            System.arraycopy(keys, 0, work, 0, n);
            fillIndex(values);
            sorter.load(work, values, heads);
        }, sorter::sortLoaded, () -> {
            sorter.download();
            return SortCheck.stableSegmentedPairsU32(keys, heads, work, values);
        }, () -> sorter.lastCalls().toString());
    }

    private static void fillIndex(int[] values) {
        for (int i = 0; i < values.length; i++) {
            values[i] = i;
        }
    }

    /** Radix passes of the grid's sort over {@code bits} bits (8-bit digits). */
    private static int passes(GpuArraySorter sorter, int bits) {
        return (bits + 7) / 8;
    }

    /** The last sort's launches and transfers, for the note. */
    private static String calls(GpuArraySorter sorter) {
        return sorter.lastCalls().toString();
    }

    /** Heads of random segments of {@code min} to {@code max} elements. */
    private static int[] smallHeads(Random r, int n, int min, int max) {
        int[] heads = new int[n];
        for (int i = 0; i < n; i += min + r.nextInt(max - min + 1)) {
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
