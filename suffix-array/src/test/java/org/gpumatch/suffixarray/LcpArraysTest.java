package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LcpArraysTest {
    private static void assertLcp(String what, byte[] text) {
        int[] sa = new SaisBuilder().build(text);
        int[] expected = NaiveLcp.of(text, sa);
        for (int threads : new int[] {1, 3}) {
            assertThat(LcpArrays.build(text, sa, threads)).as("%s n=%d threads=%d", what, text.length, threads)
                    .isEqualTo(expected);
        }
    }

    @Test
    void tinyTexts() {
        assertLcp("empty", new byte[0]);
        assertLcp("one", new byte[] {5});
        assertLcp("banana", "banana".getBytes());
        assertThat(LcpArrays.build("banana".getBytes(), new int[] {5, 3, 1, 0, 4, 2}, 1))
                .containsExactly(0, 1, 3, 0, 0, 2);
    }

    @Test
    void randomTextsOfManySizesAndAlphabets() {
        for (int n : new int[] {2, 3, 63, 64, 65, 255, 256, 257, 1000, 4097}) {
            for (int sigma : new int[] {1, 2, 4, 26, 256}) {
                assertLcp("random sigma " + sigma, HardTexts.random(n, sigma, 17L * n + sigma));
            }
        }
    }

    @Test
    void hardInputs() {
        for (int n : new int[] {10, 1000, 3000}) {
            for (Map.Entry<String, byte[]> e : HardTexts.hard(n).entrySet()) {
                assertLcp(e.getKey(), e.getValue());
            }
        }
    }

    @Test
    void threadRangesSplitLongRepeats() {
        // over 2^16 bytes, so that several threads get ranges; one repeated byte makes every range start far behind
        byte[] text = HardTexts.doubled(HardTexts.random(70_001, 4, 3));
        int[] sa = new SaisBuilder().build(text);
        int[] expected = NaiveLcp.of(text, sa);
        assertThat(LcpArrays.build(text, sa, 4)).isEqualTo(expected);
        byte[] same = HardTexts.repeated(140_003, 'x');
        int[] lcp = LcpArrays.build(same, new SaisBuilder().build(same), 4);
        for (int i = 1; i < lcp.length; i++) {
            assertThat(lcp[i]).isEqualTo(i);
        }
    }

    @Test
    void refusesMismatchedLengths() {
        assertThatThrownBy(() -> LcpArrays.build(new byte[3], new int[2], 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 entries");
    }
}
