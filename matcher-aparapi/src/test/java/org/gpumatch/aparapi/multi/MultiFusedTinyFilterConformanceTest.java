package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.MultiPatternConformanceTest;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.runtime.TestDevices;

/**
 * multi-fused with a filter of 32 bits (most starts pass the gate and most probes reach the table: the filter never
 * decides a match) and 4 count replicas (work-groups add to different copies of the counters), 16 work-items of 5
 * starts.
 */
class MultiFusedTinyFilterConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new MultiFusedMatcher(TestDevices.openCl(), 16, 5, 5, 4);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {5, 8, 80};
    }
}
