package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/**
 * DRK with tiny primes, where most windows share the pattern's fingerprint (p = 2 leaves two fingerprints): the answers
 * must still be the naive matcher's, because every hit is compared byte by byte on the device. The test proves on the
 * host, with the matcher's own codes and fingerprint, that the inputs do collide.
 */
class DrkForcedCollisionTest {
    @Test
    void tinyPrimesNeverGiveFalsePositives() {
        Random r = new Random(9);
        NaiveMatcher naive = new NaiveMatcher();
        for (int p : new int[] {2, 3, 7}) {
            try (DrkMatcher drk = new DrkMatcher(TestDevices.openCl(), "test", 16, 3, p)) {
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
                        pat[m - 1] ^= 1; // usually absent (or not in the text's alphabet at all), and still colliding
                    }
                    Text text = Text.wrap(t);
                    Pattern pattern = Pattern.of(pat);
                    collisions += falseHits(t, pat, p);
                    String what = "p=" + p + " n=" + n + " m=" + m + " sigma=" + sigma;
                    assertThat(drk.count(text, pattern)).as(what).isEqualTo(naive.count(text, pattern));
                    assertThat(drk.find(text, pattern)).as(what).isEqualTo(naive.find(text, pattern));
                }
                assertThat(collisions)
                        .as("windows whose fingerprint mod %d equals the pattern's but whose bytes differ", p)
                        .isGreaterThan(500);
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
        try (DrkMatcher drk = new DrkMatcher(TestDevices.openCl(), "test", 16, 3, 2)) {
            Text text = Text.wrap(t);
            for (String p : new String[] {"a", "ab", "abb", "bba", "abba", "aa", "abbabbabbabbabba",
                "abbabbabbabbabbb"}) {
                Pattern pattern = Pattern.utf8(p);
                assertThat(drk.find(text, pattern)).as(p).isEqualTo(naive.find(text, pattern));
                assertThat(drk.count(text, pattern)).as(p).isEqualTo(naive.count(text, pattern));
            }
        }
    }

    /**
     * Windows of t whose fingerprint mod p (the matcher's: codes of the text's alphabet, sigma bits) equals the
     * pattern's although their bytes differ; 0 when the pattern has a byte the text lacks (no launch then).
     */
    static long falseHits(byte[] t, byte[] pat, int p) {
        Alphabet a = Alphabet.of(t);
        for (byte b : pat) {
            if (!a.contains(b)) {
                return 0;
            }
        }
        int[] codes = DrkMatcher.codes(a);
        int sigma = a.sigma();
        int m = pat.length;
        int fp = DrkMatcher.fingerprint(pat, 0, m, codes, sigma, p);
        long hits = 0;
        for (int r = 0; r + m <= t.length; r++) {
            if (DrkMatcher.fingerprint(t, r, m, codes, sigma, p) == fp
                    && !Arrays.equals(t, r, r + m, pat, 0, m)) {
                hits++;
            }
        }
        return hits;
    }
}
