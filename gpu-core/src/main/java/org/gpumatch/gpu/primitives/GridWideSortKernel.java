package org.gpumatch.gpu.primitives;

/**
 * The grid layer with the radix sort of u64 keys on ({@link #wide} and {@link #wideAlt}, with u32 values), the
 * lean {@link GridKernel}'s primitives besides; the long scan, select and reduce stay off (together with the u64 sort
 * steps they cost about 40 registers more per work-item, see gpu-core/README.md, "Registers"). For a
 * pipeline that sorts u64 keys beside the lean primitives ({@link GpuArraySorter} runs its u64 keys on the sort-only
 * {@link GridSortWideKernel}); the class adds no field.
 */
public class GridWideSortKernel extends GridKernel {
    @Override
    protected final boolean wideSortSteps() {
        return true;
    }
}
