package org.gpumatch.api.cpu;

import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/** The CPU matcher with its default part size against the kit. */
class CpuMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new CpuMatcher();
    }
}
