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
 * With a tiny prime most windows share the pattern's fingerprint (it takes p values; with the fixed base of tiny
 * primes, 1 for p = 2, the fingerprint is the parity of the byte sum): CRK must still report exactly the naive
 * matcher's occurrences, because every hit is compared byte by byte on the device. The test first proves, on the host,
 * that the inputs do collide.
 */
class CrkForcedCollisionTest {
    @Test
    void tinyPrimesNeverGiveFalsePositives() {
        Random r = new Random(7);
        NaiveMatcher naive = new NaiveMatcher();
        for (int p : new int[] {2, 3, 7}) {
            try (CrkMatcher crk = new CrkMatcher(TestDevices.openCl(), "test", 16, 3, p)) {
                long collisions = 0;
                for (int trial = 0; trial < 25; trial++) {
                    int n = 1 + r.nextInt(3000);
                    int sigma = trial % 3 == 0 ? 256 : 2 + r.nextInt(3);
                    byte[] t = new byte[n];
                    for (int i = 0; i < n; i++) {
                        t[i] = (byte) (sigma == 256 ? r.nextInt(256) : 'a' + r.nextInt(sigma));
                    }
                    int m = 1 + r.nextInt(Math.min(n, 40));
                    int at = r.nextInt(n - m + 1);
                    byte[] pat = Arrays.copyOfRange(t, at, at + m);
                    if (trial % 4 == 1) {
                        pat[m - 1] ^= 1; // usually absent, and still colliding
                    }
                    Text text = Text.wrap(t);
                    Pattern pattern = Pattern.of(pat);
                    collisions += falseHits(t, pat, p);
                    String what = "p=" + p + " n=" + n + " m=" + m + " sigma=" + sigma;
                    assertThat(crk.count(text, pattern)).as(what).isEqualTo(naive.count(text, pattern));
                    assertThat(crk.find(text, pattern)).as(what).isEqualTo(naive.find(text, pattern));
                }
                assertThat(collisions)
                        .as("windows whose fingerprint mod %d equals the pattern's but whose bytes differ", p)
                        .isGreaterThan(50);
            }
        }
    }

    /** A periodic text where every window is a candidate and many are true matches. */
    @Test
    void periodicTextWithPrimeTwo() {
        byte[] t = new byte[5003];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (i % 3 == 0 ? 'a' : 'b');
        }
        NaiveMatcher naive = new NaiveMatcher();
        try (CrkMatcher crk = new CrkMatcher(TestDevices.openCl(), "test", 16, 3, 2)) {
            Text text = Text.wrap(t);
            for (String p : new String[] {"a", "ab", "abb", "bba", "abba", "aa", "abbabbabbabbabba",
                "abbabbabbabbabbb"}) {
                Pattern pattern = Pattern.utf8(p);
                assertThat(crk.find(text, pattern)).as(p).isEqualTo(naive.find(text, pattern));
                assertThat(crk.count(text, pattern)).as(p).isEqualTo(naive.count(text, pattern));
            }
        }
    }

    /**
     * Windows of t whose fingerprint mod p equals the pattern's although their bytes differ (host reference, with the
     * fixed base of a matcher built with a fixed prime: the device compares {@code B^r G(window)} with
     * {@code B^r G(pattern)}, equal exactly when the G are, B being invertible mod p).
     */
    static long falseHits(byte[] t, byte[] pat, int p) {
        int base = CrkFingerprint.base(p, null);
        int fp = CrkFingerprint.of(pat, 0, pat.length, base, p);
        int m = pat.length;
        long hits = 0;
        for (int r = 0; r + m <= t.length; r++) {
            if (CrkFingerprint.of(t, r, r + m, base, p) == fp
                    && !Arrays.equals(Arrays.copyOfRange(t, r, r + m), pat)) {
                hits++;
            }
        }
        return hits;
    }
}
