package org.gpumatch.bench.exact;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Benchmark patterns: for each length m, the m bytes at a random offset of the text (fixed seed), so every pattern
 * occurs at least once and the count being validated is never trivially zero. On random text the pattern is itself
 * random over the text's alphabet, as in the paper.
 */
public final class PatternPicker {
    /** The seed of the pattern offsets. */
    public static final long SEED = 7;

    private PatternPicker() {
    }

    /** A pattern of length m taken from {@code text} (m <= text.length), the same for the same (text, m, seed). */
    public static byte[] pick(byte[] text, int m, long seed) {
        if (m < 1 || m > text.length) {
            throw new IllegalArgumentException("m must be in 1.." + text.length + ": " + m);
        }
        SplittableRandom r = new SplittableRandom(seed * 31 + m);
        int at = r.nextInt(text.length - m + 1);
        return Arrays.copyOfRange(text, at, at + m);
    }
}
