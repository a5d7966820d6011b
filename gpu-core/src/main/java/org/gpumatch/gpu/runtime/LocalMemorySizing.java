package org.gpumatch.gpu.runtime;

/**
 * A kernel whose local arrays depend on the work-group size: {@link GuardedKernel} calls {@link #sizeLocalMemory}
 * with its local size before every launch, so that no launch (a primitive's, or a pipeline's own phase) can run with
 * local arrays sized for another geometry. An undersized local array is written out of bounds by every work-item past
 * its end: tolerated silently by PoCL on a CPU, a failed launch (CL error -9999) on NVIDIA's driver.
 */
public interface LocalMemorySizing {
    /** Sizes the kernel's local arrays for work-groups of {@code localSize}; cheap when already sized. */
    void sizeLocalMemory(int localSize);
}
