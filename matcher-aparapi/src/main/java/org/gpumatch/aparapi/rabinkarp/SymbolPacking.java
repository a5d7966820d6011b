package org.gpumatch.aparapi.rabinkarp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.gpumatch.api.Alphabet;

/**
 * The general-alphabet packing of SPAA 2016 section 7.1: each symbol of a text's alphabet gets a code of sigma bits
 * (its rank among the byte values present; the byte value itself when sigma = 8), and {@code 32 / sigma} codes fill
 * each 32-bit word, symbol {@code i} at bits {@code sigma * (i % spw)} of word {@code i / spw} (spw: symbols per word).
 * DNA (sigma = 2) packs 16 symbols a word, protein text (sigma = 5) 6, arbitrary bytes 4; the bits above
 * {@code spw * sigma} stay zero. A DRK-WOM fingerprint of two words then holds {@code 2 * spw} symbols: 64 DNA bases, 12
 * amino acids or 8 bytes.
 *
 * <p>A window starting {@code s} symbols into word {@code w} is the funnel shift {@link #funnel} of words {@code w} and
 * {@code w + 1}; in its low {@code spw * sigma} bits it holds the window's first {@code spw} symbols in the same layout
 * as the packed pattern's first word, so comparing a window is a masked XOR of words.
 *
 * <p>Immutable. Memory: a 256-entry code table. Packing costs one pass over the text (parallel for large texts) and
 * produces {@code 4 / spw} bytes per text character.
 */
final class SymbolPacking {
    /** Texts at least this long are packed by several threads. */
    private static final int PARALLEL_FROM = 1 << 22;
    /** Words per parallel packing task. */
    private static final int WORDS_PER_TASK = 1 << 18;

    private final int sigma;
    private final int symbolsPerWord;
    /** Code of each byte value, or -1 for a byte value outside the alphabet. */
    private final int[] codes = new int[256];

    private SymbolPacking(Alphabet alphabet) {
        this.sigma = alphabet.sigma();
        this.symbolsPerWord = 32 / sigma;
        int next = 0;
        for (int b = 0; b < 256; b++) {
            codes[b] = sigma == 8 ? b : (alphabet.contains(b) ? next++ : -1);
        }
    }

    /** The packing for texts over {@code alphabet}: sigma = {@link Alphabet#sigma()} bits per symbol. */
    static SymbolPacking of(Alphabet alphabet) {
        return new SymbolPacking(alphabet);
    }

    /** Bits per symbol, 1..8. */
    int sigma() {
        return sigma;
    }

    /** Symbols per 32-bit word: {@code 32 / sigma}, floored (sigma = 3: 10, 5: 6, 6: 5, 7: 4). */
    int symbolsPerWord() {
        return symbolsPerWord;
    }

    /** Symbols per word for {@code sigma} bits per symbol. */
    static int symbolsPerWord(int sigma) {
        return 32 / sigma;
    }

    /** The mask of the low {@code symbols} symbols of a word (all used bits when {@code symbols >= spw}). */
    int maskOf(int symbols) {
        int bits = Math.min(symbols, symbolsPerWord) * sigma;
        return bits == 32 ? -1 : (1 << bits) - 1;
    }

    /**
     * The window of a packed text starting {@code shift = sigma * s} bits into word {@code a} (s < spw), continued by
     * word {@code b}; its bits above {@code spw * sigma} are not part of the window. The same expression runs on the
     * device: the double shift makes s = 0 give {@code a} for every sigma (OpenCL masks a shift count of 32 to 0).
     */
    static int funnel(int a, int b, int shift, int bitsUsed) {
        return (a >>> shift) | ((b << 1) << (bitsUsed - 1 - shift));
    }

    /**
     * The packed text, zero-padded to a whole number of {@code tileWords} words (at least one tile) plus
     * {@code spareWords} zero words, so kernels read whole tiles and the words just past them without bounds checks.
     *
     * @param reuse an array to pack into when it is long enough and at most twice the length needed (its words past
     *              the text are zeroed), or null
     * @throws IllegalArgumentException when a byte of the text is outside the alphabet
     */
    int[] packText(byte[] text, int tileWords, int spareWords, int[] reuse) {
        long dataWords = (text.length + (long) symbolsPerWord - 1) / symbolsPerWord;
        long tiles = Math.max(1, (dataWords + tileWords - 1) / tileWords);
        long length = tiles * tileWords + spareWords;
        if (length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a text of " + text.length + " symbols of " + sigma
                    + " bits does not fit one device buffer of ints");
        }
        boolean fits = reuse != null && reuse.length >= length && reuse.length <= 2 * length;
        int[] words = fits ? reuse : new int[(int) length];
        if (fits) {
            Arrays.fill(words, (int) dataWords, words.length, 0);
        }
        int tasks = (int) ((dataWords + WORDS_PER_TASK - 1) / WORDS_PER_TASK);
        IntStream range = IntStream.range(0, tasks);
        (text.length >= PARALLEL_FROM ? range.parallel() : range).forEach(task -> {
            long first = (long) task * WORDS_PER_TASK;
            packWords(text, words, (int) first, (int) Math.min(dataWords, first + WORDS_PER_TASK));
        });
        return words;
    }

    /** Whether byte value {@code b} (0..255) has a code. */
    boolean hasCode(int b) {
        return codes[b] >= 0;
    }

    /** Symbols a scratch array for {@link #packFrom} holds: a whole number of words, 64 KiB or a little less. */
    int scratchSymbols() {
        return (1 << 16) / symbolsPerWord * symbolsPerWord;
    }

    /**
     * Packs {@code symbols} symbols read from {@code src} at absolute index {@code from} into {@code words} from word
     * {@code firstWord} on: the one-shot search's packing of a memory-mapped chunk, straight from the page cache.
     * Sigma 8 copies whole words (one copy, little-endian); smaller sigma copy 64 KiB blocks into {@code scratch}
     * ({@link #scratchSymbols()} bytes) and pack them from there. The last word is zero above its symbols. Absolute
     * reads only, so threads may pack disjoint ranges of one buffer at once. Cost: one read of the bytes, one write of
     * {@code sigma / 8} bytes per symbol.
     *
     * @return false when a byte without a code was met (the words are then partly written and must not be searched)
     */
    boolean packFrom(ByteBuffer src, int from, int symbols, int[] words, int firstWord, byte[] scratch) {
        if (sigma == 8) {
            int whole = symbols / 4;
            src.slice(from, whole * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words, firstWord, whole);
            int rest = symbols - whole * 4;
            if (rest > 0) {
                int word = 0;
                for (int i = rest - 1; i >= 0; i--) {
                    word = (word << 8) | (src.get(from + whole * 4 + i) & 0xFF);
                }
                words[firstWord + whole] = word;
            }
            return true;
        }
        int block = scratchSymbols();
        int word = firstWord;
        for (int done = 0; done < symbols; done += block) {
            int len = Math.min(block, symbols - done);
            src.get(from + done, scratch, 0, len);
            int bad = symbolsPerWord == 16 ? packSixteen(scratch, len, words, word) : packBlock(scratch, len, words, word);
            if (bad < 0) {
                return false;
            }
            word += (len + symbolsPerWord - 1) / symbolsPerWord;
        }
        return true;
    }

    /**
     * Packs {@code len} symbols of {@code block} into words from {@code out} on; returns a negative number when one of
     * them has no code (the OR of all codes).
     */
    private int packBlock(byte[] block, int len, int[] words, int out) {
        int bad = 0;
        int full = len / symbolsPerWord;
        for (int w = 0; w < full; w++) {
            int first = w * symbolsPerWord;
            int word = 0;
            for (int i = first + symbolsPerWord - 1; i >= first; i--) {
                int code = codes[block[i] & 0xFF];
                bad |= code;
                word = (word << sigma) | code;
            }
            words[out + w] = word;
        }
        return bad | packTail(block, full * symbolsPerWord, len, words, out + full);
    }

    /** {@link #packBlock} for sigma 2 (DNA): sixteen symbols a word, unrolled. */
    private int packSixteen(byte[] b, int len, int[] words, int out) {
        int[] c = codes;
        int bad = 0;
        int full = len >>> 4;
        for (int w = 0; w < full; w++) {
            int i = w << 4;
            int lo = c[b[i] & 0xFF] | c[b[i + 1] & 0xFF] << 2 | c[b[i + 2] & 0xFF] << 4 | c[b[i + 3] & 0xFF] << 6
                    | c[b[i + 4] & 0xFF] << 8 | c[b[i + 5] & 0xFF] << 10 | c[b[i + 6] & 0xFF] << 12
                    | c[b[i + 7] & 0xFF] << 14;
            int hi = c[b[i + 8] & 0xFF] | c[b[i + 9] & 0xFF] << 2 | c[b[i + 10] & 0xFF] << 4
                    | c[b[i + 11] & 0xFF] << 6 | c[b[i + 12] & 0xFF] << 8 | c[b[i + 13] & 0xFF] << 10
                    | c[b[i + 14] & 0xFF] << 12 | c[b[i + 15] & 0xFF] << 14;
            // a missing code (-1) sets bit 31 of lo or hi: shifted left by at most 14 it stays negative
            bad |= lo | hi;
            words[out + w] = (lo & 0xFFFF) | hi << 16;
        }
        return bad | packTail(b, full << 4, len, words, out + full);
    }

    /** Packs symbols {@code [first, len)} (fewer than a word) into {@code words[out]}; negative when one lacks a code. */
    private int packTail(byte[] block, int first, int len, int[] words, int out) {
        if (first >= len) {
            return 0;
        }
        int bad = 0;
        int word = 0;
        for (int i = len - 1; i >= first; i--) {
            int code = codes[block[i] & 0xFF];
            bad |= code;
            word = (word << sigma) | code;
        }
        words[out] = word;
        return bad;
    }

    /** The packed pattern (no padding but one zero word), or null when one of its bytes is outside the alphabet. */
    int[] packPattern(byte[] pattern) {
        for (byte b : pattern) {
            if (codes[b & 0xFF] < 0) {
                return null;
            }
        }
        int[] words = new int[(pattern.length + symbolsPerWord - 1) / symbolsPerWord + 1];
        packWords(pattern, words, 0, words.length - 1);
        return words;
    }

    /** Packs words {@code [from, to)} from the symbols they hold (8-bit codes: whole words copied little-endian). */
    private void packWords(byte[] symbols, int[] words, int from, int to) {
        int start = from;
        if (sigma == 8) {
            int whole = Math.max(from, Math.min(to, symbols.length / 4));
            ByteBuffer.wrap(symbols).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(from, words, from, whole - from);
            start = whole;
        }
        for (int w = start; w < to; w++) {
            int first = w * symbolsPerWord; // < n <= 2^31-1
            int last = (int) Math.min(symbols.length, (long) first + symbolsPerWord);
            int word = 0;
            for (int i = last - 1; i >= first; i--) {
                int code = codes[symbols[i] & 0xFF];
                if (code < 0) {
                    throw new IllegalArgumentException("byte " + (symbols[i] & 0xFF) + " at offset " + i
                            + " is outside the alphabet of " + sigma + "-bit codes");
                }
                word = (word << sigma) | code;
            }
            words[w] = word;
        }
    }
}
