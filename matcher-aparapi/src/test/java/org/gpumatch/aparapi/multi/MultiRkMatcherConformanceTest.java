package org.gpumatch.aparapi.multi;

import java.util.Random;
import org.gpumatch.api.multi.MultiPatternConformanceTest;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.runtime.TestDevices;

/**
 * multi-rk on OpenCL with a small grid: work-groups of 16 work-items (tiles of 256 elements for the prefix scan and the
 * window tiles of find) and at most 3 work-groups, so that texts over 768 characters give each work-group a range of
 * several tiles.
 */
class MultiRkMatcherConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new MultiRkMatcher(TestDevices.openCl(), 16, 3, PolynomialHash.random(new Random(1)));
    }

    @Override
    protected int[] boundaries() {
        return new int[] {16, 256, 768, 1024};
    }
}
