package org.gpumatch.kmismatch.gpu;

import org.gpumatch.api.conformance.KMismatchConformanceTest;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.kmismatch.KMismatchVariant;

/** The k-mismatch kit on OpenCL for {@link KMismatchVariant#BLOCK_THREAD}. */
class BlockThreadKMismatchConformanceTest extends KMismatchConformanceTest {
    @Override
    protected KMismatchMatcher createMatcher() {
        return new KernelKMismatchMatcher(KMismatchVariant.BLOCK_THREAD, TestDevices.openCl());
    }

    @Override
    protected int[] boundaries() {
        return new int[] {KernelKMismatchMatcher.LOCAL_SIZE, KMismatchKernel.PATTERN_TILE};
    }
}
