package org.gpumatch.gpu.primitives;

/**
 * Device functions of the stable LSD radix sort (keys u32 and u64, pairs u32/u32 and u64/u32, bit ranges): a layer of
 * {@link PrimitiveKernel} (see the package documentation for how pipelines compose primitives). The host driver is
 * {@link DeviceRadixSort}.
 *
 * <p><b>How a pipeline uses it.</b> Its {@code run()} calls {@link #radixSortScanPass()} once, <b>unconditionally</b>
 * (it holds the only barriers, those of the digit-count scan), and one of {@link #radixSortKeysU32},
 * {@link #radixSortPairsU32}, {@link #radixSortKeysU64}, {@link #radixSortPairsU64} per set of arrays it sorts, each
 * with its own constant {@code slot >= 1}; the sort functions have no barriers and no local memory, so they may sit
 * anywhere in {@code run()}:
 * <pre>{@code
 * radixSortScanPass();                                        // the count scan's passes (barriers only otherwise)
 * radixSortPairsU32(SLOT, keys, values, keysAlt, valuesAlt);  // count or scatter launches of this slot
 * }</pre>
 * A call does work only while {@link DeviceRadixSort} runs a pass for its slot. The keys and values end sorted in the
 * primary arrays; the {@code *Alt} arrays (at least as long) are the ping-pong buffers, garbage afterwards.
 *
 * <p><b>Algorithm: per-work-item chunks</b> (one pass per digit of {@code w <= digitBits} bits, an even number of
 * passes so that the result ends in the primary arrays). Work-item {@code j} owns the contiguous chunk
 * {@code [j * C, min((j + 1) * C, n))} ({@code C} = {@code chunk} elements). Count launch: it zeroes and then counts
 * the digits of its chunk straight into its own entries {@code rsCounts[d * W + j]} (digit-major, {@code W} chunks;
 * no other work-item touches them). A device-wide exclusive scan of {@code rsCounts} ({@link DeviceScan}) gives each
 * (digit, chunk) its first output position in {@code rsOffsets}. Scatter launch: work-item {@code j} re-reads its chunk
 * in order and writes each element to {@code rsOffsets[d * W + j]++}. Elements of one digit keep their order within a
 * chunk (in-order walk) and across chunks (chunk-major scan order), so every pass is stable by construction, with no
 * barrier and no local memory: PoCL 3.1 compiles it in about a second, where a tile-ranked kernel with barriers in
 * loops took it many minutes.
 *
 * <p><b>Cost</b> per pass and element: the count launch reads the key; the scatter launch reads the key and the value
 * and writes both (u32 keys 12 bytes, u32/u32 pairs 20, u64 keys 24, u64/u32 pairs 32), plus the counter traffic:
 * {@code 2^w / C} counts per element, each read and written about twice and scanned (8 bytes read, 4 written). Extra
 * device memory: the alternate arrays (a copy of keys and values) and {@code 8 * 2^digitBits / C} bytes per element of
 * counts and offsets (4-bit digits, {@code C = 16}: 8 bytes per element). The price of the barrier-free design is
 * coalescing: neighbouring work-items read addresses {@code C} elements apart and scatter to unrelated runs. A
 * tile-ranked variant (stage a tile in local memory, rank it with a group scan, write each digit's run contiguously) is
 * the next step for speed on GPUs, once it compiles quickly on PoCL.
 */
public abstract class RadixSortKernel extends SelectKernel {
    /** The scan slot ({@link DeviceScanKernel#scanIntsPass}) of the digit counts; reserved. */
    public static final int RADIX_SCAN_SLOT = 1 << 20;

    static final int RS_OFF = 0;
    static final int RS_COUNT = 1;
    static final int RS_SCATTER = 2;

    // Set by DeviceRadixSort before each launch; read-only on the device.
    /** The slot whose call runs this launch. */
    int rsSlot;
    /** One of {@code RS_*}. */
    int rsPhase;
    /** 0: primary arrays to alternate; 1: alternate to primary. */
    int rsDirection;
    int rsCount;
    /** Elements per chunk ({@code C}). */
    int rsChunk;
    /** Chunks ({@code W}), one per working work-item. */
    int rsChunks;
    /** Digits of this pass: {@code (key >>> rsShift) & rsMask}. */
    int rsShift;
    int rsMask;
    /** Digits of this pass: {@code rsMask + 1}. */
    int rsRadix;

    /** Count of digit d in chunk j at {@code [d * rsChunks + j]}; also the scan input of other layers' phases. */
    int[] rsCounts = new int[1];
    /** Exclusive scan of {@link #rsCounts}: the next output position of digit d of chunk j (a cursor while scattering). */
    int[] rsOffsets = new int[1];

    /**
     * The digit-count scan (a {@link DeviceScanKernel#scanIntsPass} of {@link #rsCounts} into {@link #rsOffsets}; it
     * contains barriers): call it once, unconditionally, from {@code run()}.
     */
    protected final void radixSortScanPass() {
        scanIntsPass(RADIX_SCAN_SLOT, rsCounts, rsOffsets);
    }

    /** Radix sort launch of u32 keys (unsigned order) for {@code slot}; barrier-free. */
    protected final void radixSortKeysU32(int slot, int[] keys, int[] keysAlt) {
        radixStepU32(keys, keys, keysAlt, keysAlt, radixActive(slot, 0), false);
        radixStepU32(keysAlt, keysAlt, keys, keys, radixActive(slot, 1), false);
    }

    /** Radix sort launch of u32 keys with u32 values for {@code slot}; barrier-free. */
    protected final void radixSortPairsU32(int slot, int[] keys, int[] values, int[] keysAlt, int[] valuesAlt) {
        radixStepU32(keys, values, keysAlt, valuesAlt, radixActive(slot, 0), true);
        radixStepU32(keysAlt, valuesAlt, keys, values, radixActive(slot, 1), true);
    }

    /** Radix sort launch of u64 keys (unsigned order) for {@code slot}; barrier-free. */
    protected final void radixSortKeysU64(int slot, long[] keys, long[] keysAlt) {
        radixStepU64(keys, rsCounts, keysAlt, rsCounts, radixActive(slot, 0), false);
        radixStepU64(keysAlt, rsCounts, keys, rsCounts, radixActive(slot, 1), false);
    }

    /** Radix sort launch of u64 keys with u32 values for {@code slot}; barrier-free. */
    protected final void radixSortPairsU64(int slot, long[] keys, int[] values, long[] keysAlt, int[] valuesAlt) {
        radixStepU64(keys, values, keysAlt, valuesAlt, radixActive(slot, 0), true);
        radixStepU64(keysAlt, valuesAlt, keys, values, radixActive(slot, 1), true);
    }

    private boolean radixActive(int slot, int direction) {
        return scanMode == SCAN_OFF && rsPhase != RS_OFF && rsSlot == slot && rsDirection == direction
                && getGlobalId() < rsChunks;
    }

    /** Zeroes this work-item's counters (count launch). */
    private void radixZeroCounts(boolean counting) {
        int j = getGlobalId();
        for (int d = 0; counting && d < rsRadix; d++) {
            rsCounts[d * rsChunks + j] = 0;
        }
    }

    private void radixStepU32(int[] kin, int[] vin, int[] kout, int[] vout, boolean on, boolean withValues) {
        boolean counting = on && rsPhase == RS_COUNT;
        boolean scattering = on && rsPhase == RS_SCATTER;
        int j = getGlobalId();
        int first = on ? j * rsChunk : 0;
        int end = on ? Math.min(first + rsChunk, rsCount) : 0;
        radixZeroCounts(counting);
        for (int i = first; i < end; i++) {
            int key = kin[i];
            int at = ((key >>> rsShift) & rsMask) * rsChunks + j;
            if (counting) {
                rsCounts[at]++;
            }
            if (scattering) {
                int dst = rsOffsets[at];
                rsOffsets[at] = dst + 1;
                kout[dst] = key;
                if (withValues) {
                    vout[dst] = vin[i];
                }
            }
        }
    }

    private void radixStepU64(long[] kin, int[] vin, long[] kout, int[] vout, boolean on, boolean withValues) {
        boolean counting = on && rsPhase == RS_COUNT;
        boolean scattering = on && rsPhase == RS_SCATTER;
        int j = getGlobalId();
        int first = on ? j * rsChunk : 0;
        int end = on ? Math.min(first + rsChunk, rsCount) : 0;
        radixZeroCounts(counting);
        for (int i = first; i < end; i++) {
            long key = kin[i];
            int at = ((int) (key >>> rsShift) & rsMask) * rsChunks + j;
            if (counting) {
                rsCounts[at]++;
            }
            if (scattering) {
                int dst = rsOffsets[at];
                rsOffsets[at] = dst + 1;
                kout[dst] = key;
                if (withValues) {
                    vout[dst] = vin[i];
                }
            }
        }
    }
}
