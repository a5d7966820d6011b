package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.MultiPatternConformanceTest;
import org.gpumatch.api.multi.MultiPatternMatcher;

/** multi-cpu with 3 threads and parts of at least 7 bytes, so most texts are split and parts end mid-occurrence. */
class AhoCorasickMatcherConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new AhoCorasickMatcher(3, 7);
    }
}
