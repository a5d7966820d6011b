package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * HRK with its default geometry (256 work-items of 4 windows, 4 chunks: 4096-window subtexts) and a random prime and
 * base, at the boundaries of the prefix-fingerprint shape: texts of one window less, exactly and one more than a chunk
 * and a subtext, patterns whose overlap is shared by every work-item of a group (m - 1 above the work-group size) and
 * longer than a whole subtext (more chunks per group), all 256 byte values and a periodic text where every window is a
 * candidate.
 */
class HrkDefaultGeometryTest {
    @Test
    void boundariesOfChunksSubtextsAndOverlapsAgreeWithTheNaiveMatcher() {
        Random r = new Random(21);
        NaiveMatcher naive = new NaiveMatcher();
        try (HrkMatcher hrk = new HrkMatcher(TestDevices.openCl(), "test")) {
            int chunk = hrk.chunkWindows();
            long subtext = hrk.groupWindows(1);
            for (int m : new int[] {1, 2, 7, 255, 257, 1_000, 5_000}) {
                for (long windows : new long[] {chunk - 1, chunk, chunk + 1, subtext - 1, subtext, subtext + 1,
                    3 * subtext + 17}) {
                    int n = (int) (windows + m - 1);
                    byte[] t = new byte[n];
                    for (int i = 0; i < n; i++) {
                        t[i] = (byte) r.nextInt(256);
                    }
                    byte[] pat = Arrays.copyOfRange(t, n - m, n); // the last window, and planted copies
                    for (int at = 0; at + m <= n; at += Math.max(m, n / 5)) {
                        System.arraycopy(pat, 0, t, at, m);
                    }
                    Text text = Text.wrap(t);
                    Pattern pattern = Pattern.of(pat);
                    String what = "n=" + n + " m=" + m;
                    assertThat(hrk.find(text, pattern)).as(what).isEqualTo(naive.find(text, pattern));
                    assertThat(hrk.count(text, pattern)).as(what).isEqualTo(naive.count(text, pattern));
                }
            }
        }
    }

    @Test
    void periodicTextMatchesEverywhere() {
        NaiveMatcher naive = new NaiveMatcher();
        byte[] t = new byte[20_011];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (i % 3 == 0 ? 0xFF : 0);
        }
        try (HrkMatcher hrk = new HrkMatcher(TestDevices.openCl(), "test")) {
            Text text = Text.wrap(t);
            for (int m : new int[] {1, 3, 300, 4_099}) {
                Pattern pattern = Pattern.of(Arrays.copyOfRange(t, 3, 3 + m));
                assertThat(hrk.find(text, pattern)).as("m=" + m).isEqualTo(naive.find(text, pattern));
            }
        }
    }
}
