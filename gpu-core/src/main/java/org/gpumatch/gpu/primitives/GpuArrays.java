package org.gpumatch.gpu.primitives;

import java.util.Arrays;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * One GPU primitive on Java arrays: scan, reduce, select, gather, scatter and histogram on one device. The int scan,
 * reduce, select and histogram run on the fixed-grid tile kernels ({@link GridKernel}, {@link GridDriver}); long
 * scan, reduce and select, gather and scatter on the chunk primitives of a {@link StandardPipeline} (each kernel has
 * its own OpenCL context, so an input goes to the kernel that uses it when a primitive first needs it). Not
 * thread-safe; close it to free the device buffers.
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
 * Costs, launches and memory of each primitive: {@link GridDriver} (int scan, reduce, select, histogram),
 * {@link ChunkDriver} and {@link ElementDriver} (the others). Device memory: the loaded arrays (the flags in both
 * kernels when both use them), one output array of each type, the grid's spine and the chunk totals.
 */
public final class GpuArrays implements AutoCloseable {
    /** Work-items per work-group. */
    public static final int LOCAL_SIZE = 256;
    /** Work-items per work-group of the grid kernel in Aparapi's Java threads. */
    private static final int JAVA_THREADS_LOCAL_SIZE = 16;
    /** Consecutive elements per work-item of the chunk primitives (long scan, reduce and select). */
    public static final int CHUNK = 16;

    private final GuardedKernel<StandardPipeline> launcher;
    private final StandardPipeline k;
    private final ChunkDriver chunks;
    private final ElementDriver elements;
    private final GuardedKernel<GridKernel> gridLauncher;
    private final GridKernel gk;
    private final GridDriver grid;
    /** The loaded ints and flags, uploaded to each kernel when one of its primitives first needs them. */
    private int[] ints = new int[1];
    private int[] flags = new int[1];
    private boolean intsOnChunks;
    private boolean flagsOnChunks;
    private boolean flagsOnGrid;
    /** Whether the last primitive ran on the grid kernel (its output and total live there). */
    private boolean lastOnGrid;
    private int intCount;
    private int longCount;
    private int flagCount;

    /** A pipeline on {@code device} (compiled now: a kernel that cannot run there throws), chunks of {@link #CHUNK}. */
    public GpuArrays(ComputeDevice device) {
        this(device, CHUNK);
    }

    /** As {@link #GpuArrays(ComputeDevice)} with {@code chunkSize} elements per work-item (at least 2; for tuning). */
    public GpuArrays(ComputeDevice device, int chunkSize) {
        launcher = new GuardedKernel<>(new StandardPipeline(), device, LOCAL_SIZE);
        k = launcher.kernel();
        chunks = new ChunkDriver(launcher, chunkSize);
        elements = new ElementDriver(launcher);
        GuardedKernel<GridKernel> g;
        try {
            // Java threads emulate a work-group with one thread per work-item: small groups keep that fast
            g = new GuardedKernel<>(new GridKernel(), device, device.isOpenCL() ? LOCAL_SIZE : JAVA_THREADS_LOCAL_SIZE);
        } catch (RuntimeException e) {
            launcher.close();
            throw e;
        }
        gridLauncher = g;
        gk = g.kernel();
        grid = new GridDriver(g);
    }

    // ---- resident data -------------------------------------------------------------------------------------------

    /** Uploads {@code values} as the int input (kept on the device until the next load). */
    public void loadInts(int[] values) {
        ints = nonEmpty(values);
        gk.in = ints;
        gk.put(gk.in);
        intsOnChunks = false;
        intCount = values.length;
    }

    /** Uploads {@code values} as the long input. */
    public void loadLongs(long[] values) {
        k.longIn = values.length == 0 ? new long[1] : values;
        k.put(k.longIn);
        longCount = values.length;
    }

    /** Uploads the flags of a select, or the indices of a gather or scatter. */
    public void loadFlags(int[] flagsOrIndices) {
        flags = nonEmpty(flagsOrIndices);
        flagsOnChunks = false;
        flagsOnGrid = false;
        flagCount = flagsOrIndices.length;
    }

    /** Launches and blocking downloads of the last int scan, reduce, select or histogram ({@link GridDriver}). */
    public int lastLaunches() {
        return grid.lastLaunches();
    }

    /** Blocking downloads of the last grid primitive, its {@link #lastTotal} or histogram download included. */
    public int lastDownloads() {
        return grid.lastDownloads();
    }

    private void chunkInts() {
        if (!intsOnChunks) {
            k.intIn = ints;
            k.put(k.intIn);
            intsOnChunks = true;
        }
    }

    private void chunkFlags() {
        if (!flagsOnChunks) {
            k.intFlags = flags;
            k.put(k.intFlags);
            flagsOnChunks = true;
        }
    }

    private void gridFlags() {
        if (!flagsOnGrid) {
            gk.aux = flags;
            gk.put(gk.aux);
            flagsOnGrid = true;
        }
    }

    private void gridOutput(int n) {
        if (gk.out.length < n) {
            gk.out = new int[n];
        }
        lastOnGrid = true;
    }

    /** Scan of the loaded ints into the int output. */
    public LaunchTiming runScanInts(boolean inclusive) {
        gridOutput(intCount);
        return grid.scan(intCount, inclusive);
    }

    /** Scan of the loaded longs into the long output. */
    public LaunchTiming runScanLongs(boolean inclusive) {
        lastOnGrid = false;
        longOutput(longCount);
        return chunks.scan(StandardPipeline.SLOT, longCount, true, inclusive);
    }

    /** Reduce of the loaded ints ({@link SelectKernel#COMBINE_SUM}, {@code _MIN}, {@code _MAX}); see lastTotal. */
    public LaunchTiming runReduceInts(int combine) {
        lastOnGrid = true;
        return grid.reduce(intCount, combine);
    }

    /** Reduce of the loaded longs; see {@link #lastTotal}. */
    public LaunchTiming runReduceLongs(int combine) {
        lastOnGrid = false;
        return chunks.reduce(StandardPipeline.SLOT, longCount, true, combine);
    }

    /** Select of the loaded ints by the loaded flags (or their indices) into the int output; count in lastTotal. */
    public LaunchTiming runSelectInts(boolean indices) {
        requireFlags(intCount);
        gridFlags();
        gridOutput(intCount);
        return grid.selectFlagged(intCount, indices);
    }

    /** Select of the loaded ints {@code x} with {@code x (c) operand}; count in lastTotal. */
    public LaunchTiming runSelectIfInts(Comparison c, long operand) {
        gridOutput(intCount);
        return grid.selectIf(intCount, c, operand);
    }

    /** Select of the loaded longs by the loaded flags; count in lastTotal. */
    public LaunchTiming runSelectLongs() {
        requireFlags(longCount);
        chunkFlags();
        lastOnGrid = false;
        longOutput(longCount);
        return chunks.selectFlagged(StandardPipeline.SLOT, longCount, true, false);
    }

    /** Select of the loaded longs {@code x} with {@code x (c) operand}; count in lastTotal. */
    public LaunchTiming runSelectIfLongs(Comparison c, long operand) {
        lastOnGrid = false;
        longOutput(longCount);
        return chunks.selectIf(StandardPipeline.SLOT, longCount, true, c, operand, false);
    }

    /** The reduce result or select count of the last chunk primitive (8-byte download). */
    public long lastTotal() {
        return lastOnGrid ? grid.lastTotal() : chunks.lastTotal();
    }

    /** Downloads the first {@code n} elements of the int output. */
    public int[] intResult(int n) {
        if (n == 0) {
            return new int[0]; // nothing launched may have bound the output (Aparapi's get would crash)
        }
        if (lastOnGrid) {
            gk.get(gk.out);
            return Arrays.copyOf(gk.out, n);
        }
        k.get(k.intOut);
        return Arrays.copyOf(k.intOut, n);
    }

    /** Downloads the first {@code n} elements of the long output. */
    public long[] longResult(int n) {
        if (n == 0) {
            return new long[0];
        }
        k.get(k.longOut);
        return Arrays.copyOf(k.longOut, n);
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
        runReduceInts(SelectKernel.COMBINE_SUM);
        return lastTotal();
    }

    /** The sum of the longs (wrapping at 64 bits). */
    public long sum(long[] in) {
        loadLongs(in);
        runReduceLongs(SelectKernel.COMBINE_SUM);
        return lastTotal();
    }

    /** The minimum of a non-empty int array. */
    public int min(int[] in) {
        requireNonEmpty(in.length, "min");
        loadInts(in);
        runReduceInts(SelectKernel.COMBINE_MIN);
        return (int) lastTotal();
    }

    /** The maximum of a non-empty int array. */
    public int max(int[] in) {
        requireNonEmpty(in.length, "max");
        loadInts(in);
        runReduceInts(SelectKernel.COMBINE_MAX);
        return (int) lastTotal();
    }

    /** The minimum of a non-empty long array. */
    public long min(long[] in) {
        requireNonEmpty(in.length, "min");
        loadLongs(in);
        runReduceLongs(SelectKernel.COMBINE_MIN);
        return lastTotal();
    }

    /** The maximum of a non-empty long array. */
    public long max(long[] in) {
        requireNonEmpty(in.length, "max");
        loadLongs(in);
        runReduceLongs(SelectKernel.COMBINE_MAX);
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
        k.intOut = new int[Math.max(1, length)];
        k.put(k.intOut);
        lastOnGrid = false;
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
        k.longOut = new long[Math.max(1, length)];
        k.put(k.longOut);
        runScatterLongs(length);
        return longResult(length);
    }

    /**
     * Counts of bin {@code floor((x - low) / width)} for {@code bins} bins (at most {@link ElementDriver#MAX_BINS});
     * values outside {@code [low, low + bins * width)} are not counted.
     */
    public int[] histogram(int[] values, int bins, long low, long width) {
        loadInts(values);
        runHistogram(bins, low, width);
        return histogramResult();
    }

    // ---- resident element primitives -----------------------------------------------------------------------------

    /** Gather of the loaded ints by the loaded indices into the int output (checks the indices on the host). */
    public LaunchTiming runGatherInts() {
        checkIndices(flags, flagCount, intCount);
        chunkInts();
        chunkFlags();
        intOutput(flagCount);
        return elements.gather(StandardPipeline.SLOT, flagCount, false);
    }

    /** Gather of the loaded longs by the loaded indices into the long output. */
    public LaunchTiming runGatherLongs() {
        checkIndices(flags, flagCount, longCount);
        chunkFlags();
        lastOnGrid = false;
        longOutput(flagCount);
        return elements.gather(StandardPipeline.SLOT, flagCount, true);
    }

    /**
     * Scatter of the loaded ints to the loaded indices of the int output (at least {@code length} elements; elements
     * no index names keep their contents).
     */
    public LaunchTiming runScatterInts(int length) {
        requireFlags(intCount);
        checkIndices(flags, flagCount, length);
        chunkInts();
        chunkFlags();
        intOutput(length);
        return elements.scatter(StandardPipeline.SLOT, intCount, false);
    }

    /** Scatter of the loaded longs to the loaded indices of the long output (at least {@code length} elements). */
    public LaunchTiming runScatterLongs(int length) {
        requireFlags(longCount);
        checkIndices(flags, flagCount, length);
        chunkFlags();
        lastOnGrid = false;
        longOutput(length);
        return elements.scatter(StandardPipeline.SLOT, longCount, true);
    }

    /** Histogram of the loaded ints (see {@link #histogram}); read it with {@link #histogramResult()}. */
    public LaunchTiming runHistogram(int bins, long low, long width) {
        if (bins < 1 || bins > ElementDriver.MAX_BINS || width < 1) {
            throw new IllegalArgumentException("bins must be 1.." + ElementDriver.MAX_BINS + " and width positive: "
                    + bins + ", " + width);
        }
        return grid.histogram(intCount, bins, low, width);
    }

    /** Downloads the counts of the last histogram. */
    public int[] histogramResult() {
        return grid.histogram();
    }

    @Override
    public void close() {
        try {
            gridLauncher.close();
        } finally {
            launcher.close();
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    private void intOutput(int n) {
        lastOnGrid = false;
        if (k.intOut.length < n) {
            k.intOut = new int[n];
            k.put(k.intOut);
        }
    }

    private void longOutput(int n) {
        if (k.longOut.length < n) {
            k.longOut = new long[n];
            k.put(k.longOut);
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

    private static void checkIndices(int[] idx, int count, int length) {
        for (int i = 0; i < count; i++) {
            if (idx[i] < 0 || idx[i] >= length) {
                throw new IllegalArgumentException("index " + idx[i] + " at " + i + " is outside [0, " + length + ")");
            }
        }
    }
}
