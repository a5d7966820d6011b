package org.gpumatch.aparapi.devices;

import org.gpumatch.aparapi.multi.MultiFusedMatcher;
import org.gpumatch.api.multi.MultiPatternConformanceTest;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.devices.TestDeviceSets;

/**
 * The multi-pattern conformance kit on a {@link SplitMultiPatternMatcher} of two multi-fused matchers (16 work-items of
 * 3 starts) on two devices (or two instances on one), parts of at least 3 start positions: mixed lengths, so parts
 * overlap by the longest pattern and shorter ones match inside the overlap (dropped there, found by the next part).
 */
class SplitMultiPatternConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new SplitMultiPatternMatcher(TestDeviceSets.pair(), d -> new MultiFusedMatcher(d, 16, 3), 3);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {3, 7, 8, 9, 16, 48};
    }
}
