package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/** DRK-WOM-32 on OpenCL (patterns of at most 4 bytes), small geometry: 12-character items, 192-character tiles. */
class DrkWom32MatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new DrkWomMatcher(TestDevices.openCl(), "conformance", DrkWomMatcher.Variant.BITS_32, 16, 3);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {4, 12, 192};
    }
}
