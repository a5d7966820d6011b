package org.gpumatch.api.cpu;

import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/** The CPU matcher with 61-offset parts, so part boundaries (and their m-1 overlaps) cross most cases' occurrences. */
class CpuMatcherSmallPartsConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new CpuMatcher(61);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {61, 122};
    }
}
