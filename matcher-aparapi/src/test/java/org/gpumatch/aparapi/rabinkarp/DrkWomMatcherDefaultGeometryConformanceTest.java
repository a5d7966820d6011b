package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/** DRK-WOM-64 on OpenCL with the production geometry (256 work-items of 8 words: 8192-character tiles). */
class DrkWomMatcherDefaultGeometryConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new DrkWomMatcher(TestDevices.openCl(), "conformance");
    }

    @Override
    protected int[] boundaries() {
        int items = DrkWomMatcher.DEFAULT_WORDS_PER_ITEM * 4;
        return new int[] {items, items * DrkWomMatcher.DEFAULT_LOCAL_SIZE};
    }
}
