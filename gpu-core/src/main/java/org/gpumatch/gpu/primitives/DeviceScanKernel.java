package org.gpumatch.gpu.primitives;

/**
 * Base class of pipeline kernels that scan an array of any length across the whole device, with an operator they
 * supply ({@link GroupScanKernel}). The host side is {@link DeviceScan}, which runs the passes.
 *
 * <p><b>Why a base class and not a scan kernel of its own.</b> Every Aparapi kernel instance has its own OpenCL
 * context, so buffers never flow from one kernel instance into another: the scan must run inside the pipeline kernel
 * that owns the input and output. The subclass supplies where elements come from and where results go, as two more
 * abstract methods that Aparapi resolves against the concrete class:
 * <ul>
 *   <li>{@link #scanLoad}{@code (op, i, lane)}: lane {@code lane} of input element {@code i} (an input transform: it
 *       may read an array of the subclass or compute the element, e.g. a matrix from a text byte);</li>
 *   <li>{@link #scanStore}{@code (op, i, v0..v3)}: receive output element {@code i} (write it to the subclass's
 *       arrays, or consume it on the spot).</li>
 * </ul>
 * and calls {@link #scanPass()} from {@code run()}: <b>unconditionally</b>, in every launch. The method does work only
 * while {@link DeviceScan} runs one of its passes ({@link #inScanPass()}), and otherwise passes the same barriers
 * without work, so a kernel's barriers never sit in branches (PoCL 3.1 hung on a kernel with barrier-containing phases
 * in the branches of an if/else; a short test of uniform branches passed, but the unconditional form is the one every
 * kernel here uses). The subclass's own phases must do nothing while {@link #inScanPass()} is true. A typical
 * {@code run()}:
 * <pre>{@code
 * public void run() {
 *     scanPass();        // a DeviceScan pass, or barriers only
 *     myPhase();         // does its work only when !inScanPass()
 *     localBarrier();    // Aparapi's Java threads reuse local arrays across groups
 * }
 * }</pre>
 *
 * <p><b>Algorithm</b> (reduce-then-scan, as in CUB's single-pass ancestors): the input is cut into tiles of
 * {@code localSize * items} elements, work-item {@code j} of a tile owning {@code items} consecutive elements.
 * A pass either reduces each tile to its total ({@link #SCAN_REDUCE}), or scans each tile from a carry-in, the
 * exclusive prefix of the tile totals ({@link #SCAN_INCLUSIVE}, {@link #SCAN_EXCLUSIVE}). Each work-item combines its
 * items serially, the group scan ({@link #groupScan}) combines the work-items, and in a scan pass each work-item walks
 * its items again from its prefix. Tile totals live in {@link #scanPartials}; when there are more of them than one
 * tile holds, the same passes scan them recursively. The input is read twice and the output written once: for an
 * input computed from one byte (a text) and written as 16 bytes this moves far less than scan-then-add-back, which
 * reads and writes the output twice.
 */
public abstract class DeviceScanKernel extends GroupScanKernel {
    /** No scan pass runs: {@link #scanPass()} passes its barriers only. */
    public static final int SCAN_OFF = 0;
    /** Each tile's total into {@link #scanPartials}. */
    public static final int SCAN_REDUCE = 1;
    /** Inclusive scan of each tile from its carry-in. */
    public static final int SCAN_INCLUSIVE = 2;
    /** Exclusive scan of each tile from its carry-in. */
    public static final int SCAN_EXCLUSIVE = 3;

    // Set by DeviceScan before each pass; read-only on the device.
    /** One of the {@code SCAN_*} modes. */
    int scanMode;
    int scanOp;
    int scanWidth;
    /** 0: {@link #scanPass()} runs this pass; above 0: the {@link #scanIntsPass} call with this slot runs it. */
    int scanSlot;
    /** Elements at this level. */
    int scanCount;
    /** Consecutive elements per work-item. */
    int scanItems;
    /** 0: elements come from {@link #scanLoad} and go to {@link #scanStore}; above 0: tile totals in the partials. */
    int scanLevel;
    /** Level above 0: where this level's elements start in {@link #scanPartials}. */
    int scanInOffset;
    /** {@link #SCAN_REDUCE}: where the tile totals go in {@link #scanPartials}. */
    int scanOutOffset;
    /** Scan passes: where the tiles' carry-ins start in {@link #scanPartials}, or -1 for the identity. */
    int scanCarryOffset;
    /** Tile totals of every level, lane-interleaved ({@code [i * width + lane]}); sized by {@link DeviceScan}. */
    int[] scanPartials = new int[MAX_WIDTH];

    /** Lane {@code lane} of input element {@code i} ({@code 0 <= i < count}) of the scan {@code op}. */
    protected abstract int scanLoad(int op, int i, int lane);

    /** Output element {@code i} of the scan {@code op}: lanes past the width are 0. */
    protected abstract void scanStore(int op, int i, int v0, int v1, int v2, int v3);

    /** Whether this launch is a pass of {@link DeviceScan} (the subclass's own phases must then do nothing). */
    protected final boolean inScanPass() {
        return scanMode != SCAN_OFF;
    }

    /**
     * One pass of a device-wide scan, or (when {@link #inScanPass()} is false) only the barriers such a pass would
     * reach. Every work-item of every launch must call it.
     */
    protected final void scanPass() {
        scanBody(scanPartials, scanPartials, 0);
    }

    /**
     * One pass of a device-wide int-add scan of {@code in} into {@code out} (arrays of the caller, level 0 of the
     * scan), run by {@link DeviceScan#inclusiveInts} or {@link DeviceScan#exclusiveInts} with the same {@code slot}:
     * the passes of {@link #scanPass()} without the pipeline's {@link #scanLoad}, {@link #scanStore} and operator, so a
     * layer's own device code can scan an array it is given. {@code in} and {@code out} must be different arrays.
     *
     * <p>Like {@link #scanPass()}, call it <b>unconditionally</b> from {@code run()}, once per array pair, each call
     * with its own constant {@code slot >= 1}: the call does work only in the passes its slot is named for, and
     * otherwise only passes the barriers. (On PoCL 3.1, 2026-11-23, a kernel that selected the arrays by a uniform
     * branch around barrier-containing calls crashed when the branch was taken, and three sequential uniform ifs
     * hung; unconditional calls work.) Cost as {@link DeviceScan}: 8 bytes read and 4 written per element, plus the
     * tile totals.
     */
    protected final void scanIntsPass(int slot, int[] in, int[] out) {
        scanBody(in, out, slot);
    }

    /** The pass body: level-0 elements from the hooks (slot 0) or from {@code in} to {@code out} (slot above 0). */
    private void scanBody(int[] in, int[] out, int slot) {
        boolean arrays = slot > 0;
        boolean active = scanMode != SCAN_OFF && scanSlot == slot;
        int op = scanOp;
        int width = scanWidth;
        int lid = getLocalId();
        int size = getLocalSize();
        long firstLong = (long) getGlobalId() * scanItems;
        int start = (int) Math.min(firstLong, (long) scanCount);
        int end = active ? (int) Math.min(firstLong + scanItems, (long) scanCount) : start;
        // this work-item's items, combined in order (the identity when it has none)
        boolean any = start < end;
        int a0 = any ? loadLane(in, arrays, op, start, 0, width) : (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, 0));
        int a1 = width > 1 ? (any ? loadLane(in, arrays, op, start, 1, width) : (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, 1))) : 0;
        int a2 = width > 2 ? (any ? loadLane(in, arrays, op, start, 2, width) : (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, 2))) : 0;
        int a3 = width > 3 ? (any ? loadLane(in, arrays, op, start, 3, width) : (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, 3))) : 0;
        for (int i = start + 1; i < end; i++) {
            int x0 = loadLane(in, arrays, op, i, 0, width);
            int x1 = width > 1 ? loadLane(in, arrays, op, i, 1, width) : 0;
            int x2 = width > 2 ? loadLane(in, arrays, op, i, 2, width) : 0;
            int x3 = width > 3 ? loadLane(in, arrays, op, i, 3, width) : 0;
            int c0 = (op == OP_BUILTIN_INT_ADD ? a0 + x0 : combine(op, 0, a0, a1, a2, a3, x0, x1, x2, x3));
            int c1 = width > 1 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 1, a0, a1, a2, a3, x0, x1, x2, x3)) : 0;
            int c2 = width > 2 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 2, a0, a1, a2, a3, x0, x1, x2, x3)) : 0;
            int c3 = width > 3 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 3, a0, a1, a2, a3, x0, x1, x2, x3)) : 0;
            a0 = c0;
            a1 = c1;
            a2 = c2;
            a3 = c3;
        }
        groupScan(op, width, a0, a1, a2, a3);
        if (active && scanMode == SCAN_REDUCE) {
            storeTileTotal(width, lid == size - 1);
        }
        if (active && scanMode != SCAN_REDUCE) {
            scanTileFromCarry(in, out, arrays, op, width, start, end);
        }
    }

    /** A reduce pass after the group scan: the last work-item stores the tile's total. */
    private void storeTileTotal(int width, boolean last) {
        int at = scanOutOffset + getGroupId() * width;
        for (int lane = 0; lane < width && last; lane++) {
            scanPartials[at + lane] = groupTotal(lane);
        }
    }

    /** A scan pass after the group scan: each work-item walks its items from its prefix and stores the results. */
    private void scanTileFromCarry(int[] in, int[] out, boolean arrays, int op, int width, int start, int end) {
        int carryAt = scanCarryOffset + getGroupId() * width;
        boolean hasCarry = scanCarryOffset >= 0;
        int k0 = hasCarry ? scanPartials[carryAt] : (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, 0));
        int k1 = width > 1 ? (hasCarry ? scanPartials[carryAt + 1] : (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, 1))) : 0;
        int k2 = width > 2 ? (hasCarry ? scanPartials[carryAt + 2] : (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, 2))) : 0;
        int k3 = width > 3 ? (hasCarry ? scanPartials[carryAt + 3] : (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, 3))) : 0;
        int p0 = k0;
        int p1 = k1;
        int p2 = k2;
        int p3 = k3;
        if (getLocalId() > 0) { // carry (+) the items of the work-items before this one
            int e0 = groupExclusive(op, 0);
            int e1 = width > 1 ? groupExclusive(op, 1) : 0;
            int e2 = width > 2 ? groupExclusive(op, 2) : 0;
            int e3 = width > 3 ? groupExclusive(op, 3) : 0;
            p0 = (op == OP_BUILTIN_INT_ADD ? k0 + e0 : combine(op, 0, k0, k1, k2, k3, e0, e1, e2, e3));
            p1 = width > 1 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 1, k0, k1, k2, k3, e0, e1, e2, e3)) : 0;
            p2 = width > 2 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 2, k0, k1, k2, k3, e0, e1, e2, e3)) : 0;
            p3 = width > 3 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 3, k0, k1, k2, k3, e0, e1, e2, e3)) : 0;
        }
        boolean inclusive = scanMode == SCAN_INCLUSIVE;
        for (int i = start; i < end; i++) {
            int x0 = loadLane(in, arrays, op, i, 0, width);
            int x1 = width > 1 ? loadLane(in, arrays, op, i, 1, width) : 0;
            int x2 = width > 2 ? loadLane(in, arrays, op, i, 2, width) : 0;
            int x3 = width > 3 ? loadLane(in, arrays, op, i, 3, width) : 0;
            if (!inclusive) {
                storeElement(out, arrays, op, i, width, p0, p1, p2, p3);
            }
            int c0 = (op == OP_BUILTIN_INT_ADD ? p0 + x0 : combine(op, 0, p0, p1, p2, p3, x0, x1, x2, x3));
            int c1 = width > 1 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 1, p0, p1, p2, p3, x0, x1, x2, x3)) : 0;
            int c2 = width > 2 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 2, p0, p1, p2, p3, x0, x1, x2, x3)) : 0;
            int c3 = width > 3 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 3, p0, p1, p2, p3, x0, x1, x2, x3)) : 0;
            p0 = c0;
            p1 = c1;
            p2 = c2;
            p3 = c3;
            if (inclusive) {
                storeElement(out, arrays, op, i, width, p0, p1, p2, p3);
            }
        }
    }

    private int loadLane(int[] in, boolean arrays, int op, int i, int lane, int width) {
        return scanLevel > 0 ? scanPartials[scanInOffset + i * width + lane] : arrays ? in[i] : scanLoad(op, i, lane);
    }

    private void storeElement(int[] out, boolean arrays, int op, int i, int width, int v0, int v1, int v2, int v3) {
        if (scanLevel == 0 && arrays) {
            out[i] = v0;
        } else if (scanLevel == 0) {
            scanStore(op, i, v0, v1, v2, v3);
        } else {
            int at = scanInOffset + i * width;
            scanPartials[at] = v0;
            if (width > 1) {
                scanPartials[at + 1] = v1;
            }
            if (width > 2) {
                scanPartials[at + 2] = v2;
            }
            if (width > 3) {
                scanPartials[at + 3] = v3;
            }
        }
    }
}
