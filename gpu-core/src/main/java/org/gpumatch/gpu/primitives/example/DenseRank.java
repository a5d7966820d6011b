package org.gpumatch.gpu.primitives.example;

import org.gpumatch.gpu.primitives.GridDriver;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * The example pipeline of gpu-core: the dense rank of every element of an {@code int[]} (its index among the sorted
 * distinct values) and the sorted distinct values, computed on the device by three grid primitives on the same
 * buffers of one kernel instance ({@link DenseRankPipeline}, a subclass of the grid layer), between launches of the
 * pipeline's own:
 * <ol>
 *   <li>own launch KEYS: keys with the sign bit flipped (signed order as unsigned), index {@code 0..n-1};</li>
 *   <li>{@link GridDriver#sort}: stable radix sort of the (key, index) pairs (4 passes of 8 bits);</li>
 *   <li>own launches KEEP and HEADS: the sorted pairs kept aside, a head flag where the sorted key differs from its
 *       predecessor (into the scan's input and the select's flags);</li>
 *   <li>{@link GridDriver#scan}: inclusive scan of the heads, the rank plus one of each sorted element;</li>
 *   <li>own launch RANKS: {@code ranks[index[i]] = scan[i] - 1} (a scatter through the sorted indices), the signed
 *       keys back into the select's input;</li>
 *   <li>{@link GridDriver#selectFlagged}: the keys at the heads, the distinct values, and their count (read once).</li>
 * </ol>
 * This is the first round of a prefix-doubling suffix array construction (keys, sort, heads, ranks), in a form small
 * enough to read.
 *
 * <p>Cost per element: the sort's 4 passes of 20 bytes, the scan's 12 bytes, the select's about 16, the own launches
 * 8 + 16 + 16 + 16 bytes: about 160 bytes of device traffic; 4 + 12 + 3 + 3 launches and one 8-byte download of the
 * count besides the results. Device memory: 8 ints per element (see {@link DenseRankPipeline}) plus the grid's spine.
 * Not thread-safe; close it to release the device's buffers.
 */
public final class DenseRank implements AutoCloseable {
    private final GuardedKernel<DenseRankPipeline> launcher;
    private final GridDriver grid;

    /** The ranks of every input element and the sorted distinct values. */
    public record Result(int[] ranks, int[] distinct) {
    }

    /** A pipeline on {@code device} with work-groups of 256 (lowered to what the device allows). */
    public DenseRank(ComputeDevice device) {
        this.launcher = new GuardedKernel<>(new DenseRankPipeline(), device, 256);
        this.grid = new GridDriver(launcher);
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
        k.bind(values);
        grid.pipeline(DenseRankPipeline.SLOT_KEYS, n);
        LaunchTiming[] timing = new LaunchTiming[1];
        if (grid.sort(n, 0, 32, false, true, timing)) {
            throw new IllegalStateException("a 32-bit sort of 8-bit digits ends in the primary arrays");
        }
        grid.pipeline(DenseRankPipeline.SLOT_KEEP, n);
        grid.pipeline(DenseRankPipeline.SLOT_HEADS, n);
        grid.scan(n, true);
        grid.pipeline(DenseRankPipeline.SLOT_RANKS, n);
        grid.selectFlagged(n, false);
        return new Result(k.downloadRanks(), k.downloadDistinct((int) grid.lastTotal()));
    }

    @Override
    public void close() {
        launcher.close();
    }
}
