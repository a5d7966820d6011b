package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the element primitives of {@link SelectKernel}: gather, scatter ({@link SelectKernel#moveElements})
 * and histogram ({@link SelectKernel#histogramInts}) on the arrays of the call with the given slot. One launch each.
 *
 * <p>Cost per element: gather reads the index (4 bytes) and one input element at a random place and writes one
 * element; scatter reads the index and one element and writes one element at a random place (int: 12 bytes moved,
 * long: 20); histogram reads 4 bytes and does one local atomic increment, plus one global atomic add per non-empty
 * bin per work-group. Extra device memory: none ({@code 4 * bins} bytes of local memory for the histogram).
 *
 * <p>Indices are not checked on the device: an index outside the arrays is undefined behaviour on a GPU. Callers
 * check them (as {@link GpuArrays} does) or construct them in range.
 */
public final class ElementDriver {
    /** The most bins of a histogram (local memory of {@code 4 * bins} bytes per work-group). */
    public static final int MAX_BINS = 4096;

    private final GuardedKernel<? extends SelectKernel> launcher;
    private final int items;

    /** A driver for the pipeline behind {@code launcher}; each work-item handles {@code itemsPerWorkItem} elements. */
    public ElementDriver(GuardedKernel<? extends SelectKernel> launcher, int itemsPerWorkItem) {
        if (itemsPerWorkItem < 1) {
            throw new IllegalArgumentException("itemsPerWorkItem must be positive: " + itemsPerWorkItem);
        }
        this.launcher = launcher;
        this.items = itemsPerWorkItem;
    }

    /** {@code out[i] = in[idx[i]]} for {@code i < count} on the slot's int ({@code !longs}) or long arrays. */
    public LaunchTiming gather(int slot, int count, boolean longs) {
        return move(slot, count, longs, SelectKernel.MOVE_GATHER);
    }

    /** {@code out[idx[i]] = in[i]} for {@code i < count}; with repeated indices, one of the writes wins. */
    public LaunchTiming scatter(int slot, int count, boolean longs) {
        return move(slot, count, longs, SelectKernel.MOVE_SCATTER);
    }

    /**
     * Histogram of the slot's {@code count} ints, read with {@link #histogramCounts()}: bin {@code floor((x - low) / width)} for {@code bins} bins; values outside {@code [low, low + bins * width)} are
     * not counted.
     */
    public LaunchTiming histogram(int slot, int count, int bins, long low, long width) {
        if (bins < 1 || bins > MAX_BINS) {
            throw new IllegalArgumentException("bins must be 1.." + MAX_BINS + ": " + bins);
        }
        if (width < 1) {
            throw new IllegalArgumentException("bin width must be positive: " + width);
        }
        SelectKernel k = launcher.kernel();
        if (k.histogramLocal.length != bins) {
            java.util.concurrent.atomic.AtomicInteger[] local = new java.util.concurrent.atomic.AtomicInteger[bins];
            for (int b = 0; b < bins; b++) {
                local[b] = new java.util.concurrent.atomic.AtomicInteger();
            }
            k.histogramLocal = local;
        }
        k.histogramCounts = new int[bins];
        k.put(k.histogramCounts);
        k.histogramBins = bins;
        k.histogramLow = low;
        k.histogramWidth = width;
        return launchMove(slot, count, SelectKernel.MOVE_HISTOGRAM);
    }

    /** Downloads the counts of the last {@link #histogram}. */
    public int[] histogramCounts() {
        SelectKernel k = launcher.kernel();
        k.get(k.histogramCounts);
        return k.histogramCounts.clone();
    }

    private LaunchTiming move(int slot, int count, boolean longs, int mode) {
        launcher.kernel().moveLongs = longs ? 1 : 0;
        return launchMove(slot, count, mode);
    }

    private LaunchTiming launchMove(int slot, int count, int mode) {
        if (slot < 1) {
            throw new IllegalArgumentException("slot must be at least 1: " + slot);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        if (count == 0) {
            return LaunchTiming.NONE;
        }
        SelectKernel k = launcher.kernel();
        int tile = launcher.localSize() * items;
        k.moveSlot = slot;
        k.moveMode = mode;
        k.moveCount = count;
        k.moveItems = items;
        try {
            return launcher.launch((int) (((long) count + tile - 1) / tile));
        } finally {
            k.moveMode = SelectKernel.MOVE_OFF;
        }
    }
}
