package org.gpumatch.api.reference;

import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

class SequentialRabinKarpMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new SequentialRabinKarpMatcher();
    }
}
