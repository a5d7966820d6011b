package org.gpumatch.aparapi.multi;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Text;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * Steps 1-4 of multi-rk (power tables, terms {@code a_i = d^(n-i-1) t_i mod q}, exclusive chunk scan of longs in
 * place) against a sequential reference that shares no code with them: sizes 1 (0 never reaches the device; the kit
 * covers it), around the chunk (3 and 16),
 * the work-group (16 and 256 work-items), the window tile and the chunk levels; q = 13, q = 2^31 - 1 (the Mersenne
 * fold) and q = 2^31 - 19 (the largest prime below it, 64-bit {@code %}); the sums in one array and split into
 * two at 1 and 47 elements (as texts above 2^28 - 1 characters are); and one text above 2^24 characters, where
 * the sums pass 2^52.
 */
class MultiRkPrefixSumsTest {
    private static final int[] SMALL_SIZES = {1, 2, 3, 4, 15, 16, 17, 47, 48, 49, 255, 256, 257, 767, 768, 769,
        2303, 2304, 2305, 4095, 4096, 4097, 100_003};
    private static final int LARGEST_PRIME_BELOW_MERSENNE = 2_147_483_629;

    @Test
    void modularArithmeticMatchesBigInteger() {
        Random rnd = new Random(5);
        for (int q : new int[] {13, 65521, LARGEST_PRIME_BELOW_MERSENNE, PolynomialHash.DEFAULT_Q}) {
            for (int trial = 0; trial < 20_000; trial++) {
                int a = trial < 4 ? q - 1 - trial % 2 : rnd.nextInt(q);
                int b = trial < 4 ? q - 1 - trial / 2 : rnd.nextInt(q);
                long expected = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(BigInteger.valueOf(q))
                        .longValue();
                assertThat(MultiRkKernel.mulMod(a, b, q)).as("%d * %d mod %d", a, b, q).isEqualTo(expected);
                long x = trial < 4 ? (1L << 62) - 1 - trial : rnd.nextLong() >>> 2;
                assertThat(MultiRkKernel.reduce(x, q)).as("%d mod %d", x, q).isEqualTo(Math.floorMod(x, q));
            }
        }
    }

    @Test
    void powerTableMatchesSquaring() {
        Random rnd = new Random(6);
        for (int q : new int[] {13, LARGEST_PRIME_BELOW_MERSENNE, PolynomialHash.DEFAULT_Q}) {
            int d = 2 + rnd.nextInt(q - 2);
            PowerTable table = new PowerTable(d, q, MultiRkMatcher.MAX_TEXT_LENGTH);
            for (int trial = 0; trial < 5_000; trial++) {
                int e = trial < 3 ? new int[] {0, PowerTable.LOW_MASK + 1, MultiRkMatcher.MAX_TEXT_LENGTH}[trial]
                        : rnd.nextInt(MultiRkMatcher.MAX_TEXT_LENGTH + 1);
                assertThat(table.power(e)).as("%d^%d mod %d", d, e, q).isEqualTo(PolynomialHash.powMod(d, e, q));
            }
        }
    }

    @Test
    void smallGeometryAllSizes() {
        Random rnd = new Random(7);
        for (PolynomialHash hash : List.of(new PolynomialHash(13, 2), PolynomialHash.random(rnd),
                new PolynomialHash(LARGEST_PRIME_BELOW_MERSENNE, LARGEST_PRIME_BELOW_MERSENNE - 2))) {
            for (int split : new int[] {MultiRkMatcher.MAX_SUMS_PART, 1, 47}) {
                try (MultiRkMatcher rk = new MultiRkMatcher(TestDevices.openCl(), 16, 3, hash, split)) {
                    for (int n : SMALL_SIZES) {
                        byte[] t = randomBytes(n, rnd);
                        assertThat(rk.prefixSums(Text.wrap(t))).as("n=%d %s split %d", n, hash, split)
                                .isEqualTo(reference(t, hash));
                    }
                }
            }
        }
    }

    @Test
    void defaultGeometryAroundTiles() {
        Random rnd = new Random(8);
        PolynomialHash hash = PolynomialHash.random(rnd);
        try (MultiRkMatcher rk = new MultiRkMatcher(TestDevices.openCl(), 256, 0, hash)) {
            for (int n : new int[] {1, 4095, 4096, 4097, 65_535, 65_536, 65_537, (1 << 20) + 1}) {
                byte[] t = randomBytes(n, rnd);
                assertThat(rk.prefixSums(Text.wrap(t))).as("n=%d", n).isEqualTo(reference(t, hash));
            }
        }
    }

    /**
     * n = 2^24 + 3 random bytes with a run of 0xFF: the sums pass 2^52 (no 32-bit or mod-q shortcut passes). Step 5
     * reduces their differences with {@link MultiRkKernel#reduce}, checked against BigInteger up to 2^62 above.
     */
    @Test
    void exactAboveTwoToThe24() {
        Random rnd = new Random(9);
        PolynomialHash hash = PolynomialHash.random(rnd);
        int n = (1 << 24) + 3;
        byte[] t = randomBytes(n, rnd);
        Arrays.fill(t, n - 5000, n - 2000, (byte) 0xFF);
        try (MultiRkMatcher rk = new MultiRkMatcher(TestDevices.openCl(), MultiRkMatcher.DEFAULT_LOCAL_SIZE, 0,
                hash)) {
            long[] sums = rk.prefixSums(Text.wrap(t));
            assertThat(sums[n]).isGreaterThan(1L << 52);
            assertThat(sums).isEqualTo(reference(t, hash));
        }
    }

    private static byte[] randomBytes(int n, Random rnd) {
        byte[] t = new byte[n];
        rnd.nextBytes(t);
        return t;
    }

    /** {@code S_0..S_n} sequentially: powers from {@code d^0} at {@code i = n - 1} downwards. */
    static long[] reference(byte[] t, PolynomialHash hash) {
        int n = t.length;
        long q = hash.q();
        long[] a = new long[n];
        long p = 1;
        for (int i = n - 1; i >= 0; i--) {
            a[i] = p * (t[i] & 0xFF) % q;
            p = p * hash.d() % q;
        }
        long[] sums = new long[n + 1];
        for (int i = 0; i < n; i++) {
            sums[i + 1] = sums[i] + a[i];
        }
        return sums;
    }
}
