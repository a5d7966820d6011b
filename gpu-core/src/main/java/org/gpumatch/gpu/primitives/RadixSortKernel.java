package org.gpumatch.gpu.primitives;

/**
 * Device functions of the stable LSD radix sort (keys u32 and u64, pairs u32/u32 and u64/u32, bit ranges): a layer of
 * {@link PrimitiveKernel} (see the package documentation for how pipelines compose primitives). The host driver is
 * {@link DeviceRadixSort}.
 *
 * <p><b>How a pipeline uses it.</b> Its {@code run()} calls, <b>unconditionally</b> (they contain barriers; a uniform
 * branch around barrier-containing calls crashed PoCL 3.1), {@link #radixSortTile()} once, and before and after it
 * one of {@link #radixSortKeysU32}, {@link #radixSortPairsU32}, {@link #radixSortKeysU64}, {@link #radixSortPairsU64}
 * per set of arrays it sorts (barrier-free, so the barriers exist once per kernel: a kernel with one inlined copy of
 * the barrier code per array set took PoCL over 14 minutes to compile), each with its own constant {@code slot >= 1}:
 * <pre>{@code
 * radixSortPairsU32(SLOT, false, keys, values, keysAlt, valuesAlt); // count, or stage the tile in local memory
 * radixSortTile();                                                  // rank the tile (shared, with barriers)
 * radixSortPairsU32(SLOT, true, keys, values, keysAlt, valuesAlt);  // write the tile out in rank order
 * }</pre>
 * A call does work only while
 * {@link DeviceRadixSort} runs a pass for its slot. The keys and values are sorted in place in the primary arrays;
 * the {@code *Alt} arrays (at least as long) are the ping-pong buffers, whose contents are garbage afterwards.
 *
 * <p><b>Algorithm</b> (one pass per digit of {@code w <= digitBits} bits, an even number of passes so that the result
 * ends in the primary arrays): the input is cut into tiles of {@code T = localSize * items} elements, one per
 * work-group. Count launch: each work-item counts the digits of its strided (coalesced) elements in its own column of
 * local counters, the tile's counters are scanned in local memory and each tile's count of digit {@code d} goes to
 * {@code rsCounts[d * tiles + tile]}. A device-wide exclusive scan of {@code rsCounts} (digit-major) gives each
 * (digit, tile) its output offset. Scatter launch: the tile is loaded coalesced into local memory, each work-item
 * counts the digits of its {@code items} consecutive elements, an exclusive scan over (digit, work-item) of those
 * counts ranks every element stably, the ranks invert into local memory and the tile is written out in rank order,
 * so consecutive work-items write consecutive addresses within each digit's run.
 *
 * <p>Cost per pass and element: the count launch reads the key; the scatter launch reads the key and the value and
 * writes both (u32/u32: 4 + 8 + 8 = 20 bytes; u64/u32: 8 + 12 + 12 = 32 bytes), plus {@code 8 * 2^w / T} bytes of
 * digit counts (written, scanned, read). Device memory: the alternate arrays (one more copy of keys and values) and
 * {@code 8 * 2^digitBits / T} bytes per element of counts and offsets. Local memory per work-group:
 * {@code 4 * (2^digitBits * localSize + 3 * T + 2^digitBits)} bytes plus the group-scan scratch.
 */
public abstract class RadixSortKernel extends SelectKernel {
    /** The scan slot ({@link DeviceScanKernel#scanIntsPass}) the radix sort uses for its digit counts; reserved. */
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
    int rsTiles;
    int rsItems;
    /** Digits of this pass: {@code (key >>> rsShift) & rsMask}. */
    int rsShift;
    int rsMask;
    /** Counter columns per work-item: {@code 2^digitBits}. */
    int rsRadix;
    /** 1 for u64 keys (the tile holds high words too), 0 for u32. */
    int rsWide;

    /** Count of digit d in tile g at {@code [d * rsTiles + g]}. */
    int[] rsCounts = new int[1];
    /** Exclusive scan of {@link #rsCounts}: where digit d of tile g starts in the output. */
    int[] rsOffsets = new int[1];

    /** Per work-item digit counters, {@code [d * localSize + lid]}, then their exclusive scan. */
    @Local int[] rsCounters = new int[1];
    /** The tile's keys: low words at {@code [t]}, high words (u64) at {@code [T + t]}. */
    @Local int[] rsTileKeys = new int[2];
    /** Tile index of the element of each rank. */
    @Local int[] rsInverse = new int[1];
    /** Output position of rank 0 of each digit in this tile, minus the digit's first rank. */
    @Local int[] rsDigitBase = new int[1];

    /**
     * The shared part of every radix pass (the digit-count scan, the tile's local ranking; contains barriers): call it
     * once, unconditionally, from {@code run()}, after the first and before the second call of each sort function.
     */
    protected final void radixSortTile() {
        scanIntsPass(RADIX_SCAN_SLOT, rsCounts, rsOffsets);
        boolean on = scanMode == SCAN_OFF && rsPhase != RS_OFF;
        int size = getLocalSize();
        int tile = size * rsItems;
        int tileStart = getGroupId() * tile;
        int tileCount = on ? Math.min(tile, rsCount - tileStart) : 0;
        radixRankTile(on && rsPhase == RS_COUNT, on && rsPhase == RS_SCATTER, tileCount, rsWide != 0);
    }

    /**
     * Radix sort of u32 keys (unsigned order) for {@code slot}; barrier-free: call it unconditionally twice, with
     * {@code afterTile} false before and true after {@link #radixSortTile()}.
     */
    protected final void radixSortKeysU32(int slot, boolean afterTile, int[] keys, int[] keysAlt) {
        radixStepU32(keys, keys, keysAlt, keysAlt, radixActive(slot, 0), afterTile, false);
        radixStepU32(keysAlt, keysAlt, keys, keys, radixActive(slot, 1), afterTile, false);
    }

    /** Radix sort of u32 keys with u32 values for {@code slot}; called like {@link #radixSortKeysU32}. */
    protected final void radixSortPairsU32(int slot, boolean afterTile, int[] keys, int[] values, int[] keysAlt,
                                           int[] valuesAlt) {
        radixStepU32(keys, values, keysAlt, valuesAlt, radixActive(slot, 0), afterTile, true);
        radixStepU32(keysAlt, valuesAlt, keys, values, radixActive(slot, 1), afterTile, true);
    }

    /** Radix sort of u64 keys (unsigned order) for {@code slot}; called like {@link #radixSortKeysU32}. */
    protected final void radixSortKeysU64(int slot, boolean afterTile, long[] keys, long[] keysAlt) {
        radixStepU64(keys, rsOffsets, keysAlt, rsOffsets, radixActive(slot, 0), afterTile, false);
        radixStepU64(keysAlt, rsOffsets, keys, rsOffsets, radixActive(slot, 1), afterTile, false);
    }

    /** Radix sort of u64 keys with u32 values for {@code slot}; called like {@link #radixSortKeysU32}. */
    protected final void radixSortPairsU64(int slot, boolean afterTile, long[] keys, int[] values, long[] keysAlt,
                                           int[] valuesAlt) {
        radixStepU64(keys, values, keysAlt, valuesAlt, radixActive(slot, 0), afterTile, true);
        radixStepU64(keysAlt, valuesAlt, keys, values, radixActive(slot, 1), afterTile, true);
    }

    private boolean radixActive(int slot, int direction) {
        return scanMode == SCAN_OFF && rsPhase != RS_OFF && rsSlot == slot && rsDirection == direction;
    }

    private void radixStepU32(int[] kin, int[] vin, int[] kout, int[] vout, boolean on, boolean afterTile,
                              boolean withValues) {
        boolean counting = on && rsPhase == RS_COUNT;
        boolean scattering = on && rsPhase == RS_SCATTER;
        int size = getLocalSize();
        int lid = getLocalId();
        int tile = size * rsItems;
        int tileStart = getGroupId() * tile;
        int tileCount = on ? Math.min(tile, rsCount - tileStart) : 0;
        radixZeroCounters(on && !afterTile);
        for (int t = lid; !afterTile && t < tileCount; t += size) {
            int key = kin[tileStart + t];
            if (counting) {
                rsCounters[((key >>> rsShift) & rsMask) * size + lid]++;
            }
            if (scattering) {
                rsTileKeys[t] = key;
            }
        }
        for (int r = lid; afterTile && scattering && r < tileCount; r += size) {
            int t = rsInverse[r];
            int key = rsTileKeys[t];
            int dst = rsDigitBase[(key >>> rsShift) & rsMask] + r;
            kout[dst] = key;
            if (withValues) {
                vout[dst] = vin[tileStart + t];
            }
        }
    }

    private void radixStepU64(long[] kin, int[] vin, long[] kout, int[] vout, boolean on, boolean afterTile,
                              boolean withValues) {
        boolean counting = on && rsPhase == RS_COUNT;
        boolean scattering = on && rsPhase == RS_SCATTER;
        int size = getLocalSize();
        int lid = getLocalId();
        int tile = size * rsItems;
        int tileStart = getGroupId() * tile;
        int tileCount = on ? Math.min(tile, rsCount - tileStart) : 0;
        radixZeroCounters(on && !afterTile);
        for (int t = lid; !afterTile && t < tileCount; t += size) {
            long key = kin[tileStart + t];
            if (counting) {
                rsCounters[((int) (key >>> rsShift) & rsMask) * size + lid]++;
            }
            if (scattering) {
                rsTileKeys[t] = (int) key;
                rsTileKeys[tile + t] = (int) (key >>> 32);
            }
        }
        for (int r = lid; afterTile && scattering && r < tileCount; r += size) {
            int t = rsInverse[r];
            long key = radixTileKey(t, tile);
            int dst = rsDigitBase[(int) (key >>> rsShift) & rsMask] + r;
            kout[dst] = key;
            if (withValues) {
                vout[dst] = vin[tileStart + t];
            }
        }
    }

    /** Zeroes this work-item's column of counters. */
    private void radixZeroCounters(boolean on) {
        int size = getLocalSize();
        int lid = getLocalId();
        for (int d = 0; on && d < rsRadix; d++) {
            rsCounters[d * size + lid] = 0;
        }
    }

    /** The u64 key of tile element {@code t} from local memory. */
    private long radixTileKey(int t, int tile) {
        return (((long) rsTileKeys[tile + t]) << 32) | (rsTileKeys[t] & 0xFFFFFFFFL);
    }

    /** The digit of tile element {@code t} in local memory. */
    private int radixTileDigit(int t, int tile, boolean wide) {
        return wide ? (int) (radixTileKey(t, tile) >>> rsShift) & rsMask : (rsTileKeys[t] >>> rsShift) & rsMask;
    }

    /**
     * After the counters hold the tile's digits (count launch) or the tile's keys are in local memory (scatter
     * launch): counts blocked elements (scatter), scans the counters over (digit, work-item), then writes the tile's
     * digit counts (count) or ranks every element stably into {@link #rsInverse} (scatter). Contains barriers.
     */
    private void radixRankTile(boolean counting, boolean scattering, int tileCount, boolean wide) {
        int size = getLocalSize();
        int lid = getLocalId();
        int tile = size * rsItems;
        int radix = rsRadix;
        int first = lid * rsItems;
        int last = Math.min(first + rsItems, tileCount);
        localBarrier(); // the tile's keys are in local memory
        for (int t = first; scattering && t < last; t++) {
            rsCounters[radixTileDigit(t, tile, wide) * size + lid]++;
        }
        localBarrier(); // every column counted
        boolean on = counting || scattering;
        int sum = 0;
        for (int k = 0; on && k < radix; k++) {
            sum += rsCounters[lid * radix + k];
        }
        groupScan(OP_BUILTIN_INT_ADD, 1, sum, 0, 0, 0);
        int running = groupExclusive(OP_BUILTIN_INT_ADD, 0);
        for (int k = 0; on && k < radix; k++) {
            int c = rsCounters[lid * radix + k];
            rsCounters[lid * radix + k] = running;
            running += c;
        }
        localBarrier(); // counters hold exclusive ranks
        int group = getGroupId();
        for (int d = lid; on && d < radix; d += size) {
            int start = rsCounters[d * size];
            if (counting) {
                int end = d + 1 < radix ? rsCounters[(d + 1) * size] : tileCount;
                rsCounts[d * rsTiles + group] = end - start;
            }
            if (scattering) {
                rsDigitBase[d] = rsOffsets[d * rsTiles + group] - start;
            }
        }
        localBarrier(); // digit starts read before the ranks advance the counters
        for (int t = first; scattering && t < last; t++) {
            int at = radixTileDigit(t, tile, wide) * size + lid;
            int rank = rsCounters[at];
            rsCounters[at] = rank + 1;
            rsInverse[rank] = t;
        }
        localBarrier(); // ranks and digit bases complete
    }
}
