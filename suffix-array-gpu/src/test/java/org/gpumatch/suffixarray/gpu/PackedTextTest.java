package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class PackedTextTest {
    /** The packed words against a byte-by-byte little-endian reading, zero-padded, into pieces of 16 and of 2^30. */
    @Test
    void packIsTheLittleEndianWordsOfTheTextInPieces() {
        Random r = new Random(7);
        for (int n : new int[] {0, 1, 2, 3, 4, 5, 63, 64, 65, 66, 67, 1000, 4093, (1 << 20) * 4 + 6, 9_000_001}) {
            byte[] text = new byte[n];
            r.nextBytes(text);
            int words = (n + 3) / 4;
            for (int shift : new int[] {4, 30}) {
                int[][] pieces = IntPieces.allocate(words, Math.min(shift, 28));
                if (shift == 30) {
                    pieces = new int[][] {new int[words]};
                }
                PackedText.pack(text, pieces, shift);
                int mask = (1 << shift) - 1;
                for (int w = 0; w < words; w++) {
                    int expected = 0;
                    for (int b = 0; b < 4 && 4L * w + b < n; b++) {
                        expected |= (text[4 * w + b] & 0xFF) << (8 * b);
                    }
                    if (pieces[w >>> shift][w & mask] != expected) {
                        assertThat(pieces[w >>> shift][w & mask]).as("n=%d shift=%d word %d", n, shift, w)
                                .isEqualTo(expected);
                    }
                }
            }
        }
    }

    @Test
    void alphabetCodesThePresentBytesInOrder() {
        int[] codes = new int[256];
        assertThat(PackedText.alphabet(new byte[] {(byte) 0xFF, 7, 7, 0, (byte) 0x80}, codes)).isEqualTo(4);
        assertThat(new int[] {codes[0], codes[7], codes[0x80], codes[0xFF], codes[1]}).containsExactly(1, 2, 3, 4, 0);
    }
}
