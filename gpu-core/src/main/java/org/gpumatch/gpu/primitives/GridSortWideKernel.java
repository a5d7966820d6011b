package org.gpumatch.gpu.primitives;

/**
 * The radix sort of u64 keys ({@link #wide} / {@link #wideAlt}, optional u32 values): {@link GridSortKernel} with the
 * class constant {@link #wideSortSteps()} on, so the device compiler keeps the 64-bit key loads and moves. Run by
 * {@link GpuArraySorter} for u64 keys; adds no field.
 */
public final class GridSortWideKernel extends GridSortKernel {
    /** The lean u64 sort. */
    GridSortWideKernel() {
    }

    @Override
    protected boolean wideSortSteps() {
        return true;
    }

    /** u64 keys keep the entries ({@code digit << 16 | position}) in the tile. */
    @Override
    protected boolean keysInTileSteps() {
        return false;
    }
}
