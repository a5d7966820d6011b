package org.gpumatch.suffixarray.gpu;

import org.gpumatch.gpu.primitives.GridKernel;
import org.gpumatch.gpu.primitives.GridSegmentKernel;

/**
 * The pipeline kernel of {@link GpuPrefixDoublingBuilder}, a pipeline of gpu-core's grid layer: the builder's own
 * phases (initial keys from the packed text, bucket keys, head flags, the small-bucket sort, a max scan whose bottom
 * level scatters the ranks and writes the keep flags, the final inverse, the stash moves of a partitioned build) run as
 * barrier-free {@link #pipelineItem} launches next to the grid's primitives on the same arrays (the stable 8-bit LSD
 * radix sort of
 * u32/u32 pairs and the flagged select, through {@link org.gpumatch.gpu.primitives.GridDriver}).
 *
 * <p>Working arrays: the grid's operands, bound once per build ({@code w} ints each, {@code w} = n for a whole build,
 * the largest partition for a partitioned one): {@link #in} (sort keys; scratch), {@link #aux} (the suffix of each
 * working element, the sort's values), {@link #out} and {@link #auxAlt} (the sort's ping-pong buffers; between sorts
 * head flags, new ranks, head indices, the selected set and, in chain rounds, chain lengths). A round's selected set
 * (the suffixes still unsorted, in SA order) is the select's output in {@link #out}.
 *
 * <p>This class is the kernel of builds whose position-indexed arrays fit one piece (whole builds of up to
 * {@code 2^pieceShift} bytes): the ranks {@link #ranks0} (for every suffix the SA position of the first element of
 * its bucket; at the end the inverse suffix array), read and written through {@link #rankAt} and {@link #setRank},
 * and the text packed four bytes per int inside them (until the first rank scatter overwrites it). Its subclass
 * {@link PieceDoublingKernel} overrides those accessors for ranks, stash and text in pieces (partitioned builds and
 * longer whole ones); keeping its 17 further arrays out of this class spares every launch of a one-piece build their
 * arguments and GuardedKernel's download of each (they are small placeholders there).
 *
 * <p><b>Max scan</b> (the new ranks and the chain lengths need "the last head at or before j"): an own chunked scan
 * in barrier-free launches ({@link #PHASE_SCAN_UP} level by level, one work-item per {@link #SCAN_CHUNK} entries,
 * into {@link #parts}; {@link #PHASE_SCAN_TOP}, one work-item over at most {@link #SCAN_TOP} entries;
 * {@link #PHASE_SCAN_DOWN} back down), two lanes at once; the grid's scans add, and a max over two lanes of the
 * 64-bit add scan would need 16 bytes more per element. The bottom level's down-sweep of the new ranks also settles
 * each element (what a launch of its own did until 2026-11-29: its rank scatter, the select's values and flags, the
 * bucket flags), so a settle reads the scan's results in registers instead of from two arrays written for it. The
 * same up-sweeps with {@link #OP_CHAIN_MAX} reduce the chain lengths to their maximum ({@code state[0]}).
 *
 * <p>Every own phase handles {@link #perItem} elements per work-item, strided by the launch's work-items
 * ({@link #stride}: coalesced on a GPU). See {@link GpuPrefixDoublingBuilder} for the algorithm.
 */
public class PrefixDoublingKernel extends GridSegmentKernel {
    /** The slot of the pipeline's own launches (the grid's primitives run in {@link GridKernel#SLOT}). */
    static final int SLOT_OWN = 2;
    /**
     * Max scan operator: lane 0 the index of the last new head, lane 1 of the last old head (head flags in out); its
     * bottom level settles each element ({@link #settleElement}: new rank, select value and flag, bucket flags).
     */
    static final int OP_MAX2 = 0;
    /** Max scan operator: one lane over the positions in reversed chain order (u where a chain ends, in in). */
    static final int OP_CHAIN = 1;
    /** Chains of at least this many steps are counted ({@link #chainedSlot}): the builder's chain-round length. */
    static final int CHAIN_COUNTED = GpuPrefixDoublingBuilder.CHAIN_MIN_LENGTH;
    /** Max reduce (up-sweeps and top only) of the chain lengths in out; the maximum goes to {@code state[0]}. */
    static final int OP_CHAIN_MAX = 2;
    /** Entries per work-item of a max-scan level above the elements. */
    static final int SCAN_CHUNK = 64;
    /**
     * Entries per work-item of the max scan's bottom level (the elements; each work-item reads and writes its own
     * consecutive entries, so a warp's accesses are this many ints apart). H200, 2026-11-29 j, device time of the
     * bottom level's launches with 64 / 16 / 8: 100 MB code 27.9 / 21.1 / 21.7 ms, Fibonacci 199 / 144 / 146 ms
     * (a warp's lines stay in the cache until its entries are done); 16 costs the levels above 0.4 bytes per element
     * more than 64.
     */
    static final int BOTTOM_CHUNK = 16;

    /** Entries per work-item of max-scan level {@code level} (host side). */
    static int scanChunkOf(int level) {
        return level == 0 ? BOTTOM_CHUNK : SCAN_CHUNK;
    }
    /** The top level of the max scan: at most this many entries, scanned by one work-item. */
    static final int SCAN_TOP = 4096;
    /** Buckets of at most this many suffixes are sorted by insertion, one work-item per bucket. */
    static final int MAX_SMALL = 32;
    /** The size classes of kept buckets ({@link #sizeClassSlot}): floor(log2(size)) of an int. */
    static final int SIZE_CLASSES = 32;
    /** Bit 31 of a kept element (select value, stash entry): it starts its bucket. Suffixes are below 2^31. */
    static final int HEAD_BIT = 0x80000000;

    static final int PHASE_NONE = 0;
    /** {@code aux[j]} = suffix j (or the stash's), {@code in[j]} = low word of its packed key; resets the large flag. */
    static final int PHASE_INIT_LOW = 1;
    /** {@code in[j]} = high word of the packed key of {@code aux[j]}. */
    static final int PHASE_INIT_HIGH = 2;
    /** Head flags of the initial sort into {@code out} (bit 0 new head, bit 1 old head), {@code in[j] = base}. */
    static final int PHASE_INIT_HEADS = 3;
    /**
     * {@code aux[j]} = the working suffix (the selected set in out, or the stash), {@code in[j]} = rank of suffix + h
     * plus one or 0, {@code out[j]} = 1 where a bucket starts (its {@link #HEAD_BIT}: the segments of the small and the
     * segmented sort); resets the partition's large flag and count.
     */
    static final int PHASE_ROUND_KEYS = 4;
    /** {@code in[j] = rank(aux[j])}: the bucket (first SA position) of each working suffix. */
    static final int PHASE_ROUND_BUCKETS = 5;
    /** Head flags of a round into {@code out}: bit 0 a new bucket starts, bit 1 an old one does. */
    static final int PHASE_ROUND_HEADS = 6;
    /** {@code SA[rank(i)] = i} into {@code in} (whole builds) or the stash (partitioned): the suffix array. */
    static final int PHASE_INVERT = 9;
    /** Chain rounds: {@code in[j]} = rank of the suffix after the chain of {@code aux[j]}, plus one, or 0. */
    static final int PHASE_CHAIN_AFTER = 10;
    /** Chain rounds: {@code in[j]} = side and chain length of {@code aux[j]} ({@link #chainKey}). */
    static final int PHASE_CHAIN_SIDE = 11;
    /** Chain rounds: head flags into {@code out} (bit 0 new head, bit 1 old head: bucket ranks differ). */
    static final int PHASE_CHAIN_HEADS = 12;
    /** Over all n: {@code in[u]} = u where the position at reversed chain index u ends its chain, else 0. */
    static final int PHASE_CHAIN_ENDS = 13;
    /** Over all n: {@code auxAlt[position of u] = out[u]}: the chain lengths by text position. */
    static final int PHASE_CHAIN_PLACE = 14;
    /** {@code in[j]} = rank of {@code aux[j] + h}, plus one, or 0; {@code out[j]} = 1 where a bucket starts. */
    static final int PHASE_RANK_AFTER = 15;
    /** Partitioned builds: {@code stash[base + j] = out[j]} (a partition's selected set, head bits included). */
    static final int PHASE_STASH_STORE = 16;
    /** The work-item of each bucket head insertion-sorts its bucket (heads in auxAlt; every bucket small). */
    static final int PHASE_SMALL_SORT = 17;
    /** {@code in[j] = out[j]}, {@code aux[j] = auxAlt[j]}: a sort that ended in the alternates, back. */
    static final int PHASE_COPY_BACK = 18;
    /** Max scan: level {@link #scanLevel}'s chunk maxima into the next level. */
    static final int PHASE_SCAN_UP = 19;
    /** Max scan: the top level, exclusive, by one work-item; its total to {@code state[0]}. */
    static final int PHASE_SCAN_TOP = 20;
    /** Max scan: level {@link #scanLevel} from the exclusive maxima of the level above. */
    static final int PHASE_SCAN_DOWN = 21;
    /**
     * {@code in[j] = rank(aux[j])} and head flags into {@code out} from gathers (bit 0 new head: the bucket or the
     * rank after h differs from element j - 1's; bit 1 old head): {@link #PHASE_ROUND_BUCKETS} and
     * {@link #PHASE_ROUND_HEADS} in one launch, for sorts that keep every bucket in its place.
     */
    static final int PHASE_BUCKET_HEADS = 22;
    /**
     * A reused whole build: {@code setRank(w, in[w])} for the text's words (the packed text came to the device inside
     * the keys array, {@link #in}: a new one's buffer is made from it at the first launch, a kept one is put; the
     * kept ranks are not put). Before {@link #PHASE_INIT_LOW}, which overwrites {@code in}.
     */
    static final int PHASE_TEXT_TO_RANKS = 23;
    /**
     * Partitioned builds, before the initial sorts: work-item r counts the positions of its range of
     * {@link PieceDoublingKernel#STASH_RANGE} whose first two bytes fall in partition p, into
     * {@code in[p * ranges + r]} ({@link #stashPositions}).
     */
    static final int PHASE_STASH_COUNT = 24;
    /**
     * Partitioned builds, after the exclusive scan of those counts into {@code out}: work-item r writes the positions
     * of its range into the stash, partition by partition from {@code out[p * ranges + r]} on: each partition's
     * positions ascending in its SA range.
     */
    static final int PHASE_STASH_WRITE = 25;
    /** The phases' names by code (host side: the builder's device time by step). */
    private static final String[] PHASE_NAMES = {"none", "init low", "init high", "init heads", "round keys",
        "round buckets", "round heads", "phase 7", "phase 8", "invert", "chain after", "chain side", "chain heads",
        "chain ends", "chain place", "rank after", "stash store", "small sort", "copy back", "max scan up",
        "max scan top", "max scan down", "bucket heads", "text to ranks", "stash count", "stash write"};

    /** The name of phase {@code phase} (a {@code PHASE_} code), for reports. */
    static String phaseName(int phase) {
        return phase >= 0 && phase < PHASE_NAMES.length ? PHASE_NAMES[phase] : "phase " + phase;
    }
    /** The most pieces of a position-indexed array. */
    static final int MAX_PIECES = 8;

    // Set by the builder before each own launch; read-only on the device.
    int phase;
    /** Elements (or chunks) of this launch. */
    int count;
    /** Elements per work-item of an own phase. */
    int perItem = 1;
    /** Work-items of this launch: element {@code i + t * stride} for {@code t < perItem}. */
    int stride = 1;
    /** Chain rounds: bits of the largest chain length, and {@code (1 << chainBits) - 1}. */
    int chainBits;
    int chainMask;
    /** The text length. */
    int textLength;
    /** The prefix length the current ranks sort by. */
    int h;
    /**
     * 1 in the rounds, where every working suffix's rank already holds its bucket's rank (which {@code in} holds when
     * the max scan settles the elements, {@link #settleElement}), so the rank scatter writes only the ranks that
     * change; 0 in the initial sorts, where the ranks hold the packed text (or, partitioned, nothing yet) and every
     * rank is written.
     */
    int ranked;
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
    /** The partition this launch works on: its large flag and count are {@code state[1 + 2 part]}, {@code [2 + 2 part]}. */
    int part;
    /** Buckets over this many suffixes count as large segments of the grid's segmented sort (a quarter tile). */
    int segSmall;
    /** Max scan: operator, level (0: the elements), offsets in {@link #parts} of this level and the next. */
    int scanOp;
    int scanLevel;
    int scanFrom;
    int scanTo;
    /** Max scan: entries of the current level (elements at level 0). */
    int scanSize;
    /** Max scan: entries per work-item of the current level ({@link #scanChunkOf}). */
    int scanChunk = SCAN_CHUNK;

    /** The ranks (one piece); in {@link PieceDoublingKernel} the first of eight pieces. */
    int[] ranks0 = new int[1];
    /** Symbol code of each byte value: 1..sigma for the bytes of the text (read-only: never downloaded). */
    @Constant int[] symbolCodes = new int[256];
    /** The max scan's levels above the elements, two lanes per entry ({@link GpuPrefixDoublingBuilder#partsLength}). */
    int[] parts = new int[2];
    /**
     * Small state read by the host: {@code [0]} the last max reduce's result; for partition p, {@code [1 + 2p]} 1 when
     * its last settle left a bucket of more than {@link #MAX_SMALL} suffixes (the next round is a large one), and
     * {@code [2 + 2p]} the suffixes in buckets of more than {@link #segSmall} (the segmented sort's large path).
     */
    int[] state = new int[5 + SIZE_CLASSES];
    /**
     * The slot of {@link #state} after the partitions' (index {@code 1 + 2 P}): how many positions the round's chain
     * measurement found in chains of at least {@link #CHAIN_COUNTED} steps (reset by {@link #PHASE_ROUND_KEYS}, summed
     * by {@link #PHASE_CHAIN_PLACE}, one atomic add per work-item that found any; a chain round's own measurements add
     * to it after the decision). The slot after it ({@code chainedSlot + 1}): the sampled suffixes a
     * {@link #PHASE_ROUND_KEYS} launch with {@link #countSelfChains} found one chain step long at least (reset by
     * {@link #settleElement}, element 0).
     */
    int chainedSlot = 3;
    /**
     * The first of {@link #SIZE_CLASSES} slots of {@link #state} (after {@link #chainedSlot}'s two): slot
     * {@code sizeClassSlot + c} is 1 when the last settle kept a bucket of {@code 2^c} to {@code 2^(c+1) - 1}
     * suffixes (a plain store of the same value by each such bucket's last element, skipped where already seen).
     * Reset by {@link #PHASE_INIT_LOW} and {@link #PHASE_ROUND_KEYS}. When every kept bucket has at least
     * {@code 2^t} suffixes, bucket ranks (first SA positions) at least {@code 2^t} apart differ above bit t, so the
     * next round sorts by bucket on bits {@code [t, bits(n - 1))} only ({@link DoublingRounds}).
     */
    int sizeClassSlot = 5;
    /**
     * 1: this {@link #PHASE_ROUND_KEYS} launch counts the suffixes s whose {@code s + h} lies in the bucket of s (the
     * rank after equals the rank: s starts a chain step) among every {@link #SELF_CHAIN_SAMPLE}th working entry into
     * {@code state[chainedSlot + 1]}, one gather more per sampled suffix. The host sets it in large rounds after a
     * chain measurement missed: a text whose period divides only a later h shows its chains there
     * ({@link DoublingRounds}).
     */
    int countSelfChains;
    /**
     * {@link #countSelfChains} looks at every this many working entries (a power of two): the rank's gather for one
     * suffix in 16 (counting every suffix cost tandem repeats of period 1000 at 100 MB 60 ms in 23 rounds on the
     * H200, 2026-11-29 i).
     */
    static final int SELF_CHAIN_SAMPLE = 16;

    /** Created by {@link GpuPrefixDoublingBuilder}. */
    PrefixDoublingKernel() {
        registerSlot(SLOT_OWN);
    }

    /** Host side: the rank pieces (one here). */
    int[][] rankPieces() {
        return new int[][] {ranks0};
    }

    /** Host side: the stash pieces (none here). */
    int[][] stashPieces() {
        return new int[0][];
    }

    /** Host side: binds the working arrays (the grid's operands: keys, suffixes and their ping-pong buffers). */
    void bindWorking(int[] keys, int[] keysAlt, int[] suffixes, int[] suffixesAlt) {
        in = keys;
        out = keysAlt;
        aux = suffixes;
        auxAlt = suffixesAlt;
    }

    /** Host side: the working arrays in the order of {@link #bindWorking}. */
    int[][] working() {
        return new int[][] {in, out, aux, auxAlt};
    }

    /** Host side: binds the ranks ({@code ranks[0]}, or {@code int[1]} when absent); this kernel has no stash. */
    void bindPieces(int[][] ranks, int[][] stash) {
        if (ranks.length > 1 || stash.length > 0) {
            throw new IllegalStateException("a one-piece kernel takes one rank piece and no stash");
        }
        ranks0 = ranks.length == 1 && ranks[0] != null ? ranks[0] : new int[1];
    }

    /** Host side: binds the packed text of a partitioned build (none here: the text rides in the ranks). */
    void bindText(int[] words) {
        if (words != null) {
            throw new IllegalStateException("a one-piece kernel keeps the text in its ranks");
        }
    }

    @Override
    protected void pipelineItem(int slot, int i) {
        int chained = 0;
        int selfChained = 0;
        for (int t = 0; slot == SLOT_OWN && t < perItem; t++) {
            long at = i + (long) t * stride;
            if (at < count) {
                ownElement((int) at);
                chained += chainCounted((int) at);
                selfChained += selfChainCounted((int) at);
            }
        }
        if (chained > 0) { // one atomic add per work-item that found any
            atomicAdd(state, chainedSlot, chained);
        }
        if (selfChained > 0) {
            atomicAdd(state, chainedSlot + 1, selfChained);
        }
    }

    /**
     * 1 when this is a {@link #PHASE_ROUND_KEYS} launch with {@link #countSelfChains}, j is a sampled working entry
     * (every {@link #SELF_CHAIN_SAMPLE}th) and its suffix has its {@code s + h} in its own bucket (its key, the rank
     * after plus one, minus one is its rank).
     */
    private int selfChainCounted(int j) {
        return phase == PHASE_ROUND_KEYS && countSelfChains != 0 && (j & (SELF_CHAIN_SAMPLE - 1)) == 0
                && in[j] - 1 == rankAt(aux[j]) ? 1 : 0;
    }

    /** 1 when this is a {@link #PHASE_CHAIN_PLACE} launch and chain-order entry j has {@link #CHAIN_COUNTED} steps. */
    private int chainCounted(int j) {
        return phase == PHASE_CHAIN_PLACE && out[j] >= CHAIN_COUNTED ? 1 : 0;
    }

    private void ownElement(int j) {
        if (phase == PHASE_INIT_LOW) {
            int s = stashed != 0 ? stashAt(base + j) : j;
            aux[j] = s;
            in[j] = (int) packedKey(s);
            if (j == 0) {
                state[1 + 2 * part] = 0;
                state[2 + 2 * part] = 0;
                clearSizeClasses();
            }
        } else if (phase == PHASE_INIT_HIGH) {
            in[j] = (int) (packedKey(aux[j]) >>> 32);
        } else if (phase == PHASE_INIT_HEADS) {
            boolean head = j == 0 || packedKey(aux[j]) != packedKey(aux[j - 1]);
            out[j] = (head ? 1 : 0) | (j == 0 ? 2 : 0);
            in[j] = base; // the "old bucket rank": new ranks are base plus the head's index
        } else if (phase == PHASE_ROUND_KEYS) {
            int v = stashed != 0 ? stashAt(base + j) : out[j];
            int s = v & ~HEAD_BIT;
            aux[j] = s;
            in[j] = rankAfter(s);
            out[j] = v < 0 ? 1 : 0;
            if (j == 0) {
                state[1 + 2 * part] = 0;
                state[2 + 2 * part] = 0;
                state[chainedSlot] = 0; // the round's chain measurement counts from here
                clearSizeClasses();
            }
        } else if (phase == PHASE_ROUND_BUCKETS) {
            in[j] = rankAt(aux[j]);
        } else if (phase == PHASE_ROUND_HEADS) {
            boolean old = j == 0 || in[j] != in[j - 1];
            boolean head = old || rankAfter(aux[j]) != rankAfter(aux[j - 1]);
            out[j] = (head ? 1 : 0) | (old ? 2 : 0);
        } else if (phase == PHASE_BUCKET_HEADS) {
            int s = aux[j];
            int bucket = rankAt(s);
            boolean old = j == 0 || bucket != rankAt(aux[j - 1]);
            boolean head = old || rankAfter(s) != rankAfter(aux[j - 1]);
            in[j] = bucket;
            out[j] = (head ? 1 : 0) | (old ? 2 : 0);
        } else if (phase == PHASE_SMALL_SORT) {
            smallSort(j);
        } else if (phase == PHASE_COPY_BACK) {
            in[j] = out[j];
            aux[j] = auxAlt[j];
        } else if (phase == PHASE_SCAN_UP) {
            scanUp(j);
        } else if (phase == PHASE_SCAN_TOP) {
            scanTop();
        } else if (phase == PHASE_SCAN_DOWN) {
            scanDown(j);
        } else if (phase == PHASE_INVERT) {
            if (partitioned != 0) {
                setStash(rankAt(j), j);
            } else {
                in[rankAt(j)] = j;
            }
        } else if (phase == PHASE_CHAIN_AFTER) {
            in[j] = chainAfter(aux[j]);
        } else if (phase == PHASE_CHAIN_SIDE) {
            in[j] = chainKey(aux[j]);
        } else if (phase == PHASE_CHAIN_HEADS) {
            int s = aux[j];
            boolean old = j == 0 || rankAt(s) != rankAt(aux[j - 1]);
            boolean head = old || chainKey(s) != chainKey(aux[j - 1]) || chainAfter(s) != chainAfter(aux[j - 1]);
            out[j] = (head ? 1 : 0) | (old ? 2 : 0);
        } else if (phase == PHASE_CHAIN_ENDS) {
            in[j] = chainEnds(chainPosition(j)) ? j : 0;
        } else if (phase == PHASE_CHAIN_PLACE) {
            auxAlt[chainPosition(j)] = out[j];
        } else if (phase == PHASE_RANK_AFTER) {
            in[j] = rankAfter(aux[j]);
            out[j] = j == 0 || rankAt(aux[j]) != rankAt(aux[j - 1]) ? 1 : 0;
        } else if (phase == PHASE_STASH_STORE) {
            setStash(base + j, out[j]);
        } else if (phase == PHASE_TEXT_TO_RANKS) {
            textToRanks(j);
        } else if (phase == PHASE_STASH_COUNT) {
            stashPositions(j, 0);
        } else if (phase == PHASE_STASH_WRITE) {
            stashPositions(j, 1);
        }
    }

    /**
     * Element e at the bottom of the {@link #OP_MAX2} max scan ({@code head} and {@code oldHead}: the indices of the
     * last new and old bucket heads at or before e): its new rank, the old bucket's rank in {@code in} plus the new
     * head's offset in the old bucket, to the ranks of its suffix where it changed (in the rounds a suffix in the first
     * new bucket of its old one keeps its rank: on periodic texts most buckets do not split, and each skipped store is
     * a random write saved; every rank in the initial sorts); the select's value (the suffix with {@link #HEAD_BIT}
     * where it starts its bucket, into in) and flag (its bucket has another element, into aux); where e ends a kept
     * bucket, its size class ({@link #sizeClassSlot}); of more than {@link #MAX_SMALL}, the large flag (a racy store
     * of the same value by every such work-item); of more than {@link #segSmall}, its size added to the large count.
     * e ends its bucket where the next element's flag (in out, which this level no longer writes) starts one.
     */
    private void settleElement(int e, int head, int oldHead) {
        if (e == 0) {
            state[chainedSlot + 1] = 0; // the next round's self-chain count starts here
        }
        int s = aux[e];
        if (ranked == 0 || head != oldHead) {
            setRank(s, in[e] + head - oldHead);
        }
        boolean last = e + 1 >= scanSize || (out[e + 1] & 1) != 0;
        boolean shared = head != e || !last;
        in[e] = head == e ? s | HEAD_BIT : s;
        aux[e] = shared ? 1 : 0;
        int size = e - head + 1;
        if (last && shared) {
            int sizeClass = sizeClassSlot + 31 - clz(size);
            if (state[sizeClass] == 0) {
                state[sizeClass] = 1;
            }
        }
        if (last && size > MAX_SMALL) {
            state[1 + 2 * part] = 1;
        }
        if (last && size > segSmall) {
            atomicAdd(state, 2 + 2 * part, size);
        }
    }

    /**
     * Word j of the packed text from the keys array into the ranks ({@link #PHASE_TEXT_TO_RANKS}; a method of its
     * own: called straight from the phase chain, the piece kernel's rank write came out before its callee in Aparapi's
     * OpenCL and failed to compile).
     */
    private void textToRanks(int j) {
        setRank(j, in[j]);
    }

    /** Clears the size classes of kept buckets (one work-item, before the settle that sets them). */
    private void clearSizeClasses() {
        for (int c = 0; c < SIZE_CLASSES; c++) {
            state[sizeClassSlot + c] = 0;
        }
    }

    /**
     * The work-item of a bucket head (out) sorts the bucket's (key, suffix) pairs by key, stably, by insertion in
     * global memory (every bucket of the round has at most {@link #MAX_SMALL} suffixes).
     */
    private void smallSort(int j) {
        if (out[j] != 0) {
            int end = j + 1;
            while (end < count && out[end] == 0) {
                end++;
            }
            for (int a = j + 1; a < end; a++) {
                int key = in[a];
                int value = aux[a];
                int b = a - 1;
                while (b >= j && in[b] > key) {
                    in[b + 1] = in[b];
                    aux[b + 1] = aux[b];
                    b--;
                }
                in[b + 1] = key;
                aux[b + 1] = value;
            }
        }
    }

    /** Entries of the current scan level (the elements at level 0, else chunk maxima in {@link #parts}). */
    private int scanValue(int e, int lane) {
        int v = 0;
        if (scanLevel != 0) {
            v = parts[scanFrom + 2 * e + lane];
        } else if (scanOp == OP_MAX2) {
            v = ((out[e] >>> lane) & 1) != 0 ? e : 0;
        } else if (lane == 0) {
            v = scanOp == OP_CHAIN ? in[e] : out[e];
        }
        return v;
    }

    /** The maxima of chunk c of this level (entries {@code [c * scanChunk, ...)}) into entry c of the next. */
    private void scanUp(int c) {
        int from = c * scanChunk;
        int to = Math.min(from + scanChunk, scanSize);
        int v0 = 0;
        int v1 = 0;
        for (int e = from; e < to; e++) {
            v0 = Math.max(v0, scanValue(e, 0));
            v1 = Math.max(v1, scanValue(e, 1));
        }
        parts[scanTo + 2 * c] = v0;
        parts[scanTo + 2 * c + 1] = v1;
    }

    /** The top level, exclusive maxima in place, by work-item 0; the overall maximum of lane 0 to state[0]. */
    private void scanTop() {
        int r0 = 0;
        int r1 = 0;
        for (int e = 0; e < scanSize; e++) {
            int v0 = parts[scanFrom + 2 * e];
            int v1 = parts[scanFrom + 2 * e + 1];
            parts[scanFrom + 2 * e] = r0;
            parts[scanFrom + 2 * e + 1] = r1;
            r0 = Math.max(r0, v0);
            r1 = Math.max(r1, v1);
        }
        state[0] = r0;
    }

    /**
     * Chunk c of this level from its exclusive maximum (entry c of the level above): exclusive maxima in place at
     * levels above the elements; at level 0 the inclusive maxima go to the operator's outputs.
     */
    private void scanDown(int c) {
        int from = c * scanChunk;
        int to = Math.min(from + scanChunk, scanSize);
        int r0 = parts[scanTo + 2 * c];
        int r1 = parts[scanTo + 2 * c + 1];
        for (int e = from; e < to; e++) {
            int v0 = scanValue(e, 0);
            int v1 = scanValue(e, 1);
            if (scanLevel != 0) {
                parts[scanFrom + 2 * e] = r0;
                parts[scanFrom + 2 * e + 1] = r1;
            }
            r0 = Math.max(r0, v0);
            r1 = Math.max(r1, v1);
            if (scanLevel == 0 && scanOp == OP_CHAIN) {
                out[e] = e - r0 + 1;
            }
            if (scanLevel == 0 && scanOp == OP_MAX2) {
                settleElement(e, r0, r1);
            }
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
     * {@code auxAlt[s]}), 0 past the end.
     */
    private int chainAfter(int s) {
        int after = s + auxAlt[s] * h;
        return after < textLength ? rankAt(after) + 1 : 0;
    }

    /**
     * The chain key of s: the chain length k when the suffix after the chain sorts below the bucket of s (shorter
     * chains first), else {@code 1 << chainBits | (chainMask - k)} (after all of those, longer chains first).
     */
    private int chainKey(int s) {
        int k = auxAlt[s];
        boolean above = chainAfter(s) - 1 > rankAt(s);
        return above ? (1 << chainBits) | (chainMask - k) : k;
    }

    /** The rank of suffix {@code s + h} plus one, or 0 when {@code s + h} is past the end (a shorter suffix first). */
    private int rankAfter(int s) {
        return s < textLength - h ? rankAt(s + h) + 1 : 0;
    }

    /** The rank of suffix p. */
    protected int rankAt(int p) {
        return ranks0[p];
    }

    /** Sets the rank of suffix p. */
    protected void setRank(int p, int v) {
        ranks0[p] = v;
    }

    /** Stash entry x (partitioned builds only: never called here, {@link #stashed} and {@link #partitioned} are 0). */
    protected int stashAt(int x) {
        return 0;
    }

    /** Sets stash entry x (partitioned builds only). */
    protected void setStash(int x, int v) {
    }

    /**
     * Partitioned builds ({@link PieceDoublingKernel}): counts ({@code write} 0) or writes (1) the stash positions of
     * range r; nothing here.
     */
    protected void stashPositions(int r, int write) {
    }

    /** Word w of the packed text (inside the ranks until the first rank scatter). */
    protected int textWord(int w) {
        return ranks0[w];
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
