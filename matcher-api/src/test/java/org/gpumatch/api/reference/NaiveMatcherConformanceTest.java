package org.gpumatch.api.reference;

import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/** The oracle against the kit: meaningful through the cases whose offsets are written by hand or in closed form. */
class NaiveMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new NaiveMatcher();
    }
}
