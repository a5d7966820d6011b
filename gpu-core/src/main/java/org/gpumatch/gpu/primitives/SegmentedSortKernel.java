package org.gpumatch.gpu.primitives;

/**
 * Device functions of the segmented sort of (key, value) pairs given segment heads: a layer of
 * {@link PrimitiveKernel} (see the package documentation for how pipelines compose primitives).
 */
public abstract class SegmentedSortKernel extends RadixSortKernel {
}
