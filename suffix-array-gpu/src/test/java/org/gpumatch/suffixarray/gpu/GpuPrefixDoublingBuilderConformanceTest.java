package org.gpumatch.suffixarray.gpu;

import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.gpumatch.suffixarray.SuffixArrayBuilderConformanceTest;

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
