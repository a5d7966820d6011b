package org.gpumatch.gpu.primitives;

/**
 * Device functions of scan (int and long), reduce, stream compaction (select), gather, scatter and histogram on
 * arrays the pipeline passes as arguments: a layer of {@link PrimitiveKernel}; the host side is {@link ChunkDriver}
 * (scan, reduce, select) and the element driver (deleted: gpu-core runs them on the grid layer) (gather, scatter, histogram).
 *
 * <p><b>No barriers, no local memory.</b> Every function of this layer is per-work-item: PoCL 3.1's work-group
 * compiler took minutes on a tile-staged variant of these primitives (local memory and unrolled group scans of longs),
 * while a kernel without barriers compiles in about a second. A pipeline calls {@link #chunkPass} and
 * {@link #elementPass} from {@code run()} with a constant {@code slot >= 1} (one call per array set, each with its own
 * slot); a call does work only when its driver runs that slot. Because they contain no barriers, the calls may also
 * sit in branches of the pipeline's own phases.
 *
 * <p><b>Chunks.</b> Work-item {@code w} owns the contiguous chunk {@code [w * C, (w + 1) * C)} of a level's elements
 * ({@code C} = {@link #chunkSize}). Level 0 is the pipeline's arrays; level {@code l + 1} holds one long per chunk of
 * level {@code l} (its total: a sum, minimum, maximum or count of selected elements) in {@link #chunkPartials}.
 * A scan or select reduces levels until one chunk remains, then walks back down: each work-item rescans its chunk from
 * its carry (the exclusive prefix of its level's chunk totals, written in place over the totals by the level above)
 * and writes the next level's carries, or at level 0 the scan output or the selected elements. Reads and writes are
 * per-work-item contiguous, so on a GPU neighbouring work-items touch addresses {@code 4 * C} or {@code 8 * C} bytes
 * apart (uncoalesced); a tile-staged variant is the next step for GPU speed once PoCL compiles it.
 */
public abstract class SelectKernel extends DeviceScanKernel {
    /** No chunk pass runs. */
    public static final int CHUNK_OFF = 0;
    /** Each chunk's total into the next level of {@link #chunkPartials}. */
    public static final int CHUNK_REDUCE = 1;
    /** Level 0: inclusive scan of each chunk from its carry. */
    public static final int CHUNK_SCAN_INCLUSIVE = 2;
    /** Level 0: exclusive scan of each chunk from its carry. */
    public static final int CHUNK_SCAN_EXCLUSIVE = 3;
    /** Level 0: stable select, each selected element to {@code out[carry + rank]}. */
    public static final int CHUNK_SELECT = 4;

    /** Element value: the input itself. */
    public static final int VALUE_RAW = 0;
    /** Element value: 1 where {@code flags[i] != 0}, else 0. */
    public static final int VALUE_FLAG = 1;
    /** Element value: 1 where {@code in[i] (predicateOp) predicateOperand}, else 0. */
    public static final int VALUE_PREDICATE = 2;

    /** Combine by addition (scan, sum, count). */
    public static final int COMBINE_SUM = 0;
    /** Combine by minimum. */
    public static final int COMBINE_MIN = 1;
    /** Combine by maximum. */
    public static final int COMBINE_MAX = 2;

    /** Element moves: none. */
    public static final int MOVE_OFF = 0;
    /** {@code out[i] = in[idx[i]]}. */
    public static final int MOVE_GATHER = 1;
    /** {@code out[idx[i]] = in[i]}. */
    public static final int MOVE_SCATTER = 2;
    /** Histogram of ints into {@link #histogramCounts}. */
    public static final int MOVE_HISTOGRAM = 3;

    // Set by ChunkDriver before each pass; read-only on the device.
    int chunkMode;
    int chunkSlot;
    /** 0: the pass reads the slot's arrays; above 0: level {@code chunkLevel} of {@link #chunkPartials}. */
    int chunkLevel;
    /** Elements at this level. */
    int chunkCount;
    int chunkSize;
    /** 1: level 0 is the long arrays; 0: the int arrays. */
    int chunkLongs;
    int chunkValue;
    int chunkCombine;
    /** Level above 0: where the level's elements start in {@link #chunkPartials}. */
    int chunkInOffset;
    /** Where the next level (this level's chunk totals, later its carries) starts in {@link #chunkPartials}. */
    int chunkOutOffset;
    /** 1: this level is the top (one chunk): its carry is the identity and it writes {@link #chunkGrandTotal}. */
    int chunkTop;
    /** 1: {@link #CHUNK_SELECT} writes the element's index instead of its value (int output). */
    int selectIndices;
    /** {@link Comparison} code of the predicate. */
    int predicateOp;
    long predicateOperand;

    /** Chunk totals, then carries, of every level above 0 (sized by {@link ChunkDriver}). */
    long[] chunkPartials = new long[1];
    /** The combination of all elements: a reduce's result, a select's count, a scan's total. */
    long[] chunkGrandTotal = new long[1];

    // Set by ElementDriver.
    int moveMode;
    int moveSlot;
    int moveCount;
    /** 1: {@link #elementPass} moves the long arrays, 0: the int arrays. */
    int moveLongs;
    int histogramBins;
    long histogramLow;
    long histogramWidth;
    /** The histogram's bin counts (sized and zeroed by the element driver (deleted: gpu-core runs them on the grid layer)). */
    int[] histogramCounts = new int[1];

    /** {@code a (+) b} under {@link #chunkCombine}. */
    protected final long combineLongs(long a, long b) {
        return chunkCombine == COMBINE_SUM ? a + b : chunkCombine == COMBINE_MIN ? Math.min(a, b) : Math.max(a, b);
    }

    /** The identity of {@link #chunkCombine}. */
    protected final long identityLongs() {
        return chunkCombine == COMBINE_SUM ? 0L : chunkCombine == COMBINE_MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
    }

    /** Whether {@code x (predicateOp) predicateOperand}. */
    protected final boolean predicateHolds(long x) {
        int op = predicateOp;
        int c = compareLongs(x, predicateOperand);
        return op == Comparison.CODE_LT ? c < 0 : op == Comparison.CODE_LE ? c <= 0 : op == Comparison.CODE_GT ? c > 0
                : op == Comparison.CODE_GE ? c >= 0 : op == Comparison.CODE_EQ ? c == 0 : c != 0;
    }

    /**
     * -1, 0 or 1 as {@code x} is below, equal to or above {@code b}, by int comparisons of their halves. Aparapi 3.0.2
     * turns a {@code long} comparison ({@code lcmp}) into {@code (x - b) < 0} in OpenCL C, which overflows when the
     * two are more than 2^63 apart (Long.MIN_VALUE against 1 compares as greater); int comparisons are emitted as
     * they are. A barrier-free device function.
     */
    static int compareLongs(long x, long b) {
        int hx = (int) (x >> 32);
        int hb = (int) (b >> 32);
        int lx = ((int) x) ^ Integer.MIN_VALUE; // the low halves compared as unsigned
        int lb = ((int) b) ^ Integer.MIN_VALUE;
        return hx < hb ? -1 : hx > hb ? 1 : lx < lb ? -1 : lx > lb ? 1 : 0;
    }

    /**
     * One chunk pass of {@link ChunkDriver} on the slot's arrays: int values from {@code intIn} into {@code intOut},
     * or long values ({@link #chunkLongs} set) from {@code longIn} into {@code longOut}; {@code flags} read when the
     * value is {@link #VALUE_FLAG}; a select writes the selected values (or with {@link #selectIndices} their
     * indices, into {@code intOut}). No barriers; does nothing unless the driver runs {@code slot}.
     */
    protected final void chunkPass(int slot, int[] intIn, int[] flags, int[] intOut, long[] longIn, long[] longOut) {
        if (chunkMode != CHUNK_OFF && chunkSlot == slot) {
            int w = getGlobalId();
            int start = (int) Math.min((long) w * chunkSize, (long) chunkCount);
            int end = (int) Math.min((long) start + chunkSize, (long) chunkCount);
            if (start < end) {
                if (chunkMode == CHUNK_REDUCE) {
                    long acc = identityLongs();
                    for (int i = start; i < end; i++) {
                        acc = combineLongs(acc, chunkElement(i, intIn, flags, longIn));
                    }
                    chunkPartials[chunkOutOffset + w] = acc;
                    if (chunkTop != 0) {
                        chunkGrandTotal[0] = acc;
                    }
                } else {
                    long carry = chunkTop != 0 ? 0L : chunkPartials[chunkOutOffset + w];
                    long acc = chunkLevel > 0 ? rescanPartials(start, end, carry)
                            : rescanElements(start, end, carry, intIn, flags, intOut, longIn, longOut);
                    if (chunkTop != 0) {
                        chunkGrandTotal[0] = acc;
                    }
                }
            }
        }
    }

    /** Element {@code i} of the pass's level as a long (the value transform applies at level 0). */
    private long chunkElement(int i, int[] intIn, int[] flags, long[] longIn) {
        return chunkLevel > 0 ? chunkPartials[chunkInOffset + i]
                : chunkValue == VALUE_FLAG ? (flags[i] != 0 ? 1L : 0L)
                : chunkValue == VALUE_RAW ? rawValue(i, intIn, longIn)
                : predicateHolds(rawValue(i, intIn, longIn)) ? 1L : 0L;
    }

    /** Level-0 element {@code i} of the int or long input, as a long. */
    private long rawValue(int i, int[] intIn, long[] longIn) {
        return chunkLongs != 0 ? longIn[i] : (long) intIn[i];
    }

    /** Replaces the level's chunk totals in {@code [start, end)} by their exclusive prefixes from {@code carry}. */
    private long rescanPartials(int start, int end, long carry) {
        long acc = carry;
        for (int i = start; i < end; i++) {
            long x = chunkPartials[chunkInOffset + i];
            chunkPartials[chunkInOffset + i] = acc;
            acc = acc + x;
        }
        return acc;
    }

    /** Level 0 from {@code carry}: the scan output, or the selected elements; returns the chunk's end prefix. */
    private long rescanElements(int start, int end, long carry, int[] intIn, int[] flags, int[] intOut,
                                long[] longIn, long[] longOut) {
        long acc = carry;
        boolean select = chunkMode == CHUNK_SELECT;
        boolean inclusive = chunkMode == CHUNK_SCAN_INCLUSIVE;
        boolean longs = chunkLongs != 0;
        for (int i = start; i < end; i++) {
            long x = chunkElement(i, intIn, flags, longIn);
            long before = acc;
            acc = acc + x;
            if (select && x != 0) {
                if (selectIndices != 0) {
                    intOut[(int) before] = i;
                } else if (longs) {
                    longOut[(int) before] = longIn[i];
                } else {
                    intOut[(int) before] = intIn[i];
                }
            }
            if (!select && longs) {
                longOut[i] = inclusive ? acc : before;
            }
            if (!select && !longs) {
                intOut[i] = (int) (inclusive ? acc : before);
            }
        }
        return acc;
    }

    /**
     * Gather, scatter ({@link #moveMode}, int or long by {@link #moveLongs}; {@code idx} the indices) or histogram of
     * {@code intIn} for the call with {@code slot}: one element per work-item, no barriers.
     *
     * <p>Histogram: bin {@code b = floor((x - histogramLow) / histogramWidth)}, values with {@code b} outside
     * {@code [0, bins)} ignored; one global {@code atomicAdd} on {@link #histogramCounts} per counted element (a layer
     * field: Aparapi takes no array parameter in an atomic).
     */
    protected final void elementPass(int slot, int[] idx, int[] intIn, int[] intOut, long[] longIn, long[] longOut) {
        int i = getGlobalId();
        if (moveMode != MOVE_OFF && moveSlot == slot && i < moveCount) {
            if (moveMode == MOVE_HISTOGRAM) {
                long d = (long) intIn[i] - histogramLow;
                if (d >= 0 && d < histogramWidth * histogramBins) {
                    atomicAdd(histogramCounts, (int) (d / histogramWidth), 1);
                }
            } else {
                int j = idx[i];
                int from = moveMode == MOVE_GATHER ? j : i;
                int to = moveMode == MOVE_GATHER ? i : j;
                if (moveLongs != 0) {
                    longOut[to] = longIn[from];
                } else {
                    intOut[to] = intIn[from];
                }
            }
        }
    }
}
