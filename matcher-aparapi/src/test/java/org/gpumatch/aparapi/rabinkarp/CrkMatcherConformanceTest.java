package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/**
 * CRK on OpenCL with a small grid: work-groups of 16 work-items (tiles of 256 elements for the prefix scan and the
 * window tests) and at most 3 work-groups, so that texts over 768 characters give each work-group a range of several
 * tiles.
 */
class CrkMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new CrkMatcher(TestDevices.openCl(), "conformance", 16, 3);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {16, 256, 768, 1024};
    }
}
