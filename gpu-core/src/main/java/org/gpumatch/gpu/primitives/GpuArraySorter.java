package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Sorts Java arrays on a device with the stable LSD radix sort ({@link DeviceRadixSort}): keys u32 ({@code int[]} read
 * as unsigned) or u64 ({@code long[]} as unsigned), alone or with u32 values, on a bit range.
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

    private final GuardedKernel<RadixSortPipeline> launcher;
    private final DeviceRadixSort sort;
    private int loadedSlot;
    private int loadedCount;

    /** A sorter on {@code device} with the default algorithm and geometry. */
    public GpuArraySorter(ComputeDevice device) {
        this(device, DeviceRadixSort.DEFAULT_ALGORITHM);
    }

    /** A sorter on {@code device} running {@code algorithm} with its default geometry. */
    public GpuArraySorter(ComputeDevice device, RadixSortAlgorithm algorithm) {
        this(device, algorithm, DEFAULT_LOCAL_SIZE, DeviceRadixSort.DEFAULT_DIGIT_BITS, algorithm.defaultItems());
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
     * @throws IllegalArgumentException when digitBits is not 1..8, items is not positive, or the tile algorithm's
     *                                  local memory would exceed {@link DeviceRadixSort#MAX_TILE_LOCAL_BYTES}
     */
    public GpuArraySorter(ComputeDevice device, RadixSortAlgorithm algorithm, int localSize, int digitBits,
                          int items) {
        DeviceRadixSort.checkGeometry(digitBits, items);
        this.launcher = new GuardedKernel<>(new RadixSortPipeline(), device, localSize);
        try {
            this.sort = new DeviceRadixSort(launcher, algorithm, digitBits, items);
        } catch (IllegalArgumentException e) {
            launcher.close();
            throw e;
        }
    }

    /** The algorithm the sorts run. */
    public RadixSortAlgorithm algorithm() {
        return sort.algorithm();
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
        RadixSortPipeline k = launcher.kernel();
        loadedCount = keys.length;
        loadedSlot = values == null ? RadixSortPipeline.SLOT_KEYS_U32 : RadixSortPipeline.SLOT_PAIRS_U32;
        if (keys.length <= 1) {
            return this; // already sorted: nothing goes to the device
        }
        k.keys32 = keys;
        k.keys32Alt = sameLength(k.keys32Alt, keys.length);
        k.put(k.keys32).put(k.keys32Alt);
        loadValues(k, values);
        return this;
    }

    /** Uploads u64 keys and (when not null) values of the same length, for {@link #sortLoaded}. Returns this. */
    public GpuArraySorter load(long[] keys, int[] values) {
        checkLengths(keys.length, values);
        RadixSortPipeline k = launcher.kernel();
        loadedCount = keys.length;
        loadedSlot = values == null ? RadixSortPipeline.SLOT_KEYS_U64 : RadixSortPipeline.SLOT_PAIRS_U64;
        if (keys.length <= 1) {
            return this; // already sorted: nothing goes to the device
        }
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
        RadixSortPipeline k = launcher.kernel();
        boolean pairs = loadedSlot == RadixSortPipeline.SLOT_PAIRS_U32 || loadedSlot == RadixSortPipeline.SLOT_PAIRS_U64;
        int[][] resident = pairs ? new int[][] {k.values, k.valuesAlt} : new int[0][];
        if (loadedSlot == RadixSortPipeline.SLOT_KEYS_U64 || loadedSlot == RadixSortPipeline.SLOT_PAIRS_U64) {
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
        RadixSortPipeline k = launcher.kernel();
        boolean wide = loadedSlot == RadixSortPipeline.SLOT_KEYS_U64 || loadedSlot == RadixSortPipeline.SLOT_PAIRS_U64;
        boolean pairs = loadedSlot == RadixSortPipeline.SLOT_PAIRS_U32 || loadedSlot == RadixSortPipeline.SLOT_PAIRS_U64;
        if (wide) {
            k.get(k.keys64);
        } else {
            k.get(k.keys32);
        }
        if (pairs) {
            k.get(k.values);
        }
    }

    /** The device the sorts run on. */
    public ComputeDevice device() {
        return launcher.device();
    }

    @Override
    public void close() {
        launcher.close();
    }
}
