package org.gpumatch.gpu.primitives;

/**
 * Device functions of reduce, stream compaction (select), gather, scatter and histogram: a layer of
 * {@link PrimitiveKernel} (see the package documentation for how pipelines compose primitives).
 */
public abstract class SelectKernel extends DeviceScanKernel {
}
