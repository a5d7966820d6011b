package org.gpumatch.gpu.primitives;

/**
 * A pipeline kernel for the scan tests: device-wide scans of {@link #input} into {@link #output} (lane-interleaved),
 * and a plain work-group scan phase. Operators: int add, right and left 2x2 product mod {@link #prime}.
 */
final class ScanTestKernel extends DeviceScanKernel {
    static final int OP_ADD = 0;
    static final int OP_RIGHT = 1;
    static final int OP_LEFT = 2;

    /** Own phase: nothing (only DeviceScan passes run). */
    static final int PHASE_NONE = 0;
    /** Own phase: each work-item scans element {@code gid} within its group; writes inclusive, exclusive and total. */
    static final int PHASE_GROUP = 1;

    /** The slot of the array-argument scan of {@link #input} into {@link #output}. */
    static final int SLOT_INTS = 1;

    int phase;
    int prime = 7;
    int groupOp;
    int count;

    int[] input = new int[4];
    int[] output = new int[4];
    int[] exclusiveOut = new int[4];
    int[] totals = new int[4];

    static int widthOf(int op) {
        return op == OP_ADD ? 1 : 4;
    }

    @Override
    protected int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return op == OP_ADD ? (lane == 0 ? IntAddOp.add(a0, b0) : 0)
                : op == OP_RIGHT ? Mat2ModP.productLane(lane, a0, a1, a2, a3, b0, b1, b2, b3, prime)
                : Mat2ModP.productLane(lane, b0, b1, b2, b3, a0, a1, a2, a3, prime);
    }

    @Override
    protected int identity(int op, int lane) {
        return op == OP_ADD ? 0 : Mat2ModP.identityLane(lane);
    }

    @Override
    protected int scanLoad(int op, int i, int lane) {
        return input[i * widthOf(op) + lane];
    }

    @Override
    protected void scanStore(int op, int i, int v0, int v1, int v2, int v3) {
        int w = widthOf(op);
        output[i * w] = v0;
        if (w > 1) {
            output[i * w + 1] = v1;
            output[i * w + 2] = v2;
            output[i * w + 3] = v3;
        }
    }

    @Override
    public void run() {
        // every barrier-containing call unconditional: each does work only in the passes meant for it
        scanPass();
        scanIntsPass(SLOT_INTS, input, output);
        groupPhase();
        localBarrier();
    }

    private void groupPhase() {
        boolean active = !inScanPass() && phase == PHASE_GROUP;
        int op = groupOp;
        int w = widthOf(op);
        int gid = getGlobalId();
        boolean mine = active && gid < count;
        int v0 = mine ? input[gid * w] : identity(op, 0);
        int v1 = mine && w > 1 ? input[gid * w + 1] : identity(op, 1);
        int v2 = mine && w > 2 ? input[gid * w + 2] : identity(op, 2);
        int v3 = mine && w > 3 ? input[gid * w + 3] : identity(op, 3);
        groupScan(op, w, v0, v1, v2, v3);
        if (mine) {
            for (int lane = 0; lane < w; lane++) {
                output[gid * w + lane] = groupInclusive(lane);
                exclusiveOut[gid * w + lane] = groupExclusive(op, lane);
            }
        }
        if (active && getLocalId() == 0) {
            for (int lane = 0; lane < w; lane++) {
                totals[getGroupId() * w + lane] = groupTotal(lane);
            }
        }
    }
}
