package org.gpumatch.kmismatch;

import org.gpumatch.api.Alphabet;

/**
 * Packs bytes into 32-bit words at a power-of-two number of bits per symbol (1, 2, 4 or 8), each byte replaced by its
 * rank in an alphabet, symbol i at bits {@code (i % (32 / bits)) * bits} of word {@code i / (32 / bits)}. The packed
 * array ends with two zero words so that a reader of word {@code q + 1} never leaves it. Cost: one pass, n bytes read,
 * n * bits / 8 bytes written. (The exact matchers pack the same way in matcher-aparapi; this module may not depend on
 * them, so a shared utility would move to matcher-api.)
 */
public final class SymbolCodePacker {
    private final int[] codes = new int[256];
    private final int bits;

    /** Codes for the symbols of {@code alphabet}, in ascending byte order. */
    public SymbolCodePacker(Alphabet alphabet) {
        int rank = 0;
        for (int v = 0; v < 256; v++) {
            if (alphabet.contains(v)) {
                codes[v] = rank++;
            }
        }
        int needed = rank <= 2 ? 1 : 32 - Integer.numberOfLeadingZeros(rank - 1);
        int b = 1;
        while (b < needed) {
            b <<= 1;
        }
        this.bits = b;
    }

    /** Bits per symbol: 1, 2, 4 or 8. */
    public int bits() {
        return bits;
    }

    /** Symbols per 32-bit word. */
    public int symbolsPerWord() {
        return 32 / bits;
    }

    /** The packed words of {@code bytes}, plus two zero words. */
    public int[] pack(byte[] bytes) {
        int spw = symbolsPerWord();
        int[] words = new int[(bytes.length + spw - 1) / spw + 2];
        for (int i = 0; i < bytes.length; i++) {
            words[i / spw] |= codes[bytes[i] & 0xFF] << ((i % spw) * bits);
        }
        return words;
    }
}
