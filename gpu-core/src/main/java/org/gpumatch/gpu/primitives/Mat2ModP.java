package org.gpumatch.gpu.primitives;

/**
 * 2x2 matrices over Z_p (p a prime below 2^31) as scan elements: {@code [a0 a1; a2 a3]}, row-major, entries in
 * {@code [0, p)}. The product is associative and not commutative; scanning with {@link #right(int)} gives
 * {@code x_0 x_1 ... x_i} and with {@link #left(int)} gives {@code x_i ... x_1 x_0} (the two scans of the cooperative
 * Rabin-Karp fingerprints, SPAA 2016 section 3.3).
 *
 * <p>{@link #productLane} is the device helper (a {@link GroupScanKernel#combine} override calls it with the kernel's
 * prime); the {@link ScanOperator}s are its pure-Java twins. Each lane costs two 64-bit multiplications, one addition
 * and one 64-bit remainder: entries are below 2^31, so each product is below 2^62 and their sum below 2^63.
 *
 * <p>No nested classes here on purpose: Aparapi parses the class of every static helper a kernel calls, and its parser
 * warns about the NestMembers attribute of Java 11+ classes with nested classes.
 */
public final class Mat2ModP implements ScanOperator {
    /** The largest prime the operator accepts: 2^31 - 1. */
    public static final int MAX_PRIME = Integer.MAX_VALUE;

    private final int p;
    private final boolean reversed;

    private Mat2ModP(int p, boolean reversed) {
        this.p = checkModulus(p);
        this.reversed = reversed;
    }

    /**
     * Lane {@code lane} of the product {@code a * b} modulo {@code p}: {@code a[r][0] b[0][c] + a[r][1] b[1][c]} with
     * {@code r = lane / 2}, {@code c = lane % 2}. Callable from kernels.
     */
    public static int productLane(int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3, int p) {
        long x = lane < 2 ? a0 : a2;
        long y = lane < 2 ? a1 : a3;
        long u = (lane & 1) == 0 ? b0 : b1;
        long v = (lane & 1) == 0 ? b2 : b3;
        return (int) ((x * u + y * v) % p);
    }

    /** Lane {@code lane} of the identity matrix. */
    public static int identityLane(int lane) {
        return lane == 0 || lane == 3 ? 1 : 0;
    }

    /** {@code a * b} mod p, host side. */
    public static int[] multiply(int[] a, int[] b, int p) {
        int[] out = new int[4];
        for (int lane = 0; lane < 4; lane++) {
            out[lane] = productLane(lane, a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], p);
        }
        return out;
    }

    /** The inverse of a matrix of determinant 1 mod p: its adjugate {@code [a3 -a1; -a2 a0]} mod p. */
    public static int[] inverseOfUnimodular(int[] a, int p) {
        return new int[] {a[3], negate(a[1], p), negate(a[2], p), a[0]};
    }

    /** The determinant mod p. */
    public static int determinant(int[] a, int p) {
        long d = ((long) a[0] * a[3] - (long) a[1] * a[2]) % p;
        return (int) (d < 0 ? d + p : d);
    }

    private static int negate(int x, int p) {
        return x == 0 ? 0 : p - x;
    }

    /** The product {@code a (+) b = a * b} mod p (scans give {@code x_0 x_1 ... x_i}). */
    public static Mat2ModP right(int p) {
        return new Mat2ModP(p, false);
    }

    /** The reversed product {@code a (+) b = b * a} mod p (scans give {@code x_i ... x_1 x_0}). */
    public static Mat2ModP left(int p) {
        return new Mat2ModP(p, true);
    }

    /** Checks that p can be used: {@code 2 <= p <= 2^31 - 1} (primality is the caller's promise). */
    public static int checkModulus(int p) {
        if (p < 2) {
            throw new IllegalArgumentException("the modulus must be a prime >= 2: " + p);
        }
        return p;
    }

    /** The modulus. */
    public int prime() {
        return p;
    }

    @Override
    public int width() {
        return 4;
    }

    @Override
    public int identity(int lane) {
        return identityLane(lane);
    }

    @Override
    public int combine(int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return reversed ? productLane(lane, b0, b1, b2, b3, a0, a1, a2, a3, p)
                : productLane(lane, a0, a1, a2, a3, b0, b1, b2, b3, p);
    }

    @Override
    public String toString() {
        return (reversed ? "left" : "right") + " 2x2 product mod " + p;
    }
}
