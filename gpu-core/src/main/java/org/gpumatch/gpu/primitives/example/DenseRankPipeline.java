package org.gpumatch.gpu.primitives.example;

import org.gpumatch.gpu.primitives.HooklessPipeline;

/**
 * The kernel of the example pipeline {@link DenseRank}: its own three phases (compute keys, mark heads, write ranks)
 * and three primitives of {@link org.gpumatch.gpu.primitives.PrimitiveKernel} (radix sort of pairs, scan, select), all on the arrays it owns, in
 * one kernel instance and so in one OpenCL context.
 *
 * <p>The calling convention of gpu-core: {@code run()} calls every primitive's device function unconditionally, each
 * with a constant slot (the drivers activate one slot per launch; the others return at once), and runs its own phase
 * only when {@link #phase} names it (the drivers leave it {@link #PHASE_OFF}, so a primitive's launch never runs it).
 */
public final class DenseRankPipeline extends HooklessPipeline {
    static final int PHASE_OFF = 0;
    /** {@code keys[i] = values[i]} with the sign bit flipped (signed order as unsigned), {@code index[i] = i}. */
    static final int PHASE_KEYS = 1;
    /** {@code heads[i] = 1} where a new key starts in the sorted keys. */
    static final int PHASE_HEADS = 2;
    /** {@code ranks[index[i]] = headScan[i] - 1}. */
    static final int PHASE_RANKS = 3;

    /** Slot of the radix sort of (keys, index). */
    static final int SLOT_SORT = 1;
    /** Slot of the inclusive scan of heads into headScan. */
    static final int SLOT_SCAN = 1;
    /** Slot of the select of keys flagged by heads into distinct. */
    static final int SLOT_SELECT = 2;

    int phase;
    int count;
    int[] values = new int[1];
    int[] keys = new int[1];
    int[] keysAlt = new int[1];
    int[] index = new int[1];
    int[] indexAlt = new int[1];
    int[] heads = new int[1];
    int[] headScan = new int[1];
    int[] ranks = new int[1];
    int[] distinct = new int[1];
    /** The chunk passes' long arrays, unused by this pipeline's int primitives. */
    long[] unusedLongIn = new long[1];
    long[] unusedLongOut = new long[1];


    @Override
    public void run() {
        radixSortScanPass();
        radixSortPairsU32(SLOT_SORT, keys, index, keysAlt, indexAlt);
        chunkPass(SLOT_SCAN, heads, distinct, headScan, unusedLongIn, unusedLongOut);
        chunkPass(SLOT_SELECT, keys, heads, distinct, unusedLongIn, unusedLongOut);
        int i = getGlobalId();
        if (phase == PHASE_KEYS && i < count) {
            keys[i] = values[i] ^ 0x80000000;
            index[i] = i;
        }
        if (phase == PHASE_HEADS && i < count) {
            heads[i] = i == 0 ? 1 : (keys[i] != keys[i - 1] ? 1 : 0);
        }
        if (phase == PHASE_RANKS && i < count) {
            ranks[index[i]] = headScan[i] - 1;
        }
        localBarrier(); // Aparapi's Java threads reuse local arrays across groups
    }
}
