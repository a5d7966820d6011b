package org.gpumatch.sequence;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Packs symbols into a {@link PackedGenome}'s arrays from many threads at once: each thread packs its own ranges of
 * positions; words shared with a neighbouring range are merged with an atomic OR, whole words are stored plainly.
 * Cost: one table lookup and a few shifts per symbol; memory: the genome's arrays plus the exception runs.
 */
final class GenomeBuilder {
    /** Per byte: 0..3 a base's code, 4 an exception symbol, 5 a byte skipped inside sequence lines (space, CR, LF). */
    static final byte[] CLASS = new byte[256];
    static final int EXCEPTION = 4;
    static final int SKIPPED = 5;
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        java.util.Arrays.fill(CLASS, (byte) EXCEPTION);
        String bases = "ACGT";
        for (int c = 0; c < 4; c++) {
            CLASS[bases.charAt(c)] = (byte) c;
            CLASS[Character.toLowerCase(bases.charAt(c))] = (byte) c;
        }
        for (char c : new char[] {'\n', '\r', ' ', '\t', '\f', 0x0B}) {
            CLASS[c] = SKIPPED;
        }
    }

    private final List<SequenceRecord> records = new ArrayList<>();
    private final List<long[]> runs = new ArrayList<>();
    private long length;
    private int[] baseWords;
    private int[] exceptionWords;

    /** Allocates the arrays for {@code bases} bases. */
    void allocate(long bases) {
        length = bases;
        baseWords = new int[PackedGenome.wordsFor(bases, PackedGenome.BASES_PER_WORD)];
        exceptionWords = new int[PackedGenome.wordsFor(bases, PackedGenome.MASK_BITS_PER_WORD)];
    }

    /** Adds a record (call in genome order, from one thread). */
    void addRecord(String title, long start, long bases) {
        records.add(new SequenceRecord(title, SequenceRecord.firstWord(title), start, bases));
    }

    /**
     * Packs the symbols of {@code data[from, to)} (skipping spaces and line breaks) at genome positions from {@code at};
     * thread-safe against other ranges. Returns the number of bases packed.
     */
    long packRange(byte[] data, int from, int to, long at) {
        long pos = at;
        int word = (int) (pos >>> 4);
        int acc = 0;
        boolean whole = (pos & 15) == 0;
        int maskWord = (int) (pos >>> 5);
        int maskAcc = 0;
        boolean maskWhole = (pos & 31) == 0;
        long runStart = -1;
        int runLength = 0;
        int runSymbol = 0;
        List<long[]> myRuns = null;
        for (int i = from; i < to; i++) {
            int cls = CLASS[data[i] & 0xFF];
            if (cls == SKIPPED) {
                continue;
            }
            int w = (int) (pos >>> 4);
            if (w != word) {
                store(baseWords, word, acc, whole);
                word = w;
                acc = 0;
                whole = true;
            }
            if (cls < EXCEPTION) {
                acc |= cls << (2 * (int) (pos & 15));
            } else {
                int mw = (int) (pos >>> 5);
                if (mw != maskWord) {
                    store(exceptionWords, maskWord, maskAcc, maskWhole);
                    maskWord = mw;
                    maskAcc = 0;
                    maskWhole = false;
                }
                maskAcc |= 1 << (int) (pos & 31);
                int symbol = Character.toUpperCase(data[i] & 0xFF) & 0xFF;
                if (runStart >= 0 && symbol == runSymbol && runStart + runLength == pos) {
                    runLength++;
                } else {
                    if (runStart >= 0) {
                        myRuns = addRun(myRuns, runStart, runLength, runSymbol);
                    }
                    runStart = pos;
                    runLength = 1;
                    runSymbol = symbol;
                }
            }
            pos++;
        }
        if (pos > at) {
            store(baseWords, word, acc, false);
            store(exceptionWords, maskWord, maskAcc, false);
        }
        if (runStart >= 0) {
            myRuns = addRun(myRuns, runStart, runLength, runSymbol);
        }
        if (myRuns != null) {
            synchronized (runs) {
                runs.addAll(myRuns);
            }
        }
        return pos - at;
    }

    private static List<long[]> addRun(List<long[]> list, long start, int length, int symbol) {
        List<long[]> l = list == null ? new ArrayList<>() : list;
        l.add(new long[] {start, length, symbol});
        return l;
    }

    /** Whole words (only this range touches them) are stored; shared ones ORed atomically. Exception words: always OR. */
    private static void store(int[] words, int index, int value, boolean whole) {
        if (value == 0) {
            return;
        }
        if (whole) {
            words[index] = value;
        } else {
            INTS.getAndBitwiseOr(words, index, value);
        }
    }

    /** The genome; the runs are sorted and neighbours with one symbol merged. */
    PackedGenome build() {
        runs.sort(Comparator.comparingLong(r -> r[0]));
        List<long[]> merged = new ArrayList<>();
        for (long[] r : runs) {
            long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && last[2] == r[2] && last[0] + last[1] == r[0] && last[1] + r[1] < Integer.MAX_VALUE) {
                last[1] += r[1];
            } else {
                merged.add(r.clone());
            }
        }
        long[] starts = new long[merged.size()];
        int[] lengths = new int[merged.size()];
        byte[] symbols = new byte[merged.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = merged.get(i)[0];
            lengths[i] = (int) merged.get(i)[1];
            symbols[i] = (byte) merged.get(i)[2];
        }
        return new PackedGenome(records, length, baseWords, exceptionWords, starts, lengths, symbols);
    }
}
