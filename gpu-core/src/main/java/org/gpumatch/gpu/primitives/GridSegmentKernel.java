package org.gpumatch.gpu.primitives;

/**
 * The grid layer with the segmented sort on ({@link GridDriver#segmentedSort}: small segments in one local-memory
 * launch, large ones through the radix sort of 64-bit composites, so the u64 sort steps are on too). The long scan,
 * select, reduce, gather and scatter stay off, as in the lean {@link GridKernel}; the int scan's own 32-bit path is on
 * ({@link #intScanSteps}); the class adds no field. Extended by
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

    /**
     * On in this layer (off in the others): the sm_90 proxy counts the segment layer at 178 registers with the int
     * scan path and 136 without, but its suffix-array pipelines at 130 / 146 with it and 148 without (clang then keeps
     * a call with a stack frame), so the suffix-array builder keeps the path it was measured with.
     */
    @Override
    protected boolean intScanSteps() {
        return true;
    }
}
