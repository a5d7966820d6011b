package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Sorts Java arrays on a device with a stable LSD radix sort: keys u32 ({@code int[]} read as unsigned) or u64
 * ({@code long[]} as unsigned), alone or with u32 values, on a bit range. The default algorithm is
 * {@link RadixSortAlgorithm#GRID} ({@link GridDriver}: 8-bit digits, 3 launches per pass, no host transfer); the
 * pipeline algorithms {@link RadixSortAlgorithm#TILE} and {@link RadixSortAlgorithm#CHUNK} ({@link DeviceRadixSort})
 * stay selectable for comparison.
 *
 * <p>Loading arrays of the length loaded before reuses the alternate buffers (and, for the same array objects, the
 * device buffers: an upload at the copy rate rather than a new buffer's first-upload rate).
 *
 * <p>One-shot use: {@link #sortKeys(int[], int, int)} and friends upload, sort and download in place. Resident use (to
 * time only the sort): {@link #load(int[], int[])} or {@link #load(long[], int[])} uploads once, {@link #sortLoaded}
 * sorts on the device and returns the launch timing, {@link #download()} copies the result back into the loaded arrays.
 *
 * <p>Cost: see {@link DeviceRadixSort}; device memory per element: twice the keys and values (ping-pong buffers) plus
 * the digit counts. Not thread-safe; close it to release the device buffers.
 */
public final class GpuArraySorter implements AutoCloseable {
    /** Default work-group size. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** The algorithm of {@link #GpuArraySorter(ComputeDevice)}. */
    public static final RadixSortAlgorithm DEFAULT_ALGORITHM = RadixSortAlgorithm.GRID;

    private final GuardedKernel<RadixSortPipeline> launcher;
    private final DeviceRadixSort sort;
    /** The GRID algorithm's kernel and driver (null for the pipeline algorithms). */
    private final GuardedKernel<GridKernel> gridLauncher;
    private final GridDriver grid;
    private final RadixSortAlgorithm algorithm;
    private int loadedSlot;
    private int loadedCount;
    /** GRID: whether the last sort left its result in the alternate arrays. */
    private boolean resultInAlt;

    /** A sorter on {@code device} with the default algorithm ({@link #DEFAULT_ALGORITHM}) and geometry. */
    public GpuArraySorter(ComputeDevice device) {
        this(device, DEFAULT_ALGORITHM);
    }

    /** A sorter on {@code device} running {@code algorithm} with its default geometry. */
    public GpuArraySorter(ComputeDevice device, RadixSortAlgorithm algorithm) {
        this(device, algorithm, DEFAULT_LOCAL_SIZE, algorithm == RadixSortAlgorithm.GRID ? GridKernel.DIGIT_BITS
                : DeviceRadixSort.DEFAULT_DIGIT_BITS, algorithm.defaultItems());
    }

    /**
     * A sorter on {@code device} running the default algorithm with work-groups of {@code localSize}, digits of at
     * most {@code digitBits} bits and {@code items} elements per work-item.
     *
     * @throws IllegalArgumentException as {@link #GpuArraySorter(ComputeDevice, RadixSortAlgorithm, int, int, int)}
     */
    public GpuArraySorter(ComputeDevice device, int localSize, int digitBits, int items) {
        this(device, DeviceRadixSort.DEFAULT_ALGORITHM, localSize, digitBits, items);
    }

    /**
     * A sorter on {@code device} running {@code algorithm} with work-groups of {@code localSize} (lowered to what the
     * device allows), digits of at most {@code digitBits} bits and {@code items} elements per work-item (a chunk, or
     * a work-item's share of a tile).
     *
     * @throws IllegalArgumentException when digitBits is not 1..8, items is not positive, the tile algorithm's
     *                                  local memory would exceed {@link DeviceRadixSort#MAX_TILE_LOCAL_BYTES}, or
     *                                  the GRID algorithm is asked for other digits than 8 bits or other items than
     *                                  {@link GridKernel#ITEMS}
     */
    public GpuArraySorter(ComputeDevice device, RadixSortAlgorithm algorithm, int localSize, int digitBits,
                          int items) {
        DeviceRadixSort.checkGeometry(digitBits, items);
        this.algorithm = algorithm;
        if (algorithm == RadixSortAlgorithm.GRID) {
            if (digitBits != GridKernel.DIGIT_BITS || items != GridKernel.ITEMS) {
                throw new IllegalArgumentException("the GRID radix sort runs " + GridKernel.DIGIT_BITS
                        + "-bit digits and " + GridKernel.ITEMS + " items per work-item, not " + digitBits + " and "
                        + items);
            }
            this.launcher = null;
            this.sort = null;
            this.gridLauncher = new GuardedKernel<>(new GridKernel(), device, localSize);
            this.grid = new GridDriver(gridLauncher);
            return;
        }
        this.gridLauncher = null;
        this.grid = null;
        this.launcher = new GuardedKernel<>(new RadixSortPipeline(), device, localSize);
        try {
            this.sort = new DeviceRadixSort(launcher, algorithm, digitBits, items);
        } catch (IllegalArgumentException e) {
            launcher.close();
            throw e;
        }
    }

    /** A GRID sorter with work-groups of {@code localSize} and a grid of at most {@code maxGroups} (tests). */
    GpuArraySorter(ComputeDevice device, int localSize, int maxGroups) {
        this.algorithm = RadixSortAlgorithm.GRID;
        this.launcher = null;
        this.sort = null;
        this.gridLauncher = new GuardedKernel<>(new GridKernel(), device, localSize);
        this.grid = new GridDriver(gridLauncher, maxGroups);
    }

    /** The algorithm the sorts run. */
    public RadixSortAlgorithm algorithm() {
        return algorithm;
    }

    /** Launches of the last GRID sort (3 per pass; 0 for the pipeline algorithms, which do not count). */
    public int lastLaunches() {
        return grid == null ? 0 : grid.lastLaunches();
    }

    /** Blocking downloads of the last GRID sort (0 unless its arrays may move, see {@link GridDriver}). */
    public int lastDownloads() {
        return grid == null ? 0 : grid.lastDownloads();
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
        loadedSlot = values == null ? RadixSortPipeline.SLOT_KEYS_U32 : RadixSortPipeline.SLOT_PAIRS_U32;
        if (keys.length <= 1) {
            return this; // already sorted: nothing goes to the device
        }
        if (grid != null) {
            GridKernel g = gridLauncher.kernel();
            g.in = keys;
            g.out = sameLength(g.out, keys.length);
            g.put(g.in);
            loadGridValues(g, values);
            grid.flush(); // the upload happens now, not inside the sort's first launch
            return this;
        }
        RadixSortPipeline k = launcher.kernel();
        k.keys32 = keys;
        k.keys32Alt = sameLength(k.keys32Alt, keys.length);
        k.put(k.keys32).put(k.keys32Alt);
        loadValues(k, values);
        return this;
    }

    /** Uploads u64 keys and (when not null) values of the same length, for {@link #sortLoaded}. Returns this. */
    public GpuArraySorter load(long[] keys, int[] values) {
        checkLengths(keys.length, values);
        loadedCount = keys.length;
        loadedSlot = values == null ? RadixSortPipeline.SLOT_KEYS_U64 : RadixSortPipeline.SLOT_PAIRS_U64;
        if (keys.length <= 1) {
            return this; // already sorted: nothing goes to the device
        }
        if (grid != null) {
            GridKernel g = gridLauncher.kernel();
            g.wide = keys;
            g.wideAlt = sameLength(g.wideAlt, keys.length);
            g.put(g.wide);
            loadGridValues(g, values);
            grid.flush();
            return this;
        }
        RadixSortPipeline k = launcher.kernel();
        k.keys64 = keys;
        k.keys64Alt = sameLength(k.keys64Alt, keys.length);
        k.put(k.keys64).put(k.keys64Alt);
        loadValues(k, values);
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

    /** The GRID kernel's values (the alternate made by the first launch: no upload of its garbage). */
    private static void loadGridValues(GridKernel g, int[] values) {
        if (values != null) {
            g.aux = values;
            g.auxAlt = sameLength(g.auxAlt, values.length);
            g.put(g.aux);
        }
    }

    private static void loadValues(RadixSortPipeline k, int[] values) {
        if (values != null) {
            k.values = values;
            k.valuesAlt = sameLength(k.valuesAlt, values.length);
            k.put(k.values).put(k.valuesAlt);
        }
    }

    /** Sorts the loaded arrays on the device on bits {@code [beginBit, endBit)}; the data stays on the device. */
    public LaunchTiming sortLoaded(int beginBit, int endBit) {
        if (loadedSlot == 0) {
            throw new IllegalStateException("nothing loaded: call load first");
        }
        if (grid != null) {
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
        RadixSortPipeline k = launcher.kernel();
        boolean pairs = pairsLoaded();
        int[][] resident = pairs ? new int[][] {k.values, k.valuesAlt} : new int[0][];
        if (wideLoaded()) {
            return sort.sortU64(loadedSlot, loadedCount, beginBit, endBit, k.keys64, k.keys64Alt, resident);
        }
        int[][] withKeys = pairs ? new int[][] {k.keys32, k.keys32Alt, k.values, k.valuesAlt}
                : new int[][] {k.keys32, k.keys32Alt};
        return sort.sortU32(loadedSlot, loadedCount, beginBit, endBit, withKeys);
    }

    /** Copies the sorted keys (and values) from the device into the loaded arrays. */
    public void download() {
        if (loadedCount <= 1) {
            return;
        }
        if (grid != null) {
            downloadGrid();
            return;
        }
        RadixSortPipeline k = launcher.kernel();
        boolean wide = wideLoaded();
        boolean pairs = pairsLoaded();
        if (wide) {
            k.get(k.keys64);
        } else {
            k.get(k.keys32);
        }
        if (pairs) {
            k.get(k.values);
        }
    }

    private boolean wideLoaded() {
        return loadedSlot == RadixSortPipeline.SLOT_KEYS_U64 || loadedSlot == RadixSortPipeline.SLOT_PAIRS_U64;
    }

    private boolean pairsLoaded() {
        return loadedSlot == RadixSortPipeline.SLOT_PAIRS_U32 || loadedSlot == RadixSortPipeline.SLOT_PAIRS_U64;
    }

    /** GRID: the result from whichever arrays hold it, into the loaded arrays. */
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
        return grid != null ? gridLauncher.device() : launcher.device();
    }

    @Override
    public void close() {
        if (grid != null) {
            gridLauncher.close();
        } else {
            launcher.close();
        }
    }
}
