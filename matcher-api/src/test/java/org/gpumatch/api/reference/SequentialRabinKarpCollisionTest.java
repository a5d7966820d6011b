package org.gpumatch.api.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.TextGenerators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SRK with a tiny modulus: most windows share the pattern's fingerprint without being occurrences. The texts below are
 * built from windows that provably collide (their fingerprint, computed here independently, equals the pattern's) yet
 * differ from the pattern, and SRK must still report exactly the naive answer: every hit is verified.
 */
class SequentialRabinKarpCollisionTest {
    private final NaiveMatcher naive = new NaiveMatcher();

    /** The SRK fingerprint {@code sum a[from+j] * 256^(m-1-j) mod prime}, computed directly (no rolling). */
    static long fingerprint(byte[] a, int from, int m, long prime) {
        long f = 0;
        for (int j = 0; j < m; j++) {
            f = (f * 256 + (a[from + j] & 0xFF)) % prime;
        }
        return f;
    }

    /**
     * Blocks of m bytes, each either the pattern or a collision: the pattern with one or two bytes moved by a multiple
     * of the modulus (which leaves the fingerprint unchanged). Returns the text and, in {@code real} and
     * {@code colliding}, the block offsets of each kind.
     */
    private static byte[] collidingText(Random rnd, byte[] p, long prime, int blocks, List<Integer> real,
            List<Integer> colliding) {
        int m = p.length;
        byte[] t = new byte[blocks * m + 3];
        for (int i = 0; i < 3; i++) {
            t[blocks * m + i] = p[i % m]; // a tail shorter than m: never an occurrence
        }
        for (int k = 0; k < blocks; k++) {
            byte[] w = p.clone();
            if (rnd.nextInt(4) > 0) {
                int changes = 1 + rnd.nextInt(2);
                for (int c = 0; c < changes; c++) {
                    int j = rnd.nextInt(m);
                    int v = w[j] & 0xFF;
                    int step = (int) prime * (1 + rnd.nextInt(3)); // bytes are 0x30..0xF0: one side fits
                    w[j] = (byte) (v + step <= 0xFF ? v + step : v - step);
                }
            }
            System.arraycopy(w, 0, t, k * m, m);
            (Arrays.equals(w, p) ? real : colliding).add(k * m);
        }
        return t;
    }

    @ParameterizedTest(name = "modulus {0}")
    @ValueSource(longs = {2, 3, 7, 31})
    void collidingWindowsThatDifferFromThePatternAreNotReported(long prime) {
        Random rnd = new Random(prime);
        for (int m : new int[] {1, 2, 3, 5, 8, 9, 17}) {
            byte[] p = TextGenerators.random(rnd, m, TextGenerators.range(0x30, 0xF0));
            List<Integer> real = new ArrayList<>();
            List<Integer> colliding = new ArrayList<>();
            byte[] t = collidingText(rnd, p, prime, 400, real, colliding);
            long fp = fingerprint(p, 0, m, prime);
            for (int off : colliding) {
                assertThat(fingerprint(t, off, m, prime)).as("m=%d offset %d collides", m, off).isEqualTo(fp);
                assertThat(Arrays.copyOfRange(t, off, off + m)).as("m=%d offset %d differs", m, off).isNotEqualTo(p);
            }
            assertThat(colliding).as("m=%d colliding windows", m).hasSizeGreaterThan(200);

            SequentialRabinKarpMatcher srk = new SequentialRabinKarpMatcher(prime);
            Text text = Text.wrap(t);
            Pattern pattern = Pattern.of(p);
            int[] expected = naive.find(text, pattern);
            int[] found = srk.find(text, pattern);
            assertThat(found).as("modulus %d, m=%d, n=%d", prime, m, t.length).isEqualTo(expected)
                    .contains(real.stream().mapToInt(Integer::intValue).toArray())
                    .doesNotContain(colliding.stream().mapToInt(Integer::intValue).toArray());
            assertThat(srk.count(text, pattern)).isEqualTo(expected.length);
        }
    }

    /** Modulo 2 the fingerprint is the parity of the last byte: in a text of one parity every window is a hit. */
    @Test
    void everyWindowAHitModuloTwo() {
        Random rnd = new Random(2);
        byte[] t = TextGenerators.random(rnd, 5003, TextGenerators.symbols(0x00, 0x02, 0x80, 0xFE));
        byte[] p = {0x00, (byte) 0x80, (byte) 0xFE};
        TextGenerators.plant(t, p, 0, 1000, 2500, 5000);
        long fp = fingerprint(p, 0, 3, 2);
        for (int i = 0; i + 3 <= t.length; i++) {
            assertThat(fingerprint(t, i, 3, 2)).isEqualTo(fp);
        }
        SequentialRabinKarpMatcher srk = new SequentialRabinKarpMatcher(2);
        int[] expected = naive.find(Text.wrap(t), Pattern.of(p));
        assertThat(expected).contains(0, 1000, 2500, 5000).hasSizeLessThan(500);
        assertThat(srk.find(Text.wrap(t), Pattern.of(p))).isEqualTo(expected);
        assertThat(srk.count(Text.wrap(t), Pattern.of(p))).isEqualTo(expected.length);
    }

    /** Random texts over small alphabets: many unverified hits (counted here), yet the exact answer. */
    @ParameterizedTest(name = "modulus {0}")
    @ValueSource(longs = {2, 3, 7})
    void randomTextsWithManyFalseHits(long prime) {
        Random rnd = new Random(prime * 31);
        SequentialRabinKarpMatcher srk = new SequentialRabinKarpMatcher(prime);
        long falseHits = 0;
        for (int trial = 0; trial < 200; trial++) {
            byte[] alphabet = TextGenerators.randomAlphabet(rnd, 2 + rnd.nextInt(30));
            int n = rnd.nextInt(3000);
            int m = 1 + rnd.nextInt(12);
            byte[] t = TextGenerators.random(rnd, n, alphabet);
            byte[] p = m <= n && rnd.nextBoolean() ? TextGenerators.substring(rnd, t, m)
                    : TextGenerators.random(rnd, m, alphabet);
            long fp = fingerprint(p, 0, m, prime);
            for (int i = 0; i + m <= n; i++) {
                if (fingerprint(t, i, m, prime) == fp && !NaiveMatcher.matchesAt(t, i, p)) {
                    falseHits++;
                }
            }
            int[] expected = naive.find(Text.wrap(t), Pattern.of(p));
            assertThat(srk.find(Text.wrap(t), Pattern.of(p))).as("trial %d n=%d m=%d", trial, n, m).isEqualTo(expected);
            assertThat(srk.count(Text.wrap(t), Pattern.of(p))).as("trial %d", trial).isEqualTo(expected.length);
        }
        assertThat(falseHits).as("fingerprint hits that are not occurrences").isGreaterThan(10_000);
    }

    @Test
    void theModulusMustBeAtLeastTwoAndBelowTwoToThe31() {
        assertThatThrownBy(() -> new SequentialRabinKarpMatcher(1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SequentialRabinKarpMatcher(1L << 31)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new SequentialRabinKarpMatcher((1L << 31) - 1).count(Text.wrap(TextGenerators.repeat(0xFF, 100)),
                Pattern.of(TextGenerators.repeat(0xFF, 40)))).isEqualTo(61);
    }
}
