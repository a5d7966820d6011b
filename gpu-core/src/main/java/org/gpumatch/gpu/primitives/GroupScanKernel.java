package org.gpumatch.gpu.primitives;

import com.aparapi.Kernel;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LocalMemorySizing;

/**
 * Base class of kernels that scan one value per work-item across a work-group, in local memory, with an associative
 * (not necessarily commutative) operator that the subclass supplies.
 *
 * <p><b>How the operator is supplied.</b> Aparapi turns no interface call, lambda or object into OpenCL, but it does
 * convert a call to an abstract method of a base class: it resolves the call against the concrete kernel class it
 * translates and emits that class's override as a C function (checked on PoCL 3.1 and in Java threads; see
 * {@code ScanOperatorConversionTest} and {@code DeviceScanTest}). So the operator is the pair of abstract methods
 * {@link #combine} and {@link #identity}, overridden by the pipeline kernel. A kernel may define several operators,
 * told apart by an {@code int op} argument that its overrides test with ternaries (no {@code switch} in Aparapi).
 * Operators provided: {@link IntAddOp} and {@link Mat2ModP} (2x2 matrix product modulo a prime), as static helpers an
 * override calls.
 *
 * <p><b>Values.</b> An element is 1 to {@link #MAX_WIDTH} {@code int} lanes (an int, a pair, a 2x2 matrix as
 * {@code [a0 a1; a2 a3]}). {@code combine(op, lane, a..., b...)} returns lane {@code lane} of {@code a (+) b}, where
 * {@code a} comes first in the sequence; lanes at or past the width of the scan are never read (pass 0).
 *
 * <p><b>Device API</b> (every work-item of a group must call {@link #groupScan}: it contains barriers):
 * {@link #groupScan} leaves each work-item's inclusive prefix in local memory; read it with {@link #groupInclusive},
 * {@link #groupExclusive} and {@link #groupTotal} before the next {@link #groupScan} (which begins with a barrier, so
 * several scans may follow one another in one {@code run()}). Hillis-Steele: log2(localSize) steps of one combine per
 * lane, 2 barriers each. Local memory: {@code 16 * localSize} bytes ({@link #groupScratch}), sized on the host with
 * {@link #sizeGroupScratch}, which {@link GuardedKernel} calls before every launch ({@link LocalMemorySizing}).
 *
 * <p>Aparapi's Java thread pool runs work-groups one after another on the same local arrays, so a subclass's
 * {@code run()} must end with {@code localBarrier()} (or a fast work-item of the next group overwrites values that
 * others still read).
 */
public abstract class GroupScanKernel extends Kernel implements LocalMemorySizing {
    /** The most lanes an element may have. */
    public static final int MAX_WIDTH = 4;

    /**
     * Reserved operator code: int addition of lane 0 (identity 0), built into the layers so that a layer's own device
     * code can scan without the pipeline's {@link #combine} (pipelines must not use this code for their operators).
     */
    public static final int OP_BUILTIN_INT_ADD = -1;

    /** Lane-major scratch: lane {@code l} of work-item {@code i} at {@code l * localSize + i}. */
    @Local protected int[] groupScratch = new int[MAX_WIDTH];

    /**
     * Lane {@code lane} of {@code a (+) b} under operator {@code op}; {@code a} precedes {@code b}. Must be
     * associative.
     * Runs on the device: primitive arithmetic, static helpers and ternaries only.
     */
    protected abstract int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3);

    /** Lane {@code lane} of the identity of operator {@code op}. */
    protected abstract int identity(int op, int lane);

    /**
     * {@link #sizeGroupScratch} and the local arrays of the layers above ({@link #sizeLayerLocalMemory}):
     * {@link GuardedKernel} calls it before every launch.
     */
    @Override
    public final void sizeLocalMemory(int localSize) {
        sizeGroupScratch(localSize);
        sizeLayerLocalMemory(localSize);
    }

    /**
     * Sizes the local arrays of a layer above this one for the coming launch (host side; the layer's control fields
     * are already set); the default has none.
     */
    protected void sizeLayerLocalMemory(int localSize) {
        // no local arrays beyond groupScratch
    }

    /** Sizes the local scratch for work-groups of {@code localSize} (host side, before a launch). */
    public final void sizeGroupScratch(int localSize) {
        if (groupScratch.length != MAX_WIDTH * localSize) {
            groupScratch = new int[MAX_WIDTH * localSize];
        }
    }

    /**
     * Inclusive scan of the work-items' values {@code (v0..v3)} (lanes past {@code width} ignored) in work-item order.
     * Every work-item of the group must call it. Results stay in local memory until the next call.
     */
    protected final void groupScan(int op, int width, int v0, int v1, int v2, int v3) {
        int lid = getLocalId();
        int size = getLocalSize();
        localBarrier(); // readers of a previous scan's results are done
        int o0 = v0;
        int o1 = width > 1 ? v1 : 0;
        int o2 = width > 2 ? v2 : 0;
        int o3 = width > 3 ? v3 : 0;
        groupScratch[lid] = o0;
        groupScratch[size + lid] = o1;
        groupScratch[2 * size + lid] = o2;
        groupScratch[3 * size + lid] = o3;
        localBarrier();
        for (int offset = 1; offset < size; offset <<= 1) {
            boolean has = lid >= offset;
            int l0 = has ? groupScratch[lid - offset] : 0;
            int l1 = has ? groupScratch[size + lid - offset] : 0;
            int l2 = has ? groupScratch[2 * size + lid - offset] : 0;
            int l3 = has ? groupScratch[3 * size + lid - offset] : 0;
            localBarrier();
            if (has) {
                int c0 = (op == OP_BUILTIN_INT_ADD ? l0 + o0 : combine(op, 0, l0, l1, l2, l3, o0, o1, o2, o3));
                int c1 = width > 1 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 1, l0, l1, l2, l3, o0, o1, o2, o3)) : 0;
                int c2 = width > 2 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 2, l0, l1, l2, l3, o0, o1, o2, o3)) : 0;
                int c3 = width > 3 ? (op == OP_BUILTIN_INT_ADD ? 0 : combine(op, 3, l0, l1, l2, l3, o0, o1, o2, o3)) : 0;
                o0 = c0;
                o1 = c1;
                o2 = c2;
                o3 = c3;
                groupScratch[lid] = o0;
                groupScratch[size + lid] = o1;
                groupScratch[2 * size + lid] = o2;
                groupScratch[3 * size + lid] = o3;
            }
            localBarrier();
        }
    }

    /** Lane {@code lane} of this work-item's inclusive prefix from the last {@link #groupScan}. */
    protected final int groupInclusive(int lane) {
        return groupScratch[lane * getLocalSize() + getLocalId()];
    }

    /** Lane {@code lane} of this work-item's exclusive prefix (the identity for work-item 0). */
    protected final int groupExclusive(int op, int lane) {
        int lid = getLocalId();
        return lid == 0 ? (op == OP_BUILTIN_INT_ADD ? 0 : identity(op, lane)) : groupScratch[lane * getLocalSize() + lid - 1];
    }

    /** Lane {@code lane} of the whole group's combination. */
    protected final int groupTotal(int lane) {
        int size = getLocalSize();
        return groupScratch[lane * size + size - 1];
    }
}
