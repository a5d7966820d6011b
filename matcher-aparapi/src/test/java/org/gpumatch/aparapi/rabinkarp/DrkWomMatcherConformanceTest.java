package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/**
 * DRK-WOM-64 on OpenCL with a small geometry (16 work-items of 3 words: 12-character items, 192-character tiles), so
 * the kit's texts cross many item and tile boundaries.
 */
class DrkWomMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new DrkWomMatcher(TestDevices.openCl(), "conformance", 16, 3);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {4, 12, 192};
    }
}
