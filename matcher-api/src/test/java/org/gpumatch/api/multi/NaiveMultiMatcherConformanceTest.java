package org.gpumatch.api.multi;

/** The kit against its own oracle: checks the kit's plumbing (streaming, splitting by length). */
class NaiveMultiMatcherConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new NaiveMultiMatcher();
    }
}
