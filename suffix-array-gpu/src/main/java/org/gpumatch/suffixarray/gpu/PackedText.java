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
     * (all cores) over the text.
     */
    static int alphabet(byte[] text, int[] codes) {
        int chunks = (int) Math.min(1024, (text.length + (1L << 16) - 1) >> 16);
        long[] seen = IntStream.range(0, chunks).parallel().mapToObj(c -> {
            long[] bits = new long[4];
            int from = (int) ((long) text.length * c / chunks);
            int to = (int) ((long) text.length * (c + 1) / chunks);
            for (int i = from; i < to; i++) {
                int v = text[i] & 0xFF;
                bits[v >>> 6] |= 1L << (v & 63);
            }
            return bits;
        }).reduce(new long[4], (a, b) -> new long[] {a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]});
        int sigma = 0;
        for (int v = 0; v < 256; v++) {
            if ((seen[v >>> 6] & (1L << (v & 63))) != 0) {
                codes[v] = ++sigma;
            }
        }
        return sigma;
    }

    /**
     * The text little-endian, four bytes per int: word w into {@code pieces[w >>> pieceShift]} at
     * {@code w & (2^pieceShift - 1)} (a whole build's rank pieces, or one array with {@code pieceShift} 30); parallel.
     */
    static void pack(byte[] text, int[][] pieces, int pieceShift) {
        int n = text.length;
        int mask = (1 << pieceShift) - 1;
        IntStream.range(0, (int) ((n + 3L) / 4)).parallel().forEach(w -> {
            int word = 0;
            for (int b = 0; b < 4 && 4L * w + b < n; b++) {
                word |= (text[4 * w + b] & 0xFF) << (b << 3);
            }
            pieces[w >>> pieceShift][w & mask] = word;
        });
    }
}
