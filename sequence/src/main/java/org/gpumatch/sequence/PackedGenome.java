package org.gpumatch.sequence;

import java.util.Arrays;
import java.util.List;

/**
 * The bases of a genome's records, concatenated in file order (no separator: use {@link #records()} to keep a search
 * inside one record), packed at 2 bits per base (A=0, C=1, G=2, T=3; lowercase soft-masked bases are the same base)
 * plus an exception mask: 1 bit per base set where the symbol is not A, C, G or T (N, IUPAC codes, anything else),
 * whose packed code is then 0 and whose symbol (upper case) is kept in runs.
 *
 * <p>Layout: base {@code i} is bits {@code 2*(i%16)..} of {@code baseWords()[i/16]}; its exception bit is bit
 * {@code i%32} of {@code exceptionWords()[i/32]}. Both arrays carry {@link #PAD_WORDS} zero words past the last base so a
 * reader may load a few words beyond a window without a bounds check. Memory: n/4 + n/8 bytes, plus 13 bytes per
 * run of equal exception symbols. Immutable by contract: the arrays are handed out, not copied; do not write them.
 */
public final class PackedGenome {
    /** Bases per {@code int} of {@link #baseWords()}. */
    public static final int BASES_PER_WORD = 16;
    /** Bases per {@code int} of {@link #exceptionWords()}. */
    public static final int MASK_BITS_PER_WORD = 32;
    /** Zero words after the last used word of each array. */
    public static final int PAD_WORDS = 4;
    private static final byte[] SYMBOLS = {'A', 'C', 'G', 'T'};

    private final List<SequenceRecord> records;
    private final long length;
    private final int[] baseWords;
    private final int[] exceptionWords;
    private final long[] runStarts;
    private final int[] runLengths;
    private final byte[] runSymbols;

    PackedGenome(List<SequenceRecord> records, long length, int[] baseWords, int[] exceptionWords, long[] runStarts,
            int[] runLengths, byte[] runSymbols) {
        this.records = List.copyOf(records);
        this.length = length;
        this.baseWords = baseWords;
        this.exceptionWords = exceptionWords;
        this.runStarts = runStarts;
        this.runLengths = runLengths;
        this.runSymbols = runSymbols;
    }

    /** Packs a genome held as symbols, one record per entry of {@code titles}/{@code sequences} (for tests, small inputs). */
    public static PackedGenome of(List<String> titles, List<byte[]> sequences) {
        GenomeBuilder b = new GenomeBuilder();
        long total = 0;
        for (byte[] s : sequences) {
            total += s.length;
        }
        b.allocate(total);
        long at = 0;
        for (int r = 0; r < titles.size(); r++) {
            byte[] s = sequences.get(r);
            b.addRecord(titles.get(r), at, s.length);
            b.packRange(s, 0, s.length, at);
            at += s.length;
        }
        return b.build();
    }

    /** Bytes needed for a genome of {@code bases} bases: {@code 2 * bases / 8 + bases / 8} plus padding. */
    public static long bytesFor(long bases) {
        return 4L * (wordsFor(bases, BASES_PER_WORD) + wordsFor(bases, MASK_BITS_PER_WORD));
    }

    static int wordsFor(long bases, int perWord) {
        long words = (bases + perWord - 1) / perWord + PAD_WORDS;
        if (words > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("genome of " + bases + " bases is too large to pack in one array");
        }
        return (int) words;
    }

    /** The records in file order (directories: files by name, then records in each). */
    public List<SequenceRecord> records() {
        return records;
    }

    /** The number of bases of all records. */
    public long length() {
        return length;
    }

    /** The packed bases (see the class comment); shared, not copied. */
    public int[] baseWords() {
        return baseWords;
    }

    /** The exception bits (see the class comment); shared, not copied. */
    public int[] exceptionWords() {
        return exceptionWords;
    }

    /** The 2-bit code of base {@code i} (0 for an exception). */
    public int code(long i) {
        return (baseWords[(int) (i >>> 4)] >>> (2 * (int) (i & 15))) & 3;
    }

    /** Whether base {@code i} is not A, C, G or T. */
    public boolean isException(long i) {
        return (exceptionWords[(int) (i >>> 5)] >>> (int) (i & 31) & 1) != 0;
    }

    /** The upper-case symbol at {@code i} (A, C, G, T, or the exception's symbol such as N). O(log runs). */
    public byte symbol(long i) {
        if (!isException(i)) {
            return SYMBOLS[code(i)];
        }
        int r = Arrays.binarySearch(runStarts, i);
        if (r < 0) {
            r = -r - 2;
        }
        return runSymbols[r];
    }

    /** The symbols of {@code [from, from + count)} in upper case. */
    public byte[] symbols(long from, int count) {
        byte[] out = new byte[count];
        for (int j = 0; j < count; j++) {
            out[j] = symbol(from + j);
        }
        return out;
    }

    /** The index in {@link #records()} of the record holding position {@code i}. O(log records). */
    public int recordIndexAt(long i) {
        int lo = 0;
        int hi = records.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (records.get(mid).start() <= i) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Whether {@code [from, from + count)} lies inside one record (a hit never spans two). */
    public boolean withinOneRecord(long from, int count) {
        SequenceRecord r = records.get(recordIndexAt(from));
        return from >= r.start() && from + count <= r.end();
    }

    /** The number of runs of equal exception symbols. */
    public int exceptionRuns() {
        return runStarts.length;
    }
}
