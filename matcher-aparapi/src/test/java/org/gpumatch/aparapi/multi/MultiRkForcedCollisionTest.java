package org.gpumatch.aparapi.multi;

import java.util.Random;
import org.gpumatch.api.multi.MultiPatternConformanceTest;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.runtime.TestDevices;

/**
 * multi-rk with the paper's example hash, q = 13 and d = 2: about one window in 13 hits each hash group, and distinct
 * patterns share groups, so the kit passes only if every candidate is verified on the device and every pattern of a
 * group is tried.
 */
class MultiRkForcedCollisionTest extends MultiPatternConformanceTest {
    @Override
    protected MultiPatternMatcher createMatcher() {
        return new MultiRkMatcher(TestDevices.openCl(), 16, 3, new PolynomialHash(13, 2));
    }

    @Override
    protected int[] boundaries() {
        return new int[] {48, 48 * 48};
    }
}
