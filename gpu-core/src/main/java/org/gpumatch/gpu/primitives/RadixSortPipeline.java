package org.gpumatch.gpu.primitives;

/**
 * A concrete pipeline kernel that only sorts: u32 or u64 keys, alone or with u32 values, and segmented u32/u32 pairs,
 * in the arrays it owns. Used by {@link GpuArraySorter} and {@link GpuSegmentedSorter} (the public ways to sort Java
 * arrays) and by the tests; a model for pipelines that sort their own arrays among other primitives. The segmented
 * sort's large path uses {@link #keys64} as its composite keys (radix slot {@link #SLOT_PAIRS_U64}).
 */
public final class RadixSortPipeline extends HooklessPipeline {
    /** Slot of the u32 keys-only sort of {@link #keys32}. */
    public static final int SLOT_KEYS_U32 = 1;
    /** Slot of the u32/u32 pairs sort of {@link #keys32} and {@link #values}. */
    public static final int SLOT_PAIRS_U32 = 2;
    /** Slot of the u64 keys-only sort of {@link #keys64}. */
    public static final int SLOT_KEYS_U64 = 3;
    /** Slot of the u64/u32 pairs sort of {@link #keys64} and {@link #values}. */
    public static final int SLOT_PAIRS_U64 = 4;

    /** Slot of the segmented sort of {@link #keys32} and {@link #values} by {@link #heads}. */
    public static final int SLOT_SEGMENTED = 1;

    int[] keys32 = new int[1];
    int[] keys32Alt = new int[1];
    long[] keys64 = new long[1];
    long[] keys64Alt = new long[1];
    int[] values = new int[1];
    int[] valuesAlt = new int[1];
    int[] heads = new int[1];


    @Override
    public void run() {
        radixSortScanPass(); // the digit-count scan
        // one call for the four sort slots (one copy of the tile algorithm's barriers): the launch's slot says which
        int slot = rsSlot >= SLOT_KEYS_U32 && rsSlot <= SLOT_PAIRS_U64 ? rsSlot : 0;
        boolean wide = slot == SLOT_KEYS_U64 || slot == SLOT_PAIRS_U64;
        boolean pairs = slot == SLOT_PAIRS_U32 || slot == SLOT_PAIRS_U64;
        radixSortArrays(slot, keys32, keys32Alt, keys64, keys64Alt, values, valuesAlt, wide, pairs);
        segmentedSortPairsU32(SLOT_SEGMENTED, keys32, values, heads, keys64);
        localBarrier(); // Aparapi's Java threads reuse local arrays across groups
    }
}
