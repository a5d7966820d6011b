package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/**
 * CRK on OpenCL with a small geometry: 16 work-items, 3 characters per work-item in the scans (48-character scan
 * tiles, so texts over 48 characters use one level of tile totals and texts over 2304 two), 3 windows per work-item
 * (48-window groups).
 */
class CrkMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new CrkMatcher(TestDevices.openCl(), "conformance", 16, 3, 3);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {3, 16, 48, 48 * 48};
    }
}
