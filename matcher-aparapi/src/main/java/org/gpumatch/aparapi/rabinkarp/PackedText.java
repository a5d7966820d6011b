package org.gpumatch.aparapi.rabinkarp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A text packed little-endian into {@code int} words, 4 characters a word, for coalesced 32-bit loads on the device
 * (character {@code i} is bits {@code 8*(i%4)..8*(i%4)+7} of word {@code i/4}). The array has one spare zero word so
 * kernels may read one word past the text without a bounds check. Host memory: n + 4..8 bytes.
 */
final class PackedText {
    /** The largest n: Aparapi keeps buffer sizes in an {@code int}, so the packed array stays below 2^31 bytes. */
    static final int MAX_LENGTH = (Integer.MAX_VALUE / 4 - 1) * 4;

    private PackedText() {
    }

    /** The words of {@code text}, plus one spare zero word. */
    static int[] pack(byte[] text) {
        if (text.length > MAX_LENGTH) {
            throw new IllegalArgumentException("text of " + text.length + " bytes exceeds the resident maximum of "
                    + MAX_LENGTH + " bytes");
        }
        int full = text.length / 4;
        int[] words = new int[(text.length + 3) / 4 + 1];
        ByteBuffer.wrap(text).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words, 0, full);
        for (int i = full * 4; i < text.length; i++) {
            words[full] |= (text[i] & 0xFF) << (8 * (i & 3));
        }
        return words;
    }

    /** Words that hold text: ceil(n/4). */
    static int dataWords(int n) {
        return (n + 3) / 4;
    }
}
