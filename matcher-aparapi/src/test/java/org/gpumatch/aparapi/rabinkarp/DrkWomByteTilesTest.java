package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The count phase's unrolled byte path (sigma 8: texts holding more than 128 byte values), four words per iteration
 * with a combined test before the exact count, against the naive oracle: geometries whose words per item are a
 * multiple of four, one more, and less than four; texts whose sizes sit around tile and unroll boundaries; patterns
 * planted at every slot of the words around those boundaries and at the text's end; runs that match densely.
 */
class DrkWomByteTilesTest {
    private final NaiveMatcher naive = new NaiveMatcher();

    @ParameterizedTest(name = "{0} x {1} words, {2}")
    @CsvSource({"16, 8, BITS_64", "16, 9, BITS_64", "32, 3, BITS_64", "16, 8, TWO_STAGE", "16, 9, TWO_STAGE"})
    void matchesNaiveAroundTilesAndUnrolledWords(int localSize, int words, DrkWomMatcher.Variant variant) {
        SplittableRandom r = new SplittableRandom(localSize * 31L + words);
        int tileBytes = localSize * words * 4;
        int unrollBytes = localSize * 4 * 4;
        int maxM = variant == DrkWomMatcher.Variant.BITS_64 ? 8 : 40;
        try (DrkWomMatcher gpu = new DrkWomMatcher(TestDevices.openCl(), "test", variant, localSize, words)) {
            int[] sizes = {256, 257, unrollBytes - 1, unrollBytes + 3, tileBytes - 1, tileBytes, tileBytes + 1,
                    2 * tileBytes + 5, 3 * tileBytes + unrollBytes + 7, 20011};
            for (int n : sizes) {
                byte[] t = allByteValuesThenRandom(n, r);
                for (int trial = 0; trial < 6; trial++) {
                    int m = 1 + r.nextInt(maxM);
                    byte[] p = new byte[m];
                    r.nextBytes(p);
                    for (int at : plantSites(n, m, tileBytes, unrollBytes, trial)) {
                        System.arraycopy(p, 0, t, at, m);
                    }
                    assertSameAsNaive(gpu, t, p);
                }
            }
            byte[] dense = allByteValuesThenRandom(3 * tileBytes + 11, r);
            Arrays.fill(dense, 256, dense.length, (byte) 0x7A);
            for (int m = 1; m <= Math.min(maxM, 9); m++) {
                byte[] p = new byte[m];
                Arrays.fill(p, (byte) 0x7A);
                assertSameAsNaive(gpu, dense, p);
            }
        }
    }

    private void assertSameAsNaive(DrkWomMatcher gpu, byte[] t, byte[] p) {
        Text text = Text.wrap(t);
        Pattern pat = Pattern.of(p);
        assertThat(gpu.count(text, pat)).as("count n=%d m=%d", t.length, p.length).isEqualTo(naive.count(text, pat));
        assertThat(gpu.find(text, pat)).as("find n=%d m=%d", t.length, p.length).isEqualTo(naive.find(text, pat));
    }

    /** The 256 byte values first (so the text packs 8 bits per symbol), then random bytes. */
    private static byte[] allByteValuesThenRandom(int n, SplittableRandom r) {
        byte[] t = new byte[n];
        r.nextBytes(t);
        for (int i = 0; i < Math.min(256, n); i++) {
            t[i] = (byte) i;
        }
        return t;
    }

    /**
     * Starts at the four slots of the words on both sides of the tile and unroll boundaries shifted by {@code trial},
     * and the last window; all past the 256-byte prefix and inside the text.
     */
    private static int[] plantSites(int n, int m, int tileBytes, int unrollBytes, int trial) {
        int[] bases = {tileBytes - 4, tileBytes, unrollBytes - 4, unrollBytes, 2 * tileBytes - 4, n - m - trial};
        return Arrays.stream(bases).map(b -> b + (trial % 8)).filter(at -> at >= 256 && at + m <= n).toArray();
    }
}
