package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.MultiPatternConformanceTest;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.runtime.TestDevices;

/** multi-fused on OpenCL with 16 work-items of 3 starts (48-start groups). */
class MultiFusedMatcherConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new MultiFusedMatcher(TestDevices.openCl(), 16, 3);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {3, 7, 8, 9, 16, 48};
    }
}
