package org.gpumatch.api.cpu;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Searches one part of a text for one pattern with a SWAR probe filter: 8 start offsets per 64-bit word, no copy.
 *
 * <p>A few pattern positions are <em>probes</em> ({@link ProbeChoice}: the rarest bytes by {@link RareByteRank}; two
 * for patterns holding a byte rarer than DNA's, four for DNA-like ones). For the start offsets {@code j .. j+7} the
 * filter reads, for each probe at position {@code a}, the 8 bytes at {@code j+a} (little-endian, through a
 * {@link VarHandle}), XORs them with the probe byte broadcast to all 8 lanes and ORs the probes' results: a zero byte
 * in lane {@code i} means every probe matches at start {@code j+i}. Blocks of 32 (two probes) or 16 (four probes)
 * offsets pass one branch unless some lane is zero; each candidate is verified by one masked 8-byte compare of the
 * pattern's head and, for {@code m > 8}, {@link Arrays#mismatch(byte[], int, int, byte[], int, int)} (vectorized) on
 * the rest. When the probes cover every pattern position ({@code m <= 2}, or {@code m <= 4} for four probes) a
 * candidate is a match: a count adds the lanes' popcount and nothing is verified.
 *
 * <p>Cost per part of {@code L} offsets: {@code L/8} words times (probes loads, XORs and ORs, and a zero-lane test of
 * about 4 operations), plus one verification per candidate (expected {@code L * prod(P(probe byte))} false ones plus
 * the matches), plus the last {@code < 32 + m} offsets of the text checked one by one. Memory: none beyond the
 * pattern. Thread-safe: it holds only the pattern and its probes.
 */
final class PartSearcher {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;
    /**
     * Starts per call of the block loops (a multiple of both block sizes): short calls make HotSpot compile the loops
     * after a few hundred calls (a few hundred KB of text) instead of after 60,000 interpreted iterations (2 MB, each
     * load an interpreted VarHandle call), which a one-shot search of a file would feel.
     */
    private static final int SPAN = 2048;
    private final byte[] p;
    private final int m;
    /** The first min(m, 8) pattern bytes, little-endian, and the mask of those bytes in a word. */
    private final long head;
    private final long headMask;
    private final ProbeChoice probes;
    /** Whether the probes are every pattern position (a candidate is a match). */
    private final boolean exact;
    /** Probe positions and their bytes broadcast to 8 lanes (four entries; two used by the pair loop). */
    private final int a0;
    private final int a1;
    private final int a2;
    private final int a3;
    private final long b0;
    private final long b1;
    private final long b2;
    private final long b3;

    PartSearcher(byte[] p) {
        this.p = p;
        this.m = p.length;
        int k = Math.min(8, m);
        this.headMask = k == 8 ? -1L : (1L << (8 * k)) - 1;
        long h = 0;
        for (int j = k - 1; j >= 0; j--) {
            h = (h << 8) | (p[j] & 0xFF);
        }
        this.head = h;
        this.probes = ProbeChoice.of(p);
        this.exact = probes.coversPattern();
        int[] at = probes.positions();
        a0 = at[0];
        a1 = at[1];
        a2 = at[2];
        a3 = at[3];
        b0 = broadcast(p[a0]);
        b1 = broadcast(p[a1]);
        b2 = broadcast(p[a2]);
        b3 = broadcast(p[a3]);
    }

    /**
     * Counts the occurrences starting at offsets {@code [from, to)} of {@code t} (the caller guarantees
     * {@code to + m - 1 <= t.length}), appending their offsets to {@code out}, ascending, when it is not null.
     */
    long search(byte[] t, int from, int to, OffsetList out) {
        if (to <= from) {
            return 0;
        }
        int block = probes.isQuad() ? 16 : 32;
        // the starts whose block loads (and 8-byte head compares) stay inside t, in whole blocks
        int blocksEnd = from + Math.max(0, Math.min(to, t.length - Math.max(m, 8) + 1) - from) / block * block;
        long found = 0;
        for (int j = from; j < blocksEnd; j += SPAN) {
            int spanEnd = Math.min(blocksEnd, j + SPAN);
            found += probes.isQuad() ? quads(t, j, spanEnd, out) : pairs(t, j, spanEnd, out);
        }
        return found + oneByOne(t, blocksEnd, to, out);
    }

    /** Two probes, 32 offsets per block: starts {@code [from, end)}, a whole number of blocks. */
    private long pairs(byte[] t, int from, int end, OffsetList out) {
        boolean lanesAreMatches = exact && out == null; // a count over probes that cover the pattern
        long found = 0;
        for (int j = from; j < end; j += 32) {
            long x0 = ((long) LONGS.get(t, j + a0) ^ b0) | ((long) LONGS.get(t, j + a1) ^ b1);
            long x1 = ((long) LONGS.get(t, j + 8 + a0) ^ b0) | ((long) LONGS.get(t, j + 8 + a1) ^ b1);
            long x2 = ((long) LONGS.get(t, j + 16 + a0) ^ b0) | ((long) LONGS.get(t, j + 16 + a1) ^ b1);
            long x3 = ((long) LONGS.get(t, j + 24 + a0) ^ b0) | ((long) LONGS.get(t, j + 24 + a1) ^ b1);
            if ((((x0 - ONES) & ~x0 | (x1 - ONES) & ~x1 | (x2 - ONES) & ~x2 | (x3 - ONES) & ~x3) & HIGH) != 0) {
                found += lanesAreMatches ? Long.bitCount(zeroLanes(x0)) + Long.bitCount(zeroLanes(x1))
                        + Long.bitCount(zeroLanes(x2)) + Long.bitCount(zeroLanes(x3)) : block(t, j, 4, out);
            }
        }
        return found;
    }

    /** Four probes, 16 offsets per block: starts {@code [from, end)}, a whole number of blocks. */
    private long quads(byte[] t, int from, int end, OffsetList out) {
        boolean lanesAreMatches = exact && out == null; // a count over probes that cover the pattern
        long found = 0;
        for (int j = from; j < end; j += 16) {
            long x0 = ((long) LONGS.get(t, j + a0) ^ b0) | ((long) LONGS.get(t, j + a1) ^ b1)
                    | ((long) LONGS.get(t, j + a2) ^ b2) | ((long) LONGS.get(t, j + a3) ^ b3);
            long x1 = ((long) LONGS.get(t, j + 8 + a0) ^ b0) | ((long) LONGS.get(t, j + 8 + a1) ^ b1)
                    | ((long) LONGS.get(t, j + 8 + a2) ^ b2) | ((long) LONGS.get(t, j + 8 + a3) ^ b3);
            if ((((x0 - ONES) & ~x0 | (x1 - ONES) & ~x1) & HIGH) != 0) {
                found += lanesAreMatches ? Long.bitCount(zeroLanes(x0)) + Long.bitCount(zeroLanes(x1))
                        : block(t, j, 2, out);
            }
        }
        return found;
    }

    /**
     * The matches among the {@code 8 * words} starts from {@code j}, a block the loop flagged: its probe words are
     * computed again one at a time, so that the compiled loops hold one copy of the candidate code, not one per word.
     */
    private int block(byte[] t, int j, int words, OffsetList out) {
        int found = 0;
        for (int s = j; s < j + 8 * words; s += 8) {
            long x = ((long) LONGS.get(t, s + a0) ^ b0) | ((long) LONGS.get(t, s + a1) ^ b1)
                    | ((long) LONGS.get(t, s + a2) ^ b2) | ((long) LONGS.get(t, s + a3) ^ b3);
            long lanes = zeroLanes(x);
            if (lanes != 0) {
                found += candidates(t, s, lanes, out);
            }
        }
        return found;
    }

    /** The high bit of each zero byte of {@code x}, exactly (no carries between lanes). */
    private static long zeroLanes(long x) {
        return ~(((x & LOW7) + LOW7) | x | LOW7);
    }

    /**
     * The matches among starts {@code j .. j+7} whose lanes' high bits are set in {@code lanes} (the starts where
     * every probe matched). Branch-free in whether a candidate matches (for {@code m <= 8}): HotSpot compiles a branch
     * its profile never saw taken into a trap, and a pattern whose first match comes after the profiling would pay a
     * recompilation.
     */
    private int candidates(byte[] t, int j, long lanes, OffsetList out) {
        if (exact && out == null) {
            return Long.bitCount(lanes);
        }
        int found = 0;
        for (; lanes != 0; lanes &= lanes - 1) {
            int s = j + (Long.numberOfTrailingZeros(lanes) >>> 3);
            int hit = exact ? 1 : matchAt(t, s);
            found += hit;
            if (out != null) {
                out.addIf(s, hit);
            }
        }
        return found;
    }

    /**
     * 1 if the pattern occurs at {@code s}, else 0; needs {@code s + max(m, 8) <= t.length}. The head compare is
     * branch-free; the rest ({@code m > 8}) is compared only behind a matching head (a call per false candidate would
     * halve the speed on DNA), which on random bytes HotSpot may first see taken at the first match (one recompile).
     */
    private int matchAt(byte[] t, int s) {
        long d = ((long) LONGS.get(t, s) & headMask) ^ head;
        int headHit = (int) (((d | -d) >>> 63) ^ 1); // 1 iff the first min(m, 8) bytes match
        if (m <= 8 || headHit == 0) {
            return headHit;
        }
        return Arrays.mismatch(t, s + 8, s + m, p, 8, m) >>> 31;
    }

    /** Starts {@code [from, to)} checked one by one (the end of a part or of the text). */
    private long oneByOne(byte[] t, int from, int to, OffsetList out) {
        long found = 0;
        byte first = p[0];
        for (int s = from; s < to; s++) {
            if (t[s] == first && Arrays.equals(t, s, s + m, p, 0, m)) {
                found++;
                if (out != null) {
                    out.add(s);
                }
            }
        }
        return found;
    }

    private static long broadcast(byte b) {
        return (b & 0xFFL) * ONES;
    }
}
