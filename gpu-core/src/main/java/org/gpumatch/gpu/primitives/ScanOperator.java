package org.gpumatch.gpu.primitives;

/**
 * The host-side (pure Java) form of a scan operator, for {@link ScanReference} and for host computations that must
 * agree with a kernel (a pattern's fingerprint). Kernels cannot call interfaces: their {@link GroupScanKernel#combine}
 * override calls the same static helpers that an implementation of this interface calls, so both compute the same
 * thing.
 *
 * <p>An element is {@link #width()} {@code int} lanes (at most {@link GroupScanKernel#MAX_WIDTH}); unused lanes are 0.
 */
public interface ScanOperator {
    /** Lanes per element, 1 to {@link GroupScanKernel#MAX_WIDTH}. */
    int width();

    /** Lane {@code lane} of the identity element. */
    int identity(int lane);

    /** Lane {@code lane} of {@code a (+) b}, {@code a} first; associative. */
    int combine(int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3);
}
