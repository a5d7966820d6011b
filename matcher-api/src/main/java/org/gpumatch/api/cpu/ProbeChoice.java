package org.gpumatch.api.cpu;

import java.util.Arrays;

/**
 * The pattern positions {@link PartSearcher}'s filter compares at every start offset: the rarest bytes by
 * {@link RareByteRank} (ties: the last position, then the first, then left to right, so probes spread over the
 * pattern). Two probes when the second rarest byte is rarer than DNA's bases (a false candidate at most about once per
 * few hundred offsets in text, once per 65,536 in random bytes); four when the pattern is DNA-like, where a base
 * matches a quarter of the offsets and two probes would stop every 16th. Cost: O(m) once per pattern; memory:
 * four ints.
 */
final class ProbeChoice {
    /** Byte ranks at or above this are DNA-like (a quarter of a DNA text each): such patterns get four probes. */
    static final int COMMON_RANK = 200;
    private final int[] positions;
    private final boolean quad;
    private final boolean coversPattern;

    private ProbeChoice(int[] positions, boolean quad, boolean coversPattern) {
        this.positions = positions;
        this.quad = quad;
        this.coversPattern = coversPattern;
    }

    /** The probes of the non-empty pattern {@code p}. */
    static ProbeChoice of(byte[] p) {
        int m = p.length;
        int[] rarest = new int[Math.min(m, 4)]; // the rarest positions, rarest first (insertion into a short list)
        int kept = 0;
        for (int j : visitOrder(m)) {
            int at = kept < rarest.length ? kept++ : rarest.length;
            while (at > 0 && RareByteRank.rank(p[j]) < RareByteRank.rank(p[rarest[at - 1]])) {
                if (at < rarest.length) {
                    rarest[at] = rarest[at - 1];
                }
                at--;
            }
            if (at < rarest.length) {
                rarest[at] = j;
            }
        }
        boolean quad = m > 2 && RareByteRank.rank(p[rarest[1]]) >= COMMON_RANK;
        int used = Math.min(m, quad ? 4 : 2);
        int[] positions = new int[4];
        for (int k = 0; k < positions.length; k++) {
            positions[k] = rarest[Math.min(k, used - 1)]; // repeats a probe where the pattern is shorter
        }
        return new ProbeChoice(positions, quad, used == m);
    }

    /** Positions in tie-break order: the last, then the first, then left to right (equal ranks keep this order). */
    private static int[] visitOrder(int m) {
        int[] order = new int[m];
        order[0] = m - 1;
        for (int j = 0; j < m - 1; j++) {
            order[j + 1] = j;
        }
        return order;
    }

    /** Four positions in the pattern; the pair filter uses the first two (repeated where {@code m} is small). */
    int[] positions() {
        return positions.clone();
    }

    /** Whether the filter uses four probes (else two). */
    boolean isQuad() {
        return quad;
    }

    /** Whether the probes are every position of the pattern, so that a candidate is a match. */
    boolean coversPattern() {
        return coversPattern;
    }

    @Override
    public String toString() {
        return (quad ? "four" : "two") + " probes at " + Arrays.toString(Arrays.copyOf(positions, quad ? 4 : 2));
    }
}
