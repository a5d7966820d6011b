package org.gpumatch.gpu.primitives;

import java.util.Arrays;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Sorts Java arrays of (u32 key, u32 value) pairs within segments on a device, on the grid layer
 * ({@link GridDriver#segmentedSort}): segment heads are flags ({@code heads[i] != 0} starts a segment at {@code i};
 * element 0 always starts one); within each segment the pairs end sorted stably by unsigned key; segments keep their
 * places. Every segment of at most a quarter tile (1024 elements with work-groups of 256) is sorted in one
 * local-memory launch; only the longer segments' elements go through the global radix sort.
 *
 * <p>One-shot use: {@link #sortPairs(int[], int[], int[])} uploads, sorts and downloads in place. Resident use (to
 * time only the sort): {@link #load} uploads once, {@link #sortLoaded()} sorts on the device and returns the launch
 * timing, {@link #download()} copies keys and values back into the loaded arrays.
 *
 * <p>Cost and launches: see {@link GridDriver#segmentedSort}. Device memory per element: keys, values, a copy of the
 * heads and the marks (16 bytes), plus 20 bytes per element of the long segments (composite keys and their
 * alternate, made when first needed). Not thread-safe; close it to release the device buffers.
 */
public final class GpuSegmentedSorter implements AutoCloseable {
    private final GuardedKernel<GridSegmentKernel> launcher;
    private final GridDriver grid;
    private int loadedCount = -1;
    private int[] heads = new int[1];
    /** Whether the last sort took the large path (its heads on the device were overwritten). */
    private boolean lastLarge;

    /** A sorter on {@code device} with work-groups of {@link GpuArraySorter#DEFAULT_LOCAL_SIZE}. */
    public GpuSegmentedSorter(ComputeDevice device) {
        this(device, GpuArraySorter.DEFAULT_LOCAL_SIZE);
    }

    /** A sorter on {@code device} with work-groups of {@code localSize} (lowered to what the device allows). */
    public GpuSegmentedSorter(ComputeDevice device, int localSize) {
        this.launcher = new GuardedKernel<>(new GridSegmentKernel(), device, localSize);
        this.grid = new GridDriver(launcher);
    }

    /** A sorter with a grid of at most {@code maxGroups} work-groups (tests cross many windows per group). */
    GpuSegmentedSorter(ComputeDevice device, int localSize, int maxGroups) {
        this.launcher = new GuardedKernel<>(new GridSegmentKernel(), device, localSize);
        this.grid = new GridDriver(launcher, maxGroups);
    }

    /** Sorts (key, value) pairs stably by unsigned key within the segments that {@code heads} starts, in place. */
    public LaunchTiming sortPairs(int[] keys, int[] values, int[] heads) {
        load(keys, values, heads);
        LaunchTiming t = sortLoaded();
        download();
        return t;
    }

    /**
     * Uploads keys, values and a copy of the heads (the sort overwrites its heads), all of the same length. Returns
     * this.
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
        this.heads = heads;
        lastLarge = false;
        if (keys.length <= 1) {
            return this; // already sorted: nothing goes to the device
        }
        GridKernel k = launcher.kernel();
        k.in = keys;
        k.aux = values;
        k.out = Arrays.copyOf(heads, heads.length);
        k.auxAlt = GpuArraySorter.sameLength(k.auxAlt, keys.length);
        k.put(k.in).put(k.aux).put(k.out);
        grid.flush(); // the uploads happen now, not inside the sort's first launch
        return this;
    }

    /** Sorts the loaded pairs within their segments on the device; the data stays there. */
    public LaunchTiming sortLoaded() {
        if (loadedCount < 0) {
            throw new IllegalStateException("nothing loaded: call load first");
        }
        if (loadedCount <= 1) {
            lastLarge = false;
            return LaunchTiming.NONE;
        }
        GridKernel k = launcher.kernel();
        if (lastLarge) { // the last sort overwrote the heads with its large path's values
            System.arraycopy(heads, 0, k.out, 0, loadedCount);
            k.put(k.out);
        }
        LaunchTiming t = grid.segmentedSort(loadedCount, 32);
        lastLarge = grid.lastLargeSegments() > 0;
        return t;
    }

    /** Whether the last sort needed the large path (a segment longer than the small path sorts). */
    public boolean lastUsedLargePath() {
        return lastLarge;
    }

    /** The launches and transfers of the last call ({@link GridDriver#lastCalls()}). */
    public GridDriver.Calls lastCalls() {
        return grid.lastCalls();
    }

    /** Launches of the last sort. */
    public int lastLaunches() {
        return grid.lastLaunches();
    }

    /** Copies the sorted keys and values from the device into the loaded arrays. */
    public void download() {
        if (loadedCount <= 1) {
            return;
        }
        GridKernel k = launcher.kernel();
        k.get(k.in);
        k.get(k.aux);
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
