package org.gpumatch.gpu.primitives;

/**
 * Device functions of the stable LSD radix sort (keys u32 and u64, pairs u32/u32 and u64/u32, bit ranges): a layer of
 * {@link PrimitiveKernel} (see the package documentation for how pipelines compose primitives). The host driver is
 * {@link DeviceRadixSort}, which picks one of two algorithms ({@link RadixSortAlgorithm}) per driver.
 *
 * <p><b>How a pipeline uses it.</b> Its {@code run()} calls {@link #radixSortScanPass()} once and one of
 * {@link #radixSortKeysU32}, {@link #radixSortPairsU32}, {@link #radixSortKeysU64}, {@link #radixSortPairsU64} per
 * set of arrays it sorts, each with its own constant {@code slot >= 1}, all of them <b>unconditionally</b> (every
 * work-item of every launch: they contain barriers), outside the pipeline's own phase branches:
 * <pre>{@code
 * radixSortScanPass();                                        // the count scan's passes (barriers only otherwise)
 * radixSortPairsU32(SLOT, keys, values, keysAlt, valuesAlt);  // count or scatter launches of this slot
 * }</pre>
 * A call does work only while {@link DeviceRadixSort} runs a pass for its slot. The keys and values end sorted in the
 * primary arrays; the {@code *Alt} arrays (at least as long) are the ping-pong buffers, garbage afterwards.
 *
 * <p>Both algorithms run one pass per digit of {@code w <= digitBits} bits, an even number of passes so that the
 * result ends in the primary arrays; each pass is a count launch, a device-wide exclusive scan of digit-major counts
 * ({@link DeviceScan}) and a scatter launch. Both are stable by construction.
 *
 * <p><b>Tile-ranked algorithm</b> ({@link RadixSortAlgorithm#TILE}, the default). Work-group {@code g} of {@code L}
 * work-items owns the tile {@code [g * T, (g + 1) * T)}, {@code T = L * K} ({@code K} = items per work-item). Both
 * launches load the tile coalesced (work-item {@code l} reads elements {@code g * T + l + i * L}) into local memory.
 * Then, with a fixed sequence of six barriers and loops only between them (one copy per sort call: PoCL 3.1's compile
 * time grows steeply with the barriers in a kernel, see {@link #radixSortArrays}), work-item {@code t} counts the
 * digits of the staged elements {@code [t * K, (t + 1) * K)} into its column of {@code radix x L} local counts, and an
 * exclusive scan of those counts in digit-major order (each work-item scans {@code radix} consecutive counts;
 * {@code ceil(L / radix)} work-items scan {@code radix} of those sums each; one work-item scans the rest) ranks every
 * element within the tile. The count launch writes the tile's digit totals to {@code rsCounts[d * tiles + g]}; the
 * scatter launch writes each element to its rank in a second local tile (stable: digit, then work-item, then the
 * in-order walk) and then writes the sorted tile out coalesced: local position {@code p} of digit {@code d} goes to
 * {@code rsOffsets[d * tiles + g] + p - tileDigitStart[d]}, so the elements of one digit leave as one contiguous run.
 * The last tile may be partial: positions past the count are neither counted, ranked nor written. Cost per pass and
 * element: the count launch reads the key; the scatter launch reads key and value and writes both (u32 keys 12 bytes,
 * u32/u32 pairs 20, u64 keys 24, u64/u32 pairs 32, all coalesced), plus {@code radix / T} counts per element (4 bytes
 * written, scanned: 8 read and 4 written, 4 read by the scatter): {@code 20 / 64} bytes with the defaults
 * ({@code radix 16, T = 1024}). Local memory per work-group: {@link #radixTileLocalBytes},
 * {@code 24 T + 4 (C + C / 32 + L + ceil(L / radix) + radix)} bytes with {@code C = radix L} counts, one padding word
 * per 32 against bank conflicts (defaults: 42,624 bytes), plus the group scan's {@code 16 L}; extra device memory: the
 * alternate arrays and {@code 8 radix / T} bytes per element of counts and offsets.
 *
 * <p><b>Per-work-item chunk algorithm</b> ({@link RadixSortAlgorithm#CHUNK}; no barriers, no local memory).
 * Work-item {@code j} owns the contiguous chunk {@code [j * C, min((j + 1) * C, n))} ({@code C} = items per
 * work-item). Count launch: it zeroes and then counts the digits of its chunk straight into its own entries
 * {@code rsCounts[d * W + j]} (digit-major, {@code W} chunks). Scatter launch: work-item {@code j} re-reads its chunk
 * in order and writes each element to {@code rsOffsets[d * W + j]++}. Cost per pass and element: the element traffic
 * above, uncoalesced (neighbouring work-items read addresses {@code C} elements apart and scatter to unrelated runs),
 * plus {@code 2^w / C} counts per element, each read and written about twice and scanned. Extra device memory: the
 * alternate arrays and {@code 8 * 2^digitBits / C} bytes per element of counts and offsets (4-bit digits,
 * {@code C = 16}: 8 bytes per element). Kept so that benchmarks can compare, and as the path that needs no local
 * memory.
 */
public abstract class RadixSortKernel extends SelectKernel {
    /** The scan slot ({@link DeviceScanKernel#scanIntsPass}) of the digit counts; reserved. */
    public static final int RADIX_SCAN_SLOT = 1 << 20;

    static final int RS_OFF = 0;
    /** Chunk algorithm: count launch. */
    static final int RS_COUNT = 1;
    /** Chunk algorithm: scatter launch. */
    static final int RS_SCATTER = 2;
    /** Tile algorithm: count launch. */
    static final int RS_TILE_COUNT = 3;
    /** Tile algorithm: scatter launch. */
    static final int RS_TILE_SCATTER = 4;

    // Set by DeviceRadixSort before each launch; read-only on the device.
    /** The slot whose call runs this launch. */
    int rsSlot;
    /** One of {@code RS_*}. */
    int rsPhase;
    /** 0: primary arrays to alternate; 1: alternate to primary. */
    int rsDirection;
    int rsCount;
    /** Elements per work-item: the chunk ({@code C}) or the tile's items per work-item ({@code K}). */
    int rsChunk;
    /** Columns of the digit-major counts ({@code W}): chunks, one per working work-item, or tiles, one per group. */
    int rsChunks;
    /** Digits of this pass: {@code (key >>> rsShift) & rsMask}. */
    int rsShift;
    int rsMask;
    /** Digits of this pass: {@code rsMask + 1} or more (the sort's widest digit). */
    int rsRadix;

    /** Count of digit d in column j at {@code [d * rsChunks + j]}; also the scan input of other layers' phases. */
    int[] rsCounts = new int[1];
    /** Exclusive scan of {@link #rsCounts}: the first output position of digit d of column j (a chunk's cursor). */
    int[] rsOffsets = new int[1];
    /** Stands in for the u64 key arrays of a u32 sort (never read or written). */
    long[] rsNoLongs = new long[1];

    // Local arrays of the tile algorithm, sized by sizeLayerLocalMemory for its launches only (1 element otherwise).
    /** The staged tile's keys (u32 keys zero-extended), in input order. */
    @Local long[] rsTileKeys = new long[1];
    /** The staged tile's values, in input order. */
    @Local int[] rsTileValues = new int[1];
    /** The tile's keys in sorted order. */
    @Local long[] rsTileSortedKeys = new long[1];
    /** The tile's values in sorted order. */
    @Local int[] rsTileSortedValues = new int[1];
    /**
     * Digit counts of work-item t's elements at {@code pad(d * L + t)}, then their partial exclusive prefixes;
     * {@link #radixTilePad} spreads the serial scan's stride-{@code radix} reads over all 32 banks.
     */
    @Local int[] rsTileDigitCounts = new int[1];
    /** Per work-item: the sum of its scanned counts, then their partial exclusive prefixes. */
    @Local int[] rsTileRunSums = new int[1];
    /** Per group of {@code radix} work-items: the sum of their run sums, then the exclusive prefixes. */
    @Local int[] rsTileGroupSums = new int[1];
    /** Per digit: its global output start minus its start in the sorted tile. */
    @Local int[] rsTileDigitBase = new int[1];

    /** Local memory of the tile algorithm's arrays for a work-group of {@code localSize}, in bytes. */
    static long radixTileLocalBytes(int localSize, int items, int radix) {
        long tile = (long) localSize * items;
        long counts = (long) radix * localSize;
        return 24 * tile + 4L * (counts + (counts >>> 5) + localSize + (localSize + radix - 1) / radix + radix);
    }

    /** Sizes the tile algorithm's local arrays for the coming launch: full for its launches, 1 element otherwise. */
    @Override
    protected final void sizeLayerLocalMemory(int localSize) {
        boolean scatter = rsPhase == RS_TILE_SCATTER;
        boolean tile = scatter || rsPhase == RS_TILE_COUNT;
        int radix = tile ? rsRadix : 1;
        int items = tile ? localSize * rsChunk : 1;
        int sorted = scatter ? items : 1;
        if (rsTileKeys.length != items) {
            rsTileKeys = new long[items];
        }
        if (rsTileValues.length != sorted) {
            rsTileValues = new int[sorted];
            rsTileSortedValues = new int[sorted];
        }
        if (rsTileSortedKeys.length != sorted) {
            rsTileSortedKeys = new long[sorted];
        }
        int counts = tile ? radixTilePad(radix * localSize) : 1;
        if (rsTileDigitCounts.length != counts) {
            rsTileDigitCounts = new int[counts];
        }
        int runs = tile ? localSize : 1;
        if (rsTileRunSums.length != runs) {
            rsTileRunSums = new int[runs];
        }
        int groups = tile ? (localSize + radix - 1) / radix : 1;
        if (rsTileGroupSums.length != groups) {
            rsTileGroupSums = new int[groups];
        }
        if (rsTileDigitBase.length != radix) {
            rsTileDigitBase = new int[radix];
        }
    }

    /**
     * The digit-count scan (a {@link DeviceScanKernel#scanIntsPass} of {@link #rsCounts} into {@link #rsOffsets}; it
     * contains barriers): call it once, unconditionally, from {@code run()}.
     */
    protected final void radixSortScanPass() {
        scanIntsPass(RADIX_SCAN_SLOT, rsCounts, rsOffsets);
    }

    /** Radix sort launch of u32 keys (unsigned order) for {@code slot}; contains barriers (call unconditionally). */
    protected final void radixSortKeysU32(int slot, int[] keys, int[] keysAlt) {
        radixSortArrays(slot, keys, keysAlt, rsNoLongs, rsNoLongs, keys, keysAlt, false, false);
    }

    /** Radix sort launch of u32 keys with u32 values for {@code slot}; contains barriers (call unconditionally). */
    protected final void radixSortPairsU32(int slot, int[] keys, int[] values, int[] keysAlt, int[] valuesAlt) {
        radixSortArrays(slot, keys, keysAlt, rsNoLongs, rsNoLongs, values, valuesAlt, false, true);
    }

    /** Radix sort launch of u64 keys (unsigned order) for {@code slot}; contains barriers (call unconditionally). */
    protected final void radixSortKeysU64(int slot, long[] keys, long[] keysAlt) {
        radixSortArrays(slot, rsCounts, rsCounts, keys, keysAlt, rsCounts, rsCounts, true, false);
    }

    /** Radix sort launch of u64 keys with u32 values for {@code slot}; contains barriers (call unconditionally). */
    protected final void radixSortPairsU64(int slot, long[] keys, int[] values, long[] keysAlt, int[] valuesAlt) {
        radixSortArrays(slot, rsCounts, rsCounts, keys, keysAlt, values, valuesAlt, true, true);
    }

    /**
     * The general radix sort launch for {@code slot}: u32 keys ({@code keys32}, {@code wide} false) or u64 keys
     * ({@code keys64}, {@code wide} true), with {@code values} when {@code withValues}; the arrays of the other key
     * width are not touched. Contains the tile algorithm's barriers: call it unconditionally. Each call puts one copy
     * of those barriers into the kernel, and PoCL 3.1's compile time grows much faster than the number of barriers
     * (one copy: seconds; six copies of a six-barrier function: a minute), so a pipeline that sorts several kinds of
     * arrays should make one call whose {@code slot}, {@code wide} and {@code withValues} it computes from the launch
     * (see {@link RadixSortPipeline}), rather than one call of the typed functions per kind.
     */
    protected final void radixSortArrays(int slot, int[] keys32, int[] keys32Alt, long[] keys64, long[] keys64Alt,
                                         int[] values, int[] valuesAlt, boolean wide, boolean withValues) {
        radixStepU32(keys32, values, keys32Alt, valuesAlt, !wide && radixActive(slot, 0), withValues);
        radixStepU32(keys32Alt, valuesAlt, keys32, values, !wide && radixActive(slot, 1), withValues);
        radixStepU64(keys64, values, keys64Alt, valuesAlt, wide && radixActive(slot, 0), withValues);
        radixStepU64(keys64Alt, valuesAlt, keys64, values, wide && radixActive(slot, 1), withValues);
        boolean on0 = radixTileActive(slot, 0);
        boolean on1 = radixTileActive(slot, 1);
        radixTileLoad(keys32, keys64, values, wide, on0, withValues);
        radixTileLoad(keys32Alt, keys64Alt, valuesAlt, wide, on1, withValues);
        radixTileRank(on0 || on1);
        radixTileStore(keys32Alt, keys64Alt, valuesAlt, wide, on0, withValues);
        radixTileStore(keys32, keys64, values, wide, on1, withValues);
    }

    /** Whether this work-item works in a chunk launch of {@code slot} in {@code direction}. */
    private boolean radixActive(int slot, int direction) {
        return scanMode == SCAN_OFF && (rsPhase == RS_COUNT || rsPhase == RS_SCATTER) && rsSlot == slot
                && rsDirection == direction && getGlobalId() < rsChunks;
    }

    /** Whether this launch is a tile launch of {@code slot} in {@code direction} (uniform over the launch). */
    private boolean radixTileActive(int slot, int direction) {
        return scanMode == SCAN_OFF && (rsPhase == RS_TILE_COUNT || rsPhase == RS_TILE_SCATTER) && rsSlot == slot
                && rsDirection == direction;
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

    /** The first element of this work-group's tile. */
    private int radixTileStart() {
        return getGroupId() * getLocalSize() * rsChunk;
    }

    /**
     * Tile launch: stages this work-item's coalesced share of the tile's keys ({@code keys64} when {@code wide}, else
     * {@code keys32} zero-extended) and, when scattering, values.
     */
    private void radixTileLoad(int[] keys32, long[] keys64, int[] vin, boolean wide, boolean on, boolean withValues) {
        int size = getLocalSize();
        int tileStart = radixTileStart();
        boolean values = withValues && rsPhase == RS_TILE_SCATTER;
        for (int p = getLocalId(); on && p < size * rsChunk && tileStart + p < rsCount; p += size) {
            int at = tileStart + p;
            rsTileKeys[p] = wide ? keys64[at] : keys32[at] & 0xFFFFFFFFL;
            if (values) {
                rsTileValues[p] = vin[at];
            }
        }
    }

    /**
     * Tile scatter launch: writes this work-item's coalesced share of the sorted tile out, keys to {@code keys64} when
     * {@code wide}, else to {@code keys32}, and values; each digit's run lands contiguously.
     */
    private void radixTileStore(int[] keys32, long[] keys64, int[] vout, boolean wide, boolean on,
                                boolean withValues) {
        int size = getLocalSize();
        int tileStart = radixTileStart();
        boolean storing = on && rsPhase == RS_TILE_SCATTER;
        for (int p = getLocalId(); storing && p < size * rsChunk && tileStart + p < rsCount; p += size) {
            long key = rsTileSortedKeys[p];
            int dst = rsTileDigitBase[radixTileDigit(key)] + p;
            if (wide) {
                keys64[dst] = key;
            } else {
                keys32[dst] = (int) key;
            }
            if (withValues) {
                vout[dst] = rsTileSortedValues[p];
            }
        }
    }

    /**
     * Where count entry {@code at} lives: one padding word after every 32, so that work-items 16 entries apart (the
     * serial scan of step 2) and work-items one entry apart (the counting) fall into different local memory banks.
     */
    private static int radixTilePad(int at) {
        return at + (at >>> 5);
    }

    /** This pass's digit of a staged key. */
    private int radixTileDigit(long key) {
        return (int) (key >>> rsShift) & rsMask;
    }

    /** The exclusive digit-major prefix of local count entry {@code at} (after the three scan steps). */
    private int radixTilePrefix(int at) {
        int run = at / rsRadix;
        return rsTileDigitCounts[radixTilePad(at)] + rsTileRunSums[run] + rsTileGroupSums[run / rsRadix];
    }

    /**
     * Tile launch, after the loads: ranks the staged tile (six barriers, straight-line; every work-item of every launch
     * calls it, {@code on} only says whether this launch is a tile launch). The count launch writes the tile's digit
     * totals to {@link #rsCounts}; the scatter launch leaves the tile sorted in {@link #rsTileSortedKeys} and
     * {@link #rsTileSortedValues} and each digit's output base in {@link #rsTileDigitBase}.
     */
    private void radixTileRank(boolean on) {
        int lid = getLocalId();
        int size = getLocalSize();
        int radix = on ? rsRadix : 1; // no division by an unset radix (Java threads would throw)
        int items = rsChunk;
        int group = getGroupId();
        boolean scattering = on && rsPhase == RS_TILE_SCATTER;
        int valid = on ? Math.min(size * items, rsCount - radixTileStart()) : 0;
        int first = Math.min(lid * items, valid);
        int end = Math.min(first + items, valid);
        localBarrier(); // the tile is staged
        // 1. digit counts of this work-item's consecutive staged elements, in its own column
        for (int d = 0; on && d < radix; d++) {
            rsTileDigitCounts[radixTilePad(d * size + lid)] = 0;
        }
        for (int i = first; i < end; i++) {
            rsTileDigitCounts[radixTilePad(radixTileDigit(rsTileKeys[i]) * size + lid)]++;
        }
        localBarrier();
        // 2. digit-major exclusive scan, level 1: each work-item scans radix consecutive entries
        int run = 0;
        for (int i = lid * radix; on && i < lid * radix + radix; i++) {
            int c = rsTileDigitCounts[radixTilePad(i)];
            rsTileDigitCounts[radixTilePad(i)] = run;
            run += c;
        }
        if (on) {
            rsTileRunSums[lid] = run;
        }
        localBarrier();
        // level 2: ceil(L / radix) work-items scan radix run sums each
        int groups = (size + radix - 1) / radix;
        int groupRun = 0;
        for (int i = lid * radix; on && lid < groups && i < Math.min(size, lid * radix + radix); i++) {
            int c = rsTileRunSums[i];
            rsTileRunSums[i] = groupRun;
            groupRun += c;
        }
        if (on && lid < groups) {
            rsTileGroupSums[lid] = groupRun;
        }
        localBarrier();
        // level 3: one work-item scans the group sums
        int total = 0;
        for (int i = 0; on && lid == 0 && i < groups; i++) {
            int c = rsTileGroupSums[i];
            rsTileGroupSums[i] = total;
            total += c;
        }
        localBarrier();
        // digit totals (count launch) or output bases (scatter launch); work-item d, d + L, ... takes digit d
        for (int d = lid; on && d < radix; d += size) {
            int start = radixTilePrefix(d * size);
            int next = d + 1 < radix ? radixTilePrefix((d + 1) * size) : valid;
            int at = d * rsChunks + group;
            if (scattering) {
                rsTileDigitBase[d] = rsOffsets[at] - start;
            } else {
                rsCounts[at] = next - start;
            }
        }
        // rank = digit-major prefix + earlier elements of the same digit in this work-item's run (stable)
        for (int i = first; scattering && i < end; i++) {
            long key = rsTileKeys[i];
            int digit = radixTileDigit(key);
            int rank = radixTilePrefix(digit * size + lid);
            for (int j = first; j < i; j++) {
                rank += radixTileDigit(rsTileKeys[j]) == digit ? 1 : 0;
            }
            rsTileSortedKeys[rank] = key;
            rsTileSortedValues[rank] = rsTileValues[i];
        }
        localBarrier(); // the sorted tile and the digit bases are complete
    }
}
