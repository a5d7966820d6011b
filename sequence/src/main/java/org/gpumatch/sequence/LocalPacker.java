package org.gpumatch.sequence;

import java.util.ArrayList;
import java.util.List;

/**
 * Packs one block's symbols at block-local positions from 0 (one thread), in the layout of {@link PackedGenome}: 2-bit
 * codes 16 per word, exception bits 32 per word, runs of exception symbols; {@link GenomeBuilder#merge} later shifts
 * them to their genome position. Cost: one table lookup and a few shifts per byte; memory: 3/8 byte per base.
 */
final class LocalPacker {
    int[] words;
    int[] mask;
    /** Runs of one exception symbol: local start, length, symbol. */
    final List<long[]> runs = new ArrayList<>();
    long bases;
    private int word;
    private int shift;
    private int acc;
    private long runStart = -1;
    private int runLength;
    private int runSymbol;

    LocalPacker(int maxBases) {
        words = new int[maxBases / PackedGenome.BASES_PER_WORD + 2];
        mask = new int[maxBases / PackedGenome.MASK_BITS_PER_WORD + 2];
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
        mask[(int) (pos >>> 5)] |= 1 << (int) (pos & 31);
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
