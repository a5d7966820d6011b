package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/**
 * DRK-2S with every tail verified cooperatively, room for one appended candidate and the smallest ranges: every query
 * with two or more candidates takes the ordered path (candidates written in order range by range, verified and
 * compacted on the device).
 */
class Drk2sRangedConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new DrkWomMatcher(TestDevices.openCl(), "conformance", DrkWomMatcher.Variant.TWO_STAGE, 16, 3, 1, 1, 0);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {4, 12, 192};
    }
}
