package org.gpumatch.aparapi.rabinkarp;

import java.util.Optional;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.MatcherConformanceTest;

/**
 * DRK on OpenCL with a small geometry (16 work-items of g = 3 windows: 48-window tiles) and random primes, so the kit's
 * texts cross many work-item and tile boundaries, and each tile's m-1 overlap is often longer than the tile.
 *
 * <p>Patterns over {@link #MAX_TESTED_PATTERN} characters are skipped with that reason: with g = 3 every work-item
 * fingerprints m characters for 3 windows, so the kit's m = 65537 case (n = 262152) costs n*m/3 = 5.7e9 steps, half a
 * minute on a 2-core PoCL. m up to 4099 (85 tiles of overlap) is still checked.
 */
class DrkMatcherConformanceTest extends MatcherConformanceTest {
    static final int MAX_TESTED_PATTERN = 8192;

    @Override
    protected Matcher createMatcher() {
        DrkMatcher drk = new DrkMatcher(TestDevices.openCl(), "conformance", 16, 3);
        return new Matcher() {
            @Override
            public Algorithm algorithm() {
                return drk.algorithm();
            }

            @Override
            public Optional<String> unsupportedReason(long n, int m, int sigma) {
                Optional<String> reason = drk.unsupportedReason(n, m, sigma);
                if (reason.isEmpty() && m > MAX_TESTED_PATTERN) {
                    return Optional.of("m > " + MAX_TESTED_PATTERN + " not run with g = 3 (n*m/3 fingerprint steps)");
                }
                return reason;
            }

            @Override
            public long count(Text text, Pattern pattern) {
                return drk.count(text, pattern);
            }

            @Override
            public int[] find(Text text, Pattern pattern) {
                return drk.find(text, pattern);
            }

            @Override
            public Plan lastPlan() {
                return drk.lastPlan();
            }

            @Override
            public void close() {
                drk.close();
            }
        };
    }

    @Override
    protected int[] boundaries() {
        return new int[] {3, 16, 48};
    }
}
