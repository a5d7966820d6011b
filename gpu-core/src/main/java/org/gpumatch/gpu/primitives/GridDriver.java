package org.gpumatch.gpu.primitives;

import java.util.ArrayList;
import java.util.List;
import org.gpumatch.gpu.runtime.ArrayMobility;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the fixed-grid, tile-staged primitives ({@link GridKernel}): plans the grid, sets the launch
 * parameters and launches, with no host transfer between the launches of one call.
 *
 * <p>Grid: {@code G = min(groupsPerComputeUnit * computeUnits, tiles)} work-groups of the launcher's local size
 * {@code L}, each owning {@code P = ceil(tiles / G)} consecutive tiles of {@code T = L * 16} elements (4096 with
 * {@code L = 256}).
 *
 * <p>Launches and blocking transfers per call ({@link #lastCalls()}: launches, downloads and uploads with bytes):
 * <ul>
 *   <li>scan (int or long), select: 2 launches (upsweep; downsweep, whose work-groups each sum the group values
 *       before their own: no spine launch since 2026-11-28 f; 3 in the lean scan layer, {@link GridScanKernel}, which
 *       keeps its spine), no download; the select count (or scan total, written by the last work-group) stays on
 *       the device ({@code result[0..1]}, readable by a pipeline's later launches) and is read by
 *       {@link #lastTotal()} only when asked: one read launch and one download of the small {@code readBack}
 *       (32 bytes);</li>
 *   <li>reduce: 1 launch, whose work-groups write their partials (8 bytes each) straight into {@code readBack};
 *       {@link #lastTotal()} downloads them (no read launch; one before 2026-11-28 f) and folds them;</li>
 *   <li>histogram: 2 launches (clear, count); {@link #histogram()} reads the bins the same way;</li>
 *   <li>radix sort: 3 launches per 8-bit digit (4 passes for 32 bits, 8 for 64), no download;</li>
 *   <li>segmented sort: 1 launch, one upload and one download of the small counts (+ the large path's launches);</li>
 *   <li>a pipeline's own launch ({@link #pipeline}, {@link #pipelineTiles}): 1 launch.</li>
 * </ul>
 * Besides these, {@link GuardedKernel} downloads after a launch each array the collector may move that the launch
 * may have written ({@link GridKernel#launchMayWrite}): none when the operand arrays are at least half a G1 region
 * (about 2^17 to 2^22 ints, by heap size), which the counts above assume; {@link #lastCalls()} includes them.
 * The driver works on any kernel of the grid layer, a pipeline's subclass of {@link GridKernel} included: its
 * primitives read and write the kernel's operand arrays, which the caller binds (and puts) once.
 * Bytes per element: scan 4 read (upsweep) + 4 read + 4 written; select 4 (+4 flags) read twice + 4 per selected
 * element written; reduce and histogram 4 read; radix sort per pass: the key read twice (upsweep and downsweep's
 * digits), key and value read once more and written once (u32 keys 12 B, u32/u32 pairs 20, u64/u32 pairs 28), plus
 * {@code 256 G} counts. Device memory besides the caller's arrays: the spine ({@code 8 * 256 G} bytes) and the
 * results ({@code 8 G + 4 bins} bytes), each at least half a G1 region so that it never moves (see
 * {@link ArrayMobility}), and the small {@code readBack}. Not thread-safe.
 */
public final class GridDriver {
    private static final String[] PHASES = {"flush", "clear", "up", "spine", "down", "pipeline", "items", "read"};
    /** What {@link GridKernel#servesOp} is asked for a pipeline's own launch. */
    static final int PIPELINE_OP = -1;

    /**
     * Work-groups per compute unit of the fixed grid: 2, 4 and 8 ran scan and reduce at the same device time on the
     * H200 (2026-11-24, GridProfile), and 2 halves the sort's one-group spine (256 counts per work-group) against 4.
     */
    public static final int GROUPS_PER_COMPUTE_UNIT = 2;
    /**
     * Work-group size of the radix sort's launches (lowered to the kernel's when that is smaller), whatever the
     * pipeline's. On the H200 (2026-11-28 b, {@link GridProfile}, 10^8 elements, device time of the sort on
     * {@link GridKernel}'s {@code run()}): u32 keys 6.55 ms with 256 and 2 per compute unit, 6.46 with 128 and 4, 6.55
     * with 128 and 8, 9.98 with 128 and 2; u32/u32 pairs 9.12 ms with 256 and 2 against 11.05-11.09 with 128 and 4 or 8.
     */
    public static final int SORT_LOCAL_SIZE = 256;
    /** Work-groups per compute unit of the radix sort's grid (with {@link #SORT_LOCAL_SIZE}; the spine is per digit). */
    public static final int SORT_GROUPS_PER_COMPUTE_UNIT = 2;
    /**
     * Work-groups per compute unit of {@link GpuArraySorter}'s sort of u32 keys without values, whose downsweep moves
     * the keys through the local tile ({@link GridKernel#keysInTileSteps()}). On the H200 (2026-11-29, {@link GridProfile}
     * sort layer, 10^8 keys, 72 registers): keys 5.10 ms with 3 against 5.77 with 2 (128 x 4: 5.58); pairs stay at 2
     * (7.39 ms against 7.92 with 3: their gathers from global memory crowd the cache).
     */
    public static final int SORT_KEYS_GROUPS_PER_COMPUTE_UNIT = 3;
    /** Reduce: the exact sum (ints; longs wrap at 64 bits). */
    public static final int COMBINE_SUM = 0;
    /** Reduce: the minimum. */
    public static final int COMBINE_MIN = 1;
    /** Reduce: the maximum. */
    public static final int COMBINE_MAX = 2;

    private final GuardedKernel<? extends GridKernel> launcher;
    private final GridKernel k;
    private final int maxGroups;
    /** The radix sort's work-group size and grid (see {@link #SORT_LOCAL_SIZE}). */
    private final int sortLocalSize;
    private final int sortMaxGroups;
    private int lastOp;
    /** Whether the last scan was of longs (its total has a high word). */
    private boolean lastWide;
    private int lastLargeSegments;
    private int lastLargeElements;
    private int lastGroups;
    private int lastCount;
    /** Whether {@code readBack} holds the last call's total, partials or bins (read, or known without a read). */
    private boolean resultOnHost;
    private int launches;
    private int downloads;
    private long downloadBytes;
    private int uploads;
    private long uploadBytes;
    private final List<LaunchRecord> records = new ArrayList<>();

    /**
     * One launch of a call: its phase ({@code "up"}, {@code "spine"}, {@code "down"}, {@code "clear"},
     * {@code "flush"}), the host's clock around {@link GuardedKernel#launch} (its checks and downloads included),
     * around Aparapi's {@code execute} alone, and the kernel's device time (-1 without profiling).
     */
    public record LaunchRecord(String phase, long wallNanos, long executeNanos, long deviceNanos) {
    }

    /** A driver for {@code launcher}'s kernel (a grid kernel or a pipeline's subclass) with {@link #GROUPS_PER_COMPUTE_UNIT} groups per compute unit. */
    public GridDriver(GuardedKernel<? extends GridKernel> launcher) {
        this(launcher, groupsFor(launcher, GROUPS_PER_COMPUTE_UNIT), groupsFor(launcher, SORT_GROUPS_PER_COMPUTE_UNIT));
    }

    /** A grid of {@code perComputeUnit} work-groups per compute unit of {@code launcher}'s device (at least one unit). */
    public static int groupsFor(GuardedKernel<?> launcher, int perComputeUnit) {
        return perComputeUnit * Math.max(1, launcher.device().computeUnits());
    }

    /**
     * A driver with a grid of at most {@code maxGroups} work-groups (tests use small grids to cross many ranges), and a
     * radix sort grid of as many work-items in work-groups of {@link #SORT_LOCAL_SIZE}.
     */
    public GridDriver(GuardedKernel<? extends GridKernel> launcher, int maxGroups) {
        this(launcher, maxGroups, sortGroupsLike(maxGroups, launcher.localSize()));
    }

    /**
     * The radix sort's grid with as many work-items as a grid of {@code maxGroups} work-groups of {@code localSize}:
     * in work-groups of {@link #SORT_LOCAL_SIZE} (or {@code localSize} when smaller), at least one.
     */
    public static int sortGroupsLike(int maxGroups, int localSize) {
        return (int) Math.max(1L, (long) maxGroups * localSize / Math.min(localSize, SORT_LOCAL_SIZE));
    }

    /**
     * A driver with a grid of at most {@code maxGroups} work-groups of the kernel's size, and one of at most
     * {@code sortMaxGroups} work-groups of {@link #SORT_LOCAL_SIZE} (or the kernel's size when smaller) for the radix
     * sort's launches.
     */
    public GridDriver(GuardedKernel<? extends GridKernel> launcher, int maxGroups, int sortMaxGroups) {
        this(launcher, maxGroups, sortMaxGroups, Math.min(launcher.localSize(), SORT_LOCAL_SIZE));
    }

    /**
     * A driver whose radix sort runs {@code sortLocalSize} work-items per work-group (at most the kernel's size; a
     * sorter takes its own work-group size).
     */
    public GridDriver(GuardedKernel<? extends GridKernel> launcher, int maxGroups, int sortMaxGroups,
                      int sortLocalSize) {
        if (maxGroups < 1 || sortMaxGroups < 1 || sortLocalSize < 1 || sortLocalSize > launcher.localSize()) {
            throw new IllegalArgumentException("bad grid: " + maxGroups + " work-groups, " + sortMaxGroups
                    + " for the sort in work-groups of " + sortLocalSize + " (kernel " + launcher.localSize() + ")");
        }
        this.launcher = launcher;
        this.k = launcher.kernel();
        this.maxGroups = maxGroups;
        this.sortLocalSize = sortLocalSize;
        this.sortMaxGroups = sortMaxGroups;
        k.checkedSlot(GridKernel.SLOT);
    }

    /** Elements of a tile. */
    public int tile() {
        return launcher.localSize() * GridKernel.ITEMS;
    }

    /** The launches of the last call, in order (for finding where a call's time goes). */
    public List<LaunchRecord> lastLaunchRecords() {
        return List.copyOf(records);
    }

    /**
     * Runs one empty launch, so that the arrays put since the last launch reach the device now (Aparapi's explicit
     * {@code put} is carried out by the next launch, which would otherwise count the upload as part of a primitive).
     */
    public LaunchTiming flush() {
        k.checkedSlot(GridKernel.SLOT);
        records.clear();
        resetCounts();
        k.gridOp = 0;
        return launch(GridKernel.PH_OFF, 0, 1);
    }

    /**
     * What one call cost the host besides its kernels: launches, blocking downloads and uploads with their bytes
     * (downloads after a launch of movable arrays it wrote, the read of a total or histogram, the segmented sort's
     * counts).
     */
    public record Calls(int launches, int downloads, long downloadBytes, int uploads, long uploadBytes) {
        /** For notes: {@code "3 launches, 0 downloads (0 B), 0 uploads (0 B)"}. */
        @Override
        public String toString() {
            return launches + " launches, " + downloads + " downloads (" + downloadBytes + " B), " + uploads
                    + " uploads (" + uploadBytes + " B)";
        }
    }

    /** The launches and transfers of the last call ({@link #lastTotal} and {@link #histogram} reads included). */
    public Calls lastCalls() {
        return new Calls(launches, downloads, downloadBytes, uploads, uploadBytes);
    }

    /** Launches of the last call. */
    public int lastLaunches() {
        return launches;
    }

    /** Blocking downloads of the last call (those of {@link #lastTotal()} and {@link #histogram()} included). */
    public int lastDownloads() {
        return downloads;
    }

    /** Bytes of those downloads. */
    public long lastDownloadBytes() {
        return downloadBytes;
    }

    /** Uploads ({@code put}s) of the last call (the segmented sort's zeroed counts; loads are not calls). */
    public int lastUploads() {
        return uploads;
    }

    /** Bytes of those uploads. */
    public long lastUploadBytes() {
        return uploadBytes;
    }

    private void resetCounts() {
        launches = 0;
        downloads = 0;
        downloadBytes = 0;
        uploads = 0;
        uploadBytes = 0;
    }

    /** A long primitive on a kernel whose class leaves the long steps off is an error, not a launch doing nothing. */
    private void requireLongSteps(String call) {
        if (!k.longSteps()) {
            throw new IllegalStateException(call + " needs the grid's long layer: " + k.getClass().getSimpleName()
                    + " does not extend GridLongKernel");
        }
    }

    /** Exclusive or inclusive scan of {@code in[0, n)} into {@code out} (int addition, wrapping). */
    public LaunchTiming scan(int n, boolean inclusive) {
        return scanLaunches(inclusive ? GridKernel.OP_SCAN_INCLUSIVE : GridKernel.OP_SCAN_EXCLUSIVE, n, false);
    }

    /**
     * Exclusive or inclusive scan of {@code wide[0, n)} into {@code wideAlt}, exact 64-bit addition (wrapping only
     * past 2^63 - 1: sums of up to 2^31 values below 2^31 are exact). 2 launches; 16 B read and 8 B written per
     * element (the upsweep reads the input once more); {@link #lastTotal()} is the grand total.
     */
    public LaunchTiming scanLongs(int n, boolean inclusive) {
        requireLongSteps("scanLongs");
        return scanLaunches(inclusive ? GridKernel.OP_SCAN_INCLUSIVE : GridKernel.OP_SCAN_EXCLUSIVE, n, true);
    }

    /** The elements of {@code in[0, n)} (or their indices) whose {@code aux} flag is not 0, in order, into out. */
    public LaunchTiming selectFlagged(int n, boolean indices) {
        k.gridIndices = indices ? 1 : 0;
        return scanLaunches(GridKernel.OP_SELECT_FLAGGED, n, false);
    }

    /**
     * The ints {@code x} with {@code x (c) operand} as an interval {@code [gridRangeLow, gridRangeHigh]} (empty: low
     * 1, high 0), or its complement ({@code gridRangeOutside} 1, for {@code !=}); the operand already clamped to
     * {@code [-2^31 - 1, 2^31]}, so that {@code operand +- 1} cannot overflow.
     */
    private void intRange(Comparison c, long operand) {
        long low = c == Comparison.GREATER ? operand + 1 : c == Comparison.GREATER_OR_EQUAL || c == Comparison.EQUAL
                || c == Comparison.NOT_EQUAL ? operand : Integer.MIN_VALUE;
        long high = c == Comparison.LESS ? operand - 1 : c == Comparison.LESS_OR_EQUAL || c == Comparison.EQUAL
                || c == Comparison.NOT_EQUAL ? operand : Integer.MAX_VALUE;
        low = Math.max(low, Integer.MIN_VALUE);
        high = Math.min(high, Integer.MAX_VALUE);
        boolean empty = low > high;
        k.gridRangeLow = empty ? 1 : (int) low;
        k.gridRangeHigh = empty ? 0 : (int) high;
        k.gridRangeOutside = c == Comparison.NOT_EQUAL ? 1 : 0;
    }

    /**
     * The elements of {@code wide[0, n)} whose {@code aux} flag is not 0, in order, into {@code wideAlt}; 2 launches,
     * the values staged as two int planes, the flags read by each work-item from global memory.
     */
    public LaunchTiming selectFlaggedLongs(int n) {
        requireLongSteps("selectFlaggedLongs");
        k.gridIndices = 0;
        return scanLaunches(GridKernel.OP_SELECT_FLAGGED, n, true);
    }

    /** The elements {@code x} of {@code in[0, n)} with {@code x (c) operand}, in order, into out. */
    public LaunchTiming selectIf(int n, Comparison c, long operand) {
        k.gridIndices = 0;
        k.gridCmp = c.code();
        // the device compares an int x with the operand as x - operand (Aparapi's translation of lcmp): clamped just
        // outside the int range, the operand gives every int x the same answer without overflowing that difference
        k.gridOperand = Math.max(Integer.MIN_VALUE - 1L, Math.min(Integer.MAX_VALUE + 1L, operand));
        intRange(c, k.gridOperand);
        return scanLaunches(GridKernel.OP_SELECT_IF, n, false);
    }

    /** The elements {@code x} of {@code wide[0, n)} with {@code x (c) operand}, in order, into {@code wideAlt}. */
    public LaunchTiming selectIfLongs(int n, Comparison c, long operand) {
        requireLongSteps("selectIfLongs");
        k.gridIndices = 0;
        k.gridCmp = c.code();
        k.gridOperand = operand;
        return scanLaunches(GridKernel.OP_SELECT_IF, n, true);
    }

    /** Reduce of {@code in[0, n)}: {@link #COMBINE_SUM} (exact), {@link #COMBINE_MIN} or {@link #COMBINE_MAX}. */
    public LaunchTiming reduce(int n, int combine) {
        return reduce(n, combine, false);
    }

    /** Reduce of {@code wide[0, n)}: the sum wraps at 64 bits; min and max; 1 launch. */
    public LaunchTiming reduceLongs(int n, int combine) {
        requireLongSteps("reduceLongs");
        return reduce(n, combine, true);
    }

    private LaunchTiming reduce(int n, int combine, boolean longs) {
        int op = combine == COMBINE_SUM ? GridKernel.OP_REDUCE_SUM : combine == COMBINE_MIN ? GridKernel.OP_REDUCE_MIN
                : combine == COMBINE_MAX ? GridKernel.OP_REDUCE_MAX : -1;
        if (op < 0) {
            throw new IllegalArgumentException("unknown combine: " + combine);
        }
        begin(op, n);
        k.gridWide = longs ? 1 : 0;
        lastWide = longs;
        if (n == 0) {
            return LaunchTiming.NONE;
        }
        int groups = plan(n);
        ensureReadBack(GridKernel.RESULT_BASE + 2 * groups);
        // the partials go straight into readBack, which the host reads (lastTotal): no read launch
        return launch(GridKernel.PH_UP, n, groups);
    }

    /**
     * Gather {@code out[i] = in[aux[i]]} for {@code i < n} (longs: {@code wideAlt[i] = wide[aux[i]]}); one launch, one
     * element per work-item; the indices must lie in the input (not checked on the device).
     */
    public LaunchTiming gather(int n, boolean longs) {
        return elementStep(GridKernel.OP_GATHER, n, longs);
    }

    /**
     * Scatter {@code out[aux[i]] = in[i]} for {@code i < n} (longs: {@code wideAlt[aux[i]] = wide[i]}); one launch;
     * the indices must lie in the output (not checked on the device), elements not written keep their values.
     */
    public LaunchTiming scatter(int n, boolean longs) {
        return elementStep(GridKernel.OP_SCATTER, n, longs);
    }

    private LaunchTiming elementStep(int op, int n, boolean longs) {
        requireLongSteps(op == GridKernel.OP_GATHER ? "gather" : "scatter");
        begin(op, n);
        k.gridWide = longs ? 1 : 0;
        if (n == 0) {
            return LaunchTiming.NONE;
        }
        LaunchTiming t = launch(GridKernel.PH_ITEMS, n, (n + launcher.localSize() - 1) / launcher.localSize());
        k.gridPhase = GridKernel.PH_OFF;
        return t;
    }

    /**
     * Histogram of {@code in[0, n)}: bin {@code floor((x - low) / width)} for {@code bins} bins, other values not
     * counted; privatized in local memory per work-group up to {@link GridKernel#LOCAL_BINS} bins.
     */
    public LaunchTiming histogram(int n, int bins, long low, long width) {
        if (bins < 1 || width < 1) {
            throw new IllegalArgumentException("bins and width must be positive: " + bins + ", " + width);
        }
        begin(GridKernel.OP_HISTOGRAM, n);
        lastCount = bins;
        ensureResult(GridKernel.RESULT_BASE + bins);
        k.gridBins = bins;
        k.gridLow = low;
        k.gridWidth = width;
        LaunchTiming t = launch(GridKernel.PH_CLEAR, bins, (bins + launcher.localSize() - 1) / launcher.localSize());
        if (n == 0) {
            return t;
        }
        return t.plus(launch(GridKernel.PH_UP, n, plan(n)));
    }

    /**
     * Stable LSD radix sort of the first {@code n} keys on bits {@code [beginBit, endBit)}: u32 keys in
     * {@code in}/{@code out} or u64 keys in {@code wide}/{@code wideAlt} ({@code wideKeys}), with u32 values in
     * {@code aux}/{@code auxAlt} when {@code withValues}; ping-pong from the primary arrays.
     *
     * @return whether the result ended in the alternate arrays (an odd number of passes)
     */
    public boolean sort(int n, int beginBit, int endBit, boolean wideKeys, boolean withValues, LaunchTiming[] timing) {
        if (wideKeys && !k.wideSortSteps()) {
            throw new IllegalStateException("u64 keys need the grid's long layer: " + k.getClass().getSimpleName()
                    + " extends the lean GridKernel (extend GridWideSortKernel or GridSegmentKernel)");
        }
        begin(GridKernel.OP_RADIX, n);
        timing[0] = LaunchTiming.NONE;
        if (n <= 1 || endBit <= beginBit) {
            return false;
        }
        return radixPasses(n, beginBit, endBit, wideKeys, withValues, 0, timing);
    }

    /** The radix passes of {@link #sort} (values between {@code aux}/{@code auxAlt}, or out/auxAlt: valuePair 1). */
    private boolean radixPasses(int n, int beginBit, int endBit, boolean wideKeys, boolean withValues, int valuePair,
                                LaunchTiming[] timing) {
        int sortTile = sortLocalSize * GridKernel.ITEMS;
        if (sortTile > 1 << 16) {
            throw new IllegalStateException("the radix sort packs tile positions in 16 bits: tile " + sortTile);
        }
        k.gridOp = GridKernel.OP_RADIX;
        k.gridValuePair = valuePair;
        int bits = endBit - beginBit;
        int passes = (bits + GridKernel.DIGIT_BITS - 1) / GridKernel.DIGIT_BITS;
        int width = (bits + passes - 1) / passes;
        int groups = planUnits(n, sortTile, sortMaxGroups);
        k.gridRadix = 1 << width;
        k.gridWide = wideKeys ? 1 : 0;
        k.gridWithValues = withValues ? 1 : 0;
        // the digit-major counts, then each digit's total, written by the spine's work-group of that digit
        ensureSpine(k.gridRadix * groups + k.gridRadix);
        LaunchTiming sum = null;
        for (int p = 0; p < passes; p++) {
            int shift = beginBit + p * width;
            int w = Math.min(width, endBit - shift);
            k.gridShift = shift;
            k.gridMask = (1 << w) - 1;
            k.gridDirection = p & 1;
            sum = add(sum, launch(GridKernel.PH_UP, n, groups, sortLocalSize));
            sum = add(sum, launch(GridKernel.PH_SPINE, groups, k.gridRadix, sortLocalSize)); // a work-group per digit
            sum = add(sum, launch(GridKernel.PH_DOWN, n, groups, sortLocalSize));
        }
        k.gridPhase = GridKernel.PH_OFF;
        k.gridValuePair = 0;
        timing[0] = sum;
        return (passes & 1) == 1;
    }

    /**
     * Segmented sort of (u32 key, u32 value) pairs: within each segment the pairs of {@code in} (keys) and
     * {@code aux} (values) end sorted stably by the unsigned key's bits {@code [0, keyBits)} (every key must be below
     * {@code 2^keyBits}); segments keep their places. A segment starts where {@code out[i] != 0} and at 0.
     *
     * <p>Small path, always, one launch: the positions are cut into windows of half a tile ({@code T / 2}, 2048 with
     * {@code L = 256}); a window stages the span of a tile around its positions (heads and keys, a quarter tile on
     * either side), numbers the span's segments with one group scan, and sorts every segment of at most a quarter
     * tile ({@code T / 4} = 1024) that starts among its positions, whole, in local memory: a stable LSD ranking by
     * 4-bit digits of (segment number, key), {@code ceil(keyBits / 4) + ceil(bits(T) / 4)} passes of one group scan
     * each; keys and values are written back in place. It marks the elements of longer segments in {@code auxAlt}
     * (bit 0, and bit 1 at their heads) and counts them; one small download of the counts follows.
     *
     * <p>Large path, only when some segment is longer: a scan compacts the large segments' elements into composite
     * keys {@code ordinal << keyBits | key} in {@code wide} and their values in {@code out} (2 launches), the grid's
     * radix sort sorts those {@code m} pairs on {@code keyBits + bits(segments - 1)} bits (values between out and
     * auxAlt), and one launch puts every sorted pair back into its segment's place. Only the large segments' elements
     * take the global sort.
     *
     * <p>Scratch: {@code out} (the heads, overwritten by the large path), {@code auxAlt} (marks, values' alternate),
     * {@code wide} and {@code wideAlt} (grown to the large elements' count when shorter: a pipeline that keeps data in
     * them binds arrays long enough). Cost per element, small path: heads, keys read twice (the spans overlap),
     * keys and values read and written once, the mark written: about 28 B, and the local ranking's
     * {@code 3 + passes} steps per half tile. Large path per large element: 12 B to compose, the u64/u32 radix sort
     * (28 B per pass), 16 B to place. Launches: 1 + (3 + 3 per radix pass + 1 when a segment is large); blocking
     * downloads: 1 (the counts).
     *
     * @param keyBits 1..32
     * @return the launches' timing
     */
    public LaunchTiming segmentedSort(int n, int keyBits) {
        if (!k.segmentSteps()) {
            throw new IllegalStateException("segmentedSort needs the grid's segment layer: " + k.getClass()
                    .getSimpleName() + " does not extend GridSegmentKernel");
        }
        if (keyBits < 1 || keyBits > 32) {
            throw new IllegalArgumentException("keyBits must be 1..32: " + keyBits);
        }
        begin(GridKernel.OP_SEG_SMALL, n);
        lastLargeSegments = 0;
        lastLargeElements = 0;
        if (n <= 1) {
            return LaunchTiming.NONE;
        }
        int tile = tile();
        if (tile > 16384) {
            throw new IllegalStateException("the segmented sort packs positions of a tile in 16 bits: tile " + tile);
        }
        int groups = planUnits(n, tile / 2, maxGroups); // windows of half a tile of positions
        k.gridKeyBits = keyBits;
        k.gridKeyMask = keyBits == 32 ? 0xFFFFFFFFL : (1L << keyBits) - 1;
        k.gridKeyNibbles = (keyBits + 3) / 4;
        k.gridSegNibbles = (32 - Integer.numberOfLeadingZeros(tile) + 3) / 4; // segment numbers 0..T
        k.readBack[GridKernel.RESULT_LARGE_SEGMENTS] = 0;
        k.readBack[GridKernel.RESULT_LARGE_ELEMENTS] = 0;
        k.put(k.readBack);
        uploads++;
        uploadBytes += 4L * k.readBack.length;
        LaunchTiming t = launch(GridKernel.PH_DOWN, n, groups);
        k.gridPhase = GridKernel.PH_OFF;
        readBackCurrent();
        int segments = k.readBack[GridKernel.RESULT_LARGE_SEGMENTS];
        int m = k.readBack[GridKernel.RESULT_LARGE_ELEMENTS];
        lastLargeSegments = segments;
        lastLargeElements = m;
        if (segments == 0) {
            return t;
        }
        if (k.segTable.length < 2 * segments) {
            k.segTable = new int[2 * segments];
        }
        if (k.wide.length < m) {
            k.wide = new long[m];
        }
        if (k.wideAlt.length < m) {
            k.wideAlt = new long[m];
        }
        k.gridOp = GridKernel.OP_SEG_COMPOSE;
        int scanGroups = plan(n);
        ensureSpine(scanGroups);
        t = t.plus(launch(GridKernel.PH_UP, n, scanGroups));
        t = t.plus(launch(GridKernel.PH_DOWN, n, scanGroups)); // each work-group sums the group values before it
        int ordinalBits = 32 - Integer.numberOfLeadingZeros(segments - 1);
        boolean inAlt = false;
        if (m > 1) {
            plan(m);
            LaunchTiming[] timing = new LaunchTiming[1];
            inAlt = radixPasses(m, 0, keyBits + ordinalBits, true, true, 1, timing);
            t = t.plus(timing[0]);
        }
        k.gridOp = GridKernel.OP_SEG_PLACE;
        k.gridDirection = inAlt ? 1 : 0;
        t = t.plus(launch(GridKernel.PH_ITEMS, m, (m + launcher.localSize() - 1) / launcher.localSize()));
        k.gridPhase = GridKernel.PH_OFF;
        k.gridOp = GridKernel.OP_SEG_SMALL; // lastTotal: nothing to read
        return t;
    }

    /** Segments of the last {@link #segmentedSort} longer than the small path sorts (0: it took no large path). */
    public int lastLargeSegments() {
        return lastLargeSegments;
    }

    /** Elements of those segments. */
    public int lastLargeElements() {
        return lastLargeElements;
    }

    /**
     * A pipeline's own launch of {@code slot} ({@link GridKernel#PH_PIPELINE}): {@code ceil(workItems / L)}
     * work-groups, {@link GridKernel#pipelineItem} called for every global id below {@code workItems}; the grid's steps
     * idle. One launch, no download (beyond the kernel's movable arrays, see {@link GuardedKernel#launch}).
     *
     * @throws IllegalStateException for a slot the pipeline did not register, or the grid's own {@link GridKernel#SLOT}
     */
    public LaunchTiming pipeline(int slot, int workItems) {
        beginPipeline(slot, workItems);
        k.gridStepsPerTile = 0;
        if (workItems == 0) {
            return LaunchTiming.NONE;
        }
        int groups = (int) (((long) workItems + launcher.localSize() - 1) / launcher.localSize());
        LaunchTiming t = launch(GridKernel.PH_PIPELINE, workItems, groups);
        k.gridPhase = GridKernel.PH_OFF;
        return t;
    }

    /**
     * A pipeline's own tile-staged launch of {@code slot} over {@code n} elements: the grid of the primitives (each
     * work-group walks its contiguous range of tiles of {@link #tile()} elements in order) with
     * {@code stepsPerTile} steps per tile, each step calling the pipeline's four tile hooks around the step's one
     * group scan ({@link GridKernel#pipelineTileStage}, {@code ...ScanLane}, {@code ...Scanned}, {@code ...Store}).
     * One launch.
     */
    public LaunchTiming pipelineTiles(int slot, int n, int stepsPerTile) {
        if (stepsPerTile < 1) {
            throw new IllegalArgumentException("stepsPerTile must be positive: " + stepsPerTile);
        }
        beginPipeline(slot, n);
        if (n == 0) {
            return LaunchTiming.NONE;
        }
        int groups = plan(n);
        k.gridStepsPerTile = stepsPerTile;
        LaunchTiming t = launch(GridKernel.PH_PIPELINE, n, groups);
        k.gridPhase = GridKernel.PH_OFF;
        k.gridStepsPerTile = 0;
        return t;
    }

    private void beginPipeline(int slot, int count) {
        requireServed(PIPELINE_OP);
        if (slot == GridKernel.SLOT) {
            throw new IllegalStateException("slot " + GridKernel.SLOT + " is the grid's own; a pipeline launches its"
                    + " registered slots 2..62");
        }
        k.gridPipelineSlot = k.checkedSlot(slot);
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        k.gridOp = 0;
        k.gridWide = 0;
        records.clear();
        resetCounts();
    }

    /**
     * The select count, scan total (exact: the inputs summed as longs, wrapping only past 64 bits) or reduce result
     * of the last call: when the last call left it on the device, one read launch copies it into the small
     * {@code readBack} array and one small download brings that (the count of the last call's launches and downloads
     * grows by one each).
     */
    public long lastTotal() {
        if (lastCount == 0 || lastOp >= GridKernel.OP_HISTOGRAM) { // histogram, sorts, element steps: no total
            return lastOp == GridKernel.OP_REDUCE_MIN ? (lastWide ? Long.MAX_VALUE : Integer.MAX_VALUE)
                    : lastOp == GridKernel.OP_REDUCE_MAX ? (lastWide ? Long.MIN_VALUE : Integer.MIN_VALUE) : 0;
        }
        boolean reduce = lastOp == GridKernel.OP_REDUCE_SUM || lastOp == GridKernel.OP_REDUCE_MIN
                || lastOp == GridKernel.OP_REDUCE_MAX;
        if (reduce && !resultOnHost) { // the reduce wrote its partials into readBack: its download alone
            readBackCurrent();
            resultOnHost = true;
        } else {
            downloadResult(2);
        }
        int[] r = k.readBack;
        if (lastOp == GridKernel.OP_REDUCE_SUM) {
            long s = 0;
            for (int g = 0; g < lastGroups; g++) {
                s += (r[GridKernel.RESULT_BASE + 2 * g] & 0xFFFFFFFFL)
                        | (long) r[GridKernel.RESULT_BASE + 2 * g + 1] << 32;
            }
            return s;
        }
        if (lastOp == GridKernel.OP_REDUCE_MIN || lastOp == GridKernel.OP_REDUCE_MAX) {
            long m = lastOp == GridKernel.OP_REDUCE_MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
            for (int g = 0; g < lastGroups; g++) {
                int lo = r[GridKernel.RESULT_BASE + 2 * g];
                long v = lastWide ? (long) r[GridKernel.RESULT_BASE + 2 * g + 1] << 32 | (lo & 0xFFFFFFFFL) : lo;
                m = lastOp == GridKernel.OP_REDUCE_MIN ? Math.min(m, v) : Math.max(m, v);
            }
            return m;
        }
        return lastOp == GridKernel.OP_SELECT_FLAGGED || lastOp == GridKernel.OP_SELECT_IF ? r[0] & 0xFFFFFFFFL
                : (long) r[1] << 32 | (r[0] & 0xFFFFFFFFL); // a scan's exact total (ints summed as longs)
    }

    /** The bins of the last {@link #histogram} (one download). */
    public int[] histogram() {
        if (lastOp != GridKernel.OP_HISTOGRAM) {
            throw new IllegalStateException("the last call was no histogram");
        }
        downloadResult(GridKernel.RESULT_BASE + lastCount);
        int[] bins = new int[lastCount];
        System.arraycopy(k.readBack, GridKernel.RESULT_BASE, bins, 0, lastCount);
        return bins;
    }

    /**
     * Brings {@code result[0, entries)} to the host once per call: a read launch copies it into {@code readBack},
     * which is then downloaded (after the launch by {@link GuardedKernel} when it may move, else here). The launch's
     * parameters are restored, so that {@code lastTotal} and {@code histogram} may be asked in any order.
     */
    private void downloadResult(int entries) {
        if (resultOnHost) {
            return;
        }
        ensureReadBack(entries);
        int phase = k.gridPhase;
        int count = k.gridCount;
        launch(GridKernel.PH_READ, entries, (entries + launcher.localSize() - 1) / launcher.localSize());
        k.gridPhase = phase;
        k.gridCount = count;
        readBackCurrent();
        resultOnHost = true;
    }

    /** After a launch that wrote {@code readBack}: its download, unless {@link GuardedKernel} made it already. */
    private void readBackCurrent() {
        if (!launcher.device().isOpenCL() || launcher.downloadedAfterLastLaunch(k.readBack)) {
            return;
        }
        k.get(k.readBack);
        downloads++;
        downloadBytes += 4L * k.readBack.length;
    }

    private void begin(int op, int n) {
        if (n < 0) {
            throw new IllegalArgumentException("count must not be negative: " + n);
        }
        if ((long) n + tile() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(n + " elements are too many for tiles of " + tile());
        }
        k.checkedSlot(GridKernel.SLOT);
        requireServed(op);
        k.gridOp = op;
        k.gridWide = 0;
        k.gridStepsPerTile = 0;
        lastOp = op;
        lastWide = false;
        lastCount = n;
        lastGroups = 0;
        resultOnHost = false;
        resetCounts();
        records.clear();
    }

    /**
     * A kernel class serves only the primitives its {@code run()} holds ({@link GridKernel#servesOp}): the lean layers
     * ({@link GridScanKernel}, {@link GridSortKernel}) refuse every other primitive and pipeline launches, so that no
     * launch silently does nothing.
     */
    private void requireServed(int op) {
        if (!k.servesOp(op)) {
            throw new IllegalStateException("kernel " + k.getClass().getSimpleName() + " does not serve the grid's "
                    + (op == PIPELINE_OP ? "pipeline launches" : GridKernel.opName(op))
                    + " (use GridKernel or the layer that does)");
        }
    }

    /** Plans the grid for {@code n > 0} elements; returns the number of work-groups. */
    private int plan(int n) {
        return planUnits(n, tile(), maxGroups);
    }

    /** Plans the grid over {@code ceil(n / unit)} units (tiles, or windows); returns the number of work-groups. */
    private int planUnits(int n, int unit, int gridGroups) {
        int tiles = (n + unit - 1) / unit;
        int groups = Math.min(gridGroups, tiles);
        int perGroup = (tiles + groups - 1) / groups;
        groups = (tiles + perGroup - 1) / perGroup;
        k.gridGroups = groups;
        k.gridTilesPerGroup = perGroup;
        lastGroups = groups;
        return groups;
    }

    private LaunchTiming scanLaunches(int op, int n, boolean longs) {
        begin(op, n);
        k.gridWide = longs ? 1 : 0;
        if (n == 0) {
            k.readBack[0] = 0; // the host's copy only: no launch follows that would read it
            k.readBack[1] = 0;
            resultOnHost = true; // nothing on the device to read: the count is 0
            return LaunchTiming.NONE;
        }
        lastWide = longs;
        int groups = plan(n);
        ensureSpine(groups);
        ensureResult(GridKernel.RESULT_BASE);
        LaunchTiming t = launch(GridKernel.PH_UP, n, groups);
        if (k.spineLaunch()) { // the lean scan layer's (GridScanKernel.spineLaunch says why)
            t = t.plus(launch(GridKernel.PH_SPINE, groups, 1));
        }
        t = t.plus(launch(GridKernel.PH_DOWN, n, groups)); // else each work-group sums the group values before it
        k.gridPhase = GridKernel.PH_OFF;
        return t;
    }

    /**
     * One launch of {@code phase} over {@code count} elements. {@link GuardedKernel#launch} downloads afterwards every
     * bound array the collector may move (the race fix of issue 21): counted here as the launch's blocking downloads.
     */
    private LaunchTiming launch(int phase, int count, int groups) {
        return launch(phase, count, groups, launcher.localSize());
    }

    /** {@link #launch(int, int, int)} in work-groups of {@code groupSize}. */
    private LaunchTiming launch(int phase, int count, int groups, int groupSize) {
        k.gridPhase = phase;
        k.gridCount = count;
        long t0 = System.nanoTime();
        LaunchTiming t = launcher.launch(groups, groupSize);
        records.add(new LaunchRecord(PHASES[phase], System.nanoTime() - t0, t.wallNanos(), t.kernelNanos()));
        launches++;
        downloads += launcher.lastLaunchDownloads();
        downloadBytes += launcher.lastLaunchDownloadBytes();
        return t;
    }

    /** A spine of at least {@code entries}; under G1 at least half a region, so that it never moves. */
    private void ensureSpine(int entries) {
        if (k.spine.length < entries) {
            k.spine = new long[Math.max(entries, GridKernel.pinnedLength(8))];
        }
    }

    /** A result array of at least {@code entries}; under G1 at least half a region, so that it never moves. */
    private void ensureResult(int entries) {
        if (k.result.length < entries) {
            k.result = new int[Math.max(entries, GridKernel.pinnedLength(4))];
        }
    }

    /**
     * A {@code readBack} of at least {@code entries} (small: it may move, and a launch that writes it is followed by
     * its download, {@link GridKernel#launchMayWrite}).
     */
    private void ensureReadBack(int entries) {
        if (k.readBack.length < entries) {
            k.readBack = new int[entries];
        }
    }

    private static LaunchTiming add(LaunchTiming sum, LaunchTiming t) {
        return sum == null ? t : sum.plus(t);
    }
}
