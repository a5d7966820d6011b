package org.gpumatch.gpu.primitives;

/**
 * The algorithms of the device radix sort; all are stable and take the same arrays and bit ranges. {@link #TILE} and
 * {@link #CHUNK} run inside pipeline kernels ({@link DeviceRadixSort}, {@link RadixSortKernel}) and end in the primary
 * arrays; {@link #GRID} runs on its own kernel ({@link GridKernel}, {@link GridDriver}) behind {@link GpuArraySorter}
 * until the pipelines move onto the {@link TileKernel} model.
 */
public enum RadixSortAlgorithm {
    /**
     * Fixed grid, reduce-then-scan, 8-bit digits (the default of {@link GpuArraySorter}): a few work-groups per
     * compute unit each own a contiguous range of 4096-element tiles; per pass an upsweep of digit counts per
     * work-group, a one-group spine scan and a downsweep that ranks each tile in local memory and writes each digit's
     * run contiguously. 4 passes for 32-bit keys, 3 launches each, no host transfer.
     */
    GRID(GridKernel.ITEMS),
    /**
     * Tile-ranked (the default): work-groups stage tiles of {@code localSize * items} elements in local memory
     * (coalesced loads), rank them with a local digit scan and write each digit's run out contiguously; counts per
     * tile, not per work-item. Needs local memory ({@link DeviceRadixSort#tileLocalBytes}).
     */
    TILE(4),
    /**
     * Per-work-item chunks: no barriers and no local memory, but neighbouring work-items read addresses
     * {@code items} elements apart (uncoalesced) and the counts number {@code 2^digitBits / items} per element.
     */
    CHUNK(16);

    private final int defaultItems;

    RadixSortAlgorithm(int defaultItems) {
        this.defaultItems = defaultItems;
    }

    /** The default elements per work-item: 4 for {@link #TILE} (tiles of 1024 with 256 work-items), 16 for chunks. */
    public int defaultItems() {
        return defaultItems;
    }
}
