package org.gpumatch.suffixarray.gpu;

import java.util.stream.IntStream;

/**
 * The text as the prefix doubling kernels read it, made on the host: its alphabet ({@link #alphabet}: codes
 * {@code 1..sigma} for the byte values present, so that a 64-bit key holds {@code 64 / bits(sigma)} symbols) and the
 * bytes packed four to an int ({@link #pack}). Both are one parallel pass over the text (all cores).
 */
final class PackedText {
    private PackedText() {
    }

    /**
     * Fills {@code codes} with 1..sigma for the byte values present, in byte order; returns sigma. One parallel pass
     * (all cores) over the text; each byte is one store into a 256-entry table of its chunk (no dependency from one
     * byte to the next, unlike setting bits of a word: 3x faster on a 2-core VM).
     */
    static int alphabet(byte[] text, int[] codes) {
        int chunks = (int) Math.min(1024, (text.length + (1L << 16) - 1) >> 16);
        boolean[][] seen = new boolean[chunks][];
        IntStream.range(0, chunks).parallel().forEach(c -> {
            boolean[] values = new boolean[256];
            for (int i = (int) ((long) text.length * c / chunks), to = (int) ((long) text.length * (c + 1) / chunks);
                 i < to; i++) {
                values[text[i] & 0xFF] = true;
            }
            seen[c] = values;
        });
        boolean[] present = new boolean[256];
        for (boolean[] values : seen) {
            for (int v = 0; v < 256; v++) {
                present[v] |= values[v];
            }
        }
        return codes(present, codes);
    }

    /** Fills {@code codes} with 1..sigma for the byte values v with {@code present[v]}, in byte order; returns sigma. */
    static int codes(boolean[] present, int[] codes) {
        int sigma = 0;
        for (int v = 0; v < 256; v++) {
            if (present[v]) {
                codes[v] = ++sigma;
            }
        }
        return sigma;
    }

    /** Words per task of {@link #pack}. */
    private static final int PACK_CHUNK = 1 << 20;

    /**
     * The text little-endian, four bytes per int: word w into {@code pieces[w >>> pieceShift]} at
     * {@code w & (2^pieceShift - 1)} (a whole build's rank pieces, or one array with {@code pieceShift} 30), the last
     * word zero-padded. The whole words are bulk copies of the bytes through a little-endian int view (a memory copy,
     * in chunks of 2^20 words on all cores): no per-word loop, which in a fresh JVM ran interpreted while the JIT's
     * queue was busy with the kernel's conversion (H200, 2026-11-25: 300-350 ms for 100 MB, 60 ms with C1 only).
     */
    static void pack(byte[] text, int[][] pieces, int pieceShift) {
        int n = text.length;
        int whole = n / 4;
        int mask = (1 << pieceShift) - 1;
        java.nio.IntBuffer words = java.nio.ByteBuffer.wrap(text).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .asIntBuffer();
        IntStream.range(0, (whole + PACK_CHUNK - 1) / PACK_CHUNK).parallel().forEach(c -> {
            int from = c * PACK_CHUNK;
            int to = (int) Math.min(whole, (long) from + PACK_CHUNK);
            while (from < to) { // a chunk may cross a piece boundary
                int piece = from >>> pieceShift;
                int len = (int) Math.min(to - from, ((long) piece + 1 << pieceShift) - from);
                words.get(from, pieces[piece], from & mask, len);
                from += len;
            }
        });
        if (n % 4 != 0) {
            int word = 0;
            for (int b = 0; b < n % 4; b++) {
                word |= (text[4 * whole + b] & 0xFF) << (b << 3);
            }
            pieces[whole >>> pieceShift][whole & mask] = word;
        }
    }
}
