package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SuffixArraySearchTest {

    private static int[] scan(byte[] text, byte[] p) {
        return IntStream.rangeClosed(0, text.length - p.length)
                .filter(i -> Arrays.equals(text, i, i + p.length, p, 0, p.length)).toArray();
    }

    @Test
    void matchesScanOnRandomAndHardTexts() {
        Random r = new Random(5);
        for (int n : new int[] {0, 1, 2, 100, 1024, 3000}) {
            for (byte[] text : HardTexts.hard(n).values()) {
                SuffixArraySearch s = new SuffixArraySearch(text, new SaisBuilder().build(text));
                for (int q = 0; q < 20; q++) {
                    int m = 1 + r.nextInt(8);
                    byte[] p;
                    if (n > m && r.nextBoolean()) {
                        int at = r.nextInt(n - m + 1);
                        p = Arrays.copyOfRange(text, at, at + m);
                    } else {
                        p = HardTexts.random(m, 256, q);
                    }
                    int[] want = scan(text, p);
                    assertThat(s.find(p)).isEqualTo(want);
                    assertThat(s.count(p)).isEqualTo(want.length);
                }
            }
        }
    }

    @Test
    void countAllKeepsOrder() {
        byte[] text = "abracadabra".getBytes();
        SuffixArraySearch s = new SuffixArraySearch(text, new SaisBuilder().build(text));
        byte[][] ps = {"abra".getBytes(), "a".getBytes(), "zz".getBytes(), "abracadabrax".getBytes()};
        assertThat(s.countAll(ps)).containsExactly(2, 5, 0, 0);
        assertThat(s.find("a".getBytes())).containsExactly(0, 3, 5, 7, 10);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.count(new byte[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the pattern is empty");
    }
}
