package org.gpumatch.aparapi.multi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.RealCorpora;
import org.gpumatch.api.multi.AhoCorasickMatcher;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.NaiveMultiMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * The real samples (English, DNA, protein) with 2,000 patterns of 1..40 bytes cut from them (a fifth mutated):
 * multi-fused, multi-rk and multi-cpu agree on the whole sample, and multi-cpu equals the naive oracle on its first
 * 20,000 bytes.
 */
class MultiRealCorpusDifferentialTest {
    @Test
    void realSamples() {
        try (AhoCorasickMatcher cpu = new AhoCorasickMatcher();
             MultiFusedMatcher fused = new MultiFusedMatcher(TestDevices.openCl());
             MultiRkMatcher rk = new MultiRkMatcher(TestDevices.openCl())) {
            for (RealCorpora.Corpus c : RealCorpora.all()) {
                byte[] t = c.bytes();
                Random r = new Random(c.name().hashCode());
                List<byte[]> list = new ArrayList<>();
                for (int i = 0; i < 2000; i++) {
                    int m = 1 + r.nextInt(i % 10 == 0 ? 4 : 40);
                    byte[] p = RealCorpora.present(t, m, r);
                    list.add(i % 5 == 4 ? RealCorpora.mutated(p, c.alphabet(), r.nextInt(m), r) : p);
                }
                PatternSet set = PatternSet.of(list);
                Text text = Text.wrap(t);
                MultiMatches expected = cpu.find(text, set);
                long[] counts = expected.countsPerPattern(set.size());
                assertThat(fused.find(text, set)).as(c.name()).isEqualTo(expected);
                assertThat(fused.count(text, set)).as(c.name()).isEqualTo(counts);
                assertThat(rk.count(text, set)).as(c.name()).isEqualTo(counts);
                Text head = Text.wrap(Arrays.copyOf(t, Math.min(t.length, 20_000)));
                assertThat(cpu.find(head, set)).as(c.name()).isEqualTo(new NaiveMultiMatcher().find(head, set));
            }
        }
    }
}
