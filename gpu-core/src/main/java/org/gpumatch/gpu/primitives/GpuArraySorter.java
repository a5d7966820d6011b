package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Sorts Java arrays on a device with a stable LSD radix sort: keys u32 ({@code int[]} read as unsigned) or u64
 * ({@code long[]} as unsigned), alone or with u32 values, on a bit range, on the grid layer ({@link GridDriver}: 8-bit
 * digits, 3 launches per pass, no host transfer between them) on kernels that serve only the sort: u32 keys on a
 * {@link GridSortKernel}; the first u32 pair load compiles a second kernel, a {@link GridSortPairsKernel}, the first
 * u64 load a third, a {@link GridSortWideKernel}. The grid has {@link GridDriver#SORT_GROUPS_PER_COMPUTE_UNIT} work-groups per compute
 * unit, u32 keys without values {@link GridDriver#SORT_KEYS_GROUPS_PER_COMPUTE_UNIT} (their downsweep moves the keys
 * through local memory and gathers nothing from global memory, so more work-groups hide more of its barriers).
 *
 * <p>Loading arrays of the length loaded before reuses the alternate buffers (and, for the same array objects, the
 * device buffers: an upload at the copy rate rather than a new buffer's first-upload rate).
 *
 * <p>One-shot use: {@link #sortKeys(int[], int, int)} and friends upload, sort and download in place. Resident use (to
 * time only the sort): {@link #load(int[], int[])} or {@link #load(long[], int[])} uploads once, {@link #sortLoaded}
 * sorts on the device and returns the launch timing, {@link #download()} copies the result back into the loaded arrays.
 *
 * <p>Cost per pass of 8 bits: u32 keys 12 B per element, u32/u32 pairs 20 B, u64/u32 pairs 32 B (see
 * {@link GridDriver#sort}); device memory per element: twice the keys and values (ping-pong buffers). Not thread-safe;
 * close it to release the device buffers.
 */
public final class GpuArraySorter implements AutoCloseable {
    /** Default work-group size of the grid kernels (the segmented sorter's too). */
    public static final int DEFAULT_LOCAL_SIZE = 256;

    private static final int KEYS_U32 = 1;
    private static final int PAIRS_U32 = 2;
    private static final int KEYS_U64 = 3;
    private static final int PAIRS_U64 = 4;

    private final ComputeDevice device;
    private final int localSize;
    private final int maxGroups;
    /** The lean kernel of u32 keys alone and its driver. */
    private final GuardedKernel<GridSortKernel> leanLauncher;
    private final GridDriver leanKeysGrid;
    /** The lean u32/u32 pair sort kernel, made by the first u32 pair load; null before. */
    private GuardedKernel<GridSortPairsKernel> pairsLauncher;
    private GridDriver pairsGrid;
    /** The lean u64 sort kernel, made by the first u64 load; null before. */
    private GuardedKernel<GridSortWideKernel> wideLauncher;
    private GridDriver wideGrid;
    /** The kernel and driver of the loaded arrays. */
    private GuardedKernel<? extends GridKernel> gridLauncher;
    private GridDriver grid;
    private int loadedSlot;
    private int loadedCount;
    /** Whether the last sort left its result in the alternate arrays. */
    private boolean resultInAlt;

    /** A sorter on {@code device} with work-groups of {@link GridDriver#SORT_LOCAL_SIZE}. */
    public GpuArraySorter(ComputeDevice device) {
        this(device, GridDriver.SORT_LOCAL_SIZE);
    }

    /** A sorter on {@code device} with work-groups of {@code localSize} (lowered to what the device allows). */
    public GpuArraySorter(ComputeDevice device, int localSize) {
        this(device, localSize, 0);
    }

    /** A sorter with work-groups of {@code localSize} and a grid of at most {@code maxGroups} (tests). */
    GpuArraySorter(ComputeDevice device, int localSize, int maxGroups) {
        this.device = device;
        this.localSize = localSize;
        this.maxGroups = maxGroups;
        this.leanLauncher = new GuardedKernel<>(new GridSortKernel(), device, localSize);
        this.leanKeysGrid = driver(leanLauncher, GridDriver.SORT_KEYS_GROUPS_PER_COMPUTE_UNIT);
        this.gridLauncher = leanLauncher;
        this.grid = leanKeysGrid;
    }

    private GridDriver driver(GuardedKernel<? extends GridKernel> launcher, int perComputeUnit) {
        int groups = maxGroups > 0 ? maxGroups : GridDriver.groupsFor(launcher, perComputeUnit);
        return new GridDriver(launcher, groups, groups, launcher.localSize());
    }

    /** The launches and transfers of the last call ({@link GridDriver#lastCalls()}). */
    public GridDriver.Calls lastCalls() {
        return grid.lastCalls();
    }

    /** Launches of the last sort (3 per pass). */
    public int lastLaunches() {
        return grid.lastLaunches();
    }

    /** Blocking downloads of the last sort (0 unless its arrays may move, see {@link GridDriver}). */
    public int lastDownloads() {
        return grid.lastDownloads();
    }

    /** Sorts u32 keys (unsigned) on bits {@code [beginBit, endBit)} in place. */
    public LaunchTiming sortKeys(int[] keys, int beginBit, int endBit) {
        return oneShot(load(keys, null), beginBit, endBit);
    }

    /** Sorts u32 keys (unsigned) with their values stably on bits {@code [beginBit, endBit)} in place. */
    public LaunchTiming sortPairs(int[] keys, int[] values, int beginBit, int endBit) {
        return oneShot(load(keys, requireValues(values)), beginBit, endBit);
    }

    /** Sorts u64 keys (unsigned) on bits {@code [beginBit, endBit)} in place. */
    public LaunchTiming sortKeys(long[] keys, int beginBit, int endBit) {
        return oneShot(load(keys, null), beginBit, endBit);
    }

    /** Sorts u64 keys (unsigned) with their values stably on bits {@code [beginBit, endBit)} in place. */
    public LaunchTiming sortPairs(long[] keys, int[] values, int beginBit, int endBit) {
        return oneShot(load(keys, requireValues(values)), beginBit, endBit);
    }

    private LaunchTiming oneShot(GpuArraySorter loaded, int beginBit, int endBit) {
        LaunchTiming t = loaded.sortLoaded(beginBit, endBit);
        loaded.download();
        return t;
    }

    private static int[] requireValues(int[] values) {
        if (values == null) {
            throw new IllegalArgumentException("values must not be null for a pairs sort");
        }
        return values;
    }

    /**
     * Uploads u32 keys and (when not null) values of the same length, for {@link #sortLoaded}; allocates the
     * alternate buffers. Returns this.
     */
    public GpuArraySorter load(int[] keys, int[] values) {
        checkLengths(keys.length, values);
        loadedCount = keys.length;
        loadedSlot = values == null ? KEYS_U32 : PAIRS_U32;
        if (values == null) {
            gridLauncher = leanLauncher;
            grid = leanKeysGrid;
        } else {
            if (pairsLauncher == null) {
                pairsLauncher = new GuardedKernel<>(new GridSortPairsKernel(), device, localSize);
                pairsGrid = driver(pairsLauncher, GridDriver.SORT_GROUPS_PER_COMPUTE_UNIT);
            }
            gridLauncher = pairsLauncher;
            grid = pairsGrid;
        }
        if (keys.length <= 1) {
            return this; // already sorted: nothing goes to the device
        }
        GridKernel g = gridLauncher.kernel();
        g.in = keys;
        g.out = sameLength(g.out, keys.length);
        g.put(g.in);
        loadGridValues(g, values);
        grid.flush(); // the upload happens now, not inside the sort's first launch
        return this;
    }

    /** Uploads u64 keys and (when not null) values of the same length, for {@link #sortLoaded}. Returns this. */
    public GpuArraySorter load(long[] keys, int[] values) {
        checkLengths(keys.length, values);
        loadedCount = keys.length;
        loadedSlot = values == null ? KEYS_U64 : PAIRS_U64;
        if (wideLauncher == null) {
            wideLauncher = new GuardedKernel<>(new GridSortWideKernel(), device, localSize);
            wideGrid = driver(wideLauncher, GridDriver.SORT_GROUPS_PER_COMPUTE_UNIT);
        }
        gridLauncher = wideLauncher;
        grid = wideGrid;
        if (keys.length <= 1) {
            return this; // already sorted: nothing goes to the device
        }
        GridKernel g = gridLauncher.kernel();
        g.wide = keys;
        g.wideAlt = sameLength(g.wideAlt, keys.length);
        g.put(g.wide);
        loadGridValues(g, values);
        grid.flush();
        return this;
    }

    /** {@code current} when it has {@code n} elements (its device buffer is reused), else a new array. */
    static int[] sameLength(int[] current, int n) {
        return current.length == n ? current : new int[Math.max(1, n)];
    }

    /** {@link #sameLength(int[], int)} for longs. */
    static long[] sameLength(long[] current, int n) {
        return current.length == n ? current : new long[Math.max(1, n)];
    }

    private static void checkLengths(int keys, int[] values) {
        if (values != null && values.length != keys) {
            throw new IllegalArgumentException("values length " + values.length + " differs from keys length " + keys);
        }
    }

    /** The kernel's values (the alternate made by the first launch: no upload of its garbage). */
    private static void loadGridValues(GridKernel g, int[] values) {
        if (values != null) {
            g.aux = values;
            g.auxAlt = sameLength(g.auxAlt, values.length);
            g.put(g.aux);
        }
    }

    /** Sorts the loaded arrays on the device on bits {@code [beginBit, endBit)}; the data stays on the device. */
    public LaunchTiming sortLoaded(int beginBit, int endBit) {
        if (loadedSlot == 0) {
            throw new IllegalStateException("nothing loaded: call load first");
        }
        boolean wide = wideLoaded();
        boolean pairs = pairsLoaded();
        int keyBits = wide ? 64 : 32;
        if (beginBit < 0 || beginBit > endBit || endBit > keyBits) {
            throw new IllegalArgumentException("bit range [" + beginBit + ", " + endBit + ") is not within [0, "
                    + keyBits + "]");
        }
        LaunchTiming[] timing = new LaunchTiming[1];
        resultInAlt = grid.sort(loadedCount, beginBit, endBit, wide, pairs, timing);
        return timing[0];
    }

    /** Copies the sorted keys (and values) from the device into the loaded arrays. */
    public void download() {
        if (loadedCount <= 1) {
            return;
        }
        downloadGrid();
    }

    private boolean wideLoaded() {
        return loadedSlot == KEYS_U64 || loadedSlot == PAIRS_U64;
    }

    private boolean pairsLoaded() {
        return loadedSlot == PAIRS_U32 || loadedSlot == PAIRS_U64;
    }

    /** The result from whichever arrays hold it, into the loaded arrays. */
    private void downloadGrid() {
        GridKernel g = gridLauncher.kernel();
        boolean wide = wideLoaded();
        boolean pairs = pairsLoaded();
        if (wide) {
            g.get(resultInAlt ? g.wideAlt : g.wide);
            if (resultInAlt) {
                System.arraycopy(g.wideAlt, 0, g.wide, 0, loadedCount);
            }
        } else {
            g.get(resultInAlt ? g.out : g.in);
            if (resultInAlt) {
                System.arraycopy(g.out, 0, g.in, 0, loadedCount);
            }
        }
        if (pairs) {
            g.get(resultInAlt ? g.auxAlt : g.aux);
            if (resultInAlt) {
                System.arraycopy(g.auxAlt, 0, g.aux, 0, loadedCount);
            }
        }
    }

    /** The device the sorts run on. */
    public ComputeDevice device() {
        return device;
    }

    @Override
    public void close() {
        leanLauncher.close();
        if (pairsLauncher != null) {
            pairsLauncher.close();
        }
        if (wideLauncher != null) {
            wideLauncher.close();
        }
    }
}
