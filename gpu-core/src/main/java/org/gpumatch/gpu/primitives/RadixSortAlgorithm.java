package org.gpumatch.gpu.primitives;

/**
 * The two algorithms of the device radix sort ({@link DeviceRadixSort}, {@link RadixSortKernel}); both are stable,
 * take the same arrays and bit ranges and end in the primary arrays.
 */
public enum RadixSortAlgorithm {
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
