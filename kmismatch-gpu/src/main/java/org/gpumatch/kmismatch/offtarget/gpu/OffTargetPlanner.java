package org.gpumatch.kmismatch.offtarget.gpu;

import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Chooses where an off-target search runs when the user let it choose ({@code --device auto}), from the end-to-end
 * cost: reading and packing cost the same on both paths (host cores), so the choice weighs the kernel's compile and
 * upload (about 0.3 s on the NVIDIA driver, measured for gpumatch kernels) against the Java search's rate on this
 * machine's cores. O(1).
 *
 * <p>Rules: no OpenCL device, or an OpenCL CPU device (PoCL: the same cores as the Java search, plus a compile), runs
 * Java; fewer than {@link #SMALL_WORK} site-query comparisons ({@code 2 * sites * queries}) run Java (about 0.1 s on
 * 16 cores, less than the kernel's fixed cost); the rest runs the kernel on the GPU.
 */
public final class OffTargetPlanner {
    /** Below this many site-query comparisons the Java search finishes before a GPU kernel is ready. */
    public static final long SMALL_WORK = 1L << 31;

    private OffTargetPlanner() {
    }

    /** A choice and why. */
    public record Choice(ComputeDevice device, String reason) {
    }

    /** Where to search {@code bases} bases for {@code queries} queries, given the best device found. */
    public static Choice choose(long bases, int queries, ComputeDevice best) {
        long work = 2 * Math.max(0, bases) * Math.max(1, queries);
        String shape = bases + " bases x " + queries + " queries x 2 strands = " + work + " comparisons";
        if (!best.isOpenCL()) {
            return new Choice(ComputeDevice.JAVA_THREADS, "no OpenCL device (" + shape + ")");
        }
        if (best.kind() == ComputeDevice.Kind.OPENCL_CPU) {
            return new Choice(ComputeDevice.JAVA_THREADS, "the OpenCL device is a CPU (" + best.describe()
                    + "): the Java search runs on the same cores without a compile (" + shape + ")");
        }
        if (work < SMALL_WORK) {
            return new Choice(ComputeDevice.JAVA_THREADS, shape + " < " + SMALL_WORK
                    + ": the Java search ends before a kernel is compiled and fed");
        }
        return new Choice(best, shape + " on " + best.describe());
    }
}
