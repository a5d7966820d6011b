package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * The two matchers of additive prefix fingerprints ({@link CrkFingerprint}) with their default geometry and a random
 * prime and base, at the boundaries of their shapes: HRK (256 work-items of 4 windows, 4 chunks: 1024-window chunks,
 * 4096-window subtexts; patterns whose overlap every work-item of a group shares, m - 1 above the work-group size, and
 * longer than a subtext, so more chunks per group) and CRK on the grid layer (tiles of 4096 elements, a grid of a few
 * work-groups per compute unit, each owning a range of tiles): texts of one window less, exactly and one more than a
 * chunk, a tile and two tiles, and texts over many grid ranges; all 256 byte values, planted copies, and a periodic
 * text where every window is a candidate.
 */
class PrefixFingerprintDefaultGeometryTest {
    @Test
    void hrkAtChunkSubtextAndOverlapBoundaries() {
        try (HrkMatcher hrk = new HrkMatcher(TestDevices.openCl(), "test")) {
            int chunk = hrk.chunkWindows();
            long subtext = hrk.groupWindows(1);
            agreeWithTheNaiveMatcher(hrk, new long[] {chunk - 1, chunk, chunk + 1, subtext - 1, subtext, subtext + 1,
                3 * subtext + 17});
            periodicTextMatchesEverywhere(hrk);
        }
    }

    @Test
    void crkAtTileAndGridBoundaries() {
        try (CrkMatcher crk = new CrkMatcher(TestDevices.openCl(), "test")) {
            int tile = crk.tile();
            agreeWithTheNaiveMatcher(crk, new long[] {tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile, 2 * tile + 1,
                23L * tile + 17});
            periodicTextMatchesEverywhere(crk);
        }
    }

    private static void agreeWithTheNaiveMatcher(Matcher matcher, long[] windowCounts) {
        Random r = new Random(21);
        NaiveMatcher naive = new NaiveMatcher();
        for (int m : new int[] {1, 2, 7, 255, 257, 1_000, 5_000}) {
            for (long windows : windowCounts) {
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
                assertThat(matcher.find(text, pattern)).as(what).isEqualTo(naive.find(text, pattern));
                assertThat(matcher.count(text, pattern)).as(what).isEqualTo(naive.count(text, pattern));
            }
        }
    }

    private static void periodicTextMatchesEverywhere(Matcher matcher) {
        NaiveMatcher naive = new NaiveMatcher();
        byte[] t = new byte[20_011];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (i % 3 == 0 ? 0xFF : 0);
        }
        Text text = Text.wrap(t);
        for (int m : new int[] {1, 3, 300, 4_099}) {
            Pattern pattern = Pattern.of(Arrays.copyOfRange(t, 3, 3 + m));
            assertThat(matcher.find(text, pattern)).as("m=" + m).isEqualTo(naive.find(text, pattern));
        }
    }
}
