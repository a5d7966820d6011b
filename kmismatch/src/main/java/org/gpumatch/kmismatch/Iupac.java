package org.gpumatch.kmismatch;

/**
 * DNA symbols as 4-bit base sets (A=1, C=2, G=4, T/U=8, case-insensitive) and IUPAC codes (R, Y, S, W, K, M, B, D, H,
 * V, N) as the union of their bases; any other byte is the empty set, so it matches nothing. O(1) per symbol.
 */
public final class Iupac {
    private static final int[] SETS = new int[256];
    private static final byte[] COMPLEMENT = new byte[256];

    static {
        String codes = "ACGTURYSWKMBDHVN";
        int[] sets = {1, 2, 4, 8, 8, 1 | 4, 2 | 8, 2 | 4, 1 | 8, 4 | 8, 1 | 2, 2 | 4 | 8, 1 | 4 | 8, 1 | 2 | 8, 1 | 2 | 4,
            15};
        String complements = "TGCAAYRSWMKVHDBN";
        for (int i = 0; i < 256; i++) {
            COMPLEMENT[i] = (byte) i;
        }
        for (int i = 0; i < codes.length(); i++) {
            char c = codes.charAt(i);
            char lower = Character.toLowerCase(c);
            SETS[c] = sets[i];
            SETS[lower] = sets[i];
            COMPLEMENT[c] = (byte) complements.charAt(i);
            COMPLEMENT[lower] = (byte) Character.toLowerCase(complements.charAt(i));
        }
    }

    private Iupac() {
    }

    /** The base set of a symbol as an IUPAC code (0 for a byte that is not one). */
    public static int baseSet(byte symbol) {
        return SETS[symbol & 0xFF];
    }

    /**
     * The index of the first byte of {@code pattern} that is not an IUPAC nucleotide code (A C G T U R Y S W K M B D H
     * V N, any case), or -1 when every byte is one: the one check every {@code --iupac} pattern and guide passes (a
     * {@code X}, {@code -}, {@code .} or digit would otherwise be the empty set and silently mismatch everything). O(m).
     */
    public static int firstInvalid(byte[] pattern) {
        for (int i = 0; i < pattern.length; i++) {
            if (SETS[pattern[i] & 0xFF] == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The plain base of a text symbol: its set when it is A, C, G, T or U (any case), else 0 (matches nothing). */
    public static int textBase(byte symbol) {
        int s = SETS[symbol & 0xFF];
        return Integer.bitCount(s) == 1 ? s : 0;
    }

    /**
     * The reverse complement of a DNA pattern: IUPAC codes complemented (R and Y swap, N stays, ...), other bytes kept.
     * Cost: m bytes.
     */
    public static byte[] reverseComplement(byte[] pattern) {
        byte[] out = new byte[pattern.length];
        for (int i = 0; i < pattern.length; i++) {
            out[pattern.length - 1 - i] = COMPLEMENT[pattern[i] & 0xFF];
        }
        return out;
    }
}
