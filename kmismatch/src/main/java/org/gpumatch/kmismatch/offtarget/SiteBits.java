package org.gpumatch.kmismatch.offtarget;

/**
 * The arithmetic shared by the CPU search and the {@code OffTargetKernel} (Aparapi emits these static methods as C
 * functions): 32 genome positions at a time in the "2-bit domain" of a {@code long} (position j in bits 2j, 2j+1), read
 * from a {@link org.gpumatch.sequence.PackedGenome}'s words at any offset, and the positions where a site differs from
 * a pattern given as four "base not allowed here" masks. O(1) per 32 positions: a few shifts, ANDs and ORs.
 */
public final class SiteBits {
    /** The low bit of every position. */
    static final long LOW = 0x5555555555555555L;

    private SiteBits() {
    }

    /** The 2-bit codes of the 32 positions from {@code p} (A=0, C=1, G=2, T=3) read from 16-per-int packed words. */
    public static long bases32(int[] words, long p) {
        int w = (int) (p >>> 4);
        int sh = ((int) p & 15) << 1;
        long x = ((words[w] & 0xFFFFFFFFL) | ((long) words[w + 1] << 32)) >>> sh;
        if (sh != 0) {
            x = x | ((long) words[w + 2] << (64 - sh));
        }
        return x;
    }

    /** The exception bits of the 32 positions from {@code p}, moved to the low bit of each position. */
    public static long exceptions32(int[] mask, long p) {
        int w = (int) (p >>> 5);
        int sh = (int) p & 31;
        long y = (((mask[w] & 0xFFFFFFFFL) | ((long) mask[w + 1] << 32)) >>> sh) & 0xFFFFFFFFL;
        y = (y | (y << 16)) & 0x0000FFFF0000FFFFL;
        y = (y | (y << 8)) & 0x00FF00FF00FF00FFL;
        y = (y | (y << 4)) & 0x0F0F0F0F0F0F0F0FL;
        y = (y | (y << 2)) & 0x3333333333333333L;
        return (y | (y << 1)) & LOW;
    }

    /**
     * The low bits of the positions that count as mismatches against a query of plain bases: {@code expected} holds the
     * query's codes, {@code care} the low bits of its positions other than N; an exception symbol always mismatches.
     */
    public static long plainMismatchBits(long bases, long exceptions, long expected, long care) {
        long v = bases ^ expected;
        return ((v | (v >>> 1) | exceptions) & care);
    }

    /**
     * The low bits of the positions that count as mismatches: a base the position's set does not allow
     * ({@code notA..notT}: low bits where A..T is not allowed), or an exception symbol where the set is not N.
     */
    public static long mismatchBits(long bases, long exceptions, long notA, long notC, long notG, long notT) {
        long lo = bases & LOW;
        long hi = (bases >>> 1) & LOW;
        long bad = (~hi & ~lo & LOW & notA) | (~hi & lo & notC) | (hi & ~lo & notG) | (hi & lo & notT);
        return (bad & ~exceptions) | (exceptions & (notA | notC | notG | notT));
    }
}
