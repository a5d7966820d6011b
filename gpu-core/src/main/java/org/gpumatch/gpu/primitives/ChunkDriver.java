package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the chunk primitives of {@link SelectKernel}: device-wide scan (int or long, inclusive or exclusive),
 * reduce (sum, min, max) and stable select (by flags or by a predicate), each on the arrays that the pipeline passes to
 * the {@link SelectKernel#chunkPass} call with the given slot: its int arrays, or its long arrays where {@code longs}.
 *
 * <p>Passes, with chunks of {@code C} elements per work-item: level {@code l + 1} holds one long per chunk of level
 * {@code l}. Scan and select launch one reduce pass per level while a level has more than {@code C} elements, then one
 * down pass per level (the top level, at most {@code C} elements, in a single work-item); so {@code 1 + 2 * L}
 * launches with {@code L = ceil(log_C(n)) - 1} (C = 16, n = 2^24: 11 launches). Reduce launches one pass per level
 * up to the one-chunk level ({@code L + 1} launches). All levels above 0 together hold about
 * {@code n / (C - 1)} elements, so their traffic is a small fraction of level 0's.
 *
 * <p>Cost per element at level 0: scan reads the input twice and writes the output once (int: 8 B read, 4 B written;
 * long: 16 B read, 8 B written); select reads the flags (or the values, for a predicate) twice and each selected
 * payload once more, and writes the selected elements (payload size each); reduce reads the input once. Extra device
 * memory: {@code 8 * n / (C - 1)} bytes of chunk totals. Reads are contiguous per work-item (see {@link SelectKernel}).
 *
 * <p>Int scans wrap like Java {@code int} (the carries are longs, the output is their low 32 bits, which equals the
 * wrapping sequential sum); int sums of a reduce are exact longs; long sums wrap at 64 bits.
 *
 * <p>Results stay on the device (the caller downloads them); a reduce result, a select count or a scan total is read
 * with {@link #lastTotal()} (an 8-byte download).
 */
public final class ChunkDriver {
    private final GuardedKernel<? extends SelectKernel> launcher;
    private final int chunk;
    /** The total of the last call when it launched nothing (an empty input), else null: read from the device. */
    private Long emptyTotal = 0L;

    /**
     * A driver for the pipeline kernel behind {@code launcher}.
     *
     * @param chunkSize consecutive elements each work-item handles, at least 2 (16 to 32 for bandwidth)
     */
    public ChunkDriver(GuardedKernel<? extends SelectKernel> launcher, int chunkSize) {
        if (chunkSize < 2) {
            throw new IllegalArgumentException("chunkSize must be at least 2: " + chunkSize);
        }
        this.launcher = launcher;
        this.chunk = chunkSize;
    }

    /** Elements per work-item. */
    public int chunkSize() {
        return chunk;
    }

    /** Scan of the slot's input into its output under addition (int: wrapping 32-bit; long: 64-bit). */
    public LaunchTiming scan(int slot, int count, boolean longs, boolean inclusive) {
        return run(slot, count, longs, inclusive ? SelectKernel.CHUNK_SCAN_INCLUSIVE : SelectKernel.CHUNK_SCAN_EXCLUSIVE,
                SelectKernel.VALUE_RAW, SelectKernel.COMBINE_SUM);
    }

    /**
     * Reduce of the slot's input ({@code combine}: {@link SelectKernel#COMBINE_SUM}, {@code _MIN}, {@code _MAX}) as a
     * long; read it with {@link #lastTotal()}. The empty input gives the identity (0, Long.MAX_VALUE, Long.MIN_VALUE).
     */
    public LaunchTiming reduce(int slot, int count, boolean longs, int combine) {
        if (combine < SelectKernel.COMBINE_SUM || combine > SelectKernel.COMBINE_MAX) {
            throw new IllegalArgumentException("unknown combine code: " + combine);
        }
        return run(slot, count, longs, SelectKernel.CHUNK_REDUCE, SelectKernel.VALUE_RAW, combine);
    }

    /**
     * Stable select of the slot's elements whose flag is non-zero into its output (the values, or with
     * {@code indices} their indices, into the int output); the count is {@link #lastTotal()}.
     */
    public LaunchTiming selectFlagged(int slot, int count, boolean longs, boolean indices) {
        launcher.kernel().selectIndices = indices ? 1 : 0;
        return run(slot, count, longs, SelectKernel.CHUNK_SELECT, SelectKernel.VALUE_FLAG, SelectKernel.COMBINE_SUM);
    }

    /** Stable select of the slot's elements {@code x} with {@code x (comparison) operand}; count in lastTotal. */
    public LaunchTiming selectIf(int slot, int count, boolean longs, Comparison comparison, long operand,
                                 boolean indices) {
        SelectKernel k = launcher.kernel();
        k.selectIndices = indices ? 1 : 0;
        k.predicateOp = comparison.code();
        k.predicateOperand = operand;
        return run(slot, count, longs, SelectKernel.CHUNK_SELECT, SelectKernel.VALUE_PREDICATE,
                SelectKernel.COMBINE_SUM);
    }

    /** The reduce result, select count or scan total of the last call (downloads 8 bytes). */
    public long lastTotal() {
        if (emptyTotal != null) {
            return emptyTotal; // no launch has bound the buffer (Aparapi's get would crash on an unbound array)
        }
        SelectKernel k = launcher.kernel();
        k.get(k.chunkGrandTotal);
        return k.chunkGrandTotal[0];
    }

    private LaunchTiming run(int slot, int count, boolean longs, int mode, int value, int combine) {
        DriverArguments.checkSlotAndCount(slot, count);
        SelectKernel k = launcher.kernel();
        if (count == 0) {
            emptyTotal = combine == SelectKernel.COMBINE_SUM ? 0L
                    : combine == SelectKernel.COMBINE_MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
            return LaunchTiming.NONE;
        }
        emptyTotal = null;
        boolean reduce = mode == SelectKernel.CHUNK_REDUCE;
        // counts[l] elements at level l; level l + 1 (level l's chunk totals) starts at offsets[l + 1]. A scan reduces
        // while a level exceeds one chunk and walks down from that top level; a reduce also reduces the top level
        // (one chunk) into the grand total.
        int[] counts = new int[34];
        int[] offsets = new int[35];
        int top = 0;
        counts[0] = count;
        long partials = 0;
        while (counts[top] > chunk) {
            offsets[top + 1] = (int) partials;
            counts[top + 1] = chunks(counts[top]);
            partials += counts[top + 1];
            top++;
        }
        offsets[top + 1] = (int) partials;
        partials += 1; // the top reduce pass's single chunk total
        if (k.chunkPartials.length < partials) {
            k.chunkPartials = new long[(int) partials];
        }
        k.chunkSlot = slot;
        k.chunkSize = chunk;
        k.chunkLongs = longs ? 1 : 0;
        k.chunkValue = value;
        k.chunkCombine = combine;
        LaunchTiming timing = null;
        try {
            for (int level = 0; level < top || (reduce && level == top); level++) {
                timing = add(timing, pass(k, SelectKernel.CHUNK_REDUCE, level, counts, offsets, level == top));
            }
            for (int level = top; level >= 0 && !reduce; level--) {
                timing = add(timing, pass(k, level == 0 ? mode : SelectKernel.CHUNK_SCAN_EXCLUSIVE, level, counts,
                        offsets, level == top));
            }
        } finally {
            k.chunkMode = SelectKernel.CHUNK_OFF;
        }
        return timing;
    }

    private int chunks(int count) {
        return (int) (((long) count + chunk - 1) / chunk);
    }

    private LaunchTiming pass(SelectKernel k, int mode, int level, int[] counts, int[] offsets, boolean top) {
        k.chunkMode = mode;
        k.chunkLevel = level;
        k.chunkCount = counts[level];
        k.chunkInOffset = offsets[level];
        k.chunkOutOffset = offsets[level + 1];
        k.chunkTop = top ? 1 : 0;
        int local = launcher.localSize();
        int groups = (int) (((long) chunks(counts[level]) + local - 1) / local);
        return launcher.launch(groups); // which keeps the chunk totals and the grand total current (GuardedKernel)
    }

    private static LaunchTiming add(LaunchTiming sum, LaunchTiming t) {
        return sum == null ? t : sum.plus(t);
    }
}
