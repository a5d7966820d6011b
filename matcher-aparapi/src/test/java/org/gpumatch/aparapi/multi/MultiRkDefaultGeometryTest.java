package org.gpumatch.aparapi.multi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.NaiveMultiMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * multi-rk with its default grid (tiles of 4096 windows, a few work-groups per compute unit) at the boundaries of its
 * find path: texts with one window less, exactly and one more than a tile and two tiles, and over many grid ranges;
 * a periodic text where every window matches patterns given twice, so that a tile counts more than 2^10 and 2^20
 * matches (every plane of the exact match total) and the order (offset, then index) is checked against the naive
 * matcher's.
 */
class MultiRkDefaultGeometryTest {
    private static final int TILE = MultiRkMatcher.DEFAULT_LOCAL_SIZE * 16;

    @Test
    void tileAndGridBoundariesAgreeWithTheNaiveMatcher() {
        Random r = new Random(31);
        NaiveMultiMatcher naive = new NaiveMultiMatcher();
        try (MultiRkMatcher rk = new MultiRkMatcher(TestDevices.openCl())) {
            for (int m : new int[] {1, 5, 300}) {
                for (int windows : new int[] {TILE - 1, TILE, TILE + 1, 2 * TILE - 1, 2 * TILE + 1, 37 * TILE + 5}) {
                    int n = windows + m - 1;
                    byte[] t = new byte[n];
                    for (int i = 0; i < n; i++) {
                        t[i] = (byte) r.nextInt(256);
                    }
                    List<byte[]> patterns = new ArrayList<>();
                    for (int j = 0; j < 20; j++) {
                        int at = j == 0 ? n - m : r.nextInt(n - m + 1);
                        patterns.add(Arrays.copyOfRange(t, at, at + m));
                    }
                    patterns.add(patterns.get(0)); // a pattern given twice: two pairs per occurrence
                    Text text = Text.wrap(t);
                    PatternSet set = PatternSet.of(patterns);
                    String what = "n=" + n + " m=" + m;
                    assertSame(rk.find(text, set), naive.find(text, set), what);
                    assertThat(rk.count(text, set)).as(what).isEqualTo(naive.count(text, set));
                }
            }
        }
    }

    @Test
    void periodicTextWithManyMatchesPerTile() {
        byte[] t = new byte[3 * TILE + 11];
        Arrays.fill(t, (byte) 'a');
        List<byte[]> patterns = new ArrayList<>();
        for (int j = 0; j < 300; j++) {
            patterns.add(new byte[] {'a', 'a'}); // 300 pairs per window: 1.2 million per tile, past 2^20
        }
        patterns.add(new byte[] {'a', 'b'});
        PatternSet set = PatternSet.of(patterns);
        Text text = Text.wrap(t);
        try (MultiRkMatcher rk = new MultiRkMatcher(TestDevices.openCl())) {
            assertSame(rk.find(text, set), new NaiveMultiMatcher().find(text, set), "aaaa...");
        }
    }

    private static void assertSame(MultiMatches got, MultiMatches want, String what) {
        assertThat(got.size()).as(what + " size").isEqualTo(want.size());
        for (int i = 0; i < want.size(); i++) {
            if (got.offset(i) != want.offset(i) || got.index(i) != want.index(i)) {
                assertThat(got.offset(i) + ":" + got.index(i)).as(what + " pair " + i)
                        .isEqualTo(want.offset(i) + ":" + want.index(i));
            }
        }
    }
}
