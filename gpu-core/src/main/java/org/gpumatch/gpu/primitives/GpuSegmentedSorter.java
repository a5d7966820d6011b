package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Sorts Java arrays of (u32 key, u32 value) pairs within segments on a device ({@link DeviceSegmentedSort}): segment
 * heads are flags ({@code heads[i] != 0} starts a segment at {@code i}; element 0 always starts one); within each
 * segment the pairs end sorted stably by unsigned key.
 *
 * <p>One-shot use: {@link #sortPairs(int[], int[], int[])} uploads, sorts and downloads in place. Resident use (to
 * time only the sort): {@link #load} uploads once, {@link #sortLoaded()} sorts on the device and returns the launch
 * timing, {@link #download()} copies keys and values back into the loaded arrays.
 *
 * <p>Cost and split rule: see {@link DeviceSegmentedSort}. Device memory per element: 12 bytes of keys, values and
 * heads, plus 20 bytes of large-path scratch (composite keys, their alternate, alternate values) allocated at load,
 * plus the radix sort's counts when the large path runs. Not thread-safe; close it to release the device buffers.
 */
public final class GpuSegmentedSorter implements AutoCloseable {
    private final GuardedKernel<RadixSortPipeline> launcher;
    private final DeviceSegmentedSort sort;
    private int loadedCount = -1;

    /** A sorter on {@code device} with the default geometry. */
    public GpuSegmentedSorter(ComputeDevice device) {
        this(device, GpuArraySorter.DEFAULT_LOCAL_SIZE, DeviceRadixSort.DEFAULT_DIGIT_BITS,
                DeviceRadixSort.DEFAULT_ALGORITHM.defaultItems(), DeviceSegmentedSort.DEFAULT_MAX_SMALL);
    }

    /**
     * A sorter on {@code device} with work-groups of {@code localSize}, the large path's radix sort of digits of at
     * most {@code digitBits} bits and {@code items} elements per work-item ({@link DeviceRadixSort#DEFAULT_ALGORITHM}),
     * and small segments of at most {@code maxSmall}.
     *
     * @throws IllegalArgumentException when a parameter is out of range
     */
    public GpuSegmentedSorter(ComputeDevice device, int localSize, int digitBits, int items, int maxSmall) {
        this(device, DeviceRadixSort.DEFAULT_ALGORITHM, localSize, digitBits, items, maxSmall);
    }

    /**
     * A sorter whose large path sorts with {@code algorithm}; the other parameters as
     * {@link #GpuSegmentedSorter(ComputeDevice, int, int, int, int)}.
     *
     * @throws IllegalArgumentException when a parameter is out of range (see {@link DeviceRadixSort})
     */
    public GpuSegmentedSorter(ComputeDevice device, RadixSortAlgorithm algorithm, int localSize, int digitBits,
                              int items, int maxSmall) {
        DeviceRadixSort.checkGeometry(digitBits, items);
        if (maxSmall < 1) {
            throw new IllegalArgumentException("maxSmall must be positive: " + maxSmall);
        }
        this.launcher = new GuardedKernel<>(new RadixSortPipeline(), device, localSize);
        try {
            this.sort = new DeviceSegmentedSort(launcher, new DeviceRadixSort(launcher, algorithm, digitBits, items),
                    maxSmall);
        } catch (IllegalArgumentException e) {
            launcher.close();
            throw e;
        }
    }

    /** Sorts (key, value) pairs stably by unsigned key within the segments that {@code heads} starts, in place. */
    public LaunchTiming sortPairs(int[] keys, int[] values, int[] heads) {
        load(keys, values, heads);
        LaunchTiming t = sortLoaded();
        download();
        return t;
    }

    /**
     * Uploads keys, values and heads (all of the same length) and allocates the large path's scratch. Returns this.
     *
     * @throws IllegalArgumentException when an array is null or the lengths differ
     */
    public GpuSegmentedSorter load(int[] keys, int[] values, int[] heads) {
        if (keys == null || values == null || heads == null) {
            throw new IllegalArgumentException("keys, values and heads must not be null");
        }
        if (values.length != keys.length || heads.length != keys.length) {
            throw new IllegalArgumentException("keys, values and heads lengths differ: " + keys.length + ", "
                    + values.length + ", " + heads.length);
        }
        loadedCount = keys.length;
        if (keys.length <= 1) {
            return this; // already sorted: nothing goes to the device
        }
        RadixSortPipeline k = launcher.kernel();
        k.keys32 = keys;
        k.values = values;
        k.heads = heads;
        k.keys64 = GpuArraySorter.sameLength(k.keys64, keys.length);
        k.keys64Alt = GpuArraySorter.sameLength(k.keys64Alt, keys.length);
        k.valuesAlt = GpuArraySorter.sameLength(k.valuesAlt, keys.length);
        k.put(k.keys32).put(k.values).put(k.heads).put(k.keys64).put(k.keys64Alt).put(k.valuesAlt);
        return this;
    }

    /** Sorts the loaded pairs within their segments on the device; the data stays there. */
    public LaunchTiming sortLoaded() {
        if (loadedCount < 0) {
            throw new IllegalStateException("nothing loaded: call load first");
        }
        RadixSortPipeline k = launcher.kernel();
        return sort.sortPairsU32(RadixSortPipeline.SLOT_SEGMENTED, RadixSortPipeline.SLOT_PAIRS_U64, loadedCount,
                k.keys32, k.values, k.keys64, k.keys64Alt, k.valuesAlt);
    }

    /** Whether the last sort needed the large path (a segment longer than the small path's limit). */
    public boolean lastUsedLargePath() {
        return sort.lastUsedLargePath();
    }

    /** Copies the sorted keys and values from the device into the loaded arrays. */
    public void download() {
        if (loadedCount <= 1) {
            return;
        }
        RadixSortPipeline k = launcher.kernel();
        k.get(k.keys32);
        k.get(k.values);
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
