package org.gpumatch.aparapi.rabinkarp;

import java.math.BigInteger;
import java.util.Random;

/**
 * The additive prefix fingerprints that CRK and HRK share (host side, plus the barrier-free device helpers
 * {@link #mulMod} and {@link #powMod} the kernels call): with a prime {@code p < 2^31}, a base {@code B} and the byte
 * values {@code c_i = y_i & 0xFF} as codes,
 * <pre>
 *   v_i = c_i * B^(i - s) mod p          (s: where the prefix starts: 0 for CRK, the subtext start for HRK)
 *   P(k) = v_s + ... + v_(k-1)           (a plain 64-bit sum: exact, since v_i &lt; p &lt; 2^31 and k - s &lt; 2^31)
 *   P(r + m) - P(r) = B^(r - s) * G(y_r .. y_(r+m-1)) mod p,   G(x_0 .. x_(m-1)) = sum c(x_j) B^j mod p.
 * </pre>
 * So a window equal to the pattern satisfies {@code (P(r+m) - P(r)) mod p == G(pattern) * B^(r-s) mod p}: every
 * occurrence is a candidate (no false negatives, for every p and B), and every candidate is compared byte by byte on
 * the device before it counts (no false positives). This replaces the paper's 2x2 matrix fingerprints (SPAA 2016
 * section 3.2): their prefixes are products, which need a scan of a non-commutative operator, where these are sums,
 * which the one composition model's add scans (gpu-core's {@code TileKernel.groupScan4} and the grid layer's exact
 * 64-bit scan) give exactly. Two different windows collide when B is a root of the nonzero
 * polynomial {@code G(a) - G(b)} of degree below m over Z_p: for a random base, probability at most
 * {@code (m - 1) / (p - 256)}, about {@code m / 2^30}; collisions cost a byte comparison, never a wrong answer.
 *
 * <p>Device arithmetic: {@link #mulMod} is one 64-bit multiplication and one 64-bit remainder (operands below 2^31,
 * so the product is below 2^62).
 */
final class CrkFingerprint {
    private CrkFingerprint() {
    }

    /** A random prime in [2^30, 2^31): products of two residues fit in 62 bits, sums of 2^31 of them in 62 too. */
    static int randomPrime(Random random) {
        return BigInteger.probablePrime(31, random).intValueExact();
    }

    /** Checks that p can be used: {@code 2 <= p <= 2^31 - 1} (primality is the caller's promise). */
    static int checkModulus(int p) {
        if (p < 2) {
            throw new IllegalArgumentException("the modulus must be at least 2: " + p);
        }
        return p;
    }

    /**
     * The base of the fingerprints modulo p: random in [256, p) when {@code random} is given (p above 256), else the
     * fixed {@code min(257, p - 1)} (at least 1) of tests with tiny primes.
     */
    static int base(int p, Random random) {
        if (random != null && p > 257) {
            return 256 + random.nextInt(p - 256);
        }
        return Math.max(1, Math.min(257, p - 1));
    }

    /** {@code G(x[from..to)) = sum (x_j & 0xFF) * B^(j - from) mod p}, 0 when empty (host reference). */
    static int of(byte[] x, int from, int to, int base, int p) {
        long g = 0;
        long power = 1 % p;
        for (int j = from; j < to; j++) {
            g = (g + (x[j] & 0xFF) * power) % p;
            power = power * base % p;
        }
        return (int) g;
    }

    /** {@code B^e mod p} for {@code e >= 0} (host). */
    static int power(int base, long e, int p) {
        return BigInteger.valueOf(base).modPow(BigInteger.valueOf(e), BigInteger.valueOf(p)).intValueExact();
    }

    /** {@code a * b mod p} for {@code 0 <= a, b < 2^31}, {@code p < 2^31}; device and host. */
    static int mulMod(int a, int b, int p) {
        return (int) ((long) a * b % p);
    }

    /**
     * {@code base^e mod p} for {@code 0 <= base < p}, {@code e >= 0}, by squaring: at most {@code 2 log2(e)} of
     * {@link #mulMod}; device and host (the kernels call it once per work-item, not per window).
     */
    static int powMod(int base, int e, int p) {
        int result = 1 % p;
        int square = base;
        for (int rest = e; rest > 0; rest >>>= 1) {
            if ((rest & 1) != 0) {
                result = mulMod(result, square, p);
            }
            square = mulMod(square, square, p);
        }
        return result;
    }
}
