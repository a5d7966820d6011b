package org.gpumatch.gpu.primitives;

/**
 * The lean select layer of the grid (issue 21): the int selects by {@link #aux} flags (values or indices) and by a
 * predicate, as {@link GridDriver} runs them, in {@link GridScanKernel}'s {@code run()} with its scan half folded away
 * ({@link #scanLayer} false). Costs and local memory: {@link GridScanKernel}.
 */
public class GridSelectKernel extends GridScanKernel {
    @Override
    protected boolean scanLayer() {
        return false;
    }
}
