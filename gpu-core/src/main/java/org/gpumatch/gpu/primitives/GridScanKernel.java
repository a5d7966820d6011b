package org.gpumatch.gpu.primitives;

/**
 * The lean scan layer of the grid (issue 21), and with {@link GridSelectKernel} the lean select layer (one source, a
 * constant per class, {@link #scanLayer}): the int scan (exclusive, inclusive; wrapping) here, the int
 * select (by {@link #aux} flags, values or indices; by a predicate) there, as {@link GridDriver} runs them on any grid
 * kernel (upsweep, spine for the scans, downsweep; the same fields, phases and results), in a {@code run()} that holds
 * nothing else. On an H200 the same downsweep ran 3.4x faster here than in {@link GridKernel}'s generic step loop, whose every phase's
 * predicated code and 64-bit lanes it leaves out (296 against 1003 us at 10^8, {@link TileShapeProbe}, 2026-11-28);
 * its group scan is the Kogge-Stone core {@link #groupScanLong}, called from two places ({@code upsweepAndSpine},
 * {@code downsweep}: the downsweep in a loop of its own ran 483 -> 296 us), its registers few enough for several
 * work-groups per compute unit ({@link #GROUPS_PER_COMPUTE_UNIT}).
 *
 * <p>Per tile of {@code T = 16 L} elements, three barriers and the group scan's {@code log2 L + 1}: stage (coalesced
 * loads into local memory; a flagged select stages its flags as a second plane; a select's loads, both planes', are
 * issued together into registers and stored after them: stored one by one behind the flagged plane's branch, each
 * load was waited out before the next, and the select's downsweep took 496-578 us at 10^8 on the H200 against
 * 287-333 us now, 2026-11-29 i), each work-item's sum or count of
 * its 16 consecutive staged elements, the group scan, the outputs written into local memory (a scan in place, a
 * select compacted into the second plane), coalesced stores. Local memory per work-group: the padded tile (16.9 KB
 * for {@code L = 256}; two planes, 33.8 KB, for a select) and the group scan's 8.9 KB. Bytes per element: scan 4 read by the upsweep + 4 read and 4 written;
 * select 4 (+ 4 flags) read twice + 4 per selected element.
 *
 * <p>Any other primitive is refused by {@link GridDriver} ({@link #servesOp}): use {@link GridKernel} or a layer for
 * them. Pipelines keep extending {@link GridKernel}: this class is for callers whose kernel runs only scans and
 * selects ({@link GpuArrays}).
 */
public class GridScanKernel extends GridKernel {
    /** Work-groups per compute unit of this kernel's grid (the H200's best in {@link TileShapeProbe}: 4). */
    public static final int GROUPS_PER_COMPUTE_UNIT = 4;

    /** The scans of ints here, the selects in {@link GridSelectKernel}. */
    @Override
    protected boolean servesOp(int op) {
        return scanLayer() ? scanOp(op) : op == OP_SELECT_FLAGGED || op == OP_SELECT_IF;
    }

    /**
     * Whether this class runs the scans (true here) or the selects ({@link GridSelectKernel}): a constant per class,
     * which the OpenCL compiler folds, so that each class's {@code run()} holds only its half of the code below (on
     * the H200 the downsweep of one class holding both ran at half the rate of a kernel holding only the scan,
     * {@link TileShapeProbe}).
     */
    protected boolean scanLayer() {
        return true;
    }

    /** Every launch of this class scans with {@link #groupScanLong} alone (local memory sized for it). */
    @Override
    protected boolean longScanOnly() {
        return true;
    }

    /**
     * 1 when {@code x (cmp) operand} for a predicate select: {@code x} in {@code [gridRangeLow, gridRangeHigh]}, or
     * outside it with {@code gridRangeOutside} (the comparison as an int interval, {@link GridDriver#selectIf}); two
     * 32-bit comparisons where {@link #compareClamped} takes a chain of 64-bit ones.
     */
    private int inRange(int x) {
        return (x >= gridRangeLow && x <= gridRangeHigh ? 1 : 0) ^ gridRangeOutside;
    }

    /**
     * Local ints: the staged tile of a scan's downsweep, two planes for a select's (its flags, then its compacted
     * output); none for the upsweep, whose group scan lives in {@link TileKernel}'s lanes.
     */
    @Override
    protected int localInts(int localSize) {
        int tile = padded(localSize * ITEMS);
        return gridPhase != PH_DOWN ? 0 : scanLayer() ? tile : 2 * tile;
    }

    @Override
    public void run() {
        if (gridPhase == PH_READ && getGlobalId() < gridCount) {
            readBack[getGlobalId()] = result[getGlobalId()];
        }
        if (gridPhase == PH_DOWN) { // uniform: the phase is the launch's
            downsweep();
        } else {
            upsweepAndSpine();
        }
    }

    /**
     * The scan layer keeps its spine launch (3 launches; the downsweep starts from {@code spine[g]}); the select layer
     * runs 2 (each downsweep work-group sums the group values before its own). Measured on the H200 (2026-11-28 f):
     * without the spine the scan layer's kernel had 67 registers (56 with it), three work-groups per SM where its grid
     * runs four, and scanned 10^8 ints at 196 against 241 G/s; the select layer stayed at 64 and its wall time at 2^24
     * fell by a fifth (a launch less).
     */
    @Override
    protected boolean spineLaunch() {
        return scanLayer();
    }

    /**
     * The upsweep (each work-group's sum or count of its tiles, into {@code spine[g]}) or the spine (one work-group
     * scans the {@code G} group values in place, exact in 64 bits, the total into {@code result[0..1]}): one group
     * scan per step, uniform trip count.
     */
    private void upsweepAndSpine() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        boolean up = gridPhase == PH_UP;
        boolean spinePhase = gridPhase == PH_SPINE;
        boolean scanning = scanLayer(); // a constant per class: the compiler keeps one of the two halves
        boolean flagged = !scanning && gridOp == OP_SELECT_FLAGGED;
        int first = g * gridTilesPerGroup;
        int mine = up ? Math.max(0, Math.min(gridTilesPerGroup, (gridCount + tile - 1) / tile - first)) : 0;
        // each tile's 16 coalesced loads issued together, then added (exact 64-bit sums, flag counts)
        int[] e = new int[ITEMS];
        long acc = 0;
        for (int s = 0; s < mine; s++) {
            int base = (first + s) * tile;
            int valid = Math.min(tile, gridCount - base);
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                e[i] = j >= valid ? 0 : flagged ? (aux[base + j] != 0 ? 1 : 0) : in[base + j];
            }
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                acc += scanning || flagged ? e[i] : j < valid ? inRange(e[i]) : 0;
            }
        }
        int steps = up ? 1 : spinePhase ? (gridCount + size - 1) / size : 0;
        long carry = 0;
        for (int s = 0; s < steps; s++) {
            int at = s * size + t;
            long c = up ? acc : at < gridCount ? spine[at] : 0;
            long prefix = groupScanLong(c) - c;
            long total = groupScanLongTotal();
            if (up && t == 0) {
                spine[g] = total;
            }
            if (spinePhase && at < gridCount) {
                spine[at] = carry + prefix;
            }
            carry += total;
            localBarrier(); // the total read before the next step's scan writes its buffer
        }
        if (spinePhase && t == 0 && g == 0) {
            result[0] = (int) carry;
            result[1] = (int) (carry >>> 32);
        }
    }

    /**
     * The downsweep: each work-group starts from its spine entry (scan layer) or from the sum of the group values
     * before its own (select layer, whose last work-group then writes the total to {@code result[0..1]}), and walks its
     * tiles from there (stage, each work-item's 16 consecutive elements, one group scan, outputs into local memory,
     * coalesced stores).
     */
    private void downsweep() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        int second = padded(tile); // a select's flag plane, then its compacted output
        boolean scanning = scanLayer();
        boolean flagged = !scanning && gridOp == OP_SELECT_FLAGGED;
        boolean inclusive = gridOp == OP_SCAN_INCLUSIVE;
        int first = g * gridTilesPerGroup;
        int mine = Math.max(0, Math.min(gridTilesPerGroup, (gridCount + tile - 1) / tile - first));
        long start = spine[g]; // the scan layer: its spine's exclusive prefix
        if (!spineLaunch()) { // the select layer: the group values before it (spine[0, g)), summed by the whole group
            long beforeInclusive = groupScanLong(spineShareBefore(g)); // stored: Aparapi has no code for a discarded
            start = groupScanLongTotal();                              // long (pop2)
        }
        long carry = start;
        int[] e = new int[ITEMS];
        int[] flags = new int[ITEMS];
        for (int s = 0; s < mine; s++) {
            int base = (first + s) * tile;
            int valid = Math.min(tile, gridCount - base);
            if (scanning) {
                for (int i = 0; i < ITEMS; i++) { // (a) stage
                    int j = t + i * size;
                    if (j < valid) {
                        tileInts[pad(j)] = in[base + j];
                    }
                }
            }
            // (a) a select's stage: every load of the tile (flags and values) issued together into registers, then
            // stored (a uniform branch between a load and its store kept the loads one at a time); an index select
            // stages no values
            if (!scanning) {
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    e[i] = j < valid && gridIndices == 0 ? in[base + j] : 0;
                    flags[i] = j < valid && flagged ? aux[base + j] : 0;
                }
                for (int i = 0; i < ITEMS; i++) {
                    tileInts[pad(t + i * size)] = e[i];
                    if (flagged) {
                        tileInts[second + pad(t + i * size)] = flags[i] != 0 ? 1 : 0;
                    }
                }
            }
            localBarrier();
            // (b) this work-item's 16 consecutive elements: their sum (a scan reads them again at (c)), or their flags
            int c = 0;
            int flagBits = 0;
            for (int i = 0; i < ITEMS; i++) {
                int q = t * ITEMS + i;
                if (q < valid) {
                    int v = tileInts[pad(q)];
                    int f = scanning ? 0 : flagged ? tileInts[second + pad(q)] : inRange(v);
                    flagBits |= f << i;
                    c += scanning ? v : f;
                }
            }
            long prefix = groupScanLong(c) - c;
            long total = groupScanLongTotal();
            // (c) outputs into local memory: a scan rewrites its own positions, a select compacts into the second
            // plane (every read of the staged flags happened before the scan's barriers)
            int run = (int) (carry + prefix);
            int to = (int) prefix;
            for (int i = 0; i < ITEMS; i++) {
                int q = t * ITEMS + i;
                if (scanning && q < valid) {
                    int next = run + tileInts[pad(q)];
                    tileInts[pad(q)] = inclusive ? next : run;
                    run = next;
                }
                if (!scanning && ((flagBits >>> i) & 1) != 0) {
                    tileInts[second + pad(to)] = gridIndices != 0 ? base + q : tileInts[pad(q)];
                    to++;
                }
            }
            localBarrier();
            // (d) coalesced stores: the tile's prefixes, or its selected elements after those of earlier tiles
            int written = scanning ? valid : (int) total;
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                if (j < written) {
                    out[(scanning ? base : (int) carry) + j] = tileInts[(scanning ? 0 : second) + pad(j)];
                }
            }
            carry += total;
            localBarrier();
        }
        if (!spineLaunch()) { // the spine wrote it in the scan layer
            storeTotal(g, t, start);
        }
    }
}
