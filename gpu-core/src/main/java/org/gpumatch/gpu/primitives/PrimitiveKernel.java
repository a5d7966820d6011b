package org.gpumatch.gpu.primitives;

/**
 * The base class of every pipeline kernel: all device functions of the GPU primitives, on arrays the pipeline owns.
 *
 * <p>A pipeline extends this class, declares its own data arrays as fields, and in {@code run()} calls the device
 * function of the primitive that the current launch is for, passing its arrays as arguments, in a branch on a phase
 * field of its own that is uniform over the launch (every work-item takes the same branch, so the barriers inside the
 * primitives are reached by the whole work-group). The host driver of each primitive ({@link DeviceScan} and the
 * others of this package) sets the primitive's control fields and launches the pipeline's
 * {@link org.gpumatch.gpu.runtime.GuardedKernel}; the pipeline sets its phase before it calls the driver.
 *
 * <p>The device code is split by primitive into a chain of layers, one file each ({@link GroupScanKernel},
 * {@link DeviceScanKernel}, {@link SelectKernel}, {@link RadixSortKernel}, {@link SegmentedSortKernel}); pipelines see
 * only this class.
 */
public abstract class PrimitiveKernel extends SegmentedSortKernel {
}
