package org.gpumatch.checker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The prefix-doubling oracle that builds the megabyte test arrays agrees with brute force. */
class SuffixSortingTest {
    @Test
    void prefixDoublingEqualsBruteForceOnSmallTexts() {
        final Random r = new Random(3);
        for (int rep = 0; rep < 3000; rep++) {
            final int n = r.nextInt(200);
            final byte[] t = switch (rep % 4) {
                case 0 -> Texts.randomBytes(n, rep);
                case 1 -> Texts.periodic(n, 1 + r.nextInt(5), rep);
                case 2 -> binary(n, r);
                default -> Texts.dnaLike(n, rep);
            };
            assertThat(SuffixSorting.prefixDoubling(t)).as("rep %d", rep).isEqualTo(SuffixSorting.bruteForce(t));
        }
    }

    private static byte[] binary(final int n, final Random r) {
        final byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = (byte) (r.nextInt(8) == 0 ? 0xFF : 0x00);
        }
        return t;
    }
}
