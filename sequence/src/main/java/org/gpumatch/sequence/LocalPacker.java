package org.gpumatch.sequence;

import java.util.ArrayList;
import java.util.List;

/**
 * Packs one block's symbols at block-local positions from 0 (one thread), in the layout of {@link PackedGenome}: 2-bit
 * codes 16 per word, exception bits 32 per word, runs of exception symbols; {@link GenomeBuilder#merge} later shifts
 * ranges of them to their genome positions. The words live in a slot of a staging array shared by all blocks (one
 * large array the collector never copies) or in the packer's own arrays. Cost: one table lookup and a few shifts per
 * byte; memory: 3/8 byte per base.
 */
final class LocalPacker {
    final int[] words;
    final int wordBase;
    final int[] mask;
    final int maskBase;
    /** Runs of one exception symbol: local start, length, symbol; a run never crosses a {@link #cut()}. */
    final List<long[]> runs = new ArrayList<>();
    long bases;
    private int word;
    private int shift;
    private int acc;
    private long runStart = -1;
    private int runLength;
    private int runSymbol;

    /** Words for up to {@code maxBases} bases (plus padding) in a slot. */
    static int wordsFor(int maxBases) {
        return maxBases / PackedGenome.BASES_PER_WORD + 3;
    }

    /** Mask words for up to {@code maxBases} bases (plus padding) in a slot. */
    static int maskWordsFor(int maxBases) {
        return maxBases / PackedGenome.MASK_BITS_PER_WORD + 3;
    }

    /** A packer with its own arrays for up to {@code maxBases} bases. */
    LocalPacker(int maxBases) {
        this(new int[wordsFor(maxBases)], 0, new int[maskWordsFor(maxBases)], 0);
    }

    /** A packer writing to {@code words[wordBase..]} and {@code mask[maskBase..]} (zero, sized by the methods above). */
    LocalPacker(int[] words, int wordBase, int[] mask, int maskBase) {
        this.words = words;
        this.wordBase = wordBase;
        this.mask = mask;
        this.maskBase = maskBase;
        this.word = wordBase;
    }

    /**
     * Packs the symbols of {@code data[i, to)} up to the first line break (spaces and CR skipped); returns the index of
     * that line break, or {@code to}.
     */
    int packLine(byte[] data, int i, int to) {
        int[] w = words;
        int acc = this.acc;
        int shift = this.shift;
        int word = this.word;
        long n = this.bases;
        int j = i;
        for (; j < to; j++) {
            int b = data[j] & 0xFF;
            int cls = GenomeBuilder.CLASS[b];
            if (cls < GenomeBuilder.EXCEPTION) {
                acc |= cls << shift;
            } else if (cls == GenomeBuilder.SKIPPED) {
                if (b == '\n') {
                    break;
                }
                continue;
            } else {
                exception(b, n);
            }
            n++;
            shift += 2;
            if (shift == 32) {
                w[word++] = acc;
                acc = 0;
                shift = 0;
            }
        }
        this.acc = acc;
        this.shift = shift;
        this.word = word;
        this.bases = n;
        return j;
    }

    private void exception(int b, long pos) {
        mask[maskBase + (int) (pos >>> 5)] |= 1 << (int) (pos & 31);
        int symbol = Character.toUpperCase(b) & 0xFF;
        if (runStart >= 0 && symbol == runSymbol && runStart + runLength == pos) {
            runLength++;
            return;
        }
        if (runStart >= 0) {
            runs.add(new long[] {runStart, runLength, runSymbol});
        }
        runStart = pos;
        runLength = 1;
        runSymbol = symbol;
    }

    /** Ends the current run of exception symbols, so that no run spans the bases before and after this call. */
    void cut() {
        if (runStart >= 0) {
            runs.add(new long[] {runStart, runLength, runSymbol});
            runStart = -1;
        }
    }

    /** Flushes the last partial word and run. */
    void finish() {
        if (shift != 0) {
            words[word] = acc;
        }
        if (runStart >= 0) {
            runs.add(new long[] {runStart, runLength, runSymbol});
            runStart = -1;
        }
    }
}
