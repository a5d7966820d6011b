package org.gpumatch.aparapi.devices;

import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.conformance.MatcherConformanceTest;
import org.gpumatch.gpu.devices.TestDeviceSets;

/**
 * The exact matcher conformance kit on a {@link SplitMatcher} of two DRK-2S matchers (small geometry) on two devices
 * (or two instances on one), parts of at least 5 start positions: every text over 5 bytes is split, at places that
 * cut matches, periods and the kernels' tiles; texts shorter than the overlap and shorter than two parts included.
 */
class SplitMatcherConformanceTest extends MatcherConformanceTest {
    @Override
    protected Matcher createMatcher() {
        return new SplitMatcher(TestDeviceSets.pair(),
                d -> new DrkWomMatcher(d, "conformance", DrkWomMatcher.Variant.TWO_STAGE, 16, 3), 5);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {4, 12, 192};
    }
}
