package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/**
 * DRK-2S with every tail verified cooperatively (no inline verification) and the default candidate capacities: short
 * patterns take the appended-candidates path that {@link Drk2sMatcherConformanceTest} verifies inline.
 */
class Drk2sCooperativeConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new DrkWomMatcher(TestDevices.openCl(), "conformance", DrkWomMatcher.Variant.TWO_STAGE, 16, 3,
                DrkWomMatcher.DEFAULT_APPEND_CAPACITY, DrkWomMatcher.DEFAULT_RANGE_CAPACITY, 0);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {4, 12, 192};
    }
}
