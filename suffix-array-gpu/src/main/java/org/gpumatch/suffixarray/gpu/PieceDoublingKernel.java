package org.gpumatch.suffixarray.gpu;

/**
 * The kernel of {@link GpuPrefixDoublingBuilder}'s builds whose position-indexed arrays need pieces: partitioned
 * builds and whole builds longer than {@code 2^pieceShift} bytes. Arrays indexed by text or SA position, {@code n}
 * ints each, are split into pieces of {@code 2^pieceShift} ints (at most {@link #MAX_PIECES}; unused pieces are
 * {@code int[1]}) so that no device buffer reaches 2 GiB (Aparapi 3.0.2 keeps a buffer's size in bytes in an
 * {@code int}): the ranks {@code ranks0..7} and, in a partitioned build, the stash {@code stash0..7} (each
 * partition's unsorted suffixes between its rounds, at the end the suffix array). A piece is picked by
 * {@code p >>> pieceShift} in a chain of conditions (Aparapi aborts the JVM on an array alias in a local). The text,
 * packed four bytes per int, lives in the rank pieces of a whole build and in {@link #text} in a partitioned one.
 * Everything else is {@link PrefixDoublingKernel}'s: this class only overrides its accessors.
 */
public final class PieceDoublingKernel extends PrefixDoublingKernel {
    int[] ranks1 = new int[1];
    int[] ranks2 = new int[1];
    int[] ranks3 = new int[1];
    int[] ranks4 = new int[1];
    int[] ranks5 = new int[1];
    int[] ranks6 = new int[1];
    int[] ranks7 = new int[1];
    int[] stash0 = new int[1];
    int[] stash1 = new int[1];
    int[] stash2 = new int[1];
    int[] stash3 = new int[1];
    int[] stash4 = new int[1];
    int[] stash5 = new int[1];
    int[] stash6 = new int[1];
    int[] stash7 = new int[1];
    /** Partitioned builds: the text packed little-endian four bytes per int ({@code (n + 3) / 4} ints). */
    int[] text = new int[1];
    /**
     * Partitioned builds: the partition of every bin of {@link SuffixPartitions} ({@link SuffixPartitions#BINS} ints,
     * {@link SuffixPartitions#binPartitions}), read by the stash phases.
     */
    int[] binPartition = new int[1];
    /** The stash phases: ranges of {@link #STASH_RANGE} positions (work-items), and partitions. */
    int stashRanges;
    int stashPartitions;
    /**
     * Positions per work-item of the stash phases: each reads its range once per partition and pass (ranges of 4096:
     * 2^19 work-items for 2 GiB, counts of at most 17 partitions 36 MB).
     */
    static final int STASH_RANGE = 4096;

    /** Created by {@link GpuPrefixDoublingBuilder}. */
    PieceDoublingKernel() {
    }

    @Override
    int[][] rankPieces() {
        return new int[][] {ranks0, ranks1, ranks2, ranks3, ranks4, ranks5, ranks6, ranks7};
    }

    @Override
    int[][] stashPieces() {
        return new int[][] {stash0, stash1, stash2, stash3, stash4, stash5, stash6, stash7};
    }

    /** Host side: binds the rank and the stash pieces ({@code int[1]} where absent or beyond the array's length). */
    @Override
    void bindPieces(int[][] ranks, int[][] stash) {
        ranks0 = pieceOrUnused(ranks, 0);
        ranks1 = pieceOrUnused(ranks, 1);
        ranks2 = pieceOrUnused(ranks, 2);
        ranks3 = pieceOrUnused(ranks, 3);
        ranks4 = pieceOrUnused(ranks, 4);
        ranks5 = pieceOrUnused(ranks, 5);
        ranks6 = pieceOrUnused(ranks, 6);
        ranks7 = pieceOrUnused(ranks, 7);
        stash0 = pieceOrUnused(stash, 0);
        stash1 = pieceOrUnused(stash, 1);
        stash2 = pieceOrUnused(stash, 2);
        stash3 = pieceOrUnused(stash, 3);
        stash4 = pieceOrUnused(stash, 4);
        stash5 = pieceOrUnused(stash, 5);
        stash6 = pieceOrUnused(stash, 6);
        stash7 = pieceOrUnused(stash, 7);
    }

    /** Host side: binds the packed text of a partitioned build, or {@code int[1]} when null. */
    @Override
    void bindText(int[] words) {
        text = words != null ? words : new int[1];
    }

    private static int[] pieceOrUnused(int[][] pieces, int i) {
        return i < pieces.length && pieces[i] != null ? pieces[i] : new int[1];
    }

    /** The rank of suffix p (in piece {@code p >>> pieceShift}). */
    @Override
    protected int rankAt(int p) {
        return pieceRead(ranks0, ranks1, ranks2, ranks3, ranks4, ranks5, ranks6, ranks7, p);
    }

    @Override
    protected void setRank(int p, int v) {
        pieceWrite(ranks0, ranks1, ranks2, ranks3, ranks4, ranks5, ranks6, ranks7, p, v);
    }

    /** Stash entry x (in piece {@code x >>> pieceShift}). */
    @Override
    protected int stashAt(int x) {
        return pieceRead(stash0, stash1, stash2, stash3, stash4, stash5, stash6, stash7, x);
    }

    @Override
    protected void setStash(int x, int v) {
        pieceWrite(stash0, stash1, stash2, stash3, stash4, stash5, stash6, stash7, x, v);
    }

    /** Word w of the packed text: in the rank pieces of a whole build, in {@link #text} of a partitioned one. */
    @Override
    protected int textWord(int w) {
        return partitioned != 0 ? text[w] : rankAt(w);
    }

    /**
     * The stash positions of range r ({@link #PHASE_STASH_COUNT}, {@link #PHASE_STASH_WRITE}): partition by partition,
     * the range's positions whose bin ({@link SuffixPartitions#bin}) lies in it, counted into
     * {@code in[p * stashRanges + r]} or written ascending into the stash from {@code out[p * stashRanges + r]}: the
     * host's former stash, on the device (the range's words stay in the cache across the partitions).
     */
    @Override
    protected void stashPositions(int r, int write) {
        int from = r * STASH_RANGE;
        int to = textLength - from < STASH_RANGE ? textLength : from + STASH_RANGE; // no int overflow near 2^31
        for (int p = 0; p < stashPartitions; p++) {
            int x = write != 0 ? out[p * stashRanges + r] : 0;
            for (int i = from; i < to; i++) {
                if (binPartition[positionBin(i)] == p) {
                    if (write != 0) {
                        setStash(x, i);
                    }
                    x++;
                }
            }
            if (write == 0) {
                in[p * stashRanges + r] = x;
            }
        }
    }

    /** The bin of the suffix at i: its first byte, then its second or the end ({@link SuffixPartitions#bin}). */
    private int positionBin(int i) {
        int second = i + 1 < textLength ? textByte(i + 1) : -1;
        return textByte(i) * SuffixPartitions.BINS_PER_BYTE + 1 + second;
    }

    /** Byte i of the packed text of a partitioned build. */
    private int textByte(int i) {
        return (text[i >>> 2] >>> ((i & 3) << 3)) & 0xFF;
    }

    /** Entry p of the array split into pieces p0..p7 (a chain of conditions: no array alias in a local). */
    private int pieceRead(int[] p0, int[] p1, int[] p2, int[] p3, int[] p4, int[] p5, int[] p6, int[] p7, int p) {
        int piece = p >>> pieceShift;
        int i = p & pieceMask;
        return piece == 0 ? p0[i] : piece == 1 ? p1[i] : piece == 2 ? p2[i] : piece == 3 ? p3[i]
                : piece == 4 ? p4[i] : piece == 5 ? p5[i] : piece == 6 ? p6[i] : p7[i];
    }

    private void pieceWrite(int[] p0, int[] p1, int[] p2, int[] p3, int[] p4, int[] p5, int[] p6, int[] p7, int p,
                            int v) {
        int piece = p >>> pieceShift;
        int i = p & pieceMask;
        if (piece == 0) {
            p0[i] = v;
        } else if (piece == 1) {
            p1[i] = v;
        } else if (piece == 2) {
            p2[i] = v;
        } else if (piece == 3) {
            p3[i] = v;
        } else if (piece == 4) {
            p4[i] = v;
        } else if (piece == 5) {
            p5[i] = v;
        } else if (piece == 6) {
            p6[i] = v;
        } else {
            p7[i] = v;
        }
    }
}
