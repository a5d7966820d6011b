package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/**
 * HRK on OpenCL with a small geometry: 16 work-items of 3 windows per chunk (48-window chunks), 2 chunks per group
 * (96-window subtexts, more for patterns over 48 characters).
 */
class HrkMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new HrkMatcher(TestDevices.openCl(), "conformance", 16, 3, 2);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {3, 16, 48, 96};
    }
}
