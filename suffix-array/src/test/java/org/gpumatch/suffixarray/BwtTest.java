package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BwtTest {

    /** The BWT of T$ by sorting rotations (values 0..256, 0 the sentinel), the $ dropped; the primary index its row. */
    private static Bwt naive(byte[] text) {
        int n = text.length;
        int[] t = new int[n + 1];
        for (int i = 0; i < n; i++) {
            t[i] = (text[i] & 0xFF) + 1;
        }
        Integer[] rot = new Integer[n + 1];
        for (int i = 0; i <= n; i++) {
            rot[i] = i;
        }
        Arrays.sort(rot, (a, b) -> {
            for (int k = 0; k <= n; k++) {
                int c = Integer.compare(t[(a + k) % (n + 1)], t[(b + k) % (n + 1)]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        byte[] out = new byte[n];
        int k = 0;
        int primary = 0;
        for (int r = 0; r <= n; r++) {
            int last = t[(rot[r] + n) % (n + 1)];
            if (last == 0) {
                primary = r;
            } else {
                out[k++] = (byte) (last - 1);
            }
        }
        return new Bwt(out, primary);
    }

    @Test
    void matchesRotationSort() {
        for (int n : new int[] {0, 1, 2, 3, 6, 50, 257, 1000}) {
            for (byte[] text : HardTexts.hard(n).values()) {
                Bwt want = naive(text);
                Bwt got = Bwt.of(text, new SaisBuilder().build(text));
                assertThat(got.bwt()).isEqualTo(want.bwt());
                assertThat(got.primaryIndex()).isEqualTo(want.primaryIndex());
            }
        }
    }

    @Test
    void banana() {
        Bwt b = Bwt.of("banana".getBytes(), new int[] {5, 3, 1, 0, 4, 2});
        assertThat(new String(b.bwt())).isEqualTo("annbaa");
        assertThat(b.primaryIndex()).isEqualTo(4);
    }

    @Test
    void rejectsMismatchedLengths() {
        assertThatThrownBy(() -> Bwt.of(new byte[3], new int[2])).isInstanceOf(IllegalArgumentException.class);
    }
}
