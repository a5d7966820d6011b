package org.gpumatch.aparapi.multi;

/**
 * Step 1 of {@code multi-rk}: {@code base^e mod q} for every {@code 0 <= e <= maxExponent} from two small tables
 * (a baby-step giant-step split of the exponent, {@code e = hi * 2^}{@value #LOW_BITS}{@code + lo}):
 * {@code low[lo] = base^lo} and {@code high[hi] = base^(hi * 2^LOW_BITS)}, so
 * {@code base^e = high[e >>> LOW_BITS] * low[e & LOW_MASK] mod q}: two table reads and one modular multiplication
 * per power, on the host ({@link #power(int)}) and on the device ({@link #power(int, int[], int[], int)}, called by
 * {@link MultiRkKernel} and CRK's kernel). The paper tabulates
 * {@code d^i} for {@code i < q - 1} (Fermat); for texts of up to 2^28 characters these two tables hold the same
 * powers in {@code 2^14 + 2^14} ints instead of n.
 *
 * <p>Host side: built once per matcher in {@code 2^LOW_BITS + maxExponent / 2^LOW_BITS} modular multiplications.
 * Memory: {@code 4 (2^LOW_BITS + maxExponent / 2^LOW_BITS + 1)} bytes (128 KiB for {@code maxExponent < 2^28}).
 */
public final class PowerTable {
    /** Bits of the exponent that index {@link #low}. */
    public static final int LOW_BITS = 14;
    /** {@code 2^LOW_BITS - 1}. */
    public static final int LOW_MASK = (1 << LOW_BITS) - 1;

    /** {@code base^lo mod q} for {@code lo < 2^LOW_BITS}. */
    public final int[] low;
    /** {@code base^(hi * 2^LOW_BITS) mod q} for {@code hi <= maxExponent >>> LOW_BITS}. */
    public final int[] high;
    private final int q;

    /**
     * @param base {@code 0 < base < q}
     * @param q the prime modulus, below 2^31
     * @param maxExponent the largest exponent asked for, non-negative
     */
    public PowerTable(int base, int q, int maxExponent) {
        if (maxExponent < 0) {
            throw new IllegalArgumentException("maxExponent must not be negative: " + maxExponent);
        }
        this.q = q;
        low = new int[1 << LOW_BITS];
        high = new int[(maxExponent >>> LOW_BITS) + 1];
        long p = 1 % q;
        for (int j = 0; j < low.length; j++) {
            low[j] = (int) p;
            p = p * base % q;
        }
        long giant = p; // base^(2^LOW_BITS)
        p = 1 % q;
        for (int j = 0; j < high.length; j++) {
            high[j] = (int) p;
            p = p * giant % q;
        }
    }

    /** {@code base^e mod q} for {@code 0 <= e <= maxExponent}, as the device computes it. */
    public int power(int e) {
        return power(e, low, high, q);
    }

    /** {@code base^e mod q} from a table's arrays (device code: two reads, one 64-bit product and remainder). */
    public static int power(int e, int[] low, int[] high, int q) {
        return (int) ((long) high[e >>> LOW_BITS] * low[e & LOW_MASK] % q);
    }
}
