package org.gpumatch.aparapi.rabinkarp;

import java.math.BigInteger;
import java.util.Random;
import org.gpumatch.gpu.primitives.IntAddOp;
import org.gpumatch.gpu.primitives.Mat2ModP;

/**
 * The matrix fingerprints of Karp and Rabin's second family (SPAA 2016 section 3.2, equation 1), extended from bits to
 * bytes, on the host: the per-symbol tables the kernels read, the pattern's fingerprint, and the random prime.
 *
 * <p>Bits: {@code K(0) = [1 0; 1 1]}, {@code K(1) = [1 1; 0 1]}. These generate a free monoid in SL(2, Z), so distinct
 * bit strings have distinct integer products. A byte {@code c} with bits {@code c7..c0} is the bit string
 * {@code c7 c6 ... c0}: {@code K(c) = K(c7) K(c6) ... K(c0)} (entries at most 34), so a byte string's fingerprint is
 * its bit string's and distinct byte strings of one length have distinct integer fingerprints. Everything is reduced
 * modulo a prime p; two different windows collide only when p divides an entry of the difference of their integer
 * products (entries below Fib(8m+2) < 2^(5.6m)), and every collision is caught by the byte comparison that follows.
 *
 * <p>Every {@code K(c)} has determinant 1, so its inverse (the paper's {@code A(c)}, "left inverse") is its adjugate,
 * and products of them never become the zero matrix modulo p (the matchers use that to detect lost device data).
 */
final class CrkMatrixFingerprint {
    /** Lanes per matrix. */
    static final int LANES = 4;

    /** The scan operators CRK and HRK share: S, right products of the symbol matrices. */
    static final int OP_PREFIX = 0;
    /** T, left products of their inverses. */
    static final int OP_INVERSE = 1;
    /** Counts of matches (lane 0 only). */
    static final int OP_COUNT = 2;

    /**
     * Lane {@code lane} of {@code a op b} for the operators above (device code: called from the kernels' {@code combine}):
     * an integer sum, a right product or a left product of 2x2 matrices mod {@code prime}.
     */
    static int combineLane(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3, int prime) {
        return op == OP_COUNT ? (lane == 0 ? IntAddOp.add(a0, b0) : 0)
                : op == OP_PREFIX ? Mat2ModP.productLane(lane, a0, a1, a2, a3, b0, b1, b2, b3, prime)
                : Mat2ModP.productLane(lane, b0, b1, b2, b3, a0, a1, a2, a3, prime);
    }

    /** Lane {@code lane} of the identity of operator {@code op} (device code). */
    static int identityOf(int op, int lane) {
        return op == OP_COUNT ? 0 : Mat2ModP.identityLane(lane);
    }

    private CrkMatrixFingerprint() {
    }

    /** A random prime in [2^30, 2^31): products of two entries fit in 62 bits, a sum of two in a signed long. */
    static int randomPrime(Random random) {
        return BigInteger.probablePrime(31, random).intValueExact();
    }

    /** {@code K(c) mod p} for c = 0..255, lane-interleaved: entry {@code [c * 4 + lane]}. */
    static int[] symbolMatrices(int p) {
        Mat2ModP.checkModulus(p);
        int[] zero = {1, 0, 1 % p, 1};
        int[] one = {1, 1 % p, 0, 1};
        for (int lane = 0; lane < LANES; lane++) {
            zero[lane] %= p;
            one[lane] %= p;
        }
        int[] table = new int[256 * LANES];
        for (int c = 0; c < 256; c++) {
            int[] m = {1 % p, 0, 0, 1 % p};
            for (int bit = 7; bit >= 0; bit--) {
                m = Mat2ModP.multiply(m, ((c >>> bit) & 1) == 0 ? zero : one, p);
            }
            System.arraycopy(m, 0, table, c * LANES, LANES);
        }
        return table;
    }

    /** The inverses {@code A(c) = K(c)^-1 mod p} of a table from {@link #symbolMatrices}. */
    static int[] inverseMatrices(int[] symbolMatrices, int p) {
        int[] table = new int[symbolMatrices.length];
        for (int c = 0; c < symbolMatrices.length / LANES; c++) {
            int[] m = java.util.Arrays.copyOfRange(symbolMatrices, c * LANES, c * LANES + LANES);
            System.arraycopy(Mat2ModP.inverseOfUnimodular(m, p), 0, table, c * LANES, LANES);
        }
        return table;
    }

    /** {@code K(x[from]) K(x[from+1]) ... K(x[to-1]) mod p}, the identity when empty. */
    static int[] of(byte[] x, int from, int to, int[] symbolMatrices, int p) {
        int[] acc = {1 % p, 0, 0, 1 % p};
        for (int i = from; i < to; i++) {
            int c = x[i] & 0xFF;
            acc = Mat2ModP.multiply(acc, java.util.Arrays.copyOfRange(symbolMatrices, c * LANES, c * LANES + LANES), p);
        }
        return acc;
    }
}
