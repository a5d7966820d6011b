package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the element primitives of {@link SelectKernel#elementPass}: gather, scatter and histogram on the arrays
 * of the call with the given slot. One launch each, one element per work-item, no barriers.
 *
 * <p>Cost per element: gather reads the index (4 B) and one input element at a random place and writes one element;
 * scatter reads the index and one element and writes one element at a random place (int: 12 B moved, long: 20 B);
 * histogram reads 4 B and does one global {@code atomicAdd} per counted element (so elements of the same bin contend
 * for one address: a few bins over many elements serialize on a GPU; a per-work-group private count is the next step
 * for speed). Extra device memory: none beyond {@code 4 * bins} bytes of counts.
 *
 * <p>Indices are not checked on the device: an index outside the arrays is undefined behaviour on a GPU. Callers
 * check them (as {@link GpuArrays} does) or construct them in range.
 */
public final class ElementDriver {
    /** The most bins of a histogram. */
    public static final int MAX_BINS = 1 << 20;

    private final GuardedKernel<? extends SelectKernel> launcher;
    /** Whether the last histogram launched (an empty input launches nothing: its counts are zeros on the host). */
    private boolean histogramLaunched;

    /** A driver for the pipeline behind {@code launcher}. */
    public ElementDriver(GuardedKernel<? extends SelectKernel> launcher) {
        this.launcher = launcher;
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
     * Histogram of the slot's {@code count} ints, read with {@link #histogramCounts()}: bin
     * {@code floor((x - low) / width)} for {@code bins} bins; values outside {@code [low, low + bins * width)} are
     * not counted.
     */
    public LaunchTiming histogram(int slot, int count, int bins, long low, long width) {
        if (bins < 1 || bins > MAX_BINS) {
            throw new IllegalArgumentException("bins must be 1.." + MAX_BINS + ": " + bins);
        }
        if (width < 1 || width > (Long.MAX_VALUE / 2) / bins) {
            throw new IllegalArgumentException("bin width must be positive and bins * width below 2^62: " + width);
        }
        SelectKernel k = launcher.kernel();
        k.histogramCounts = new int[bins];
        k.put(k.histogramCounts);
        k.histogramBins = bins;
        k.histogramLow = low;
        k.histogramWidth = width;
        histogramLaunched = count > 0;
        return launchMove(slot, count, SelectKernel.MOVE_HISTOGRAM);
    }

    /** Downloads the counts of the last {@link #histogram}. */
    public int[] histogramCounts() {
        SelectKernel k = launcher.kernel();
        if (histogramLaunched) {
            k.get(k.histogramCounts);
        }
        return k.histogramCounts.clone();
    }

    private LaunchTiming move(int slot, int count, boolean longs, int mode) {
        launcher.kernel().moveLongs = longs ? 1 : 0;
        return launchMove(slot, count, mode);
    }

    private LaunchTiming launchMove(int slot, int count, int mode) {
        DriverArguments.checkSlotAndCount(slot, count);
        if (count == 0) {
            return LaunchTiming.NONE;
        }
        SelectKernel k = launcher.kernel();
        int local = launcher.localSize();
        k.moveSlot = slot;
        k.moveMode = mode;
        k.moveCount = count;
        try {
            return launcher.launch((int) (((long) count + local - 1) / local));
        } finally {
            k.moveMode = SelectKernel.MOVE_OFF;
        }
    }
}
