package org.gpumatch.api.kmismatch;

import org.gpumatch.api.conformance.KMismatchConformanceTest;

/** The oracle against itself (checks that the kit runs) plus its hand-checked answers in {@link NaiveKMismatchMatcherTest}. */
class NaiveKMismatchConformanceTest extends KMismatchConformanceTest {
    @Override
    protected KMismatchMatcher createMatcher() {
        return new NaiveKMismatchMatcher();
    }
}
