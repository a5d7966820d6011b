package org.gpumatch.gpu.primitives;

/**
 * Device functions of the segmented sort of (u32 key, u32 value) pairs given segment heads: a layer of
 * {@link PrimitiveKernel} (see the package documentation for how pipelines compose primitives). The host driver is
 * {@link DeviceSegmentedSort}.
 *
 * <p><b>How a pipeline uses it.</b> Its {@code run()} calls {@link RadixSortKernel#radixSortScanPass()} (once, for all
 * sorts), {@link #segmentedSortPairsU32} with its arrays and a constant {@code slot >= 1}, and the
 * {@link RadixSortKernel#radixSortPairsU64} call that sorts the same {@code composite} array with the same
 * {@code values} (the large path), all unconditionally; {@link #segmentedSortPairsU32} is barrier-free, the scan and
 * the radix call hold barriers.
 *
 * <p><b>Small path</b> (one launch, {@link #SS_SMALL}): the work-item of each head finds its segment's end, and if
 * the segment has at most {@code ssMaxSmall} elements it insertion-sorts it stably in global memory; a longer segment
 * sets {@link #ssOverflow}. Cost: each element read and written about once plus {@code O(len^2)} compares per segment
 * of {@code len} elements; no extra memory. Large path, when a segment overflowed: a launch writes each head flag into
 * {@link #rsCounts}, the device scan turns them into segment numbers (inclusive scan minus one, in {@link #rsOffsets}),
 * a launch builds the composite {@code u64 segment << 32 | key}, the radix sort sorts (composite, value) pairs on
 * bits {@code [0, 32 + bits(n - 1))} and a last launch restores the keys from the composite's low words.
 */
public abstract class SegmentedSortKernel extends RadixSortKernel {
    static final int SS_OFF = 0;
    static final int SS_SMALL = 1;
    static final int SS_FLAGS = 2;
    static final int SS_COMPOSE = 3;
    static final int SS_RESTORE = 4;

    // Set by DeviceSegmentedSort before each launch; read-only on the device.
    /** One of {@code SS_*}. */
    int ssPhase;
    /** The slot whose call runs this launch. */
    int ssSlot;
    int ssCount;
    /** The longest segment the small path sorts. */
    int ssMaxSmall;
    /** Set to 1 by the small path when a segment is longer than {@link #ssMaxSmall}. */
    int[] ssOverflow = new int[1];

    /**
     * The segmented sort's launches for {@code slot}; barrier-free. {@code heads[i] != 0} starts a segment at
     * {@code i} (element 0 always does); {@code composite} is the large path's u64 scratch (at least as long).
     */
    protected final void segmentedSortPairsU32(int slot, int[] keys, int[] values, int[] heads, long[] composite) {
        int i = getGlobalId();
        boolean on = scanMode == SCAN_OFF && ssPhase != SS_OFF && ssSlot == slot && i < ssCount;
        boolean head = on && (i == 0 || heads[i] != 0);
        if (head && ssPhase == SS_SMALL) {
            segSortSmall(keys, values, heads, i);
        }
        if (on && ssPhase == SS_FLAGS) {
            rsCounts[i] = head ? 1 : 0;
        }
        if (on && ssPhase == SS_COMPOSE) {
            composite[i] = (((long) (rsOffsets[i] - 1)) << 32) | (keys[i] & 0xFFFFFFFFL);
        }
        if (on && ssPhase == SS_RESTORE) {
            keys[i] = (int) composite[i];
        }
    }

    /** Insertion sort (stable, unsigned keys) of the segment starting at {@code start}, or the overflow flag. */
    private void segSortSmall(int[] keys, int[] values, int[] heads, int start) {
        int n = ssCount;
        int limit = ssMaxSmall;
        int end = start + 1;
        while (end < n && end - start <= limit && heads[end] == 0) {
            end++;
        }
        if (end - start > limit) {
            ssOverflow[0] = 1;
        } else {
            for (int a = start + 1; a < end; a++) {
                int key = keys[a];
                int value = values[a];
                int b = a - 1;
                while (b >= start && (keys[b] ^ 0x80000000) > (key ^ 0x80000000)) {
                    keys[b + 1] = keys[b];
                    values[b + 1] = values[b];
                    b--;
                }
                keys[b + 1] = key;
                values[b + 1] = value;
            }
        }
    }
}
