package org.gpumatch.gpu.primitives;

/**
 * The base of a pipeline that runs no hook-based {@link DeviceScan} of its own (it uses the sorts, the chunk and
 * element primitives and the array-argument int scan, which need no operator): the scan hooks of
 * {@link PrimitiveKernel} are answered once here (int addition of lane 0, identity 0, nothing loaded or stored), so
 * that such a pipeline declares only its arrays and its {@code run()}. A pipeline with a scan operator of its own
 * extends {@link PrimitiveKernel} directly.
 */
public abstract class HooklessPipeline extends PrimitiveKernel {
    @Override
    protected final int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return lane == 0 ? a0 + b0 : 0;
    }

    @Override
    protected final int identity(int op, int lane) {
        return 0;
    }

    @Override
    protected final int scanLoad(int op, int i, int lane) {
        return 0;
    }

    @Override
    protected final void scanStore(int op, int i, int v0, int v1, int v2, int v3) {
        // no hook-based scan runs in such a pipeline
    }
}
