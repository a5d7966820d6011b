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

    /**
     * The symbol an exception byte is kept as: ASCII a-z upper-cased, every other byte as it is (Latin-1 letters
     * such as 0xFF would upper-case outside a byte).
     */
    static int upperAscii(int b) {
        return b >= 'a' && b <= 'z' ? b - 32 : b;
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

    int[] baseWords() {
        return baseWords;
    }

    int[] exceptionWords() {
        return exceptionWords;
    }

    /** Sets the genome's length when the arrays were allocated for an upper bound on it. */
    void setLength(long bases) {
        length = bases;
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
        int shift = 2 * (int) (pos & 15);
        int acc = 0;
        boolean whole = shift == 0;
        int maskWord = (int) (pos >>> 5);
        int maskAcc = 0;
        long runStart = -1;
        int runLength = 0;
        int runSymbol = 0;
        List<long[]> myRuns = null;
        for (int i = from; i < to; i++) {
            int cls = CLASS[data[i] & 0xFF];
            if (cls < EXCEPTION) {
                acc |= cls << shift;
            } else if (cls == SKIPPED) {
                continue;
            } else {
                int mw = (int) (pos >>> 5);
                if (mw != maskWord) {
                    store(exceptionWords, maskWord, maskAcc, false);
                    maskWord = mw;
                    maskAcc = 0;
                }
                maskAcc |= 1 << (int) (pos & 31);
                int symbol = upperAscii(data[i] & 0xFF);
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
            shift += 2;
            if (shift == 32) {
                store(baseWords, word, acc, whole);
                word++;
                acc = 0;
                shift = 0;
                whole = true;
            }
        }
        if (shift != 0) {
            store(baseWords, word, acc, false);
        }
        store(exceptionWords, maskWord, maskAcc, false);
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

    /**
     * Moves {@code count} locally packed bases, from local position {@code from} of {@code p}, to genome positions from
     * {@code at}: each genome word is cut from two local words; the first and last genome words (shared with
     * neighbouring ranges) are masked to the range and merged with an atomic OR, the others stored. Thread-safe against
     * other ranges. Cost: O(count / 16).
     */
    void merge(LocalPacker p, long from, long count, long at) {
        if (count == 0) {
            return;
        }
        mergeRange(baseWords, p.words, p.wordBase, from, count, at, PackedGenome.BASES_PER_WORD, 2);
        mergeRange(exceptionWords, p.mask, p.maskBase, from, count, at, PackedGenome.MASK_BITS_PER_WORD, 1);
        List<long[]> shifted = null;
        for (long[] r : p.runs) {
            if (r[0] >= from && r[0] < from + count) {
                shifted = addRun(shifted, r[0] - from + at, (int) r[1], (int) r[2]);
            }
        }
        if (shifted != null) {
            synchronized (runs) {
                runs.addAll(shifted);
            }
        }
    }

    /**
     * ORs items {@code [from, from + count)} of {@code local} (items of {@code bits} bits, {@code perWord} per word, item
     * 0 at word {@code base}) into {@code global} at item {@code at}: the first and last global words (shared with the
     * neighbouring ranges) masked and ORed atomically, the words between stored, each cut from two local words at one
     * shift (a copy when the shift is 0). Cost: about 4 operations per global word.
     */
    private static void mergeRange(int[] global, int[] local, int base, long from, long count, long at, int perWord,
            int bits) {
        long first = at / perWord;
        long last = (at + count - 1) / perWord;
        mergeEdge(global, local, base, from, count, at, perWord, bits, first);
        if (last == first) {
            return;
        }
        mergeEdge(global, local, base, from, count, at, perWord, bits, last);
        long inner = last - first - 1;
        if (inner == 0) {
            return;
        }
        long item = (first + 1) * perWord - at + from; // local item at bit 0 of global word first + 1 (> from >= 0)
        int w = base + (int) (item / perWord);
        int sh = (int) (item % perWord) * bits;
        int g = (int) (first + 1);
        if (sh == 0) {
            System.arraycopy(local, w, global, g, (int) inner);
            return;
        }
        shiftWords(global, g, local, w, (int) inner, sh);
    }

    /** {@code global[g + i] = local[w + i] >>> sh | local[w + i + 1] << (32 - sh)} for {@code i < n}; sh in 1..31. */
    private static void shiftWords(int[] global, int g, int[] local, int w, int n, int sh) {
        int back = 32 - sh;
        for (int i = 0; i < n; i++) {
            global[g + i] = (local[w + i] >>> sh) | (local[w + i + 1] << back);
        }
    }

    /** Merges global word {@code g} (the first or the last of a range; see {@link #mergeRange}) with an atomic OR. */
    private static void mergeEdge(int[] global, int[] local, int base, long from, long count, long at, int perWord,
            int bits, long g) {
        long item = g * perWord - at + from; // the local item at bit 0 of global word g (may be below 0)
        int v;
        if (item >= 0) {
            int w = base + (int) (item / perWord);
            int sh = (int) (item % perWord) * bits;
            v = (int) (((local[w] & 0xFFFFFFFFL) | ((long) local[w + 1] << 32)) >>> sh);
        } else {
            v = local[base] << (int) (-item * bits);
        }
        long lo = Math.max(at, g * perWord) - g * perWord;
        long hi = Math.min(at + count, (g + 1) * perWord) - g * perWord;
        long keep = ((1L << (hi * bits)) - 1) & ~((1L << (lo * bits)) - 1);
        v &= (int) keep;
        if (v != 0) {
            INTS.getAndBitwiseOr(global, (int) g, v);
        }
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
