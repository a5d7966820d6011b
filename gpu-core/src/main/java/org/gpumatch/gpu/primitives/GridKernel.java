package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.ArrayMobility;
import org.gpumatch.gpu.runtime.LaunchWrites;

/**
 * The grid layer of gpu-core (issue 21): device code of the fixed-grid, tile-staged primitives on
 * {@link TileKernel}, and the class a pipeline extends to run them on its own device-resident arrays. Primitives:
 * scan (int, wrapping; long, exact to 64 bits), reduce, select (flags, indices, predicate) and histogram of ints, the
 * stable LSD radix sort with 8-bit digits of u32/u64 keys with optional u32 values, and the segmented sort of u32/u32
 * pairs by head flags (small segments in one local-memory launch, see {@link GridDriver#segmentedSort}). The host
 * driver is {@link GridDriver}; {@link GpuArrays}, {@link GpuArraySorter} and {@link GpuSegmentedSorter} run on it.
 *
 * <p><b>Shape</b> (Merrill and Grimshaw's reduce-then-scan, CUB's upsweep / spine / downsweep): a fixed grid of
 * {@code G} work-groups of {@code L} work-items (a few per compute unit), work-group {@code g} owning the contiguous
 * range of tiles {@code [g * P, (g + 1) * P)}, a tile being {@code T = L * ITEMS} elements ({@link #ITEMS} = 16).
 * <ol>
 *   <li>upsweep ({@link #PH_UP}): each work-group reduces its range with coalesced loads straight from global memory
 *       (work-item {@code l} reads {@code l, l + L, ...}): a sum, a count of selected elements, a min or max, or a
 *       digit histogram in local atomic counters; one value per group (256 digit counts for the sort, written
 *       digit-major {@code spine[d * G + g]});</li>
 *   <li>downsweep ({@link #PH_DOWN}): each work-group first sums the group values before its own
 *       ({@link #spinePrefix}: a strided share per work-item, one group scan; a spine launch did it for every group
 *       before 2026-11-28 f, and still does for the sort, one work-group per digit, {@link #PH_SPINE}), then walks
 *       its tiles in order from there: a tile is staged
 *       in local memory with coalesced loads, each work-item scans its {@link #ITEMS} consecutive staged elements
 *       after one {@link #groupScan4} of the work-items' sums, and the tile is written out coalesced from local
 *       memory (scan: the prefixes; select: the selected elements, compacted in local memory first). A long scan
 *       stages its values as two planes of ints (low and high words); the last work-group writes the total (the
 *       select count) to {@code result[0..1]}.</li>
 * </ol>
 * The two launches follow each other with no host transfer between them; the select count stays on the device in
 * {@link #result} (a pipeline's hooks may read {@code result[0]}, the last select count or the
 * low word of the last scan total) and are read back only when the caller asks ({@link GridDriver}).
 *
 * <p><b>Radix sort</b>: one upsweep, spine and downsweep per 8-bit digit (4 passes for 32 bits, 8 for 64, fewer for
 * a narrower bit range; ping-pong between the primary and alternate arrays, the driver knows which holds the
 * result), in {@link #radixPass} (algorithm, local memory and cost: {@link GridSortKernel}): the downsweep ranks each
 * tile in local memory by the low and then the high nibble of its digits (packed 16-bit counters per work-item, one
 * {@link #groupScanLong} per step) and scatters it along each digit's run. Stable: digit, then tile order, then
 * position within the tile. Every sort of every kernel runs this one loop, in the driver's sort geometry
 * ({@link GridDriver#SORT_LOCAL_SIZE}).
 *
 * <p><b>Pipelines</b> (the one composition model: {@link TileKernel} the base, this class the grid layer): a pipeline
 * that needs the primitives on its own device-resident data extends this class (Aparapi gives every kernel instance
 * its own OpenCL context, so the primitives' device code must be in the pipeline's class). It
 * <ul>
 *   <li>uses the protected operand arrays ({@link #in}, {@link #out}, {@link #aux}, {@link #auxAlt}, {@link #wide},
 *       {@link #wideAlt}) as its data (a primitive reads and writes only those; binding another array to a field
 *       uploads that array's host copy at the next launch, so bind once and move data between them in own phases);
 *       </li>
 *   <li>adds its own fields and registers the slots of its own launches ({@link #registerSlot}, 2..62; slot
 *       {@link #SLOT} is the grid's);</li>
 *   <li>runs own launches in phase {@link #PH_PIPELINE} ({@link GridDriver#pipeline} and
 *       {@link GridDriver#pipelineTiles}), in which the hooks it overrides run: {@link #pipelineItem} once per
 *       work-item (barrier-free, in {@link #elementLaunch}), or, for code that needs the tile machinery, the four tile
 *       hooks at the four barrier-free points of every step of the grid's step loop (stage a tile in local memory,
 *       the lanes of the one {@link #groupScan4}, use its prefixes, write out);</li>
 *   <li>adds local memory additively ({@link #localInts} as {@code super.localInts(l) + mine}, non-zero only in its
 *       own phase, where the grid takes none: its region starts at 0 of {@link #tileInts}).</li>
 * </ul>
 * Hooks must not call barriers, and, as any kernel code, may call only methods Aparapi can convert.
 *
 * <p><b>Layers</b>: this class is the lean layer (int scan, select, reduce, histogram, u32 radix sort, the hooks).
 * The long primitives, gather and scatter ({@link GridLongKernel}), the u64 radix sort ({@link GridWideSortKernel})
 * and the segmented sort ({@link GridSegmentKernel}) are steps of the same {@code run()} behind the layer switches
 * {@link #longSteps}, {@link #wideSortSteps} and {@link #segmentSteps}, constants per class that the OpenCL compiler
 * folds: a kernel class pays registers only for the steps its layer switches on (one work-group of 256 per SM
 * where every step was on). A pipeline extends the layer it needs; {@link GridDriver} refuses the others' steps.
 *
 * <p><b>Control flow</b>: {@code run()} dispatches on the launch's phase and op (uniform) to one of three loops:
 * {@link #radixPass} (the sort's launches), {@link #elementLaunch} (barrier-free launches) and {@code gridSteps} (the
 * other primitives and the pipelines' tile hooks), each with one copy of its barrier routine; within
 * {@code gridSteps} every step runs the same barriers (six, three of them in {@link #groupScan4}) whatever the phase,
 * and the phase and step decide only what the barrier-free code between them does. Trip counts are uniform within a
 * work-group, so every barrier is reached by every work-item (PoCL 3.1 compiles the kernel in seconds). One loop for
 * every launch had cost the same sort and scan 1.3x to 2.7x on the H200 (gpu-core/README.md).
 *
 * <p>Arrays (all bound by the driver or the pipeline): {@link #in}, {@link #out} (int data; the u32 keys and their
 * alternate), {@link #aux}, {@link #auxAlt} (flags; the values and their alternate), {@link #wide}, {@link #wideAlt}
 * (long data; u64 keys and their alternate), {@link #spine} (per-group values; never read by the host),
 * {@link #result} (select count, scan total, reduce partials, histogram; pinned, never downloaded after a launch) and
 * {@link #readBack} (small: what the host asks of {@code result}, copied by a read launch only when asked).
 */
public class GridKernel extends TileKernel implements LaunchWrites {
    /** Elements per work-item of a tile (a divisor of 32: the radix sort addresses a work-item's blocked slots as one base plus i). */
    public static final int ITEMS = 16;
    /** Elements a radix scatter loads before it stores them (a divisor of {@link #ITEMS}). */
    static final int SCATTER_BATCH = 4;
    /** The slot of the grid's own primitives; a pipeline registers its own launches as slots 2..62. */
    public static final int SLOT = 1;
    /** Histograms of at most this many bins count in local memory; wider ones with global atomics. */
    public static final int LOCAL_BINS = 4096;
    /** Digit bits of a radix pass. */
    public static final int DIGIT_BITS = 8;
    /** First entry of {@link #result} after the select count / scan total. */
    static final int RESULT_BASE = 8;
    /** The radix sort's counter words per work-item in a ranking step: 16 nibble counters of 16 bits. */
    static final int RADIX_COUNTER_WORDS = 8;
    /** The radix sort's digits of an 8-bit pass. */
    static final int RADIX_DIGITS = 1 << DIGIT_BITS;

    static final int OP_SCAN_EXCLUSIVE = 1;
    static final int OP_SCAN_INCLUSIVE = 2;
    /** Select by {@link #aux} flags (values of {@link #in}, or their indices with {@link #gridIndices}). */
    static final int OP_SELECT_FLAGGED = 3;
    /** Select {@code in[i] (cmp) operand}. */
    static final int OP_SELECT_IF = 4;
    static final int OP_REDUCE_SUM = 5;
    static final int OP_REDUCE_MIN = 6;
    static final int OP_REDUCE_MAX = 7;
    static final int OP_HISTOGRAM = 8;
    static final int OP_RADIX = 9;
    /** Segmented sort, small path: every segment of at most a quarter tile sorted in local memory, one launch. */
    static final int OP_SEG_SMALL = 10;
    /** Segmented sort, large path: the large segments' elements compacted into composite keys (a scan). */
    static final int OP_SEG_COMPOSE = 11;
    /** Segmented sort, large path: the sorted composites and values back to their segments' places. */
    static final int OP_SEG_PLACE = 12;
    /** {@code out[i] = in[aux[i]]} (longs: {@code wideAlt[i] = wide[aux[i]]}), one element per work-item. */
    static final int OP_GATHER = 13;
    /** {@code out[aux[i]] = in[i]} (longs: {@code wideAlt[aux[i]] = wide[i]}), one element per work-item. */
    static final int OP_SCATTER = 14;

    /** The names of the {@code OP_} codes above, by code (for messages). */
    private static final String[] OP_NAMES = {"none", "exclusive scan", "inclusive scan", "flagged select",
        "predicate select", "sum", "min", "max", "histogram", "radix sort", "segmented sort", "segmented sort",
        "segmented sort", "gather", "scatter"};

    /** The name of the grid primitive {@code op} (an {@code OP_} code), for messages. */
    static String opName(int op) {
        return op >= 0 && op < OP_NAMES.length ? OP_NAMES[op] : "op " + op;
    }

    static final int PH_OFF = 0;
    /** Zeroes {@code result[RESULT_BASE .. RESULT_BASE + count)}, one element per work-item. */
    static final int PH_CLEAR = 1;
    static final int PH_UP = 2;
    static final int PH_SPINE = 3;
    static final int PH_DOWN = 4;
    /**
     * A pipeline's own launch: the grid's steps idle (barriers still passed); {@link #pipelineItem} runs for every
     * work-item below the launch's count, or the tile hooks run in every step ({@link GridDriver#pipelineTiles}).
     */
    public static final int PH_PIPELINE = 5;
    /** One element per work-item below the count, for the grid's own element steps ({@link #OP_SEG_PLACE}). */
    static final int PH_ITEMS = 6;
    /** {@code readBack[i] = result[i]} for {@code i} below the count: the host's read of a total, partials or bins. */
    static final int PH_READ = 7;
    /** Entries of {@link #readBack}: large segments and their elements found by the segmented sort's small path. */
    static final int RESULT_LARGE_SEGMENTS = 2;
    static final int RESULT_LARGE_ELEMENTS = 3;

    // Launch parameters, set by GridDriver; read-only on the device. Prefixed so that a pipeline's fields never hide
    // them (Aparapi names the kernel's fields in OpenCL by their simple names).
    int gridPhase;
    int gridOp;
    /** Elements (up, down, pipeline) or spine entries (spine) or bins (clear). */
    int gridCount;
    /** Work-groups of the grid (up, down, pipeline tiles). */
    int gridGroups;
    /** Tiles per work-group (up, down, pipeline tiles). */
    int gridTilesPerGroup;
    /** Select: 1 writes indices instead of values. */
    int gridIndices;
    int gridCmp;
    long gridOperand;
    /** A predicate select's comparison with an int {@code x} as an interval: in it, or outside it when 1. */
    int gridRangeLow;
    int gridRangeHigh;
    int gridRangeOutside;
    int gridBins;
    long gridLow;
    long gridWidth;
    /** Radix: digit {@code (key >>> shift) & mask}, {@code radix} digits; direction 0 primary to alternate. */
    int gridShift;
    int gridMask;
    int gridRadix;
    int gridDirection;
    /**
     * 1: the data are longs ({@link #wide} to {@link #wideAlt}): u64 keys of a sort, values of a long scan, select,
     * reduce, gather or scatter.
     */
    int gridWide;
    int gridWithValues;
    /** Radix: 1 moves the values between {@link #out} and {@link #auxAlt} (the segmented sort's large path). */
    int gridValuePair;
    /** Segmented sort: keys compare on bits {@code [0, gridKeyBits)} ({@code gridKeyMask}); nibble passes. */
    int gridKeyBits;
    long gridKeyMask;
    int gridKeyNibbles;
    int gridSegNibbles;
    /** A pipeline launch: its slot (passed to the hooks) and its steps per tile (0: {@link #pipelineItem} only). */
    int gridPipelineSlot;
    int gridStepsPerTile;

    // Arrays a launch may not use start as placeholders of half a G1 region (pinnedLength), which the collector never
    // moves, so that GuardedKernel's download of every movable bound array after each launch skips them.
    /** Int input of scan, select, reduce, histogram; u32 keys of a sort. */
    protected int[] in = new int[pinnedLength(4)];
    /** Int output of scan and select; the alternate u32 keys of a sort. */
    protected int[] out = new int[pinnedLength(4)];
    /** Flags of a select; the u32 values of a sort. */
    protected int[] aux = new int[pinnedLength(4)];
    /** The alternate values of a sort. */
    protected int[] auxAlt = new int[pinnedLength(4)];
    /** Long input of a long scan; u64 keys of a sort. */
    protected long[] wide = new long[pinnedLength(8)];
    /** Long output of a long scan; the alternate u64 keys of a sort. */
    protected long[] wideAlt = new long[pinnedLength(8)];
    /** Per-group values (scanned in place by the spine), 64-bit. */
    long[] spine = new long[pinnedLength(8)];
    /** Segmented sort's large path: per large segment its first position and its first compacted index. */
    int[] segTable = new int[pinnedLength(4)];
    /**
     * The device-side results, pinned like the placeholders (half a G1 region: never moved, never downloaded after a
     * launch). {@code result[0]} and {@code result[1]}: low and high word of the last select count or scan total
     * (readable by a pipeline's hooks in a later launch); from {@code RESULT_BASE}: reduce partials, histogram bins.
     * The host reads them through {@link #readBack}.
     */
    protected int[] result = new int[Math.max(RESULT_BASE + 1, pinnedLength(4))];
    /**
     * Small, the host's window on {@link #result}: written only by a {@link #PH_READ} launch (a copy of the entries
     * the host asks for) and by the segmented sort's small path (its counts), so only those launches are followed by
     * its download ({@link LaunchWrites}).
     */
    int[] readBack = new int[RESULT_BASE];

    /**
     * The length of an array of {@code width}-byte elements that the collector never moves (half a G1 region: 0.5 to
     * 16 MiB), or 1 where every array may move (another collector).
     */
    public static int pinnedLength(int width) {
        long bytes = ArrayMobility.humongousBytes();
        return bytes <= (16L << 20) ? (int) (bytes / width + 1) : 1;
    }

    /** A grid kernel serving {@link #SLOT}; a pipeline's constructor registers its own slots besides. */
    public GridKernel() {
        registerSlot(SLOT);
    }

    /**
     * Local ints: tile staging for the downsweep launches (two planes for a long scan, a flagged select and the
     * segmented sort's small path), none for the others; a pipeline adds its own for {@link #PH_PIPELINE}.
     */
    @Override
    protected int localInts(int localSize) {
        int tile = padded(localSize * ITEMS);
        boolean two = gridPhase == PH_DOWN && (gridOp == OP_SELECT_FLAGGED
                || longOp(gridOp, gridWide) || gridOp == OP_SEG_SMALL);
        boolean longExtremes = gridPhase == PH_UP && longOp(gridOp, gridWide)
                && (gridOp == OP_REDUCE_MIN || gridOp == OP_REDUCE_MAX);
        int mine = gridPhase == PH_DOWN && gridOp == OP_RADIX ? radixDownLocalInts(localSize)
                : two ? 2 * tile : gridPhase == PH_DOWN ? tile : longExtremes ? 2 * localSize : 0;
        return super.localInts(localSize) + mine;
    }

    /**
     * The radix downsweep's local ints for work-groups of {@code localSize}: the tile, the counters, off and delta, and
     * one slot holding the local size.
     */
    static int radixDownLocalInts(int localSize) {
        return padded(localSize * ITEMS) + RADIX_COUNTER_WORDS * localSize + 2 * RADIX_DIGITS + 1;
    }

    /** The radix sort's launches (upsweep, spine, downsweep) scan with {@link #groupScanLong} alone. */
    @Override
    protected boolean longScanOnly() {
        return sortLaunch();
    }

    /** Whether the coming (or running) launch is one of the radix sort's three (uniform). */
    final boolean sortLaunch() {
        return gridOp == OP_RADIX && (gridPhase == PH_UP || gridPhase == PH_SPINE || gridPhase == PH_DOWN);
    }

    /**
     * Local counters: the radix sort's digit counts (upsweep and each downsweep tile), the privatized histogram, or the
     * min/max cell.
     */
    @Override
    protected int localCounters(int localSize) {
        int mine = gridOp == OP_RADIX ? (gridPhase == PH_UP || gridPhase == PH_DOWN ? RADIX_DIGITS : 0)
                : gridPhase != PH_UP ? 0 : gridOp == OP_HISTOGRAM ? Math.min(gridBins, LOCAL_BINS) : 1;
        return super.localCounters(localSize) + mine;
    }

    /** Local memory of a launch's work-group in bytes, at most (spine and downsweep launches). */
    public static long localBytes(int localSize) {
        return 4L * 2 * padded(localSize * ITEMS) + groupScanLocalBytes(localSize);
    }

    /** Host side: whether the coming launch is a pipeline's own (for a pipeline's additive {@link #localInts}). */
    protected final boolean pipelineLaunch() {
        return gridPhase == PH_PIPELINE;
    }

    /** Host side: the slot of the coming pipeline launch (meaningful when {@link #pipelineLaunch()}). */
    protected final int pipelineSlot() {
        return gridPipelineSlot;
    }

    /**
     * Host side ({@link LaunchWrites}): which arrays the launch just run may have written, so that
     * {@link org.gpumatch.gpu.runtime.GuardedKernel} downloads only those of them that may move. A pipeline's own
     * launch may write anything; the grid's upsweeps and the radix spine write only {@link #spine} and {@link #result}
     * (a reduce's upsweep its partials into {@link #readBack}); a scan or select only its output and the total in
     * {@link #result}, a gather or scatter only its output; a radix
     * pass the other side of its ping-pong; the segmented sort's steps their own arrays; {@link #readBack} only a read
     * launch, a reduce and the segmented sort's small path. A wrong
     * {@code false} here loses data when the collector moves the array: the moving-arrays tests run every entry point
     * with a collection before every launch.
     */
    @Override
    public final boolean launchMayWrite(Object array) {
        int phase = gridPhase;
        if (phase == PH_PIPELINE) {
            return true;
        }
        boolean segSmall = phase == PH_DOWN && gridOp == OP_SEG_SMALL;
        boolean extremesOrSum = gridOp == OP_REDUCE_SUM || gridOp == OP_REDUCE_MIN || gridOp == OP_REDUCE_MAX;
        if (array == readBack) {
            return phase == PH_READ || segSmall || phase == PH_UP && extremesOrSum;
        }
        if (array == result) { // a downsweep's last work-group writes the total
            return phase == PH_CLEAR || phase == PH_UP && gridOp == OP_HISTOGRAM || phase == PH_SPINE
                    && gridOp != OP_RADIX || phase == PH_DOWN && (scanOp(gridOp) || gridOp == OP_SELECT_FLAGGED
                    || gridOp == OP_SELECT_IF || gridOp == OP_SEG_COMPOSE);
        }
        if (array == spine) {
            return phase == PH_UP || phase == PH_SPINE;
        }
        if (phase == PH_OFF || phase == PH_CLEAR || phase == PH_READ || phase == PH_UP || phase == PH_SPINE) {
            return false;
        }
        if (phase == PH_DOWN && (scanOp(gridOp) || gridOp == OP_SELECT_FLAGGED || gridOp == OP_SELECT_IF)
                || phase == PH_ITEMS && (gridOp == OP_GATHER || gridOp == OP_SCATTER)) {
            return array == out || array == wideAlt;
        }
        if (phase == PH_DOWN && gridOp == OP_RADIX) { // keys and values to the other side of the ping-pong
            return gridDirection == 0 ? array == out || array == wideAlt || array == auxAlt
                    : array == in || array == wide || array == aux || array == out;
        }
        if (segSmall) { // keys and values sorted in place, the marks
            return array == in || array == aux || array == auxAlt;
        }
        if (phase == PH_DOWN && gridOp == OP_SEG_COMPOSE) { // composites, their values, the segment table
            return array == wide || array == out || array == segTable;
        }
        if (phase == PH_ITEMS && gridOp == OP_SEG_PLACE) {
            return array == in || array == aux;
        }
        return true;
    }

    // ---- layer switches (constant per class: the device compiler drops the code of a layer that is off) ---------

    /**
     * Host side: whether this kernel class's {@code run()} serves the grid primitive {@code op} (an {@code OP_}
     * code); {@link GridDriver} refuses the others, so that a lean layer that overrides {@code run()} with fewer
     * primitives ({@link GridScanKernel}) never launches one that would silently do nothing. Every op here.
     */
    protected boolean servesOp(int op) {
        return true;
    }


    /**
     * Whether the scans and selects of this kernel class run a spine launch between upsweep and downsweep (3 launches)
     * rather than each downsweep work-group summing the group values before its own (2): false here, where
     * {@code gridSteps()} holds no spine; true only in {@link GridScanKernel}'s scan layer, whose {@code run()} holds
     * its own. A constant per class; {@link GridDriver} asks it (host side) to plan the launches.
     */
    protected boolean spineLaunch() {
        return false;
    }

    /**
     * Whether this kernel class holds the long primitives (scan, select, reduce of {@link #wide}), gather and scatter:
     * false in the lean grid, true in {@link GridLongKernel}. A constant per class, so the OpenCL compiler removes the
     * long steps (and their registers) from a kernel whose class leaves them off; {@link GridDriver} refuses them.
     */
    protected boolean longSteps() {
        return false;
    }

    /**
     * Whether the radix sort takes u64 keys ({@link #wide}): true in {@link GridWideSortKernel} and
     * {@link GridSegmentKernel} (whose large path sorts 64-bit composites). A constant per class, as {@link #longSteps}.
     */
    protected boolean wideSortSteps() {
        return false;
    }

    /**
     * Whether int scans take their own 32-bit path (true here), or the 64-bit path that the spine and the long
     * primitives use (same results). A constant per class, as {@link #longSteps}. The int path costs about 40
     * registers wherever it is compiled in (sm_90 proxy, {@code kernel-registers.sh}, with / without: lean layer
     * 135 / 94, long layer 138 / 108, u64 sort 136 / 94, segment 178 / 136, CRK 177 / 106, multi-rk 177 / 104), but on
     * the H200 (2026-11-25, b; {@link GridProfile} runs the lean kernel both ways) the kernel without it scanned 11 %
     * slower (1300 against 1167 us at 10^8) and ran every other primitive within 3 % of it: the registers are not
     * what bounds these kernels, so the faster int scan stays on. A pipeline class may still turn it off.
     */
    protected boolean intScanSteps() {
        return true;
    }

    /**
     * Whether this kernel class holds the grid's tile steps ({@code gridSteps()}: scans, selects, reduce, histogram,
     * the segmented sort's small path and composites, the pipelines' tile hooks): true here, false in the sort-only
     * {@link GridSortKernel}, whose {@code run()} then holds the radix sort and the barrier-free launches alone. A
     * constant per class, as {@link #longSteps}. The register count of a kernel is that of its heaviest path: on the
     * H200 NVIDIA's compiler gave {@link GridSortKernel} 128 registers with the tile steps in (two work-groups of 256
     * per SM), and the clang proxy ({@code kernel-registers.sh}) 136 with them against 72 for the sort alone.
     */
    protected boolean tileSteps() {
        return true;
    }

    /**
     * Whether a radix sort of u32 keys moves the keys themselves through the local tile (true in {@link GridSortKernel}
     * and {@link GridSortPairsKernel}): its downsweep ranks the keys, and the scatter reads each key from the sorted
     * tile instead of gathering it from global memory by its tile position. Without values always; with values only
     * where {@link #positionsInTileSteps()} carries each key's position along (else the entries path). u64 keys and
     * every pipeline's sort keep the entries ({@code digit << 16 | position}). A constant per class, as
     * {@link #longSteps}, so that the kernels that never take this path (the suffix-array builder's) carry none of
     * its code.
     */
    protected boolean keysInTileSteps() {
        return false;
    }

    /**
     * Whether a radix sort of u32 keys with u32 values also moves through the local tile (true in
     * {@link GridSortPairsKernel}): the keys as {@link #keysInTileSteps()}, each element's tile position beside its key
     * in {@link #tileShorts} (2 bytes per tile element), so the scatter gathers only the values. A constant per class:
     * its 16 positions per work-item cost registers that the sort of keys alone does without.
     */
    protected boolean positionsInTileSteps() {
        return false;
    }

    /** The radix downsweep's tile positions ({@link #positionsInTileSteps()}), in shorts. */
    @Override
    protected int localShorts(int localSize) {
        int mine = gridPhase == PH_DOWN && gridOp == OP_RADIX && positionsInTileSteps() ? padded(localSize * ITEMS) : 0;
        return super.localShorts(localSize) + mine;
    }

    /** Whether this kernel class holds the segmented sort: true in {@link GridSegmentKernel}. As {@link #longSteps}. */
    protected boolean segmentSteps() {
        return false;
    }

    // ---- pipeline hooks (barrier-free; the defaults do nothing) -------------------------------------------------

    /**
     * A pipeline's per-work-item code: in a {@link GridDriver#pipeline} launch of {@code slot}, called once by every
     * work-item whose global id {@code i} is below the launch's count. Barrier-free.
     */
    protected void pipelineItem(int slot, int i) {
    }

    /**
     * Tile step, point (a): stage the tile {@code [tileBase, tileBase + valid)} (or whatever step {@code sub} of
     * {@link GridDriver#pipelineTiles}'s steps per tile needs) into the pipeline's local region; a barrier follows.
     */
    protected void pipelineTileStage(int slot, int tileBase, int valid, int sub) {
    }

    /**
     * Tile step, point (b): this work-item's contribution to lane {@code lane} (0..3) of the step's one
     * {@link #groupScan4} (called for each lane, after the staging barrier). Lanes add as 64-bit integers.
     */
    protected long pipelineTileScanLane(int slot, int tileBase, int valid, int sub, int lane) {
        return 0;
    }

    /**
     * Tile step, point (c): after the group scan ({@link #groupScanPrefix}, {@link #groupScanTotal} readable), e.g.
     * write results into the local region; a barrier follows.
     */
    protected void pipelineTileScanned(int slot, int tileBase, int valid, int sub) {
    }

    /** Tile step, point (d): write the tile's results out (coalesced from local memory); a barrier follows. */
    protected void pipelineTileStore(int slot, int tileBase, int valid, int sub) {
    }

    /**
     * Dispatches on the launch's (uniform) phase and op, so that each kind of launch runs a loop of its own: the radix
     * sort's launches ({@link #radixPass}), the barrier-free element launches ({@link #elementLaunch}), and the tile
     * steps of every other primitive and of the pipelines' tile hooks ({@link #gridSteps}). One generic step loop for
     * every launch cost the sort and the scans 2.7x at equal occupancy on the H200 (gpu-core/README.md, "Lean layers").
     */
    @Override
    public void run() {
        if (sortLaunch()) {
            radixPass();
        } else if (gridPhase == PH_CLEAR || gridPhase == PH_READ || gridPhase == PH_ITEMS
                || gridPhase == PH_PIPELINE && gridStepsPerTile == 0) {
            elementLaunch();
        } else if (tileSteps()) {
            gridSteps();
        }
    }

    /**
     * The barrier-free launches, one work-item per element below {@link #gridCount}: clear and read of
     * {@link #result}, a pipeline's {@link #pipelineItem}, the segmented sort's placement, gather and scatter.
     */
    final void elementLaunch() {
        int i = getGlobalId();
        if (i < gridCount) {
            if (gridPhase == PH_CLEAR) {
                result[RESULT_BASE + i] = 0;
            }
            if (gridPhase == PH_READ) {
                readBack[i] = result[i];
            }
            if (gridPhase == PH_PIPELINE) {
                pipelineItem(gridPipelineSlot, i);
            }
            if (segmentSteps() && gridPhase == PH_ITEMS && gridOp == OP_SEG_PLACE) {
                segPlace(i);
            }
            if (longSteps() && gridPhase == PH_ITEMS && gridOp == OP_GATHER) {
                gather(i);
            }
            if (longSteps() && gridPhase == PH_ITEMS && gridOp == OP_SCATTER) {
                scatter(i);
            }
        }
    }

    /**
     * The tile launches of every primitive but the radix sort, and of the pipelines' tile hooks: one loop per kind of
     * launch (upsweep, scan and select steps, the segmented sort's small path and composites, pipeline tiles), so that
     * the device compiler holds one kind's live values at a time. One loop for every kind held them all: NVIDIA's
     * compiler gave the prefix-doubling pipeline, which runs four of them, 168 registers on the H200 (one work-group
     * of 256 per SM for every launch of a build, its radix passes included; 2026-11-28 e).
     */
    private void gridSteps() {
        if (gridPhase == PH_UP) {
            gridUpsweep();
        } else if (segmentSteps() && gridPhase == PH_DOWN && gridOp == OP_SEG_SMALL) {
            segmentSmallSteps();
        } else if (segmentSteps() && gridPhase == PH_DOWN && gridOp == OP_SEG_COMPOSE) {
            segmentComposeSteps();
        } else if (gridPhase == PH_PIPELINE) {
            pipelineTileSteps();
        } else if (gridPhase == PH_DOWN) {
            scanTileSteps();
        }
    }

    /**
     * The upsweep of a scan, select, reduce, histogram or composite count: each work-group folds its range of tiles
     * (each tile's {@link #ITEMS} coalesced loads issued together, then combined) and stores its group value
     * ({@link #upsweepStore}); one group scan.
     */
    private void gridUpsweep() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        boolean longData = longSteps() && longOp(gridOp, gridWide);
        boolean longValues = longData && gridOp != OP_SELECT_FLAGGED; // the upsweep reads longs, not flags
        boolean extremes = gridOp == OP_REDUCE_MIN || gridOp == OP_REDUCE_MAX;
        int counters = gridOp == OP_HISTOGRAM ? Math.min(gridBins, LOCAL_BINS) : 1;
        int counterInit = gridOp == OP_REDUCE_MIN ? Integer.MAX_VALUE : gridOp == OP_REDUCE_MAX ? Integer.MIN_VALUE : 0;
        for (int d = t; d < counters; d += size) {
            atomicSet(tileCounters[d], counterInit);
        }
        localBarrier(); // counters set
        int[] e = new int[ITEMS];
        long acc = gridOp == OP_REDUCE_MIN ? (longData ? Long.MAX_VALUE : Integer.MAX_VALUE)
                : gridOp == OP_REDUCE_MAX ? (longData ? Long.MIN_VALUE : Integer.MIN_VALUE) : 0;
        int upFirst = g * gridTilesPerGroup;
        int upEnd = Math.min(upFirst + gridTilesPerGroup, (gridCount + tile - 1) / tile);
        // the int sums (scan, reduce) and the flag counts, the commonest upsweeps, without the per-element op chain
        boolean upSum = !longValues && (scanOp(gridOp) || gridOp == OP_REDUCE_SUM);
        boolean upFlags = gridOp == OP_SELECT_FLAGGED;
        for (int tl = upFirst; (upSum || upFlags) && tl < upEnd; tl++) {
            int base = tl * tile;
            int valid = Math.min(tile, gridCount - base);
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                e[i] = j >= valid ? 0 : upSum ? in[base + j] : aux[base + j] != 0 ? 1 : 0;
            }
            for (int i = 0; i < ITEMS; i++) {
                acc += e[i];
            }
        }
        for (int tl = upFirst; longValues && tl < upEnd; tl++) { // longs, combined as they come
            int base = tl * tile;
            int valid = Math.min(tile, gridCount - base);
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                if (j < valid) {
                    acc = upsweepCombine(acc, wide[base + j]);
                }
            }
        }
        for (int tl = upFirst; !upSum && !upFlags && !longValues && tl < upEnd; tl++) {
            int base = tl * tile;
            int valid = Math.min(tile, gridCount - base);
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                e[i] = j < valid ? upsweepLoad(base + j) : 0;
            }
            for (int i = 0; i < ITEMS; i++) {
                if (t + i * size < valid) {
                    acc = upsweepCombine(acc, e[i]);
                }
            }
        }
        if (gridOp == OP_REDUCE_MIN && !longData) {
            atomicMin(tileCounters[0], (int) acc);
        }
        if (gridOp == OP_REDUCE_MAX && !longData) {
            atomicMax(tileCounters[0], (int) acc);
        }
        if (extremes && longData) { // long extremes: each work-item's partial in local, folded by work-item 0
            tileInts[2 * t] = (int) acc;
            tileInts[2 * t + 1] = (int) (acc >>> 32);
        }
        localBarrier(); // partials staged
        if (extremes && longData && t == 0) {
            for (int u = 0; u < size; u++) {
                long x = (long) tileInts[2 * u + 1] << 32 | (tileInts[2 * u] & 0xFFFFFFFFL);
                acc = gridOp == OP_REDUCE_MIN ? Math.min(acc, x) : Math.max(acc, x);
            }
        }
        groupScanLanes(acc, 0, 0, 0, 1);
        upsweepStore(g, size, t, extremes && longData ? acc : groupScanTotal(0), longData);
        localBarrier(); // the total and counters read before another work-group may write them (Java threads)
    }

    /**
     * The downsweep of the scans and selects: from the group's start ({@link #spinePrefix}), per tile, staged through
     * local memory (coalesced), one group scan of each work-item's {@link #ITEMS} consecutive elements, outputs staged
     * in local memory and stored coalesced; the last work-group writes the total (the select count) to
     * {@code result[0..1]}. 3 barriers per tile besides the group scan's.
     */
    private void scanTileSteps() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        int base0 = 0; // this layer's region of tileInts starts after TileKernel's, which takes none
        int second = base0 + padded(tile);   // flags or high words
        boolean longData = longSteps() && longOp(gridOp, gridWide);
        boolean hiPlane = longData; // values are longs, staged as two planes
        boolean flagged = gridOp == OP_SELECT_FLAGGED;
        boolean predicate = gridOp == OP_SELECT_IF;
        boolean scanning = scanOp(gridOp);
        // the uniform choices are made outside the element loops (each loop below runs for one kind of step)
        boolean intScan = intScanSteps() && scanning && !hiPlane; // int scan: 32 bits suffice
        boolean intSelect = !scanning && !longData;
        boolean inclusive = gridOp == OP_SCAN_INCLUSIVE;
        int total = gridCount; // elements of the tiled range
        int firstTile = g * gridTilesPerGroup;
        int tiles = (total + tile - 1) / tile;
        int steps = Math.max(0, Math.min(gridTilesPerGroup, tiles - firstTile));
        long start = spinePrefix(g);
        long carry = start;
        int[] e = new int[ITEMS];
        int[] staged = new int[ITEMS];
        int[] stagedFlags = new int[ITEMS];
        for (int s = 0; s < steps; s++) {
            int base = (firstTile + s) * tile;
            int valid = Math.min(tile, total - base);
            for (int i = 0; i < ITEMS; i++) {
                e[i] = 0; // nothing flows from one step to the next through the element array
            }
            // (a) stage; int data: every load of the tile predicated and issued together into registers, then
            // stored (a load stored in its own iteration behind a uniform branch waited out each load in turn)
            if (!longData) {
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    staged[i] = j < valid && gridIndices == 0 ? in[base + j] : 0;
                    stagedFlags[i] = j < valid && flagged ? aux[base + j] : 0;
                }
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    tileInts[base0 + pad(j)] = staged[i];
                    if (flagged) {
                        tileInts[second + pad(j)] = stagedFlags[i] != 0 ? 1 : 0;
                    }
                }
            }
            for (int i = 0; longData && i < ITEMS; i++) {
                int j = t + i * size;
                if (j < valid) {
                    long v = wide[base + j];
                    tileInts[base0 + pad(j)] = (int) v;
                    if (hiPlane) {
                        tileInts[second + pad(j)] = (int) (v >>> 32);
                    }
                }
            }
            localBarrier(); // (A) staged
            // (b) this work-item's consecutive elements: its contribution to the group scan
            long c0 = 0;
            int flagBits = 0;
            if (intScan) { // the values are read again from the staged tile at (c): nothing live across the scan
                int sum = 0;
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    sum += q < valid ? tileInts[base0 + pad(q)] : 0;
                }
                c0 = sum;
            }
            if (intSelect) {
                int count = 0;
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    if (q < valid) {
                        int v = tileInts[base0 + pad(q)];
                        int f = flagged ? tileInts[second + pad(q)] : compareClamped(v, gridCmp, gridOperand) ? 1 : 0;
                        e[i] = v;
                        flagBits |= f << i;
                        count += f;
                    }
                }
                c0 = count;
            }
            if (!intScan && !intSelect) {
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    if (q < valid) { // long scans and selects
                        int v = tileInts[base0 + pad(q)];
                        int h = hiPlane ? tileInts[second + pad(q)] : 0;
                        long value = hiPlane ? (long) h << 32 | (v & 0xFFFFFFFFL) : v;
                        int f = flagged ? (longData ? (aux[base + q] != 0 ? 1 : 0) : tileInts[second + pad(q)])
                                : predicate && compare(value, gridCmp, gridOperand) ? 1 : 0;
                        e[i] = v;
                        flagBits |= f << i;
                        c0 += !scanning ? f : value;
                    }
                }
            }
            groupScanLanes(c0, 0, 0, 0, 1);
            // (c) outputs into local memory (all reads of the staged tile happened before the scan's barriers)
            long p0 = groupScanPrefix(0);
            long tot0 = groupScanTotal(0);
            if (intScan) {
                int run = (int) (carry + p0);
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    if (q < valid) { // this work-item's own staged positions: no other work-item writes them
                        int next = run + tileInts[base0 + pad(q)];
                        tileInts[base0 + pad(q)] = inclusive ? next : run;
                        run = next;
                    }
                }
            } else {
                long running = p0;
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    if (q < valid) {
                        if (scanning) {
                            // the high word re-read: this work-item alone writes its own positions
                            long next = running + (hiPlane ? (long) tileInts[second + pad(q)] << 32
                                    | (e[i] & 0xFFFFFFFFL) : e[i]);
                            long x = carry + (inclusive ? next : running);
                            tileInts[base0 + pad(q)] = (int) x;
                            if (hiPlane) {
                                tileInts[second + pad(q)] = (int) (x >>> 32);
                            }
                            running = next;
                        } else if (((flagBits >>> i) & 1) != 0) { // long selects keep indices, gathered at (d)
                            tileInts[base0 + pad((int) running)] = gridIndices != 0 || longData ? base + q : e[i];
                            running++;
                        }
                    }
                }
            }
            localBarrier(); // (C) outputs staged, offsets read
            // (d) coalesced stores, offsets advanced
            if (intScan) {
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    if (j < valid) {
                        out[base + j] = tileInts[base0 + pad(j)];
                    }
                }
            } else {
                int written = scanning ? valid : (int) tot0;
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    if (j < written) {
                        int v = tileInts[base0 + pad(j)];
                        long w = hiPlane && scanning ? (long) tileInts[second + pad(j)] << 32 | (v & 0xFFFFFFFFL) : v;
                        if (longData && scanning) {
                            wideAlt[base + j] = w;
                        } else if (longData) {
                            wideAlt[(int) carry + j] = wide[v];
                        } else if (scanning) {
                            out[base + j] = v;
                        } else {
                            out[(int) carry + j] = v;
                        }
                    }
                }
            }
            carry += tot0;
            localBarrier(); // (D) the local tile may be restaged
        }
        storeTotal(g, t, start);
    }

    /**
     * The downsweep's start: the sum of the upsweep's group values before work-group g ({@code spine[0, g)}), by the
     * whole work-group (each work-item a strided share, one group scan; at most a few KB read per work-group). A spine
     * launch scanned them for every group before 2026-11-28 f: scans and selects now take 2 launches, not 3 (but in
     * the lean scan layer, {@link #spineLaunch}).
     */
    final long spinePrefix(int g) {
        groupScanLanes(spineShareBefore(g), 0, 0, 0, 1);
        return groupScanTotal(0);
    }

    /**
     * This work-item's share of {@code spine[0, g)} (entries {@code l, l + L, ...} below g): what the work-group's one
     * group scan adds up to the downsweep's start ({@link #spinePrefix}; {@link GridScanKernel} with its own scan).
     */
    final long spineShareBefore(int g) {
        int size = getLocalSize();
        long mine = 0;
        for (int u = getLocalId(); u < g; u += size) {
            mine += spine[u];
        }
        return mine;
    }

    /**
     * After a downsweep: the last work-group's work-item 0 writes the total to {@code result[0..1]} (its start plus
     * its own upsweep value: exact in 64 bits, where the int downsweep's carry wraps), where later launches and the
     * host's read find it.
     */
    final void storeTotal(int g, int t, long start) {
        if (g == gridGroups - 1 && t == 0) {
            long total = start + spine[g];
            result[0] = (int) total;
            result[1] = (int) (total >>> 32);
        }
    }

    /**
     * The segmented sort's small path (one launch): each window owns half a tile of positions and stages the span of a
     * tile around them; every segment of at most a quarter tile that starts in the window is sorted in local memory by
     * {@code gridKeyNibbles + gridSegNibbles} nibble ranking steps (the segment number the most significant digits),
     * and the large segments' elements are marked for the large path. Steps per window: the passes plus 3, each a
     * method of its own ({@link #segmentHeadsStep}, {@link #segmentClassifyStep}, {@link #segmentRankStep},
     * {@link #segmentWriteStep}), so that the device compiler holds one step's values at a time: one loop over every
     * step with a branch per kind held them all (168 registers on the H200, 2026-11-28 f, where the rest of the
     * prefix-doubling pipeline needs 92).
     *
     * <p>Registers, as in {@code radixDownsweep}: every index NVIDIA's compiler would hoist out of the window loop (16
     * per expression of i, 64-bit addresses among them) is computed in its step from the local size read back from
     * local memory after a barrier ({@link #tileStride}); blocked slots are one base plus i
     * ({@code pad(t ITEMS + i) = pad(t ITEMS) + i}, as {@link #ITEMS} divides 32).
     */
    private void segmentSmallSteps() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        int total = gridCount;
        int unit = tile / 2; // the windows own half a tile of positions each
        int quarter = tile / 4;
        int segPasses = gridKeyNibbles + gridSegNibbles;
        int firstTile = g * gridTilesPerGroup;
        int tiles = (total + unit - 1) / unit;
        int myTiles = Math.max(0, Math.min(gridTilesPerGroup, tiles - firstTile));
        storeTileStride();
        for (int w = 0; w < myTiles; w++) {
            int base = (firstTile + w) * unit;
            int span = base - quarter; // the window's staged span [span, span + tile)
            int segHeads = segmentHeadsStep(span, total);
            segmentClassifyStep(base, span, total, segHeads);
            for (int pass = 0; pass < segPasses; pass++) {
                segmentRankStep(pass);
            }
            segmentWriteStep(span);
        }
    }

    /**
     * Work-item 0 stores the local size in the last int of the first tile region (past every position the small
     * path's and the composites' steps use there), then a barrier: {@link #tileStride} reads it back.
     */
    private void storeTileStride() {
        int size = getLocalSize();
        if (getLocalId() == 0) {
            tileInts[padded(size * ITEMS) - 1] = size;
        }
        localBarrier(); // the size slot written
    }

    /**
     * The local size, as read back from the slot {@link #storeTileStride} wrote: the device compiler cannot see it
     * constant, so the indices computed from it in a step are not hoisted out of the step loop (registers).
     */
    private int tileStride() {
        return tileInts[padded(getLocalSize() * ITEMS) - 1];
    }

    /**
     * Small path, step 1: head flags and keys of the span staged (outside {@code [0, n)}: heads), the heads counted
     * (one lane), each head's span position stored at its segment number; returns the span's head count (uniform).
     */
    private int segmentHeadsStep(int span, int total) {
        int t = getLocalId();
        int size = getLocalSize();
        int second = padded(size * ITEMS); // the span's keys
        int stride = tileStride();
        int zero = stride - size;
        int first = t * ITEMS + zero; // this work-item's first blocked position
        int row = pad(t * ITEMS) + zero; // and its slot
        for (int i = 0; i < ITEMS; i++) {
            int j = t + i * stride;
            int at = span + j;
            boolean inside = at >= 0 && at < total;
            tileInts[pad(j)] = segmentHead(at, total);
            tileInts[second + pad(j)] = inside ? in[at] : 0;
        }
        localBarrier(); // (A) staged
        int heads = 0;
        for (int i = 0; i < ITEMS; i++) {
            heads += tileInts[row + i]; // the inclusive count numbers each segment of the span
        }
        groupScanLanes(heads, 0, 0, 0, 1);
        long running = groupScanPrefix(0);
        for (int i = 0; i < ITEMS; i++) {
            int head = segmentHead(span + first + i, total);
            running += head;
            if (head != 0) {
                tileInts[(int) running] = first + i; // the head's span position at its segment number
            }
        }
        int segHeads = (int) groupScanTotal(0);
        localBarrier(); // (C) outputs staged
        return segHeads;
    }

    /**
     * Small path, step 2: every position classified (small segments fit the span; the window owns half of it): the
     * large-path marks of the window's own positions into {@link #auxAlt} and their counts (lanes 1 and 2, added to
     * {@link #readBack}), and the packed entries {@code own << 31 | segment << 16 | position} into the first region
     * (the keys of positions not in an own small segment zeroed).
     */
    private void segmentClassifyStep(int base, int span, int total, int segHeads) {
        int t = getLocalId();
        int size = getLocalSize();
        int tile = size * ITEMS;
        int second = padded(tile);
        int unit = tile / 2;
        int quarter = tile / 4;
        int stride = tileStride();
        int zero = stride - size;
        int first = t * ITEMS + zero;
        int row = pad(t * ITEMS) + zero;
        int[] e = new int[ITEMS];
        long heads = groupScanPrefix(0); // the heads step's count before this work-item, still there
        long large = 0;
        long largeHeads = 0;
        for (int i = 0; i < ITEMS; i++) {
            int q = first + i;
            int head = segmentHead(span + q, total);
            heads += head;
            int c = (int) heads;
            int start = c >= 1 ? tileInts[c] : -1;
            int end = c + 1 <= segHeads ? tileInts[c + 1] : -1;
            boolean small = start >= 0 && end >= 0 && end - start <= quarter;
            int at = span + q;
            boolean ownSegment = small && span + start >= base && span + start < base + unit && at < total;
            if (at >= base && at < base + unit && at < total) {
                auxAlt[at] = small ? 0 : 1 | head << 1;
                large += small ? 0 : 1;
                largeHeads += small ? 0 : head;
            }
            e[i] = (ownSegment ? 0x80000000 : 0) | c << 16 | q;
        }
        groupScanLanes(0, large, largeHeads, 0, 4);
        for (int i = 0; i < ITEMS; i++) {
            tileInts[row + i] = e[i];
            if (e[i] >= 0) {
                tileInts[second + row + i] = 0;
            }
        }
        long largeElements = groupScanTotal(1);
        if (t == 0 && largeElements > 0) {
            atomicAdd(readBack, RESULT_LARGE_ELEMENTS, (int) largeElements);
            atomicAdd(readBack, RESULT_LARGE_SEGMENTS, (int) groupScanTotal(2));
        }
        localBarrier(); // (C) outputs staged
    }

    /**
     * Small path, a ranking step: the span's entries ranked stably by nibble {@code pass} of their key (then of their
     * segment number) in local memory: 16 digit counters per work-item packed in four 64-bit lanes, one group scan.
     */
    private void segmentRankStep(int pass) {
        int t = getLocalId();
        int size = getLocalSize();
        int second = padded(size * ITEMS);
        int stride = tileStride();
        int zero = stride - size;
        int row = pad(t * ITEMS) + zero;
        int[] e = new int[ITEMS];
        long c0 = 0;
        long c1 = 0;
        long c2 = 0;
        long c3 = 0;
        for (int i = 0; i < ITEMS; i++) {
            int v = tileInts[row + i];
            e[i] = v;
            int d = segmentRankDigit(v, pass, second);
            c0 += laneIncrement(d, 0);
            c1 += laneIncrement(d, 1);
            c2 += laneIncrement(d, 2);
            c3 += laneIncrement(d, 3);
        }
        groupScanLanes(c0, c1, c2, c3, 4);
        long p0 = groupScanPrefix(0);
        long p1 = groupScanPrefix(1);
        long p2 = groupScanPrefix(2);
        long p3 = groupScanPrefix(3);
        long t0 = groupScanTotal(0);
        long t1 = groupScanTotal(1);
        long t2 = groupScanTotal(2);
        long t3 = groupScanTotal(3);
        // digit bases: exclusive scan of the tile's 16 digit totals, packed like the counters
        int run = 0;
        for (int d = 0; d < 16; d++) {
            long at = (long) run << ((d & 3) * 16);
            int q = d >> 2;
            p0 += q == 0 ? at : 0;
            p1 += q == 1 ? at : 0;
            p2 += q == 2 ? at : 0;
            p3 += q == 3 ? at : 0;
            run += lane(t0, t1, t2, t3, d);
        }
        for (int i = 0; i < ITEMS; i++) {
            int v = e[i];
            int d = segmentRankDigit(v, pass, second);
            tileInts[pad(lane(p0, p1, p2, p3, d))] = v;
            p0 += laneIncrement(d, 0);
            p1 += laneIncrement(d, 1);
            p2 += laneIncrement(d, 2);
            p3 += laneIncrement(d, 3);
        }
        localBarrier(); // (C) ranked
    }

    /**
     * Small path, last step: the own small segments written back sorted (keys into {@link #in} from the staged keys,
     * values into {@link #aux}, read from their old places before any moves), coalesced.
     */
    private void segmentWriteStep(int span) {
        int t = getLocalId();
        int size = getLocalSize();
        int second = padded(size * ITEMS);
        int stride = tileStride();
        int[] e = new int[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            int v = tileInts[pad(t + i * stride)];
            if (v < 0) {
                in[span + t + i * stride] = tileInts[second + pad(v & 0xFFFF)];
                e[i] = aux[span + (v & 0xFFFF)];
            }
        }
        localBarrier(); // (A) every value read before any moves
        for (int i = 0; i < ITEMS; i++) {
            if (tileInts[pad(t + i * stride)] < 0) {
                aux[span + t + i * stride] = e[i];
            }
        }
        localBarrier(); // (D) the local tile may be restaged
    }

    /**
     * The segmented sort's large path, compaction: the large segments' elements (marks from the small path, in
     * {@link #auxAlt}) into composite keys {@code ordinal << keyBits | key} in {@link #wide} and their values in
     * {@link #out}, each segment's first position in {@link #segTable}; one group scan per tile.
     */
    private void segmentComposeSteps() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        int base0 = 0;
        int total = gridCount;
        int firstTile = g * gridTilesPerGroup;
        int tiles = (total + tile - 1) / tile;
        int steps = Math.max(0, Math.min(gridTilesPerGroup, tiles - firstTile));
        long start = spinePrefix(g);
        long carry = start;
        storeTileStride();
        int[] e = new int[ITEMS];
        for (int s = 0; s < steps; s++) {
            int stride = tileStride(); // == size, read in each step (segmentSmallSteps says why)
            int zero = stride - size;
            int first = t * ITEMS + zero; // this work-item's first blocked position
            int row = pad(t * ITEMS) + zero; // and its slot
            int base = (firstTile + s) * tile;
            int valid = Math.min(tile, total - base);
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * stride;
                if (j < valid) {
                    tileInts[base0 + pad(j)] = auxAlt[base + j];
                }
            }
            localBarrier(); // (A) staged
            long c0 = 0;
            for (int i = 0; i < ITEMS; i++) {
                int q = first + i;
                int v = tileInts[base0 + row + i];
                e[i] = v;
                c0 += q < valid ? segPacked(v) : 0;
            }
            groupScanLanes(c0, 0, 0, 0, 1);
            // the large segments' elements compacted: composite key ordinal << keyBits | key, value
            long x = carry + groupScanPrefix(0);
            for (int i = 0; i < ITEMS; i++) {
                int q = first + i;
                int mark = e[i];
                if (q < valid && (mark & 1) != 0) {
                    int pos = (int) (x & 0xFFFFFFFFL);
                    int ordinal = (int) ((x + segPacked(mark)) >>> 32) - 1;
                    int at = base + q;
                    wide[pos] = (long) ordinal << gridKeyBits | (in[at] & gridKeyMask);
                    out[pos] = aux[at];
                    if ((mark & 2) != 0) {
                        segTable[2 * ordinal] = at;
                        segTable[2 * ordinal + 1] = pos;
                    }
                }
                x += q < valid ? segPacked(mark) : 0;
            }
            carry += groupScanTotal(0);
            localBarrier(); // (D) the local tile may be restaged
        }
        storeTotal(g, t, start);
    }

    /**
     * A pipeline's tile launch ({@link GridDriver#pipelineTiles}): per tile, {@code gridStepsPerTile} steps of the
     * four hooks around one four-lane group scan, a barrier after each hook's point.
     */
    private void pipelineTileSteps() {
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        int total = gridCount;
        int firstTile = g * gridTilesPerGroup;
        int tiles = (total + tile - 1) / tile;
        int myTiles = Math.max(0, Math.min(gridTilesPerGroup, tiles - firstTile));
        int perTile = gridStepsPerTile;
        int steps = myTiles * perTile;
        int slot = gridPipelineSlot;
        for (int s = 0; s < steps; s++) {
            int sub = s % perTile;
            int base = (firstTile + s / perTile) * tile;
            int valid = Math.min(tile, total - base);
            pipelineTileStage(slot, base, valid, sub);
            localBarrier(); // (A) staged
            long c0 = pipelineTileScanLane(slot, base, valid, sub, 0);
            long c1 = pipelineTileScanLane(slot, base, valid, sub, 1);
            long c2 = pipelineTileScanLane(slot, base, valid, sub, 2);
            long c3 = pipelineTileScanLane(slot, base, valid, sub, 3);
            groupScan4(c0, c1, c2, c3);
            pipelineTileScanned(slot, base, valid, sub);
            localBarrier(); // (C) outputs staged
            pipelineTileStore(slot, base, valid, sub);
            localBarrier(); // (D) the local tile may be restaged
        }
    }

    /**
     * One launch of the radix sort (see {@link GridSortKernel} for the algorithm, the local memory and the cost): the
     * upsweep's digit counts, the spine of one work-group per digit, or the downsweep's ranking and scatter. Each phase
     * is a loop of its own, so that the device compiler holds one phase's loop invariants in registers at a time (one
     * loop for the three phases held them all: 96 registers on the H200 where 80 let three work-groups of 256 share
     * an SM, 2026-11-28 e).
     */
    final void radixPass() {
        if (gridPhase == PH_UP) {
            radixUpsweep();
        } else if (gridPhase == PH_SPINE) {
            radixSpine();
        } else {
            radixDownsweep();
        }
    }

    /** The upsweep: the group's digit counts of its tiles (loads of a tile issued together, local atomic counters). */
    private void radixUpsweep() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        int radix = gridRadix;
        for (int d = t; d < radix; d += size) {
            atomicSet(tileCounters[d], 0);
        }
        localBarrier(); // counters zero
        int[] e = new int[ITEMS];
        int first = g * gridTilesPerGroup;
        int end = Math.min(first + gridTilesPerGroup, (gridCount + tile - 1) / tile);
        for (int tl = first; tl < end; tl++) {
            int base = tl * tile;
            int valid = Math.min(tile, gridCount - base);
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                e[i] = j < valid ? digitOf(base + j) : -1;
            }
            for (int i = 0; i < ITEMS; i++) {
                if (e[i] >= 0) {
                    atomicAdd(tileCounters[e[i]], 1);
                }
            }
        }
        localBarrier(); // counts complete
        for (int d = t; d < radix; d += size) {
            spine[d * gridGroups + g] = atomicGet(tileCounters[d]);
        }
    }

    /**
     * The spine: work-group {@code d} scans its digit's {@code G} counts exclusively in place (each work-item a
     * contiguous run of them, one group scan) and writes the digit's total to {@code spine[R * G + d]}.
     */
    private void radixSpine() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int groups = gridGroups;
        int per = (groups + size - 1) / size;
        int first = Math.min(groups, t * per);
        int end = Math.min(groups, first + per);
        long mine = 0;
        for (int j = first; j < end; j++) {
            mine += spine[g * groups + j];
        }
        long inclusive = groupScanLong(mine);
        long total = groupScanLongTotal();
        long run = inclusive - mine;
        for (int j = first; j < end; j++) {
            long c = spine[g * groups + j];
            spine[g * groups + j] = run;
            run += c;
        }
        if (t == 0) {
            spine[gridRadix * groups + g] = total;
        }
    }

    /**
     * The downsweep: a first step scans the digit totals (each digit's base) and starts every digit's output offset;
     * then each tile is ranked by one or two nibble steps, and scattered by the next tile's first step (or a last
     * step).
     */
    private void radixDownsweep() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        int radix = gridRadix;
        int groups = gridGroups;
        int cnt = padded(tile); // counter words: word (lane c, work-item w) at cnt + c * size + w
        int offs = cnt + RADIX_COUNTER_WORDS * size; // off[d]: the digit's next output position
        int dels = offs + RADIX_DIGITS; // delta[d]: off[d] - runStart[d] of the last ranked tile
        // Registers: NVIDIA's compiler hoists every loop-invariant index and address out of the step loop (two
        // registers per 64-bit pointer) and its assembler then takes as many registers as that needs (130 on the H200
        // before this, one work-group of 256 per SM). So the blocked slots are one base plus a constant
        // (pad(t ITEMS + i) = row + i, as ITEMS divides 32), and every other index the loop would hoist is computed
        // in its step from `zero` and `stride`: the local size as read from local memory after a barrier, which the
        // compiler cannot see through.
        int row = pad(t * ITEMS);
        int sizeSlot = dels + RADIX_DIGITS;
        int perItem = (radix + size - 1) / size; // digits per work-item, contiguous
        int firstDigit = Math.min(radix, t * perItem);
        int endDigit = Math.min(radix, firstDigit + perItem);
        int passes = radix > 16 ? 2 : 1; // nibble passes per tile
        for (int d = t; d < radix; d += size) {
            atomicSet(tileCounters[d], 0);
        }
        for (int c = 0; c < RADIX_COUNTER_WORDS; c++) {
            tileInts[cnt + c * size + t] = 0;
        }
        if (t == 0) {
            tileInts[sizeSlot] = size;
        }
        localBarrier(); // counters zero

        // u32 keys in the tile (class constants and uniform flags): the tile holds the keys, not digit << 16 | position;
        // with values, the tile positions ride along in tileShorts and the scatter gathers only the values
        boolean narrow = !(wideSortSteps() && gridWide != 0) && gridValuePair == 0;
        boolean positionsInTile = positionsInTileSteps() && narrow && gridWithValues != 0;
        boolean keysInTile = keysInTileSteps() && narrow && (gridWithValues == 0 || positionsInTile);
        int[] e = new int[ITEMS];
        int[] pos = new int[ITEMS]; // keys in the tile with values: tile positions, then the gathered values
        int ranks0 = 0; // keys in the tile: the counts before items 0..7 (4 bits each)
        int ranks1 = 0; // and 8..15
        int[] sorted = new int[SCATTER_BATCH];
        int[] keyLow = new int[SCATTER_BATCH];
        int[] keyHigh = new int[SCATTER_BATCH];
        int[] value = new int[SCATTER_BATCH];
        int firstTile = g * gridTilesPerGroup;
        int tiles = (gridCount + tile - 1) / tile;
        int myTiles = Math.max(0, Math.min(gridTilesPerGroup, tiles - firstTile));
        int steps = 2 + passes * myTiles;
        for (int s = 0; s < steps; s++) {
            int stride = tileInts[sizeSlot]; // == size
            int zero = stride - size;
            boolean tileStep = s >= 1 && s <= passes * myTiles;
            int tl = tileStep ? (s - 1) / passes : myTiles;
            int sub = tileStep ? (s - 1) % passes : 0;
            int base = (firstTile + tl) * tile;
            int valid = tileStep ? Math.min(tile, gridCount - base) : 0;
            // (a) the previous tile's scatter (its first step), this tile step's counting
            if (keysInTile && sub == 0 && tl >= 1 && s >= 1) { // the sorted keys from the tile: no key gathers
                int prevBase = base - tile;
                int prevValid = Math.min(tile, gridCount - prevBase);
                for (int i = 0; i < ITEMS; i++) { // every value's load before any store (they could alias)
                    int p = t + i * stride;
                    e[i] = p < prevValid ? tileInts[pad(p)] : 0;
                    if (positionsInTile) {
                        pos[i] = p < prevValid ? sourceValue(prevBase + (tileShorts[pad(p)] & 0xFFFF)) : 0;
                    }
                }
                for (int i = 0; i < ITEMS; i++) {
                    int p = t + i * stride;
                    if (p < prevValid) {
                        int key = e[i];
                        int to = tileInts[dels + ((key >>> gridShift) & gridMask)] + p;
                        putKey(to, key);
                        if (positionsInTile) {
                            putValue(to, pos[i]);
                        }
                    }
                }
            }
            if (!keysInTile && sub == 0 && tl >= 1 && s >= 1) {
                int prevBase = base - tile;
                int prevValid = Math.min(tile, gridCount - prevBase);
                // in batches whose loads all precede their stores: the compiler may not move a load from the source
                // arrays above a store to the destination arrays (they could alias), so one element at a time would
                // wait out a global load per element
                // (registers: the entries and the keys' halves are what the batch holds; a u32 sort drops the high halves)
                for (int i = 0; i < ITEMS; i += SCATTER_BATCH) {
                    for (int k = 0; k < SCATTER_BATCH; k++) {
                        int p = t + (i + k) * stride;
                        sorted[k] = p < prevValid ? tileInts[pad(p)] : -1; // digit << 16 | position: never negative
                    }
                    for (int k = 0; k < SCATTER_BATCH; k++) {
                        if (sorted[k] >= 0) {
                            int from = prevBase + (sorted[k] & 0xFFFF);
                            long key = sourceKey(from);
                            keyLow[k] = (int) key;
                            keyHigh[k] = (int) (key >>> 32);
                            value[k] = sourceValue(from);
                        }
                    }
                    for (int k = 0; k < SCATTER_BATCH; k++) {
                        if (sorted[k] >= 0) {
                            int to = tileInts[dels + (sorted[k] >>> 16)] + t + (i + k) * stride;
                            putKey(to, (long) keyHigh[k] << 32 | keyLow[k] & 0xFFFFFFFFL);
                            putValue(to, value[k]);
                        }
                    }
                }
            }
            int q0 = t * ITEMS + zero; // this work-item's first element of the tile
            int rem = valid - q0; // its elements in the tile: i < rem
            if (tileStep && keysInTile) { // the keys, each one's count before it in 4 bits of ranks0 / ranks1
                for (int i = 0; i < ITEMS; i++) {
                    int v = 0;
                    if (i < rem) {
                        v = sub == 0 ? (int) sourceKey(base + q0 + i) : tileInts[row + i];
                        if (positionsInTile) {
                            pos[i] = sub == 0 ? q0 + i : tileShorts[row + i] & 0xFFFF;
                        }
                    }
                    e[i] = v;
                }
                ranks0 = 0;
                ranks1 = 0;
                for (int i = 0; i < ITEMS; i++) {
                    if (i < rem) {
                        int digit = (e[i] >>> gridShift) & gridMask;
                        int nibble = (digit >>> (4 * sub)) & 15;
                        int at = cnt + (nibble & 7) * size + t;
                        int shift = (nibble >> 3) << 4;
                        int w = tileInts[at];
                        tileInts[at] = w + (1 << shift);
                        int before = (w >>> shift) & 15; // at most ITEMS - 1
                        if (i < 8) {
                            ranks0 |= before << (4 * i);
                        } else {
                            ranks1 |= before << (4 * (i - 8));
                        }
                        if (sub == 0) {
                            atomicAdd(tileCounters[digit], 1);
                        }
                    }
                }
            }
            if (tileStep && !keysInTile) {
                for (int i = 0; i < ITEMS; i++) {
                    int v = 0;
                    if (i < rem) {
                        v = sub == 0 ? digitOf(base + q0 + i) << 16 | q0 + i : tileInts[row + i];
                    }
                    e[i] = v;
                }
                for (int i = 0; i < ITEMS; i++) {
                    if (i < rem) {
                        int v = e[i];
                        int nibble = (v >>> (16 + 4 * sub)) & 15;
                        int at = cnt + (nibble & 7) * size + t;
                        int shift = (nibble >> 3) << 4;
                        int w = tileInts[at];
                        tileInts[at] = w + (1 << shift);
                        e[i] = v | ((w >>> shift) & 0xFFFF) << 24;
                        if (sub == 0) {
                            atomicAdd(tileCounters[v >>> 16], 1);
                        }
                    }
                }
            }
            localBarrier(); // (A) counted
            // (b) this work-item's contribution: counter words | digit counts (tile steps), digit totals (first step)
            long mine = 0;
            int digit0 = firstDigit + zero;
            if (tileStep) {
                int sum = 0;
                for (int j = 0; j < RADIX_COUNTER_WORDS; j++) {
                    sum += tileInts[cnt + RADIX_COUNTER_WORDS * t + j];
                }
                long digits = 0;
                for (int d = digit0; sub == 0 && d < endDigit; d++) {
                    digits += atomicGet(tileCounters[d]);
                }
                mine = digits << 32 | sum;
            }
            if (s == 0) {
                for (int d = digit0; d < endDigit; d++) {
                    mine += spine[radix * groups + d];
                }
            }
            long inclusive = groupScanLong(mine);
            long total = groupScanLongTotal();
            long before = inclusive - mine;
            // (c) write the scanned values back
            if (tileStep) {
                int wordRun = (int) before + (((int) total & 0xFFFF) << 16); // high halves after all low halves
                for (int j = 0; j < RADIX_COUNTER_WORDS; j++) { // own words: read again, not kept across the scan
                    int w = tileInts[cnt + RADIX_COUNTER_WORDS * t + j];
                    tileInts[cnt + RADIX_COUNTER_WORDS * t + j] = wordRun;
                    wordRun += w;
                }
                int start = (int) (before >>> 32);
                for (int d = digit0; sub == 0 && d < endDigit; d++) {
                    int c = atomicGet(tileCounters[d]);
                    atomicSet(tileCounters[d], 0);
                    tileInts[dels + d] = tileInts[offs + d] - start;
                    tileInts[offs + d] += c;
                    start += c;
                }
            }
            if (s == 0) {
                int baseRun = (int) before;
                for (int d = digit0; d < endDigit; d++) {
                    tileInts[offs + d] = baseRun + (int) spine[d * groups + g];
                    baseRun += (int) spine[radix * groups + d];
                }
            }
            localBarrier(); // (B) counters scanned
            // (d) every element to its rank in the local tile; the own counter column zeroed for the next step
            if (tileStep && keysInTile) {
                for (int i = 0; i < ITEMS; i++) {
                    if (i < rem) {
                        int key = e[i];
                        int nibble = (((key >>> gridShift) & gridMask) >>> (4 * sub)) & 15;
                        int shift = (nibble >> 3) << 4;
                        int own = ((i < 8 ? ranks0 >>> (4 * i) : ranks1 >>> (4 * (i - 8)))) & 15;
                        int rank = ((tileInts[cnt + (nibble & 7) * size + t] >>> shift) & 0xFFFF) + own;
                        tileInts[pad(rank)] = key;
                        if (positionsInTile) {
                            tileShorts[pad(rank)] = (short) pos[i];
                        }
                    }
                }
            }
            if (tileStep) {
                if (!keysInTile) {
                    for (int i = 0; i < ITEMS; i++) {
                        if (i < rem) {
                            int v = e[i];
                            int entry = v & 0xFFFFFF;
                            int nibble = (entry >>> (16 + 4 * sub)) & 15;
                            int shift = (nibble >> 3) << 4;
                            int rank = ((tileInts[cnt + (nibble & 7) * size + t] >>> shift) & 0xFFFF) + (v >>> 24);
                            tileInts[pad(rank)] = entry;
                        }
                    }
                }
                for (int c = 0; c < RADIX_COUNTER_WORDS; c++) {
                    tileInts[cnt + c * size + t] = 0;
                }
            }
            localBarrier(); // (C) the tile ranked
        }
    }

    /** The current pass' digit of the source key at {@code j}. */
    private int digitOf(int j) {
        return wideSortSteps() && gridWide != 0
                ? (int) ((gridDirection == 0 ? wide[j] : wideAlt[j]) >>> gridShift) & gridMask
                : ((gridDirection == 0 ? in[j] : out[j]) >>> gridShift) & gridMask;
    }

    /** The pass' source key at {@code j}: {@link #in} or {@link #out} (u64 keys: {@link #wide} or {@link #wideAlt}). */
    private long sourceKey(int j) {
        boolean forward = gridDirection == 0;
        return wideSortSteps() && gridWide != 0 ? (forward ? wide[j] : wideAlt[j]) : (long) (forward ? in[j] : out[j]);
    }

    /** Stores {@code k} at {@code j} of the pass' destination keys (the other side of {@link #sourceKey}'s). */
    private void putKey(int j, long k) {
        boolean forward = gridDirection == 0;
        boolean wideKeys = wideSortSteps() && gridWide != 0;
        if (wideKeys && forward) {
            wideAlt[j] = k;
        }
        if (wideKeys && !forward) {
            wide[j] = k;
        }
        if (!wideKeys && forward) {
            out[j] = (int) k;
        }
        if (!wideKeys && !forward) {
            in[j] = (int) k;
        }
    }

    /**
     * The pass' source value at {@code j} (0 without values): values move between {@link #aux} and {@link #auxAlt}, or
     * (the segmented sort's large path, {@code gridValuePair}) between {@link #out} and {@link #auxAlt}.
     */
    private int sourceValue(int j) {
        boolean forward = gridDirection == 0;
        boolean pair = gridValuePair != 0;
        return gridWithValues == 0 && !pair ? 0 : !forward ? auxAlt[j] : pair ? out[j] : aux[j];
    }

    /** Stores value {@code v} at {@code j} of the pass' destination values (none without values). */
    private void putValue(int j, int v) {
        boolean forward = gridDirection == 0;
        boolean pair = gridValuePair != 0;
        boolean values = gridWithValues != 0 || pair;
        if (values && forward) {
            auxAlt[j] = v;
        }
        if (values && !forward && pair) {
            out[j] = v;
        }
        if (values && !forward && !pair) {
            aux[j] = v;
        }
    }

    /** Whether {@code op} is a scan. */
    static boolean scanOp(int op) {
        return op == OP_SCAN_EXCLUSIVE || op == OP_SCAN_INCLUSIVE;
    }

    /** Whether {@code op} with {@code wide} set works on longs (scan, select, reduce; not sorts or element steps). */
    static boolean longOp(int op, int wide) {
        return wide != 0 && op >= OP_SCAN_EXCLUSIVE && op <= OP_REDUCE_MAX;
    }

    /**
     * {@code x (cmp) operand} with {@link Comparison}'s codes, compared as signed longs by int comparisons of their
     * halves: Aparapi 3.0.2 emits a {@code long} comparison as {@code (x - b) < 0}, which overflows when the two are
     * more than 2^63 apart; int comparisons are emitted as they are.
     */
    static boolean compare(long x, int cmp, long operand) {
        int hx = (int) (x >> 32);
        int ho = (int) (operand >> 32);
        int lx = ((int) x) ^ Integer.MIN_VALUE; // the low halves compared as unsigned
        int lo = ((int) operand) ^ Integer.MIN_VALUE;
        int c = hx < ho ? -1 : hx > ho ? 1 : lx < lo ? -1 : lx > lo ? 1 : 0;
        return cmp == Comparison.CODE_LT ? c < 0 : cmp == Comparison.CODE_LE ? c <= 0 : cmp == Comparison.CODE_GT
                ? c > 0 : cmp == Comparison.CODE_GE ? c >= 0 : cmp == Comparison.CODE_EQ ? c == 0 : c != 0;
    }

    /** 1 where a segment starts at span position {@code at}: heads flagged in {@link #out}, 0, and outside [0, n). */
    private int segmentHead(int at, int total) {
        return at < 0 || at >= total || at == 0 || out[at] != 0 ? 1 : 0;
    }

    /** The large-path count of a segmented sort's mark: bit 0 in a large segment, bit 1 its head (high word). */
    static long segPacked(int mark) {
        return (long) ((mark >>> 1) & 1) << 32 | (mark & 1);
    }

    /**
     * The 4-bit digit of pass {@code pass} of the segmented sort's local ranking entry {@code v}
     * ({@code own << 31 | segment << 16 | position}): the key's nibble (keys staged at {@code keys}), then the
     * segment number's.
     */
    private int segmentRankDigit(int v, int pass, int keys) {
        return pass < gridKeyNibbles ? (tileInts[keys + pad(v & 0xFFFF)] >>> (4 * pass)) & 15
                : (((v >>> 16) & 0x7FFF) >>> (4 * (pass - gridKeyNibbles))) & 15;
    }

    /**
     * {@code x (cmp) operand} for an int {@code x} and an operand the driver clamped to {@code [-2^31 - 1, 2^31]}
     * (Aparapi's {@code (x - operand)} then cannot overflow; every int x gets the answer of the unclamped operand).
     */
    static boolean compareClamped(long x, int cmp, long operand) {
        return cmp == Comparison.CODE_LT ? x < operand : cmp == Comparison.CODE_LE ? x <= operand
                : cmp == Comparison.CODE_GT ? x > operand : cmp == Comparison.CODE_GE ? x >= operand
                : cmp == Comparison.CODE_EQ ? x == operand : x != operand;
    }

    /** Gather of element {@code i} (ints or longs). */
    private void gather(int i) {
        if (gridWide != 0) {
            wideAlt[i] = wide[aux[i]];
        } else {
            out[i] = in[aux[i]];
        }
    }

    /** Scatter of element {@code i} (ints or longs). */
    private void scatter(int i) {
        if (gridWide != 0) {
            wideAlt[aux[i]] = wide[i];
        } else {
            out[aux[i]] = in[i];
        }
    }

    /** Segmented sort, large path: sorted element {@code i} of the compacted large segments back to its place. */
    private void segPlace(int i) {
        long c = gridDirection == 0 ? wide[i] : wideAlt[i];
        int v = gridDirection == 0 ? out[i] : auxAlt[i];
        int ordinal = (int) (c >>> gridKeyBits);
        int p = segTable[2 * ordinal] + i - segTable[2 * ordinal + 1];
        in[p] = (int) (c & gridKeyMask);
        aux[p] = v;
    }

    /** The upsweep's value of element {@code j}: a digit, a flag, or the element (a long's low word). */
    private int upsweepLoad(int j) {
        return gridOp == OP_SELECT_FLAGGED ? aux[j]
                : segmentSteps() && gridOp == OP_SEG_COMPOSE ? auxAlt[j]
                : longSteps() && longOp(gridOp, gridWide) ? (int) wide[j] : in[j];
    }

    /** Folds one upsweep value into {@code acc}; digits and bins count in the local counters. */
    private long upsweepCombine(long acc, long v) {
        long r = acc;
        if (gridOp == OP_HISTOGRAM) {
            long d = v - gridLow;
            if (d >= 0 && d < (long) gridBins * gridWidth) {
                int b = (int) (d / gridWidth);
                if (gridBins <= LOCAL_BINS) {
                    atomicAdd(tileCounters[b], 1);
                } else {
                    atomicAdd(result, RESULT_BASE + b, 1);
                }
            }
        } else if (gridOp == OP_REDUCE_MIN) {
            r = Math.min(acc, v);
        } else if (gridOp == OP_REDUCE_MAX) {
            r = Math.max(acc, v);
        } else if (gridOp == OP_SELECT_FLAGGED) {
            r = acc + (v != 0 ? 1 : 0);
        } else if (gridOp == OP_SELECT_IF) {
            boolean holds = compareClamped(v, gridCmp, gridOperand);
            if (longSteps() && longOp(gridOp, gridWide)) {
                holds = compare(v, gridCmp, gridOperand);
            }
            r = acc + (holds ? 1 : 0);
        } else if (segmentSteps() && gridOp == OP_SEG_COMPOSE) {
            r = acc + segPacked((int) v);
        } else {
            r = acc + v;
        }
        return r;
    }

    /**
     * The upsweep's group value, after the group scan ({@code total}: the sum or count of the group, or with
     * {@code longs} the extreme folded by work-item 0).
     */
    private void upsweepStore(int g, int size, int t, long total, boolean longs) {
        if (gridOp == OP_HISTOGRAM) {
            for (int b = t; gridBins <= LOCAL_BINS && b < gridBins; b += size) {
                int c = atomicGet(tileCounters[b]);
                if (c != 0) {
                    atomicAdd(result, RESULT_BASE + b, c);
                }
            }
        } else if (t == 0) {
            if (gridOp == OP_REDUCE_SUM) {
                readBack[RESULT_BASE + 2 * g] = (int) total;
                readBack[RESULT_BASE + 2 * g + 1] = (int) (total >>> 32);
            } else if ((gridOp == OP_REDUCE_MIN || gridOp == OP_REDUCE_MAX) && !longs) {
                readBack[RESULT_BASE + 2 * g] = atomicGet(tileCounters[0]);
            } else if (gridOp == OP_REDUCE_MIN || gridOp == OP_REDUCE_MAX) {
                readBack[RESULT_BASE + 2 * g] = (int) total;
                readBack[RESULT_BASE + 2 * g + 1] = (int) (total >>> 32);
            } else {
                spine[g] = total;
            }
        }
    }
}
