package org.gpumatch.suffixarray;

import org.gpumatch.gpu.primitives.PrimitiveKernel;

/**
 * The pipeline kernel of {@link GpuPrefixDoublingBuilder}: the builder's own phases (initial keys from the packed text,
 * bucket keys, head flags, rank scatter, keep flags, the final inverse) next to the gpu-core primitives it runs on the
 * same five arrays (a stable u32/u32 radix sort, the small path of the segmented sort, a two-lane max scan through the scan hooks, a
 * stable select).
 *
 * <p>Arrays (all {@code int[n]}, 20 bytes per text byte together): {@link #keys} and {@link #keysAlt} (sort keys and
 * their ping-pong buffer; scratch between sorts), {@link #suffixes} and {@link #suffixesAlt} (the suffix index of each
 * working element and its ping-pong buffer, which also receives the new ranks and the selected suffixes), and
 * {@link #ranks} (first the text packed four bytes per int, then for every suffix the SA position of the first element
 * of its bucket; at the end the inverse suffix array). See {@link GpuPrefixDoublingBuilder} for the algorithm.
 *
 * <p>Every own phase handles {@link #perItem} elements per work-item, strided by the launch size, barrier-free; the only barriers are those of the two scans, whose
 * device functions {@code run()} calls unconditionally (gpu-core's convention).
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
    /** {@code keys[j] = ranks[suffixes[j]]}: the bucket (first SA position) of each working suffix. */
    static final int PHASE_ROUND_BUCKETS = 5;
    /** Head flags of a round into {@code keysAlt}: bit 0 a new bucket starts, bit 1 an old one does. */
    static final int PHASE_ROUND_HEADS = 6;
    /** {@code ranks[suffixes[j]] = suffixesAlt[j]} (the new ranks the scan wrote). */
    static final int PHASE_SCATTER_RANKS = 7;
    /** {@code keysAlt[j]} = 1 where the new bucket of element j has more than one element. */
    static final int PHASE_KEEP_FLAGS = 8;
    /** {@code keys[ranks[i]] = i}: the suffix array from the inverse. */
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

    int[] keys = new int[1];
    int[] keysAlt = new int[1];
    int[] suffixes = new int[1];
    int[] suffixesAlt = new int[1];
    int[] ranks = new int[1];
    /** Symbol code of each byte value: 1..sigma for the bytes of the text. */
    int[] symbolCodes = new int[256];
    /** Unused long arrays of the select call. */
    long[] unusedLongs = new long[1];

    /** Created by {@link GpuPrefixDoublingBuilder}. */
    PrefixDoublingKernel() {
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
        return p >= textLength - h || ranks[p + h] != ranks[p];
    }

    /**
     * The rank plus one of the suffix after the chain of s ({@code s + k h}, k its chain length from
     * {@code suffixesAlt[s]}), 0 past the end.
     */
    private int chainAfter(int s) {
        int after = s + suffixesAlt[s] * h;
        return after < textLength ? ranks[after] + 1 : 0;
    }

    /**
     * The chain key of s: the chain length k when the suffix after the chain sorts below the bucket of s (shorter
     * chains first), else {@code 1 << chainBits | (chainMask - k)} (after all of those, longer chains first).
     */
    private int chainKey(int s) {
        int k = suffixesAlt[s];
        boolean above = chainAfter(s) - 1 > ranks[s];
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
            suffixes[j] = j;
            keys[j] = (int) packedKey(j);
        } else if (phase == PHASE_INIT_HIGH) {
            keys[j] = (int) (packedKey(suffixes[j]) >>> 32);
        } else if (phase == PHASE_INIT_HEADS) {
            boolean head = j == 0 || packedKey(suffixes[j]) != packedKey(suffixes[j - 1]);
            keysAlt[j] = (head ? 1 : 0) | (j == 0 ? 2 : 0);
            keys[j] = 0;
        } else if (phase == PHASE_ROUND_KEYS) {
            int s = suffixesAlt[j];
            suffixes[j] = s;
            keys[j] = rankAfter(s);
            keysAlt[j] = j == 0 || ranks[s] != ranks[suffixesAlt[j - 1]] ? 1 : 0;
        } else if (phase == PHASE_ROUND_BUCKETS) {
            keys[j] = ranks[suffixes[j]];
        } else if (phase == PHASE_ROUND_HEADS) {
            boolean old = j == 0 || keys[j] != keys[j - 1];
            boolean head = old || rankAfter(suffixes[j]) != rankAfter(suffixes[j - 1]);
            keysAlt[j] = (head ? 1 : 0) | (old ? 2 : 0);
        } else if (phase == PHASE_SCATTER_RANKS) {
            ranks[suffixes[j]] = suffixesAlt[j];
        } else if (phase == PHASE_KEEP_FLAGS) {
            int r = suffixesAlt[j];
            boolean shared = (j > 0 && suffixesAlt[j - 1] == r) || (j + 1 < count && suffixesAlt[j + 1] == r);
            keysAlt[j] = shared ? 1 : 0;
        } else if (phase == PHASE_INVERT) {
            keys[ranks[j]] = j;
        } else if (phase == PHASE_CHAIN_AFTER) {
            keys[j] = chainAfter(suffixes[j]);
        } else if (phase == PHASE_CHAIN_SIDE) {
            keys[j] = chainKey(suffixes[j]);
        } else if (phase == PHASE_CHAIN_HEADS) {
            int s = suffixes[j];
            boolean old = j == 0 || ranks[s] != ranks[suffixes[j - 1]];
            boolean head = old || chainKey(s) != chainKey(suffixes[j - 1])
                    || chainAfter(s) != chainAfter(suffixes[j - 1]);
            keysAlt[j] = (head ? 1 : 0) | (old ? 2 : 0);
        } else if (phase == PHASE_CHAIN_ENDS) {
            keys[j] = chainEnds(chainPosition(j)) ? j : 0;
        } else if (phase == PHASE_CHAIN_PLACE) {
            suffixesAlt[chainPosition(j)] = keysAlt[j];
        } else if (phase == PHASE_RANK_AFTER) {
            keys[j] = rankAfter(suffixes[j]);
        }
    }

    /** The rank of suffix {@code s + h} plus one, or 0 when {@code s + h} is past the end (a shorter suffix first). */
    private int rankAfter(int s) {
        return s < textLength - h ? ranks[s + h] + 1 : 0;
    }

    /**
     * The first {@link #packSymbols} symbol codes of suffix {@code s}, the first in the highest position, 0 past the
     * end; the text is packed little-endian four bytes per int in {@link #ranks}.
     */
    private long packedKey(int s) {
        long key = 0L;
        int n = textLength;
        for (int t = 0; t < packSymbols; t++) {
            int code = 0;
            if (t < n - s) {
                int p = s + t;
                code = symbolCodes[(ranks[p >>> 2] >>> ((p & 3) << 3)) & 0xFF];
            }
            key = (key << symbolBits) | code;
        }
        return key;
    }
}
