package org.gpumatch.sequence;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Packs one block's symbols at block-local positions from 0 (one thread), in the layout of {@link PackedGenome}: 2-bit
 * codes 16 per word, exception bits 32 per word, runs of exception symbols; {@link GenomeBuilder#merge} later shifts
 * ranges of them to their genome positions. The words live in the packer's own arrays (or a slot of arrays given to
 * it), which {@link #reset()} lets the reader reuse block after block. Cost: 8 bytes at a time where all 8 are A/C/G/T in either case (about 25 word operations: a
 * membership test and the 2-bit codes {@code (b >> 1 ^ b >> 2) & 3} gathered into 16 bits), else one table lookup and
 * a few shifts per byte; memory: 3/8 byte per base.
 */
final class LocalPacker {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    private static final long ALL_HIGH = 0x8080808080808080L;
    private static final long UPPER = 0xDFDFDFDFDFDFDFDFL;
    private static final long A8 = 0x4141414141414141L;
    private static final long ONES = 0x0101010101010101L;
    final int[] words;
    final int wordBase;
    final int[] mask;
    final int maskBase;
    /** Runs of one exception symbol: local start, length, symbol; a run never crosses a {@link #cut()}. */
    final List<long[]> runs = new ArrayList<>();
    long bases;
    private int word;
    private int shift;
    private long acc;
    private long runStart = -1;
    private int runLength;
    private int runSymbol;

    /** Words for up to {@code maxBases} bases (plus padding). */
    static int wordsFor(int maxBases) {
        return maxBases / PackedGenome.BASES_PER_WORD + 3;
    }

    /** Mask words for up to {@code maxBases} bases (plus padding). */
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
        long acc = this.acc;
        int shift = this.shift;
        int word = this.word;
        long n = this.bases;
        int j = i;
        int fastEnd = to - 8;
        while (j < to) {
            if (j <= fastEnd) {
                long x = (long) LONGS.get(data, j);
                long c = twoBit(x);
                long valid = baseBytes(x, c);
                // The leading bytes that are bases (all 8 on most of a sequence line) are packed at once.
                int k = valid == ALL_HIGH ? 8 : Long.numberOfTrailingZeros(~valid & ALL_HIGH) >>> 3;
                if (k > 0) {
                    acc |= (gather(c) & ((1L << 2 * k) - 1)) << shift;
                    shift += 2 * k;
                    n += k;
                    j += k;
                    if (shift >= 32) {
                        w[word++] = (int) acc;
                        acc >>>= 32;
                        shift -= 32;
                    }
                    if (k == 8) {
                        continue;
                    }
                }
            }
            int b = data[j] & 0xFF;
            int cls = GenomeBuilder.CLASS[b];
            if (cls < GenomeBuilder.EXCEPTION) {
                acc |= (long) cls << shift;
            } else if (cls == GenomeBuilder.SKIPPED) {
                if (b == '\n') {
                    break;
                }
                j++;
                continue;
            } else {
                exception(b, n);
            }
            j++;
            n++;
            shift += 2;
            if (shift >= 32) {
                w[word++] = (int) acc;
                acc >>>= 32;
                shift -= 32;
            }
        }
        this.acc = acc;
        this.shift = shift;
        this.word = word;
        this.bases = n;
        return j;
    }

    /** The high bit of each byte of {@code x} that is one of A, C, G, T, a, c, g, t. */
    static long baseBytes(long x) {
        return baseBytes(x, twoBit(x));
    }

    /**
     * {@link #baseBytes(long)} given {@code c = twoBit(x)}: each byte's 2-bit code names the one letter it can be
     * ({@code A C G T} for 0..3: {@code 'A' + 2c + 2(c >> 1) + 11(c & c >> 1 & 1)}, no carry between bytes), and the
     * byte is a base exactly when it equals that letter in either case. About 17 word operations for 8 bytes (a test
     * against each of the four letters took about 28).
     */
    static long baseBytes(long x, long c) {
        long h = (c >>> 1) & ONES;
        long letters = A8 + (c << 1) + (h << 1) + (h & c) * 11;
        return zeroBytes((x & UPPER) ^ letters);
    }

    /** Each byte's 2-bit code {@code (b >> 1 ^ b >> 2) & 3} (meaningful for A, C, G, T in either case). */
    static long twoBit(long x) {
        return ((x >>> 1) ^ (x >>> 2)) & 0x0303030303030303L;
    }

    /** The high bit of each byte of {@code v} that is zero (exact: no false positives). */
    private static long zeroBytes(long v) {
        return ~(((v & LOW7) + LOW7) | v | LOW7);
    }

    /** The 2-bit codes of 8 base bytes (first byte lowest), 16 bits: {@code (b >> 1 ^ b >> 2) & 3} per byte. */
    static long codes(long x) {
        return gather(twoBit(x));
    }

    /** The low 2 bits of each of 8 bytes gathered into 16 bits (first byte lowest). */
    private static long gather(long c) {
        long t = (c | (c >>> 6)) & 0x000F000F000F000FL;
        t = (t | (t >>> 12)) & 0x000000FF000000FFL;
        return (t | (t >>> 24)) & 0xFFFF;
    }

    private void exception(int b, long pos) {
        mask[maskBase + (int) (pos >>> 5)] |= 1 << (int) (pos & 31);
        int symbol = GenomeBuilder.upperAscii(b);
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
            words[word] = (int) acc;
        }
        if (runStart >= 0) {
            runs.add(new long[] {runStart, runLength, runSymbol});
            runStart = -1;
        }
    }

    /**
     * Makes the packer ready for another block: the exception words written are cleared (base words are stored whole,
     * so stale ones are overwritten), runs dropped. Cost: 1/32 word per base packed.
     */
    void reset() {
        Arrays.fill(mask, maskBase, Math.min(mask.length, maskBase + (int) (bases >>> 5) + 2), 0);
        runs.clear();
        bases = 0;
        word = wordBase;
        shift = 0;
        acc = 0;
        runStart = -1;
    }
}
