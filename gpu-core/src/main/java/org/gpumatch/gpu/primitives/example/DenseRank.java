package org.gpumatch.gpu.primitives.example;

import java.util.Arrays;
import org.gpumatch.gpu.primitives.ChunkDriver;
import org.gpumatch.gpu.primitives.DeviceRadixSort;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * The example pipeline of gpu-core: the dense rank of every element of an {@code int[]} (its index among the sorted
 * distinct values) and the sorted distinct values, computed on the device by three primitives on the same buffers of
 * one kernel instance ({@link DenseRankPipeline}), between phases of the pipeline's own:
 * <ol>
 *   <li>own phase: keys with the sign bit flipped (signed order as unsigned), index {@code 0..n-1};</li>
 *   <li>{@link DeviceRadixSort}: stable sort of the (key, index) pairs;</li>
 *   <li>own phase: a head flag where the sorted key differs from its predecessor;</li>
 *   <li>{@link ChunkDriver#scan}: inclusive scan of the heads, the rank plus one of each sorted element;</li>
 *   <li>{@link ChunkDriver#selectFlagged}: the keys at the heads, the distinct values, and their count;</li>
 *   <li>own phase: {@code ranks[index[i]] = scan[i] - 1} (a scatter through the sorted indices).</li>
 * </ol>
 * This is the first round of a prefix-doubling suffix array construction (keys, sort, heads, ranks), in a form small
 * enough to read.
 *
 * <p>Cost per element: the radix sort's 8 passes of 20 bytes, the scan's 12 bytes, the select's about 12 bytes, the
 * own phases 8 + 8 + 12 bytes: about 210 bytes of device traffic and 3 + 8 * 3 + scan and select launches. Device
 * memory: 9 ints per element (values, keys and index with their alternates, heads, scan, ranks, distinct) plus the
 * primitives' scratch (digit counts, chunk totals): about 45 bytes per element. Not thread-safe; close it to release
 * the device's buffers.
 */
public final class DenseRank implements AutoCloseable {
    /** Elements per work-item of the scan and the select. */
    private static final int CHUNK = 16;

    private final GuardedKernel<DenseRankPipeline> launcher;
    private final DeviceRadixSort sort;
    private final ChunkDriver chunks;

    /** The ranks of every input element and the sorted distinct values. */
    public record Result(int[] ranks, int[] distinct) {
    }

    /** A pipeline on {@code device} with work-groups of 256 (lowered to what the device allows). */
    public DenseRank(ComputeDevice device) {
        this.launcher = new GuardedKernel<>(new DenseRankPipeline(), device, 256);
        this.sort = new DeviceRadixSort(launcher);
        this.chunks = new ChunkDriver(launcher, CHUNK);
    }

    /**
     * The dense ranks of {@code values} (equal values share a rank; ranks run from 0 to distinct - 1 in signed
     * order) and the distinct values in ascending order.
     */
    public Result rank(int[] values) {
        int n = values.length;
        if (n == 0) {
            return new Result(new int[0], new int[0]); // nothing to launch (and no unbound buffer to read)
        }
        DenseRankPipeline k = launcher.kernel();
        k.count = n;
        k.values = values;
        k.keys = new int[n];
        k.keysAlt = new int[n];
        k.index = new int[n];
        k.indexAlt = new int[n];
        k.heads = new int[n];
        k.headScan = new int[n];
        k.ranks = new int[n];
        k.distinct = new int[n];
        k.put(k.values).put(k.keys).put(k.keysAlt).put(k.index).put(k.indexAlt).put(k.heads).put(k.headScan)
                .put(k.ranks).put(k.distinct).put(k.unusedLongIn).put(k.unusedLongOut);

        ownPhase(DenseRankPipeline.PHASE_KEYS, n);
        sort.sortU32(DenseRankPipeline.SLOT_SORT, n, 0, 32, k.keys, k.index, k.keysAlt, k.indexAlt);
        ownPhase(DenseRankPipeline.PHASE_HEADS, n);
        chunks.scan(DenseRankPipeline.SLOT_SCAN, n, false, true);
        chunks.selectFlagged(DenseRankPipeline.SLOT_SELECT, n, false, false);
        int distinctCount = (int) chunks.lastTotal();
        ownPhase(DenseRankPipeline.PHASE_RANKS, n);

        k.get(k.ranks);
        k.get(k.distinct);
        int[] distinct = Arrays.copyOf(k.distinct, distinctCount);
        for (int i = 0; i < distinctCount; i++) {
            distinct[i] ^= Integer.MIN_VALUE; // back to signed values
        }
        return new Result(k.ranks, distinct);
    }

    private void ownPhase(int phase, int n) {
        DenseRankPipeline k = launcher.kernel();
        k.phase = phase;
        try {
            launcher.launch((n + launcher.localSize() - 1) / launcher.localSize());
        } finally {
            k.phase = DenseRankPipeline.PHASE_OFF;
        }
    }

    @Override
    public void close() {
        launcher.close();
    }
}
