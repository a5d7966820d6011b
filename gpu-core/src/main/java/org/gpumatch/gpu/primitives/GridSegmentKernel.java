package org.gpumatch.gpu.primitives;

/**
 * The grid layer with the segmented sort on ({@link GridDriver#segmentedSort}: small segments in one local-memory
 * launch, large ones through the radix sort of 64-bit composites, so the u64 sort steps are on too). The long scan,
 * select, reduce, gather and scatter stay off, as in the lean {@link GridKernel}; the class adds no field. Extended by
 * pipelines that sort segments (suffix-array's prefix doubling) and run by {@link GpuSegmentedSorter}.
 */
public class GridSegmentKernel extends GridKernel {
    @Override
    protected final boolean wideSortSteps() {
        return true;
    }

    @Override
    protected final boolean segmentSteps() {
        return true;
    }
}
