package org.gpumatch.cli;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The demo's sample text, the same bytes for the same size on every machine: the first three quarters DNA-like
 * (uniform {@code ACGT}, with the motif {@link #MOTIF} planted once in every {@value #MOTIF_SPACING}-byte block), the
 * rest English-like (words from a small vocabulary with a skewed frequency, spaces, full stops and line breaks).
 */
final class DemoText {
    /** The seed of every demo text. */
    static final long SEED = 20160711L;
    /** The planted DNA motif. */
    static final String MOTIF = "GATTACA";
    /** One motif is planted in each block of this many DNA bytes. */
    static final int MOTIF_SPACING = 4096;

    private static final byte[] BASES = "ACGT".getBytes(StandardCharsets.US_ASCII);
    private static final String[] WORDS = ("the of and to in a is that for it as was with be by on not he this are or "
            + "his from at which but have an they you were her she there been one all we their has would when if "
            + "so no will more what up out about who them some could him into its then two time only new other "
            + "quick brown fox jumps over lazy dog pattern text match kernel device suffix array string search gpu "
            + "memory thread group local global fingerprint prime window hash scan sort").split(" ");

    private DemoText() {
    }

    /** The length of the DNA-like part of a text of {@code size} bytes. */
    static int dnaLength(int size) {
        return (int) (size * 3L / 4);
    }

    /** A sample text of {@code size} bytes. */
    static byte[] generate(int size) {
        SplittableRandom rnd = new SplittableRandom(SEED);
        byte[] t = new byte[size];
        int dna = dnaLength(size);
        int i = 0;
        while (i < dna) {
            long bits = rnd.nextLong();
            for (int k = 0; k < 32 && i < dna; k++, i++) {
                t[i] = BASES[(int) (bits >>> (2 * k)) & 3];
            }
        }
        byte[] motif = MOTIF.getBytes(StandardCharsets.US_ASCII);
        for (int block = 0; (long) block * MOTIF_SPACING + MOTIF_SPACING <= dna; block++) {
            int at = block * MOTIF_SPACING + rnd.nextInt(MOTIF_SPACING - motif.length + 1);
            System.arraycopy(motif, 0, t, at, motif.length);
        }
        int column = 0;
        while (i < size) {
            double u = rnd.nextDouble();
            byte[] word = WORDS[(int) (u * u * WORDS.length)].getBytes(StandardCharsets.US_ASCII);
            for (int k = 0; k < word.length && i < size; k++) {
                t[i++] = word[k];
            }
            column += word.length + 1;
            if (i < size) {
                int r = rnd.nextInt(16);
                t[i++] = (byte) (column > 72 ? '\n' : r == 0 ? '.' : ' ');
                if (column > 72) {
                    column = 0;
                }
            }
        }
        return t;
    }
}
