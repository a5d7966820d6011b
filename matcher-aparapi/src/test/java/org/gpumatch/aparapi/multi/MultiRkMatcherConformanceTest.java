package org.gpumatch.aparapi.multi;

import java.util.Random;
import org.gpumatch.api.multi.MultiPatternConformanceTest;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.runtime.TestDevices;

/**
 * multi-rk on OpenCL with a small geometry: 16 work-items, 3 characters per work-item in the scans (48-character
 * tiles, two levels of tile totals above 2304 characters), 3 windows per work-item (48-window groups).
 */
class MultiRkMatcherConformanceTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new MultiRkMatcher(TestDevices.openCl(), 16, 3, 3, PolynomialHash.random(new Random(1)));
    }

    @Override
    protected int[] boundaries() {
        return new int[] {3, 16, 48, 48 * 48};
    }
}
