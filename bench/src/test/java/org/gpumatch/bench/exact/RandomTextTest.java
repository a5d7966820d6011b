package org.gpumatch.bench.exact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RandomTextTest {
    @Test
    void symbolsStayInTheAlphabetAndAllOccur() {
        for (int sigma = 1; sigma <= 8; sigma++) {
            byte[] t = RandomText.generate(100_003, sigma, 1);
            boolean[] seen = new boolean[256];
            for (byte b : t) {
                seen[b & 0xFF] = true;
            }
            int distinct = 0;
            for (int v = 0; v < 256; v++) {
                if (seen[v]) {
                    distinct++;
                    int s = sigma == 8 ? v : v - RandomText.BASE_SYMBOL;
                    assertThat(s).as("sigma " + sigma + " byte " + v).isBetween(0, (1 << sigma) - 1);
                }
            }
            assertThat(distinct).as("sigma " + sigma).isEqualTo(1 << sigma);
            if (sigma < 8) {
                assertThat(t).doesNotContain((byte) '\n', (byte) 0);
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameTextAndAnotherSeedAnother() {
        assertThat(RandomText.generate(3_000_001, 4, 9)).isEqualTo(RandomText.generate(3_000_001, 4, 9));
        assertThat(Arrays.equals(RandomText.generate(1000, 4, 9), RandomText.generate(1000, 4, 10))).isFalse();
    }

    @Test
    void patternsComeFromTheTextSoTheyOccur() {
        byte[] t = RandomText.generate(10_000, 8, 2);
        for (int m : new int[] {1, 8, 1024, 10_000}) {
            byte[] p = PatternPicker.pick(t, m, PatternPicker.SEED);
            assertThat(CpuCount.count(t, p)).isPositive();
            assertThat(PatternPicker.pick(t, m, PatternPicker.SEED)).isEqualTo(p);
        }
    }

    @Test
    void fileSigmaIsTheBitsOfTheDistinctSymbols() {
        assertThat(ExactInput.sigmaOf("aaaa".getBytes())).isEqualTo(1);
        assertThat(ExactInput.sigmaOf("ACGTACGT".getBytes())).isEqualTo(2);
        assertThat(ExactInput.sigmaOf("ACGTN".getBytes())).isEqualTo(3);
        byte[] all = new byte[256];
        for (int i = 0; i < 256; i++) {
            all[i] = (byte) i;
        }
        assertThat(ExactInput.sigmaOf(all)).isEqualTo(8);
    }
}
