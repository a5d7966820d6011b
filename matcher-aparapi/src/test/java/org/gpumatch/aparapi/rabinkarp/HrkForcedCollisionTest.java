package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/**
 * HRK with tiny primes, where most windows share the pattern's fingerprint: the answers must still be the naive
 * matcher's, because every hit is compared byte by byte on the device. Long patterns (several chunks of overlap) too.
 */
class HrkForcedCollisionTest {
    @Test
    void tinyPrimesNeverGiveFalsePositives() {
        Random r = new Random(8);
        NaiveMatcher naive = new NaiveMatcher();
        for (int p : new int[] {2, 3, 7}) {
            try (HrkMatcher hrk = new HrkMatcher(TestDevices.openCl(), "test", 16, 3, 2, p)) {
                long collisions = 0;
                for (int trial = 0; trial < 25; trial++) {
                    int n = 1 + r.nextInt(3000);
                    int sigma = trial % 3 == 0 ? 256 : 2 + r.nextInt(3);
                    byte[] t = new byte[n];
                    for (int i = 0; i < n; i++) {
                        t[i] = (byte) (sigma == 256 ? r.nextInt(256) : 'a' + r.nextInt(sigma));
                    }
                    int m = 1 + r.nextInt(Math.min(n, trial % 5 == 0 ? 400 : 40));
                    int at = r.nextInt(n - m + 1);
                    byte[] pat = Arrays.copyOfRange(t, at, at + m);
                    if (trial % 4 == 1) {
                        pat[m - 1] ^= 1;
                    }
                    Text text = Text.wrap(t);
                    Pattern pattern = Pattern.of(pat);
                    collisions += CrkForcedCollisionTest.falseHits(t, pat, p);
                    String what = "p=" + p + " n=" + n + " m=" + m + " sigma=" + sigma;
                    assertThat(hrk.count(text, pattern)).as(what).isEqualTo(naive.count(text, pattern));
                    assertThat(hrk.find(text, pattern)).as(what).isEqualTo(naive.find(text, pattern));
                }
                assertThat(collisions)
                        .as("windows whose fingerprint mod %d equals the pattern's but whose bytes differ", p)
                        .isGreaterThan(50);
            }
        }
    }
}
