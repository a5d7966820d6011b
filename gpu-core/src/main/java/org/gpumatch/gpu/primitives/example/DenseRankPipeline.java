package org.gpumatch.gpu.primitives.example;

import java.util.Arrays;
import org.gpumatch.gpu.primitives.GridKernel;

/**
 * The kernel of the example pipeline {@link DenseRank}: the grid layer ({@link GridKernel}: radix sort of pairs, scan,
 * select on its operand arrays) and this pipeline's own three launches, on the arrays it owns, in one kernel instance
 * and so in one OpenCL context.
 *
 * <p>The composition model of gpu-core: the pipeline extends {@link GridKernel}, registers its own slots (2..62),
 * uses the protected operand arrays as the primitives' data ({@code in}, {@code aux} the sort's keys and values with
 * {@code out}, {@code auxAlt} their alternates; then the scan's input and output, then the select's values, flags and
 * output), adds its own arrays, and overrides the barrier-free hook {@link #pipelineItem} for its own launches
 * ({@code GridDriver.pipeline(slot, n)}), in which the grid's steps idle.
 *
 * <p>Arrays: {@link #values} (the input), {@link #sortedKeys} and {@link #sortedIndex} (the sort's result, kept while
 * the operand arrays are reused), {@link #ranks} (the output), and the four int operand arrays: 8 ints per element.
 */
public final class DenseRankPipeline extends GridKernel {
    /** {@code in[i] = values[i]} with the sign bit flipped (signed order as unsigned), {@code aux[i] = i}. */
    static final int SLOT_KEYS = 2;
    /** The sorted (key, index) pairs into {@link #sortedKeys} and {@link #sortedIndex}. */
    static final int SLOT_KEEP = 3;
    /** {@code in[i] = aux[i] = 1} where a new key starts in the sorted keys, else 0 (the scan's input, the flags). */
    static final int SLOT_HEADS = 4;
    /** {@code ranks[sortedIndex[i]] = out[i] - 1} (the scan's ranks scattered), {@code in[i]} = the signed key. */
    static final int SLOT_RANKS = 5;

    int[] values = new int[1];
    int[] sortedKeys = new int[1];
    int[] sortedIndex = new int[1];
    int[] ranks = new int[1];

    DenseRankPipeline() {
        registerSlot(SLOT_KEYS);
        registerSlot(SLOT_KEEP);
        registerSlot(SLOT_HEADS);
        registerSlot(SLOT_RANKS);
    }

    /** Host side: binds {@code values} and fresh arrays for {@code n > 0} elements and uploads the input. */
    void bind(int[] input) {
        int n = input.length;
        values = input;
        sortedKeys = new int[n];
        sortedIndex = new int[n];
        ranks = new int[n];
        in = new int[n];
        out = new int[n];
        aux = new int[n];
        auxAlt = new int[n];
        put(values);
    }

    /** Host side: downloads the ranks. */
    int[] downloadRanks() {
        get(ranks);
        return ranks;
    }

    /** Host side: downloads the select's output, the first {@code count} of which are the distinct values. */
    int[] downloadDistinct(int count) {
        get(out);
        return Arrays.copyOf(out, count);
    }

    @Override
    protected void pipelineItem(int slot, int i) {
        if (slot == SLOT_KEYS) {
            in[i] = values[i] ^ 0x80000000;
            aux[i] = i;
        }
        if (slot == SLOT_KEEP) {
            sortedKeys[i] = in[i];
            sortedIndex[i] = aux[i];
        }
        if (slot == SLOT_HEADS) {
            int head = i == 0 || sortedKeys[i] != sortedKeys[i - 1] ? 1 : 0;
            in[i] = head;
            aux[i] = head;
        }
        if (slot == SLOT_RANKS) {
            ranks[sortedIndex[i]] = out[i] - 1;
            in[i] = sortedKeys[i] ^ 0x80000000;
        }
    }
}
