package org.gpumatch.aparapi.multi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.AhoCorasickMatcher;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * 100,000 patterns of mixed lengths (1 to 4096 bytes) on a 100 KB text of 26 letters: multi-fused and multi-rk
 * against multi-cpu (whose automaton the kit checks against the naive oracle). Many patterns share their first 4
 * bytes.
 */
class MultiLargeSetDifferentialTest {
    @Test
    void hundredThousandMixedPatterns() {
        Random r = new Random(100_000);
        byte[] t = new byte[100_000];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) ('a' + r.nextInt(26));
        }
        List<byte[]> list = new ArrayList<>();
        int[] longLengths = {100, 1000, 4096};
        for (int i = 0; i < 100_000; i++) {
            int m = i % 1000 == 0 ? longLengths[(i / 1000) % 3] : i % 1000 == 1 ? 1 + r.nextInt(3) : 4 + r.nextInt(9);
            int at = r.nextInt(t.length - m + 1);
            byte[] p = Arrays.copyOfRange(t, at, at + m);
            if (i % 7 == 0) {
                p[m - 1] ^= 4; // absent, or occurring elsewhere
            }
            list.add(p);
        }
        PatternSet set = PatternSet.of(list);
        Text text = Text.wrap(t);
        try (AhoCorasickMatcher cpu = new AhoCorasickMatcher();
             MultiFusedMatcher fused = new MultiFusedMatcher(TestDevices.openCl());
             MultiRkMatcher rk = new MultiRkMatcher(TestDevices.openCl())) {
            MultiMatches expected = cpu.find(text, set);
            assertThat(expected.size()).isGreaterThan(90_000);
            assertThat(fused.find(text, set)).isEqualTo(expected);
            assertThat(fused.count(text, set)).isEqualTo(expected.countsPerPattern(set.size()));
            assertThat(rk.count(text, set)).isEqualTo(expected.countsPerPattern(set.size()));
            assertThat(cpu.count(text, set)).isEqualTo(expected.countsPerPattern(set.size()));
        }
    }
}
