package org.gpumatch.gpu.primitives;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Device functions of scan (int and long), reduce, stream compaction (select), gather, scatter and histogram on
 * arrays the pipeline passes as arguments: a layer of {@link PrimitiveKernel}; the host side is {@link TileDriver}
 * (scan, reduce, select), {@link ElementDriver} (gather, scatter, histogram).
 *
 * <p><b>Calling convention.</b> A pipeline calls {@link #tilePass} (once), {@link #histogramInts} and
 * {@link #moveElements} from {@code run()} <b>unconditionally</b>, with a constant {@code slot >= 1}; a call does
 * work only when the driver runs its slot, and otherwise passes the same barriers without work (on PoCL 3.1 a uniform
 * branch around barrier-containing calls crashed or hung, see {@link DeviceScanKernel#scanIntsPass}).
 *
 * <p><b>Status (2026-11-23).</b> Verified against {@link PrimitivesReference} in Aparapi's Java threads
 * ({@code GpuArraysTest} with {@code -Dgpumatch.test.primitivesJava=true}); on PoCL 3.1 the OpenCL compile of
 * {@link StandardPipeline} did not finish within minutes on the shared 2-core machine (cause not found: it is not the
 * histogram, and not a barrier inside a loop), so it is not yet verified on OpenCL.
 *
 * <p><b>Tiles.</b> A tile is {@code localSize * items} consecutive elements; item {@code k} of work-item {@code lid}
 * is element {@code tileStart + k * localSize + lid}, so global loads and stores are coalesced. A tile pass stages the
 * tile's values (as {@code long}) in local memory, each work-item combines {@code items} consecutive staged values,
 * a work-group scan ({@link #groupScanLongs}) combines the work-items, and each work-item writes its running prefixes
 * back to the stage; stores then read the stage in the coalesced order. Local memory: {@code 8 * (tile + localSize)}
 * bytes.
 *
 * <p><b>Passes</b> (reduce-then-scan over tiles): (1) {@link #TILE_REDUCE}: each tile's total (sum, min or max of the
 * values, or the count of selected elements) into {@link #tileTotals}; (2) the carry pass (slot 0 of {@link #tilePass}):
 * one work-group scans all tile totals (at most one tile of them; beyond, {@link TileDriver} scans them on the host), writing each tile's exclusive prefix into {@link #tileCarries} and
 * the grand total into {@link #tileGrandTotal}; (3) {@link #TILE_SCAN_INCLUSIVE}, {@link #TILE_SCAN_EXCLUSIVE} or
 * {@link #TILE_SELECT}: each tile scans from its carry and stores the scan or scatters the selected elements (ranks
 * ascend with the element index, so adjacent work-items write adjacent addresses). Reduce runs passes 1 and 2 only.
 */
public abstract class SelectKernel extends DeviceScanKernel {
    /** No tile pass runs. */
    public static final int TILE_OFF = 0;
    /** Each tile's total into {@link #tileTotals}. */
    public static final int TILE_REDUCE = 1;
    /** Inclusive scan of each tile from its carry. */
    public static final int TILE_SCAN_INCLUSIVE = 2;
    /** Exclusive scan of each tile from its carry. */
    public static final int TILE_SCAN_EXCLUSIVE = 3;
    /** Stable select: each selected element to {@code out[carry + rank]}. */
    public static final int TILE_SELECT = 4;

    /** Element value: the input itself. */
    public static final int VALUE_RAW = 0;
    /** Element value: 1 where {@code flags[i] != 0}, else 0. */
    public static final int VALUE_FLAG = 1;
    /** Element value: 1 where {@code in[i] (predicateOp) predicateOperand}, else 0. */
    public static final int VALUE_PREDICATE = 2;

    /** Combine by addition (scan, sum, count). */
    public static final int COMBINE_SUM = 0;
    /** Combine by minimum. */
    public static final int COMBINE_MIN = 1;
    /** Combine by maximum. */
    public static final int COMBINE_MAX = 2;

    /** Histogram of ints ({@link #histogramInts}). */
    public static final int MOVE_HISTOGRAM = 3;
    /** Element moves: none. */
    public static final int MOVE_OFF = 0;
    /** {@code out[i] = in[idx[i]]}. */
    public static final int MOVE_GATHER = 1;
    /** {@code out[idx[i]] = in[i]}. */
    public static final int MOVE_SCATTER = 2;

    /** The largest work-group the unrolled {@link #groupScanLongs} serves. */
    public static final int MAX_LOCAL_SIZE = 256;

    /** The slot of the layer's own carry pass (in {@link #tilePass}). */
    static final int SLOT_CARRY = 0;

    // Set by TileDriver before each pass; read-only on the device.
    int tileMode;
    int tileSlot;
    /** Elements of this pass. */
    int tileCount;
    int tileItems;
    /** 1: the pass reads and writes the long arrays of {@link #tilePass}; 0: the int arrays. */
    int tileLongs;
    /** Tiles of the pass; the carry pass scans this many tile totals (at most one tile of them). */
    int tileNumTiles;
    int tileValue;
    int tileCombine;
    /** 1: {@link #TILE_SELECT} writes the element's index instead of its value (int paths only). */
    int selectIndices;
    /** {@link Comparison} code of the predicate. */
    int predicateOp;
    long predicateOperand;

    /** One total per tile (sized by the driver). */
    long[] tileTotals = new long[1];
    /** The exclusive prefix of the tile totals: each tile's carry. */
    long[] tileCarries = new long[1];
    /** The combination of all tile totals (a reduce's result, a select's count). */
    long[] tileGrandTotal = new long[1];
    /** No flags: the flags argument of the carry pass. */
    int[] tileNoFlags = new int[1];

    /** The staged tile; sized by the driver to {@code tile}. */
    @Local protected long[] tileStage = new long[1];
    /** One value per work-item for {@link #groupScanLongs}; sized by the driver. */
    @Local protected long[] groupLongs = new long[1];

    // Set by ElementDriver.
    int moveMode;
    int moveSlot;
    int moveCount;
    int moveItems;
    int histogramBins;
    long histogramLow;
    long histogramWidth;
    /** The histogram's bin counts (sized and zeroed by {@link ElementDriver}). */
    int[] histogramCounts = new int[1];
    /** Per-group bin counts (sized by the driver to the bin count; every element a real AtomicInteger). */
    @Local protected AtomicInteger[] histogramLocal = {new AtomicInteger()};

    /** {@code a (+) b} under {@link #tileCombine}. */
    protected final long combineLongs(long a, long b) {
        return tileCombine == COMBINE_SUM ? a + b : tileCombine == COMBINE_MIN ? Math.min(a, b) : Math.max(a, b);
    }

    /** The identity of {@link #tileCombine}. */
    protected final long identityLongs() {
        return tileCombine == COMBINE_SUM ? 0L : tileCombine == COMBINE_MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
    }

    /** Whether {@code x (predicateOp) predicateOperand}. */
    protected final boolean predicateHolds(long x) {
        int op = predicateOp;
        long b = predicateOperand;
        return op == Comparison.CODE_LT ? x < b : op == Comparison.CODE_LE ? x <= b : op == Comparison.CODE_GT ? x > b
                : op == Comparison.CODE_GE ? x >= b : op == Comparison.CODE_EQ ? x == b : x != b;
    }

    /**
     * A tile pass of the slot's arrays, or of the layer's own tile totals (the carry pass): int values from
     * {@code intIn} into {@code intOut}, or long values ({@link #tileLongs} set) from {@code longIn} into
     * {@code longOut}; {@code flags} read when the value is {@link #VALUE_FLAG}; a select writes the selected values
     * (or with {@link #selectIndices} their indices, int output only). Call <b>once</b> per kernel, unconditionally:
     * PoCL 3.1 took minutes to compile a kernel with three copies of this scan's barriers (see the package
     * documentation), so a pipeline with several array sets selects them here by slot rather than by a second call.
     */
    protected final void tilePass(int slot, int[] intIn, int[] flags, int[] intOut, long[] longIn, long[] longOut) {
        boolean carryPass = tileSlot == SLOT_CARRY;
        boolean active = tileMode != TILE_OFF && (tileSlot == slot || carryPass);
        boolean longs = tileLongs != 0;
        int items = active ? tileItems : 0;
        int tile = carryPass ? 0 : getGroupId();
        int base = tile * getLocalSize() * tileItems;
        if (carryPass) {
            stageLongs(tileTotals, tileNoFlags, 0, tileNumTiles, items);
        } else if (longs) {
            stageLongs(longIn, flags, base, tileCount, items);
        } else {
            stageInts(intIn, flags, base, items);
        }
        boolean prefixes = tileMode != TILE_REDUCE;
        long total = scanStage(items, prefixes);
        long carry = active && !carryPass && prefixes ? tileCarries[tile] : identityLongs();
        boolean scan = tileMode == TILE_SCAN_INCLUSIVE || tileMode == TILE_SCAN_EXCLUSIVE;
        if (active && carryPass && getLocalId() == 0) {
            tileGrandTotal[0] = total;
        }
        if (active && carryPass && prefixes) {
            storeLongs(tileCarries, 0, carry, tileNumTiles, false);
        }
        if (active && !carryPass && tileMode == TILE_REDUCE && getLocalId() == 0) {
            tileTotals[tile] = total;
        }
        if (active && !carryPass && scan && longs) {
            storeLongs(longOut, base, carry, tileCount, tileMode == TILE_SCAN_INCLUSIVE);
        }
        if (active && !carryPass && scan && !longs) {
            storeInts(intOut, base, carry);
        }
        if (active && !carryPass && tileMode == TILE_SELECT && longs) {
            selectLongs(longIn, longOut, base, carry);
        }
        if (active && !carryPass && tileMode == TILE_SELECT && !longs) {
            selectInts(intIn, intOut, base, carry);
        }
    }

    /** Stages tile {@code base}'s int values (the identity past the end). */
    private void stageInts(int[] in, int[] flags, int base, int items) {
        int size = getLocalSize();
        int lid = getLocalId();
        long none = identityLongs();
        for (int k = 0; k < items; k++) {
            int i = base + k * size + lid;
            boolean has = i < tileCount;
            long v = !has ? none : tileValue == VALUE_RAW ? (long) in[i]
                    : tileValue == VALUE_FLAG ? (flags[i] != 0 ? 1L : 0L) : (predicateHolds(in[i]) ? 1L : 0L);
            tileStage[k * size + lid] = v;
        }
    }

    /** Stages tile {@code base}'s long values of an array of {@code count} (the identity past the end). */
    private void stageLongs(long[] in, int[] flags, int base, int count, int items) {
        int size = getLocalSize();
        int lid = getLocalId();
        long none = identityLongs();
        for (int k = 0; k < items; k++) {
            int i = base + k * size + lid;
            boolean has = i < count;
            long v = !has ? none : tileValue == VALUE_RAW ? in[i]
                    : tileValue == VALUE_FLAG ? (flags[i] != 0 ? 1L : 0L) : (predicateHolds(in[i]) ? 1L : 0L);
            tileStage[k * size + lid] = v;
        }
    }

    /**
     * Scans the staged tile: returns its total and, when {@code prefixes}, leaves the inclusive prefix (relative to
     * the tile) of every staged element in place. Every work-item must call it.
     */
    private long scanStage(int items, boolean prefixes) {
        int size = getLocalSize();
        int lid = getLocalId();
        localBarrier(); // the stage is complete
        long acc = identityLongs();
        for (int j = 0; j < items; j++) {
            acc = combineLongs(acc, tileStage[lid * items + j]);
        }
        long total = groupScanLongs(acc);
        long run = lid == 0 ? identityLongs() : groupLongs[lid - 1];
        for (int j = 0; j < items && prefixes; j++) {
            run = combineLongs(run, tileStage[lid * items + j]);
            tileStage[lid * items + j] = run;
        }
        localBarrier(); // prefixes visible; groupLongs free again
        return total;
    }

    /**
     * Inclusive scan of one long per work-item under {@link #tileCombine} in {@link #groupLongs}; returns the group's
     * total. Hillis-Steele, unrolled (no barrier inside a loop: PoCL compiles those slowly): 8 steps, 2 barriers each,
     * for work-groups of at most {@link #MAX_LOCAL_SIZE}. Every work-item must call it.
     */
    protected final long groupScanLongs(long v) {
        int lid = getLocalId();
        long own = v;
        groupLongs[lid] = own;
        localBarrier();
        own = groupScanStep(own, 1);
        own = groupScanStep(own, 2);
        own = groupScanStep(own, 4);
        own = groupScanStep(own, 8);
        own = groupScanStep(own, 16);
        own = groupScanStep(own, 32);
        own = groupScanStep(own, 64);
        own = groupScanStep(own, 128);
        return groupLongs[getLocalSize() - 1];
    }

    /** One Hillis-Steele step (a no-op past the group size); 2 barriers. */
    private long groupScanStep(long own, int offset) {
        int lid = getLocalId();
        boolean has = lid >= offset && offset < getLocalSize();
        long left = has ? groupLongs[lid - offset] : 0L;
        localBarrier();
        long next = has ? combineLongs(left, own) : own;
        if (has) {
            groupLongs[lid] = next;
        }
        localBarrier();
        return next;
    }

    /** Scan output of an int tile from the staged inclusive prefixes. */
    private void storeInts(int[] out, int base, long carry) {
        int size = getLocalSize();
        int lid = getLocalId();
        boolean inclusive = tileMode == TILE_SCAN_INCLUSIVE;
        for (int k = 0; k < tileItems; k++) {
            int e = k * size + lid;
            int i = base + e;
            if (i < tileCount) {
                long v = inclusive ? tileStage[e] : e > 0 ? tileStage[e - 1] : 0L;
                out[i] = (int) (carry + v);
            }
        }
    }

    /** Scan output of a long tile (an array of {@code count}); {@link #tileCombine} applies (the carry pass). */
    private void storeLongs(long[] out, int base, long carry, int count, boolean inclusive) {
        int size = getLocalSize();
        int lid = getLocalId();
        for (int k = 0; k < tileItems; k++) {
            int e = k * size + lid;
            int i = base + e;
            if (i < count) {
                long v = inclusive ? tileStage[e] : e > 0 ? tileStage[e - 1] : identityLongs();
                out[i] = combineLongs(carry, v);
            }
        }
    }

    /** Scatters an int tile's selected elements (staged inclusive counts) to {@code out[carry + rank]}. */
    private void selectInts(int[] in, int[] out, int base, long carry) {
        int size = getLocalSize();
        int lid = getLocalId();
        for (int k = 0; k < tileItems; k++) {
            int e = k * size + lid;
            int i = base + e;
            long before = e > 0 ? tileStage[e - 1] : 0L;
            if (i < tileCount && tileStage[e] != before) {
                out[(int) (carry + before)] = selectIndices != 0 ? i : in[i];
            }
        }
    }

    /** Scatters a long tile's selected elements (staged inclusive counts) to {@code out[carry + rank]}. */
    private void selectLongs(long[] in, long[] out, int base, long carry) {
        int size = getLocalSize();
        int lid = getLocalId();
        for (int k = 0; k < tileItems; k++) {
            int e = k * size + lid;
            int i = base + e;
            long before = e > 0 ? tileStage[e - 1] : 0L;
            if (i < tileCount && tileStage[e] != before) {
                out[(int) (carry + before)] = in[i];
            }
        }
    }

    /**
     * Gather or scatter of ints and longs ({@link #moveMode}) for the call with {@code slot}: {@code idx} the
     * indices, {@code intIn}/{@code intOut} or {@code longIn}/{@code longOut} by {@link #moveLongs}. No barriers.
     */
    protected final void moveElements(int slot, int[] idx, int[] intIn, int[] intOut, long[] longIn, long[] longOut) {
        boolean active = (moveMode == MOVE_GATHER || moveMode == MOVE_SCATTER) && moveSlot == slot;
        int size = getLocalSize();
        int base = getGroupId() * size * moveItems + getLocalId();
        int items = active ? moveItems : 0;
        boolean gather = moveMode == MOVE_GATHER;
        for (int k = 0; k < items; k++) {
            int i = base + k * size;
            if (i < moveCount) {
                int j = idx[i];
                int from = gather ? j : i;
                int to = gather ? i : j;
                if (moveLongs != 0) {
                    longOut[to] = longIn[from];
                } else {
                    intOut[to] = intIn[from];
                }
            }
        }
    }

    /** 1: {@link #moveElements} moves the long arrays, 0: the int arrays. */
    int moveLongs;

    /**
     * Histogram of {@code in} into {@link #histogramCounts} (zeroed by the driver; a layer field because Aparapi
     * takes no array parameter in an atomic): bin
     * {@code b = floor((x - histogramLow) / histogramWidth)}, values with {@code b} outside {@code [0, bins)} ignored.
     * Each group counts its tile in local atomics, then adds its counts to {@link #histogramCounts} with global atomics. Call
     * unconditionally.
     */
    protected final void histogramInts(int slot, int[] in) {
        boolean active = moveMode == MOVE_HISTOGRAM && moveSlot == slot;
        int size = getLocalSize();
        int lid = getLocalId();
        int nBins = active ? histogramBins : 0;
        for (int b = lid; b < nBins; b += size) {
            atomicSet(histogramLocal[b], 0);
        }
        localBarrier();
        int base = getGroupId() * size * moveItems + lid;
        int items = active ? moveItems : 0;
        long span = histogramWidth * histogramBins;
        for (int k = 0; k < items; k++) {
            int i = base + k * size;
            if (i < moveCount) {
                long d = (long) in[i] - histogramLow;
                if (d >= 0 && d < span) {
                    atomicInc(histogramLocal[(int) (d / histogramWidth)]);
                }
            }
        }
        localBarrier();
        for (int b = lid; b < nBins; b += size) {
            int c = atomicGet(histogramLocal[b]);
            if (c != 0) {
                atomicAdd(histogramCounts, b, c);
            }
        }
        localBarrier();
    }
}
