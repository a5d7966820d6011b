package org.gpumatch.bench.exact;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Random benchmark texts: n symbols drawn independently and uniformly from an alphabet of 2^sigma symbols (the
 * paper's random texts for Tables 2-4), reproducible from a seed.
 *
 * <p>Symbol values: sigma = 8 uses all 256 byte values; sigma < 8 uses the bytes {@code '0' + s} (0x30 upward), so
 * texts of sigma <= 6 are printable ASCII and no text of sigma <= 7 contains a NUL or a newline (external tools such as
 * {@code grep} read them as one line). Cost: O(n) time, parallel over 1 MiB blocks (each seeded from the seed and its
 * index, so the output does not depend on the thread count); n bytes.
 */
public final class RandomText {
    /** The seed of the suite's random texts. */
    public static final long SEED = 2016;
    /** The byte of symbol 0 when sigma < 8. */
    public static final int BASE_SYMBOL = '0';
    private static final int BLOCK = 1 << 20;

    private RandomText() {
    }

    /** The byte that stands for symbol {@code s} in a text of {@code sigma} bits. */
    public static byte symbol(int s, int sigma) {
        return (byte) (sigma >= 8 ? s : BASE_SYMBOL + s);
    }

    /** n random symbols over 2^sigma (1 <= sigma <= 8). */
    public static byte[] generate(int n, int sigma, long seed) {
        if (sigma < 1 || sigma > 8) {
            throw new IllegalArgumentException("sigma must be in 1..8: " + sigma);
        }
        byte[] t = new byte[n];
        int mask = (1 << sigma) - 1;
        int base = sigma >= 8 ? 0 : BASE_SYMBOL;
        int blocks = (int) (((long) n + BLOCK - 1) / BLOCK);
        IntStream.range(0, blocks).parallel().forEach(b -> {
            SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + b);
            int from = b * BLOCK;
            int to = (int) Math.min(n, (long) from + BLOCK);
            for (int i = from; i < to; i += 8) {
                long bits = r.nextLong();
                for (int k = 0; k < 8 && i + k < to; k++) {
                    t[i + k] = (byte) (base + ((int) (bits >>> (8 * k)) & mask));
                }
            }
        });
        return t;
    }
}
