package org.gpumatch.suffixarray;

import org.gpumatch.gpu.primitives.PrimitiveKernel;

/**
 * The pipeline kernel of {@link GpuPrefixDoublingBuilder}: the builder's own phases (initial keys from the packed text,
 * bucket keys, head flags, rank scatter, keep flags, the final inverse, the stash moves of a partitioned build) next
 * to the gpu-core primitives it runs on the same arrays (a stable u32/u32 radix sort, the small path of the segmented
 * sort, a two-lane max scan through the scan hooks, a stable select).
 *
 * <p>Working arrays (all {@code int[w]}, {@code w} = n for a whole build, the largest partition for a partitioned
 * one): {@link #keys} and {@link #keysAlt} (sort keys and their ping-pong buffer; scratch between sorts),
 * {@link #suffixes} and {@link #suffixesAlt} (the suffix index of each working element and its ping-pong buffer,
 * which also receives the new ranks and the selected suffixes).
 *
 * <p>Arrays indexed by text or SA position, {@code n} ints each, are split into pieces of {@code 2^pieceShift} ints
 * (at most {@link #MAX_PIECES}; unused pieces are {@code int[1]}) so that no device buffer reaches 2 GiB (Aparapi
 * 3.0.2 keeps a buffer's size in bytes in an {@code int}): the ranks {@code ranks0..7} (for every suffix the SA
 * position of the first element of its bucket; at the end the inverse suffix array) through {@link #rankAt} and
 * {@link #setRank}, and in a partitioned build the stash {@code stash0..7} through {@link #stashAt} and
 * {@link #setStash} (each partition's unsorted suffixes between its rounds, at the end the suffix array). A piece is
 * picked by {@code p >>> pieceShift} in a chain of conditions (Aparapi aborts the JVM on an array alias in a local),
 * so a one-piece build takes one uniform branch. The text, packed four bytes per int, lives in the rank pieces of a
 * whole build (until the first rank scatter overwrites it) and in {@link #text} in a partitioned one.
 * See {@link GpuPrefixDoublingBuilder} for the algorithm.
 *
 * <p>Every own phase handles {@link #perItem} elements per work-item, strided by the launch size, barrier-free; the
 * only barriers are those of the two scans, whose device functions {@code run()} calls unconditionally (gpu-core's
 * convention).
 */
public final class PrefixDoublingKernel extends PrimitiveKernel {
    /** The slot of every primitive call of this pipeline. */
    static final int SLOT = 1;
    /** The slot of the reduce of the chain lengths. */
    static final int SLOT_CHAIN = 2;
    /** The scan operator of the head-index scan: lane-wise maximum of two lanes. */
    static final int OP_MAX2 = 0;
    /** The scan operator of the chain scan: maximum of one lane, over the positions in reversed chain order. */
    static final int OP_CHAIN = 1;

    static final int PHASE_NONE = 0;
    /** {@code suffixes[i] = i}, {@code keys[i]} = low word of the packed key of suffix i. */
    static final int PHASE_INIT_LOW = 1;
    /** {@code keys[j]} = high word of the packed key of {@code suffixes[j]}. */
    static final int PHASE_INIT_HIGH = 2;
    /** Head flags of the initial sort into {@code keysAlt} (bit 0 new head, bit 1 old head), {@code keys[j] = 0}. */
    static final int PHASE_INIT_HEADS = 3;
    /**
     * {@code suffixes[j] = suffixesAlt[j]} (the selected set), {@code keys[j]} = rank of suffix + h, plus one, or 0;
     * {@code keysAlt[j]} = 1 where a bucket starts (the segment heads of the small-segment sort).
     */
    static final int PHASE_ROUND_KEYS = 4;
    /** {@code keys[j] = rank(suffixes[j])}: the bucket (first SA position) of each working suffix. */
    static final int PHASE_ROUND_BUCKETS = 5;
    /** Head flags of a round into {@code keysAlt}: bit 0 a new bucket starts, bit 1 an old one does. */
    static final int PHASE_ROUND_HEADS = 6;
    /** {@code rank(suffixes[j]) = suffixesAlt[j]} (the new ranks the scan wrote). */
    static final int PHASE_SCATTER_RANKS = 7;
    /** {@code keysAlt[j]} = 1 where the new bucket of element j has more than one element. */
    static final int PHASE_KEEP_FLAGS = 8;
    /** {@code SA[rank(i)] = i} into {@code keys} (whole builds) or the stash (partitioned): the suffix array. */
    static final int PHASE_INVERT = 9;
    /** Chain rounds: {@code keys[j]} = rank of the suffix after the chain of {@code suffixes[j]}, plus one, or 0. */
    static final int PHASE_CHAIN_AFTER = 10;
    /** Chain rounds: {@code keys[j]} = side and chain length of {@code suffixes[j]} ({@link #chainKey}). */
    static final int PHASE_CHAIN_SIDE = 11;
    /** Chain rounds: head flags into {@code keysAlt} (bit 0 new head, bit 1 old head: bucket ranks differ). */
    static final int PHASE_CHAIN_HEADS = 12;
    /** Over all n: {@code keys[u]} = u where the position at reversed chain index u ends its chain, else 0. */
    static final int PHASE_CHAIN_ENDS = 13;
    /** Over all n: {@code suffixesAlt[position of u] = keysAlt[u]}: the chain lengths by text position. */
    static final int PHASE_CHAIN_PLACE = 14;
    /** {@code keys[j]} = rank of {@code suffixes[j] + h}, plus one, or 0. */
    static final int PHASE_RANK_AFTER = 15;
    /** Partitioned builds: {@code stash[base + j] = suffixesAlt[j]} (a partition's selected set into its segment). */
    static final int PHASE_STASH_STORE = 16;
    /** The most pieces of a position-indexed array. */
    static final int MAX_PIECES = 8;

    // Set by the builder before each own launch; read-only on the device.
    int phase;
    /** Elements of this launch: n, or the working count m. */
    int count;
    /** Elements per work-item of an own phase. */
    int perItem = 1;
    /** Chain rounds: bits of the largest chain length, and {@code (1 << chainBits) - 1}. */
    int chainBits;
    int chainMask;
    /** The text length. */
    int textLength;
    /** The prefix length the current ranks sort by. */
    int h;
    /** Symbols packed into the initial key, and bits per symbol (codes 1..sigma, 0 past the end). */
    int packSymbols;
    int symbolBits;
    /** Position-indexed arrays are split into pieces of {@code 1 << pieceShift} ints; {@code pieceMask} selects. */
    int pieceShift = 30;
    int pieceMask = (1 << 30) - 1;
    /** 1 in a partitioned build: the text is in {@link #text} and the inverse goes to the stash; 0: a whole build. */
    int partitioned;
    /** 1: {@link #PHASE_INIT_LOW} and {@link #PHASE_ROUND_KEYS} read the working suffixes from the stash at base. */
    int stashed;
    /** SA position of the first suffix of the partition this launch works on (0 in a whole build). */
    int base;

    int[] keys = new int[1];
    int[] keysAlt = new int[1];
    int[] suffixes = new int[1];
    int[] suffixesAlt = new int[1];
    int[] ranks0 = new int[1];
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
    /** Symbol code of each byte value: 1..sigma for the bytes of the text. */
    int[] symbolCodes = new int[256];
    /** Unused long arrays of the select call. */
    long[] unusedLongs = new long[1];

    /** Created by {@link GpuPrefixDoublingBuilder}. */
    PrefixDoublingKernel() {
    }

    /** Host side: the rank pieces, {@link #MAX_PIECES} of them (unused ones {@code int[1]}). */
    int[][] rankPieces() {
        return new int[][] {ranks0, ranks1, ranks2, ranks3, ranks4, ranks5, ranks6, ranks7};
    }

    /** Host side: the stash pieces, {@link #MAX_PIECES} of them (unused ones {@code int[1]}). */
    int[][] stashPieces() {
        return new int[][] {stash0, stash1, stash2, stash3, stash4, stash5, stash6, stash7};
    }

    /**
     * Host side: binds the rank and the stash pieces ({@code ranks[i]}, {@code stash[i]}; {@code int[1]} where absent
     * or beyond the array's length).
     */
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

    private static int[] pieceOrUnused(int[][] pieces, int i) {
        return i < pieces.length && pieces[i] != null ? pieces[i] : new int[1];
    }

    @Override
    protected int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return lane == 0 ? Math.max(a0, b0) : lane == 1 ? Math.max(a1, b1) : 0;
    }

    @Override
    protected int identity(int op, int lane) {
        return 0;
    }

    /**
     * {@link #OP_MAX2}: lane 0: j where a new bucket starts at j, lane 1: j where an old one does (else 0).
     * {@link #OP_CHAIN}: {@code keys[i]} ({@link #PHASE_CHAIN_ENDS} wrote u where the position at reversed chain index
     * u ends its chain, else 0). (Aparapi emits the hooks before the kernel's other methods, so they call none.)
     */
    @Override
    protected int scanLoad(int op, int i, int lane) {
        return op == OP_CHAIN ? keys[i] : ((keysAlt[i] >>> lane) & 1) != 0 ? i : 0;
    }

    /**
     * {@link #OP_MAX2}: the new rank, old bucket start plus the new head's offset within the old bucket.
     * {@link #OP_CHAIN}: the chain length of the position at reversed chain index i, into {@code keysAlt[i]}.
     */
    @Override
    protected void scanStore(int op, int i, int v0, int v1, int v2, int v3) {
        if (op == OP_CHAIN) {
            keysAlt[i] = i - v0 + 1;
        } else {
            suffixesAlt[i] = keys[i] + v0 - v1;
        }
    }

    /**
     * The text position at index {@code u} of the reversed chain order: chains are the residues {@code r} modulo h in
     * order, each from its last position {@code r + q h < n} down to {@code r}; the first {@code n mod h} chains have
     * {@code n / h + 1} positions, the others {@code n / h}.
     */
    private int chainPosition(int u) {
        int full = textLength / h;
        int extra = textLength - full * h;
        long longPart = (long) extra * (full + 1);
        int r = 0;
        int q = 0;
        if (u < longPart) {
            r = u / (full + 1);
            q = full - u % (full + 1);
        } else {
            int v = (int) (u - longPart);
            r = extra + v / full;
            q = full - 1 - v % full;
        }
        return r + q * h;
    }

    /** Whether position p ends its chain: {@code p + h} is past the end or in another bucket. */
    private boolean chainEnds(int p) {
        return p >= textLength - h || rankAt(p + h) != rankAt(p);
    }

    /**
     * The rank plus one of the suffix after the chain of s ({@code s + k h}, k its chain length from
     * {@code suffixesAlt[s]}), 0 past the end.
     */
    private int chainAfter(int s) {
        int after = s + suffixesAlt[s] * h;
        return after < textLength ? rankAt(after) + 1 : 0;
    }

    /**
     * The chain key of s: the chain length k when the suffix after the chain sorts below the bucket of s (shorter
     * chains first), else {@code 1 << chainBits | (chainMask - k)} (after all of those, longer chains first).
     */
    private int chainKey(int s) {
        int k = suffixesAlt[s];
        boolean above = chainAfter(s) - 1 > rankAt(s);
        return above ? (1 << chainBits) | (chainMask - k) : k;
    }

    @Override
    public void run() {
        scanPass(); // the head-index scan (barriers only otherwise)
        radixSortScanPass(); // the radix sort's digit-count scan (barriers only otherwise)
        radixSortPairsU32(SLOT, keys, suffixes, keysAlt, suffixesAlt);
        segmentedSortPairsU32(SLOT, keys, suffixes, keysAlt, unusedLongs); // the small path only
        chunkPass(SLOT, suffixes, keysAlt, suffixesAlt, unusedLongs, unusedLongs);
        chunkPass(SLOT_CHAIN, keysAlt, keysAlt, keys, unusedLongs, unusedLongs); // only its reduce runs
        ownPhase();
        localBarrier(); // Aparapi's Java threads reuse local arrays across groups
    }

    /** Elements {@code gid + t * globalSize} for {@code t < perItem} (coalesced on a GPU). */
    private void ownPhase() {
        int stride = getGlobalSize();
        for (int t = 0; phase != PHASE_NONE && t < perItem; t++) {
            long at = getGlobalId() + (long) t * stride;
            if (at < count) {
                ownElement((int) at);
            }
        }
    }

    private void ownElement(int j) {
        if (phase == PHASE_INIT_LOW) {
            int s = stashed != 0 ? stashAt(base + j) : j;
            suffixes[j] = s;
            keys[j] = (int) packedKey(s);
        } else if (phase == PHASE_INIT_HIGH) {
            keys[j] = (int) (packedKey(suffixes[j]) >>> 32);
        } else if (phase == PHASE_INIT_HEADS) {
            boolean head = j == 0 || packedKey(suffixes[j]) != packedKey(suffixes[j - 1]);
            keysAlt[j] = (head ? 1 : 0) | (j == 0 ? 2 : 0);
            keys[j] = base; // the "old bucket rank": new ranks are base plus the head's index
        } else if (phase == PHASE_ROUND_KEYS) {
            int s = workingSuffix(j);
            suffixes[j] = s;
            keys[j] = rankAfter(s);
            keysAlt[j] = j == 0 || rankAt(s) != rankAt(workingSuffix(j - 1)) ? 1 : 0;
        } else if (phase == PHASE_ROUND_BUCKETS) {
            keys[j] = rankAt(suffixes[j]);
        } else if (phase == PHASE_ROUND_HEADS) {
            boolean old = j == 0 || keys[j] != keys[j - 1];
            boolean head = old || rankAfter(suffixes[j]) != rankAfter(suffixes[j - 1]);
            keysAlt[j] = (head ? 1 : 0) | (old ? 2 : 0);
        } else if (phase == PHASE_SCATTER_RANKS) {
            setRank(suffixes[j], suffixesAlt[j]);
        } else if (phase == PHASE_KEEP_FLAGS) {
            int r = suffixesAlt[j];
            boolean shared = (j > 0 && suffixesAlt[j - 1] == r) || (j + 1 < count && suffixesAlt[j + 1] == r);
            keysAlt[j] = shared ? 1 : 0;
        } else if (phase == PHASE_INVERT) {
            if (partitioned != 0) {
                setStash(rankAt(j), j);
            } else {
                keys[rankAt(j)] = j;
            }
        } else if (phase == PHASE_CHAIN_AFTER) {
            keys[j] = chainAfter(suffixes[j]);
        } else if (phase == PHASE_CHAIN_SIDE) {
            keys[j] = chainKey(suffixes[j]);
        } else if (phase == PHASE_CHAIN_HEADS) {
            int s = suffixes[j];
            boolean old = j == 0 || rankAt(s) != rankAt(suffixes[j - 1]);
            boolean head = old || chainKey(s) != chainKey(suffixes[j - 1])
                    || chainAfter(s) != chainAfter(suffixes[j - 1]);
            keysAlt[j] = (head ? 1 : 0) | (old ? 2 : 0);
        } else if (phase == PHASE_CHAIN_ENDS) {
            keys[j] = chainEnds(chainPosition(j)) ? j : 0;
        } else if (phase == PHASE_CHAIN_PLACE) {
            suffixesAlt[chainPosition(j)] = keysAlt[j];
        } else if (phase == PHASE_RANK_AFTER) {
            keys[j] = rankAfter(suffixes[j]);
        } else if (phase == PHASE_STASH_STORE) {
            setStash(base + j, suffixesAlt[j]);
        }
    }

    /** The rank of suffix {@code s + h} plus one, or 0 when {@code s + h} is past the end (a shorter suffix first). */
    private int rankAfter(int s) {
        return s < textLength - h ? rankAt(s + h) + 1 : 0;
    }

    /** The rank of suffix p (in piece {@code p >>> pieceShift}). */
    private int rankAt(int p) {
        return pieceRead(ranks0, ranks1, ranks2, ranks3, ranks4, ranks5, ranks6, ranks7, p);
    }

    private void setRank(int p, int v) {
        pieceWrite(ranks0, ranks1, ranks2, ranks3, ranks4, ranks5, ranks6, ranks7, p, v);
    }

    /** Stash entry x (in piece {@code x >>> pieceShift}). */
    private int stashAt(int x) {
        return pieceRead(stash0, stash1, stash2, stash3, stash4, stash5, stash6, stash7, x);
    }

    private void setStash(int x, int v) {
        pieceWrite(stash0, stash1, stash2, stash3, stash4, stash5, stash6, stash7, x, v);
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

    /** Word w of the packed text: in the rank pieces of a whole build, in {@link #text} of a partitioned one. */
    private int textWord(int w) {
        return partitioned != 0 ? text[w] : rankAt(w);
    }

    /** The suffix of working element j of this launch: from the stash segment at base, or the selected set. */
    private int workingSuffix(int j) {
        return stashed != 0 ? stashAt(base + j) : suffixesAlt[j];
    }

    /**
     * The first {@link #packSymbols} symbol codes of suffix {@code s}, the first in the highest position, 0 past the
     * end; the text is packed little-endian four bytes per int ({@link #textWord}).
     */
    private long packedKey(int s) {
        long key = 0L;
        int n = textLength;
        for (int t = 0; t < packSymbols; t++) {
            int code = 0;
            if (t < n - s) {
                int p = s + t;
                code = symbolCodes[(textWord(p >>> 2) >>> ((p & 3) << 3)) & 0xFF];
            }
            key = (key << symbolBits) | code;
        }
        return key;
    }
}
