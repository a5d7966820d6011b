package org.gpumatch.aparapi.multi;

import java.util.Random;

/**
 * The hash of {@code multi-rk}: {@code h(x_0..x_{m-1}) = sum x_j d^(m-1-j) mod q} over unsigned bytes, with q a prime
 * below 2^31 and {@code 1 < d < q}. Two different windows of length m collide with probability at most
 * {@code (m-1)/q} over a random d; the default {@code q = 2^31 - 1} keeps chance hits per window near
 * {@code k m / 2^31} (the paper's {@code q = 65521} would make about {@code k / 65521} of all windows candidates).
 *
 * <p>Host side only: O(m) per pattern, no memory.
 */
public final class PolynomialHash {
    /** The default modulus, the Mersenne prime 2^31 - 1. */
    public static final int DEFAULT_Q = Integer.MAX_VALUE;

    private final int q;
    private final int d;

    /**
     * @param q a prime, {@code 2 < q < 2^31} (not checked for primality beyond trial division up to 2^16)
     * @param d the base, {@code 1 < d < q}
     */
    public PolynomialHash(int q, int d) {
        if (q < 3 || !isPrime(q)) {
            throw new IllegalArgumentException("q must be a prime above 2: " + q);
        }
        if (d < 2 || d >= q) {
            throw new IllegalArgumentException("d must be in 2..q-1: " + d);
        }
        this.q = q;
        this.d = d;
    }

    /** q = 2^31 - 1 and a random base in {@code [2^16, q)}. */
    public static PolynomialHash random(Random rnd) {
        return new PolynomialHash(DEFAULT_Q, (1 << 16) + rnd.nextInt(DEFAULT_Q - (1 << 16)));
    }

    /** The prime modulus. */
    public int q() {
        return q;
    }

    /** The base. */
    public int d() {
        return d;
    }

    /** {@code d^-1 mod q = d^(q-2) mod q} (Fermat's little theorem). */
    public int dInverse() {
        return powMod(d, q - 2, q);
    }

    /** The hash of {@code bytes[from .. from + m)}. */
    public int hash(byte[] bytes, int from, int m) {
        long h = 0;
        for (int j = 0; j < m; j++) {
            h = (h * d + (bytes[from + j] & 0xFF)) % q;
        }
        return (int) h;
    }

    /** {@code b^e mod q} by squaring. */
    static int powMod(int b, long e, int q) {
        long result = 1;
        long base = b % q;
        while (e > 0) {
            if ((e & 1) != 0) {
                result = result * base % q;
            }
            base = base * base % q;
            e >>= 1;
        }
        return (int) result;
    }

    private static boolean isPrime(int x) {
        for (long f = 2; f * f <= x; f++) {
            if (x % f == 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "q=" + q + " d=" + d;
    }
}
