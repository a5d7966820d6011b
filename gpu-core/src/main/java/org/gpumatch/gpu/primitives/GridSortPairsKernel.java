package org.gpumatch.gpu.primitives;

/**
 * The radix sort of u32 keys with u32 values: {@link GridSortKernel} with the class constant
 * {@link #positionsInTileSteps()} on, so that the downsweep moves each key and its tile position (a short) through the
 * local tile and the scatter gathers only the value from global memory (two gathers per element before). Its own class
 * because the 16 positions per work-item raise the kernel's registers, which the sort of keys alone (three work-groups
 * per compute unit on {@link GridSortKernel}) does without. Local memory per work-group of 256: 40,722 bytes (the
 * keys' 32,272 and 8,450 of positions). Run by {@link GpuArraySorter} for u32 pairs; adds no field.
 */
public final class GridSortPairsKernel extends GridSortKernel {
    /** The lean u32/u32 pair sort. */
    GridSortPairsKernel() {
    }

    @Override
    protected boolean positionsInTileSteps() {
        return true;
    }
}
