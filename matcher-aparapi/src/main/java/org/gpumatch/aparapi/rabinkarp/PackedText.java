package org.gpumatch.aparapi.rabinkarp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A text packed little-endian into {@code int} words, 4 characters a word, for coalesced 32-bit loads on the device
 * (character {@code i} is bits {@code 8*(i%4)..8*(i%4)+7} of word {@code i/4}), zero-padded to a whole number of tiles
 * plus a few spare words, so kernels read whole tiles and the words just past them without bounds checks.
 * Host memory: n bytes plus at most one tile.
 */
final class PackedText {
    /**
     * The largest n for a tile of {@code tileWords} words and {@code spareWords} spare words: Aparapi keeps buffer sizes
     * in an {@code int}, so the packed array stays below 2^31 bytes.
     */
    static long maxLength(int tileWords, int spareWords) {
        long words = (Integer.MAX_VALUE / 4) - spareWords;
        return (words / tileWords) * tileWords * 4;
    }

    private PackedText() {
    }

    /** The words of {@code text}, zero-padded to a multiple of {@code tileWords}, plus {@code spareWords} zero words. */
    static int[] pack(byte[] text, int tileWords, int spareWords) {
        if (text.length > maxLength(tileWords, spareWords)) {
            throw new IllegalArgumentException("text of " + text.length + " bytes exceeds the resident maximum of "
                    + maxLength(tileWords, spareWords) + " bytes");
        }
        long dataWords = (text.length + 3L) / 4;
        long tiles = Math.max(1, (dataWords + tileWords - 1) / tileWords);
        int[] words = new int[(int) (tiles * tileWords + spareWords)];
        int full = text.length / 4;
        ByteBuffer.wrap(text).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words, 0, full);
        for (int i = full * 4; i < text.length; i++) {
            words[full] |= (text[i] & 0xFF) << (8 * (i & 3));
        }
        return words;
    }
}
