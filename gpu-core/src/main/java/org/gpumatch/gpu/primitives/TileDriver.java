package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the tile primitives of {@link SelectKernel}: device-wide scan (int or long, inclusive or exclusive),
 * reduce (sum, min, max) and stable select (by flags or by a predicate), each on the arrays that the pipeline passes to
 * the {@link SelectKernel#tilePass} call with the given slot: its int arrays, or its long arrays where {@code longs}.
 *
 * <p>Passes, with tiles of {@code T = localSize * items} elements: scan and select launch three kernels (tile totals,
 * one work-group's walk over the {@code n / T} totals, the tile pass from each carry); reduce launches two (tile totals,
 * the walk) and downloads one long. Cost per element: scan reads the input twice and writes the output once (int: 8
 * bytes read, 4 written; long: 16 read, 8 written); select reads flags (or values) twice and each selected payload
 * once, and writes the selected elements; reduce reads the input once. Extra device memory: {@code 16 * n / T} bytes of
 * tile totals and carries, nothing per element.
 *
 * <p>Results stay on the device (the caller downloads them); the count of a select and the result of a reduce are read
 * with {@link #lastTotal()} (an 8-byte download).
 */
public final class TileDriver {
    private final GuardedKernel<? extends SelectKernel> launcher;
    private final int items;

    /**
     * A driver for the pipeline kernel behind {@code launcher}.
     *
     * @param itemsPerWorkItem elements each work-item handles per tile, at least 1 (8 to 16 for bandwidth)
     */
    public TileDriver(GuardedKernel<? extends SelectKernel> launcher, int itemsPerWorkItem) {
        if (itemsPerWorkItem < 1) {
            throw new IllegalArgumentException("itemsPerWorkItem must be positive: " + itemsPerWorkItem);
        }
        this.launcher = launcher;
        this.items = itemsPerWorkItem;
    }

    /** Elements per tile. */
    public int tileElements() {
        return launcher.localSize() * items;
    }

    /** Scan of the slot's input into its output under addition (int: wrapping 32-bit; long: 64-bit). */
    public LaunchTiming scan(int slot, int count, boolean longs, boolean inclusive) {
        return run(slot, count, longs, inclusive ? SelectKernel.TILE_SCAN_INCLUSIVE : SelectKernel.TILE_SCAN_EXCLUSIVE,
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
        return run(slot, count, longs, SelectKernel.TILE_REDUCE, SelectKernel.VALUE_RAW, combine);
    }

    /**
     * Stable select of the slot's elements whose flag is non-zero into its output (the values, or with
     * {@code indices} their indices: int slots only); the count is {@link #lastTotal()}.
     */
    public LaunchTiming selectFlagged(int slot, int count, boolean longs, boolean indices) {
        launcher.kernel().selectIndices = indices ? 1 : 0;
        return run(slot, count, longs, SelectKernel.TILE_SELECT, SelectKernel.VALUE_FLAG, SelectKernel.COMBINE_SUM);
    }

    /** Stable select of the slot's elements {@code x} with {@code x (comparison) operand}; count in lastTotal. */
    public LaunchTiming selectIf(int slot, int count, boolean longs, Comparison comparison, long operand,
                                 boolean indices) {
        SelectKernel k = launcher.kernel();
        k.selectIndices = indices ? 1 : 0;
        k.predicateOp = comparison.code();
        k.predicateOperand = operand;
        return run(slot, count, longs, SelectKernel.TILE_SELECT, SelectKernel.VALUE_PREDICATE, SelectKernel.COMBINE_SUM);
    }

    /** The reduce result or the select count of the last call (downloads 8 bytes). */
    public long lastTotal() {
        SelectKernel k = launcher.kernel();
        k.get(k.tileGrandTotal);
        return k.tileGrandTotal[0];
    }

    private LaunchTiming run(int slot, int count, boolean longs, int mode, int value, int combine) {
        if (slot < 1) {
            throw new IllegalArgumentException("slot must be at least 1: " + slot);
        }
        if (launcher.localSize() > SelectKernel.MAX_LOCAL_SIZE) {
            throw new IllegalArgumentException("work-groups of " + launcher.localSize() + " exceed "
                    + SelectKernel.MAX_LOCAL_SIZE);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        SelectKernel k = launcher.kernel();
        int local = launcher.localSize();
        int tile = local * items;
        int tiles = (int) (((long) count + tile - 1) / tile);
        if (count == 0) {
            k.tileGrandTotal[0] = combine == SelectKernel.COMBINE_SUM ? 0L
                    : combine == SelectKernel.COMBINE_MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
            k.put(k.tileGrandTotal);
            return LaunchTiming.NONE;
        }
        if (k.tileTotals.length < tiles) {
            k.tileTotals = new long[tiles];
            k.tileCarries = new long[tiles];
        }
        if (k.tileStage.length != tile) {
            k.tileStage = new long[tile];
        }
        if (k.groupLongs.length != local) {
            k.groupLongs = new long[local];
        }
        k.tileItems = items;
        k.tileCount = count;
        k.tileLongs = longs ? 1 : 0;
        k.tileNumTiles = tiles;
        k.tileCombine = combine;
        LaunchTiming timing;
        try {
            timing = pass(k, slot, SelectKernel.TILE_REDUCE, value, tiles);
            launcher.keepCurrent(k.tileTotals);
            if (tiles <= tile) {
                timing = timing.plus(pass(k, SelectKernel.SLOT_CARRY,
                        mode == SelectKernel.TILE_REDUCE ? SelectKernel.TILE_REDUCE : SelectKernel.TILE_SCAN_EXCLUSIVE,
                        SelectKernel.VALUE_RAW, 1));
                launcher.keepCurrent(k.tileCarries);
            } else {
                carriesOnHost(k, tiles, combine);
            }
            if (mode != SelectKernel.TILE_REDUCE) {
                timing = timing.plus(pass(k, slot, mode, value, tiles));
            }
        } finally {
            k.tileMode = SelectKernel.TILE_OFF;
        }
        return timing;
    }

    /**
     * More tiles than one work-group's tile: the carries are computed here (download and upload of 8 bytes per tile,
     * 4 KB per million elements; a device-side second level would avoid the round trip).
     */
    private static void carriesOnHost(SelectKernel k, int tiles, int combine) {
        k.get(k.tileTotals);
        long acc = combine == SelectKernel.COMBINE_SUM ? 0L
                : combine == SelectKernel.COMBINE_MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
        for (int t = 0; t < tiles; t++) {
            k.tileCarries[t] = acc;
            long x = k.tileTotals[t];
            acc = combine == SelectKernel.COMBINE_SUM ? acc + x
                    : combine == SelectKernel.COMBINE_MIN ? Math.min(acc, x) : Math.max(acc, x);
        }
        k.tileGrandTotal[0] = acc;
        k.put(k.tileCarries).put(k.tileGrandTotal);
    }

    private LaunchTiming pass(SelectKernel k, int slot, int mode, int value, int groups) {
        k.tileSlot = slot;
        k.tileMode = mode;
        k.tileValue = value;
        return launcher.launch(groups);
    }
}
