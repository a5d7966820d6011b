package org.gpumatch.gpu.primitives;

/**
 * Device functions of the stable LSD radix sort (keys u32 and u64, pairs u32/u32 and u64/u32, bit ranges): a layer of
 * {@link PrimitiveKernel} (see the package documentation for how pipelines compose primitives).
 */
public abstract class RadixSortKernel extends SelectKernel {
}
