package org.gpumatch.gpu.primitives;

/**
 * The grid layer with its long steps on: the primitives of {@link GridKernel} plus the exact 64-bit scan, the select
 * and reduce of longs ({@link #wide} into {@link #wideAlt}), gather and scatter (the u64 radix sort is
 * {@link GridWideSortKernel}'s: both together cost about 40 registers more per work-item). The lean
 * {@link GridKernel} leaves these off (its switches are constants the device compiler folds), so that the int
 * primitives and the u32 sort run with the registers they need (see gpu-core/README.md, "Registers"); a pipeline
 * that needs the long steps extends this class instead, and {@link GridDriver} refuses them on a lean kernel.
 *
 * <p>Cost and memory per element are those of {@link GridDriver}'s long calls; the class adds no field.
 */
public class GridLongKernel extends GridKernel {
    @Override
    protected final boolean longSteps() {
        return true;
    }
}
