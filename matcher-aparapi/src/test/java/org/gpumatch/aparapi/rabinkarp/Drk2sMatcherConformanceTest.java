package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/** DRK-2S on OpenCL (any m), small geometry: 12-character items, 192-character tiles. */
class Drk2sMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new DrkWomMatcher(TestDevices.openCl(), "conformance", DrkWomMatcher.Variant.TWO_STAGE, 16, 3);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {4, 12, 192};
    }
}
