package org.gpumatch.suffixarray;

import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.TestDevices;

/**
 * The suffix array kit on the GPU prefix-doubling builder on OpenCL (PoCL in CI): work-groups of 64 and at most three
 * of them, so texts cross many work-group, sort chunk (16), select chunk (32) and scan tile (512) boundaries.
 */
class GpuPrefixDoublingBuilderConformanceTest extends SuffixArrayBuilderConformanceTest {
    private static final int LOCAL = 64;
    private static final int GROUPS = 3;

    @Override
    protected SuffixArrayBuilder createBuilder() {
        return new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS).withBufferCreation(BufferCreation.COPY);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {16, 32, 64, 512, 1024};
    }
}
