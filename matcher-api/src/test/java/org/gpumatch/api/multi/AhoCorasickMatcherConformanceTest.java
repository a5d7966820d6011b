package org.gpumatch.api.multi;


/** multi-cpu with 3 threads and parts of at least 7 bytes, so most texts are split and parts end mid-occurrence. */
class AhoCorasickMatcherConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new AhoCorasickMatcher(3, 7);
    }
}
