package org.gpumatch.gpu.primitives;

import java.util.Arrays;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * One GPU primitive on Java arrays: scan, reduce, select, gather, scatter and histogram of ints and longs on one
 * device, all on the grid layer ({@link GridDriver}): the int scans and selects on the lean layers
 * ({@link GridScanKernel}, {@link GridSelectKernel}, each compiled by its first call), the int reduce and histogram on the lean
 * {@link GridKernel}; the long primitives, gather and scatter on a {@link GridLongKernel}, compiled by the first call
 * that needs it (the lean kernel leaves those steps off to keep its registers low), which gets the loaded ints and
 * flags uploaded once more when it needs them. Not thread-safe; close it to free the device buffers.
 *
 * <p>Two levels of use:
 * <ul>
 *   <li>One-shot methods ({@link #exclusiveScan(int[])}, {@link #sum(int[])}, {@link #select(int[], int[])}...):
 *       upload, run, download; they cost a transfer of every input and output over the bus besides the primitive.</li>
 *   <li>Resident data (for repeated runs and timing the primitive alone): {@link #loadInts}, {@link #loadLongs},
 *       {@link #loadFlags} upload once; {@link #runScanInts}, {@link #runReduceInts}, {@link #runSelectInts}... run
 *       on the device only and return the {@link LaunchTiming} of their launches; {@link #intResult},
 *       {@link #longResult} and {@link #lastTotal} download.</li>
 * </ul>
 * Costs, launches and memory of each primitive: {@link GridDriver}. Device memory: the loaded arrays (ints, longs,
 * flags or indices; ints and flags twice once the long kernel uses them), one output array of each type, each
 * kernel's spine and results.
 */
public final class GpuArrays implements AutoCloseable {
    /** Work-items per work-group. */
    public static final int LOCAL_SIZE = 256;
    /** Work-items per work-group of the grid kernel in Aparapi's Java threads. */
    private static final int JAVA_THREADS_LOCAL_SIZE = 16;
    /** The most bins of a histogram. */
    public static final int MAX_BINS = 1 << 20;

    private final ComputeDevice device;
    private final int localSize;
    /** The lean kernel: int scan, reduce, select, histogram. */
    private final GuardedKernel<GridKernel> leanLauncher;
    private final GridKernel gk;
    private final GridDriver grid;
    /** The lean scan and select kernels ({@link GridScanKernel}, {@link GridSelectKernel}); null until a call needs them. */
    private GuardedKernel<GridScanKernel> scanLauncher;
    private GridDriver scanGrid;
    private GuardedKernel<GridScanKernel> selectLauncher;
    private GridDriver selectGrid;
    /** The long layer's kernel (long primitives, gather, scatter); null until a call needs it. */
    private GuardedKernel<GridLongKernel> longLauncher;
    private GridLongKernel wk;
    private GridDriver longGrid;
    /** The driver of the last primitive (launches, downloads, total, histogram). */
    private GridDriver last;
    /** The kernel whose int output holds the last int result. */
    private GridKernel intOut;
    /** The ints loaded last (the lean kernel's input; bound to the long kernel when a gather or scatter needs them). */
    private int[] ints = new int[1];
    private int intCount;
    private int longCount;
    private int flagCount;
    /** The flags or indices loaded last (gather and scatter check their range, {@link #flagMin}..{@link #flagMax}). */
    private int[] flags = new int[1];
    /** The least and greatest of the loaded flags or indices (MAX_VALUE and MIN_VALUE when none are loaded). */
    private int flagMin = Integer.MAX_VALUE;
    private int flagMax = Integer.MIN_VALUE;

    /** The primitives on {@code device} (compiled now: a kernel that cannot run there throws). */
    public GpuArrays(ComputeDevice device) {
        // Java threads emulate a work-group with one thread per work-item: small groups keep that fast
        this.device = device;
        localSize = device.isOpenCL() ? LOCAL_SIZE : JAVA_THREADS_LOCAL_SIZE;
        leanLauncher = new GuardedKernel<>(new GridKernel(), device, localSize);
        gk = leanLauncher.kernel();
        grid = new GridDriver(leanLauncher);
        last = grid;
        intOut = gk;
    }

    /** The long layer's kernel, compiled on first use. */
    private GridLongKernel longKernel() {
        if (longLauncher == null) {
            longLauncher = new GuardedKernel<>(new GridLongKernel(), device, localSize);
            wk = longLauncher.kernel();
            longGrid = new GridDriver(longLauncher);
        }
        return wk;
    }

    /** The lean scan kernel ({@link GridScanKernel}), compiled on first use, with the loaded ints bound. */
    private GridScanKernel scanKernel() {
        if (scanLauncher == null) {
            scanLauncher = new GuardedKernel<>(new GridScanKernel(), device, localSize);
            scanGrid = leanDriver(scanLauncher);
        }
        return bound(scanLauncher.kernel(), true, false);
    }

    /**
     * The lean select kernel ({@link GridSelectKernel}), compiled on first use, with the loaded ints (unless
     * {@code withInts} is false: an indices select reads none) and the loaded flags (when {@code withFlags}) bound.
     */
    private GridScanKernel selectKernel(boolean withInts, boolean withFlags) {
        if (selectLauncher == null) {
            selectLauncher = new GuardedKernel<GridScanKernel>(new GridSelectKernel(), device, localSize);
            selectGrid = leanDriver(selectLauncher);
        }
        return bound(selectLauncher.kernel(), withInts, withFlags);
    }

    /** A driver of a lean layer: {@link GridScanKernel#GROUPS_PER_COMPUTE_UNIT} work-groups per compute unit. */
    private static GridDriver leanDriver(GuardedKernel<GridScanKernel> launcher) {
        return new GridDriver(launcher, GridDriver.groupsFor(launcher, GridScanKernel.GROUPS_PER_COMPUTE_UNIT));
    }

    /** {@code k} with the loaded ints and flags bound as asked: each uploaded to a kernel once per load. */
    private <K extends GridKernel> K bound(K k, boolean withInts, boolean withFlags) {
        if (withInts && k.in != ints) {
            k.in = ints;
            k.put(k.in);
        }
        if (withFlags && k.aux != flags) {
            k.aux = flags;
            k.put(k.aux);
        }
        return k;
    }

    /** The long kernel with the loaded flags (or indices) bound: uploaded there once per load. */
    private GridLongKernel longKernelWithFlags() {
        return bound(longKernel(), false, true);
    }

    /** The long kernel with the loaded ints and flags bound (int gather and scatter). */
    private GridLongKernel longKernelWithInts() {
        return bound(longKernel(), true, true);
    }

    // ---- resident data -------------------------------------------------------------------------------------------

    /** Uploads {@code values} as the int input (kept on the device until the next load). */
    public void loadInts(int[] values) {
        ints = nonEmpty(values);
        gk.in = ints;
        gk.put(gk.in);
        intCount = values.length;
    }

    /** Uploads {@code values} as the long input. */
    public void loadLongs(long[] values) {
        GridLongKernel k = longKernel();
        k.wide = values.length == 0 ? new long[1] : values;
        k.put(k.wide);
        longCount = values.length;
    }

    /**
     * Uploads the flags of a select, or the indices of a gather or scatter, and notes their least and greatest value,
     * against which each gather and scatter checks its indices (the device does not check them). The array is this
     * object's until the next load: change it only through another load (the runtime may upload it again from the
     * host copy, e.g. after the collector moved it, and a changed index would not have been checked).
     */
    public void loadFlags(int[] flagsOrIndices) {
        flags = nonEmpty(flagsOrIndices);
        gk.aux = flags;
        gk.put(gk.aux);
        flagCount = flagsOrIndices.length;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int v : flagsOrIndices) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        flagMin = min;
        flagMax = max;
    }

    /** The launches and transfers of the last call ({@link GridDriver#lastCalls()}). */
    public GridDriver.Calls lastCalls() {
        return last.lastCalls();
    }

    /** Launches of the last primitive ({@link GridDriver}). */
    public int lastLaunches() {
        return last.lastLaunches();
    }

    /** Blocking downloads of the last primitive, its {@link #lastTotal} or histogram download included. */
    public int lastDownloads() {
        return last.lastDownloads();
    }

    /** Scan of the loaded ints into the int output. */
    public LaunchTiming runScanInts(boolean inclusive) {
        intOutput(scanKernel(), intCount);
        return (last = scanGrid).scan(intCount, inclusive);
    }

    /** Scan of the loaded longs into the long output (exact 64-bit sums, wrapping like Java's long). */
    public LaunchTiming runScanLongs(boolean inclusive) {
        longOutput(longKernel(), longCount);
        return (last = longGrid).scanLongs(longCount, inclusive);
    }

    /** Reduce of the loaded ints ({@link GridDriver#COMBINE_SUM}, {@code _MIN}, {@code _MAX}); see lastTotal. */
    public LaunchTiming runReduceInts(int combine) {
        return (last = grid).reduce(intCount, combine);
    }

    /** Reduce of the loaded longs; see {@link #lastTotal}. */
    public LaunchTiming runReduceLongs(int combine) {
        longKernel();
        return (last = longGrid).reduceLongs(longCount, combine);
    }

    /** Select of the loaded ints by the loaded flags (or their indices) into the int output; count in lastTotal. */
    public LaunchTiming runSelectInts(boolean indices) {
        requireFlags(intCount);
        intOutput(selectKernel(!indices, true), intCount);
        return (last = selectGrid).selectFlagged(intCount, indices);
    }

    /** Select of the loaded ints {@code x} with {@code x (c) operand}; count in lastTotal. */
    public LaunchTiming runSelectIfInts(Comparison c, long operand) {
        intOutput(selectKernel(true, false), intCount);
        return (last = selectGrid).selectIf(intCount, c, operand);
    }

    /** Select of the loaded longs by the loaded flags; count in lastTotal. */
    public LaunchTiming runSelectLongs() {
        requireFlags(longCount);
        longOutput(longKernelWithFlags(), longCount);
        return (last = longGrid).selectFlaggedLongs(longCount);
    }

    /** Select of the loaded longs {@code x} with {@code x (c) operand}; count in lastTotal. */
    public LaunchTiming runSelectIfLongs(Comparison c, long operand) {
        longOutput(longKernel(), longCount);
        return (last = longGrid).selectIfLongs(longCount, c, operand);
    }

    /** The reduce result or select count of the last primitive (a small download). */
    public long lastTotal() {
        return last.lastTotal();
    }

    /** Downloads the first {@code n} elements of the int output. */
    public int[] intResult(int n) {
        if (n == 0) {
            return new int[0]; // nothing launched may have bound the output (Aparapi's get would crash)
        }
        intOut.get(intOut.out);
        return Arrays.copyOf(intOut.out, n);
    }

    /** Downloads the first {@code n} elements of the long output. */
    public long[] longResult(int n) {
        if (n == 0) {
            return new long[0];
        }
        GridLongKernel k = longKernel();
        k.get(k.wideAlt);
        return Arrays.copyOf(k.wideAlt, n);
    }

    // ---- one-shot ------------------------------------------------------------------------------------------------

    /** Inclusive scan (wrapping 32-bit sums). */
    public int[] inclusiveScan(int[] in) {
        loadInts(in);
        runScanInts(true);
        return intResult(in.length);
    }

    /** Exclusive scan (wrapping 32-bit sums). */
    public int[] exclusiveScan(int[] in) {
        loadInts(in);
        runScanInts(false);
        return intResult(in.length);
    }

    /** Inclusive scan of longs. */
    public long[] inclusiveScan(long[] in) {
        loadLongs(in);
        runScanLongs(true);
        return longResult(in.length);
    }

    /** Exclusive scan of longs. */
    public long[] exclusiveScan(long[] in) {
        loadLongs(in);
        runScanLongs(false);
        return longResult(in.length);
    }

    /** The exact sum of the ints. */
    public long sum(int[] in) {
        loadInts(in);
        runReduceInts(GridDriver.COMBINE_SUM);
        return lastTotal();
    }

    /** The sum of the longs (wrapping at 64 bits). */
    public long sum(long[] in) {
        loadLongs(in);
        runReduceLongs(GridDriver.COMBINE_SUM);
        return lastTotal();
    }

    /** The minimum of a non-empty int array. */
    public int min(int[] in) {
        requireNonEmpty(in.length, "min");
        loadInts(in);
        runReduceInts(GridDriver.COMBINE_MIN);
        return (int) lastTotal();
    }

    /** The maximum of a non-empty int array. */
    public int max(int[] in) {
        requireNonEmpty(in.length, "max");
        loadInts(in);
        runReduceInts(GridDriver.COMBINE_MAX);
        return (int) lastTotal();
    }

    /** The minimum of a non-empty long array. */
    public long min(long[] in) {
        requireNonEmpty(in.length, "min");
        loadLongs(in);
        runReduceLongs(GridDriver.COMBINE_MIN);
        return lastTotal();
    }

    /** The maximum of a non-empty long array. */
    public long max(long[] in) {
        requireNonEmpty(in.length, "max");
        loadLongs(in);
        runReduceLongs(GridDriver.COMBINE_MAX);
        return lastTotal();
    }

    /** The values whose flag is non-zero, in order ({@code flags} as long as {@code values}). */
    public int[] select(int[] values, int[] flags) {
        loadInts(values);
        loadFlags(flags);
        runSelectInts(false);
        return intResult((int) lastTotal());
    }

    /** The longs whose flag is non-zero, in order. */
    public long[] select(long[] values, int[] flags) {
        loadLongs(values);
        loadFlags(flags);
        runSelectLongs();
        return longResult((int) lastTotal());
    }

    /** The indices of the non-zero flags, ascending. */
    public int[] selectIndices(int[] flags) {
        loadInts(new int[flags.length == 0 ? 0 : 1]); // not read: an indices select reads only the flags
        intCount = flags.length;
        loadFlags(flags);
        runSelectInts(true);
        return intResult((int) lastTotal());
    }

    /** The ints {@code x} with {@code x (c) operand}, in order. */
    public int[] selectIf(int[] values, Comparison c, long operand) {
        loadInts(values);
        runSelectIfInts(c, operand);
        return intResult((int) lastTotal());
    }

    /** The longs {@code x} with {@code x (c) operand}, in order. */
    public long[] selectIf(long[] values, Comparison c, long operand) {
        loadLongs(values);
        runSelectIfLongs(c, operand);
        return longResult((int) lastTotal());
    }

    /** {@code out[i] = in[idx[i]]}; every index must lie in {@code in}. */
    public int[] gather(int[] in, int[] idx) {
        loadInts(in);
        loadFlags(idx);
        runGatherInts();
        return intResult(idx.length);
    }

    /** {@code out[i] = in[idx[i]]}; every index must lie in {@code in}. */
    public long[] gather(long[] in, int[] idx) {
        loadLongs(in);
        loadFlags(idx);
        runGatherLongs();
        return longResult(idx.length);
    }

    /** {@code out[idx[i]] = in[i]} into a zeroed array of {@code length}; indices in range, one per element. */
    public int[] scatter(int[] in, int[] idx, int length) {
        checkSameLength(in.length, idx.length);
        checkIndices(idx, idx.length, length);
        if (in.length == 0) {
            return new int[length]; // nothing to launch (and no launch to bind a new output buffer)
        }
        loadInts(in);
        loadFlags(idx);
        GridLongKernel k = longKernel();
        k.out = new int[Math.max(1, length)];
        k.put(k.out);
        runScatterInts(length);
        return intResult(length);
    }

    /** {@code out[idx[i]] = in[i]} into a zeroed array of {@code length}. */
    public long[] scatter(long[] in, int[] idx, int length) {
        checkSameLength(in.length, idx.length);
        checkIndices(idx, idx.length, length);
        if (in.length == 0) {
            return new long[length]; // nothing to launch (and no launch to bind a new output buffer)
        }
        loadLongs(in);
        loadFlags(idx);
        GridLongKernel k = longKernel();
        k.wideAlt = new long[Math.max(1, length)];
        k.put(k.wideAlt);
        runScatterLongs(length);
        return longResult(length);
    }

    /**
     * Counts of bin {@code floor((x - low) / width)} for {@code bins} bins (at most {@link #MAX_BINS});
     * values outside {@code [low, low + bins * width)} are not counted.
     */
    public int[] histogram(int[] values, int bins, long low, long width) {
        loadInts(values);
        runHistogram(bins, low, width);
        return histogramResult();
    }

    // ---- resident element primitives -----------------------------------------------------------------------------

    /**
     * Gather of the loaded ints by the loaded indices into the int output (their range checked on the host against
     * the one noted by {@link #loadFlags}: no pass over the indices per call).
     */
    public LaunchTiming runGatherInts() {
        checkLoadedIndices(intCount);
        intOutput(longKernelWithInts(), flagCount);
        return (last = longGrid).gather(flagCount, false);
    }

    /** Gather of the loaded longs by the loaded indices into the long output. */
    public LaunchTiming runGatherLongs() {
        checkLoadedIndices(longCount);
        longOutput(longKernelWithFlags(), flagCount);
        return (last = longGrid).gather(flagCount, true);
    }

    /**
     * Scatter of the loaded ints to the loaded indices of the int output (at least {@code length} elements; elements
     * no index names keep their contents).
     */
    public LaunchTiming runScatterInts(int length) {
        requireFlags(intCount);
        checkLoadedIndices(length);
        intOutput(longKernelWithInts(), length);
        return (last = longGrid).scatter(intCount, false);
    }

    /** Scatter of the loaded longs to the loaded indices of the long output (at least {@code length} elements). */
    public LaunchTiming runScatterLongs(int length) {
        requireFlags(longCount);
        checkLoadedIndices(length);
        longOutput(longKernelWithFlags(), length);
        return (last = longGrid).scatter(longCount, true);
    }

    /** Histogram of the loaded ints (see {@link #histogram}); read it with {@link #histogramResult()}. */
    public LaunchTiming runHistogram(int bins, long low, long width) {
        if (bins < 1 || bins > MAX_BINS || width < 1) {
            throw new IllegalArgumentException("bins must be 1.." + MAX_BINS + " and width positive: " + bins + ", "
                    + width);
        }
        return (last = grid).histogram(intCount, bins, low, width);
    }

    /** Downloads the counts of the last histogram. */
    public int[] histogramResult() {
        return last.histogram();
    }

    @Override
    public void close() {
        leanLauncher.close();
        for (GuardedKernel<GridScanKernel> lean : Arrays.asList(scanLauncher, selectLauncher)) {
            if (lean != null) {
                lean.close();
            }
        }
        if (longLauncher != null) {
            longLauncher.close();
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    /** An int output of at least {@code n} elements (grown, never shrunk). */
    private void intOutput(GridKernel k, int n) {
        intOut = k;
        if (k.out.length < n) {
            k.out = new int[Math.max(1, n)];
            k.put(k.out);
        }
    }

    /** A long output of at least {@code n} elements. */
    private static void longOutput(GridLongKernel k, int n) {
        if (k.wideAlt.length < n) {
            k.wideAlt = new long[Math.max(1, n)];
            k.put(k.wideAlt);
        }
    }

    private void requireFlags(int n) {
        if (flagCount != n) {
            throw new IllegalArgumentException("flags length " + flagCount + " differs from values length " + n);
        }
    }

    private static int[] nonEmpty(int[] a) {
        return a.length == 0 ? new int[1] : a;
    }

    private static void requireNonEmpty(int n, String what) {
        if (n == 0) {
            throw new IllegalArgumentException(what + " of no elements");
        }
    }

    private static void checkSameLength(int values, int indices) {
        if (values != indices) {
            throw new IllegalArgumentException("indices length " + indices + " differs from values length " + values);
        }
    }

    /** The loaded indices all in {@code [0, length)}, or the first that is not named. */
    private void checkLoadedIndices(int length) {
        if (flagMin < 0 || flagMax >= length) {
            checkIndices(flags, flagCount, length);
        }
    }

    private static void checkIndices(int[] idx, int count, int length) {
        for (int i = 0; i < count; i++) {
            if (idx[i] < 0 || idx[i] >= length) {
                throw new IllegalArgumentException("index " + idx[i] + " at " + i + " is outside [0, " + length + ")");
            }
        }
    }
}
