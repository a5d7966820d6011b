package org.gpumatch.api.reference;

import org.gpumatch.api.Algorithm;

/**
 * Sequential Rabin-Karp (the SPAA 2016 paper's SRK baseline): a rolling fingerprint
 * {@code F(i) = sum t[i+j] * 256^(m-1-j) mod p} updated in O(1) per character, each fingerprint hit verified against the
 * pattern bytes, so it never reports a false positive.
 *
 * <p>Cost: O(n + m) expected, O(nm) worst case (every window a hit); extra memory O(1) beyond the result. The prime is
 * fixed by the constructor so tests can build colliding windows on purpose.
 */
public final class SequentialRabinKarpMatcher extends CpuReferenceMatcher {
    /** The default modulus: the largest prime below 2^31, so all products fit a {@code long}. */
    public static final long DEFAULT_PRIME = 2_147_483_647L;

    private final long prime;

    public SequentialRabinKarpMatcher() {
        this(DEFAULT_PRIME);
    }

    /** A matcher hashing modulo {@code prime} ({@code 2 <= prime < 2^31}; need not be prime for correctness, only for speed). */
    public SequentialRabinKarpMatcher(long prime) {
        super(Algorithm.SRK);
        if (prime < 2 || prime >= (1L << 31)) {
            throw new IllegalArgumentException("modulus must be in [2, 2^31): " + prime);
        }
        this.prime = prime;
    }

    @Override
    long search(byte[] t, byte[] p, int[] out) {
        int n = t.length;
        int m = p.length;
        if (m > n) {
            return 0;
        }
        long highPower = 1; // 256^(m-1) mod prime
        for (int j = 1; j < m; j++) {
            highPower = (highPower << 8) % prime;
        }
        long fp = 0;
        long fw = 0;
        for (int j = 0; j < m; j++) {
            fp = ((fp << 8) + (p[j] & 0xFF)) % prime;
            fw = ((fw << 8) + (t[j] & 0xFF)) % prime;
        }
        long found = 0;
        for (int i = 0; ; i++) {
            if (fw == fp && NaiveMatcher.matchesAt(t, i, p)) {
                if (out != null) {
                    out[(int) found] = i;
                }
                found++;
            }
            if (i + m >= n) {
                return found;
            }
            long dropped = ((t[i] & 0xFF) * highPower) % prime;
            fw = (((fw - dropped + prime) << 8) + (t[i + m] & 0xFF)) % prime;
        }
    }
}
