package org.gpumatch.gpu.primitives;

/**
 * A concrete pipeline kernel that runs one primitive of {@link SelectKernel} on its own arrays: the kernel behind
 * {@link GpuArrays}, and an example of the calling convention (one slot per array set; no barriers, so it compiles in
 * about a second on PoCL 3.1). Fields are bound by {@link GpuArrays}.
 */
public final class StandardPipeline extends PrimitiveKernel {
    /** The slot of this pipeline's calls. */
    static final int SLOT = 1;

    int[] intIn = new int[1];
    int[] intOut = new int[1];
    /** Flags of a select, indices of a gather or scatter. */
    int[] intFlags = new int[1];
    long[] longIn = new long[1];
    long[] longOut = new long[1];

    /** Package-private: {@link GpuArrays} creates it. */
    StandardPipeline() {
    }

    @Override
    protected int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return IntAddOp.add(a0, b0);
    }

    @Override
    protected int identity(int op, int lane) {
        return 0;
    }

    @Override
    protected int scanLoad(int op, int i, int lane) {
        return intIn[i];
    }

    @Override
    protected void scanStore(int op, int i, int v0, int v1, int v2, int v3) {
        intOut[i] = v0;
    }

    @Override
    public void run() {
        chunkPass(SLOT, intIn, intFlags, intOut, longIn, longOut);
        elementPass(SLOT, intFlags, intIn, intOut, longIn, longOut);
    }
}
