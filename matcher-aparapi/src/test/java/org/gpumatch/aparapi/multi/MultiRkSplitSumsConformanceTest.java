package org.gpumatch.aparapi.multi;

import java.util.Random;
import org.gpumatch.api.multi.MultiPatternConformanceTest;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.runtime.TestDevices;

/**
 * multi-rk with its prefix sums split into two arrays after 100 elements, as a text above 2^28 - 1 characters has
 * them: windows below, across and above the split, with the small geometry of {@link MultiRkMatcherConformanceTest}.
 */
class MultiRkSplitSumsConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new MultiRkMatcher(TestDevices.openCl(), 16, 3, PolynomialHash.random(new Random(2)), 100);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {99, 100, 101, 256, 768, 1024};
    }
}
