package org.gpumatch.kmismatch;

import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Chooses a k-mismatch algorithm from the input's shape and the device. O(1).
 *
 * <p>Rules (to be re-tuned from the bench suite's GPU rows): no OpenCL device, or fewer than 2^22 symbol comparisons
 * ({@code windows * m * patterns}), runs {@code cpu} (a launch and transfers cost more); on an OpenCL GPU not yet set up
 * in this process, {@code cpu} also runs when all cores finish the whole job ({@code patterns} = every pattern and
 * strand the caller will search) before the GPU's one-off cost is paid ({@link #cpuFinishesFirst}: the end-to-end rule,
 * so that {@code auto} never picks the slower path of a process), and always on an OpenCL CPU device such as PoCL (the
 * same cores, plus a compile: 0.69 s against 0.09 s for 2 MB on the 2-core development machine, as {@code
 * OffTargetPlanner} rules); a text alphabet of at most 16
 * symbols (sigma &lt;= 4 bits, DNA and the like) runs {@code bit-parallel} (8 to 32 symbols per XOR); otherwise
 * {@code opt-block-thread} (local-memory reuse of text and pattern).
 */
public final class KMismatchPlanner {
    /** Below this many symbol comparisons the CPU wins. */
    public static final long SMALL_WORK = 1L << 22;

    /**
     * Symbol comparisons per second of the {@code cpu} matcher on one core, end to end: 128 MiB of DNA, m = 23, k = 4,
     * one pattern, {@code -a cpu} as a process on the lent H200 host's 16 threads took 1.15 s, about 0.35 s of it
     * start-up and reading (issue 22's table, 2026-11-24): 3.1e9 comparisons in 0.8 s, 2.4e8 per core.
     */
    static final double CPU_COMPARISONS_PER_CORE_SECOND = 2.4e8;
    /**
     * A GPU's one-off cost in a fresh process: OpenCL start-up, the kernel's compile, the text's upload; the same job's
     * {@code auto} on the H200 (bit-parallel on the GPU) took 3.89 s as a process: about 3.5 s more than its kernel.
     */
    static final double GPU_SETUP_SECONDS = 3.5;

    private KMismatchPlanner() {
    }

    /**
     * Whether {@code work} symbol comparisons on {@code cores} cores take less time than a GPU's one-off cost
     * ({@link #GPU_SETUP_SECONDS}); on 16 cores the line is about 1.3e10 comparisons (a 560 MB text for one pattern of
     * 23 symbols). O(1).
     */
    static boolean cpuFinishesFirst(long work, int cores) {
        return work < GPU_SETUP_SECONDS * CPU_COMPARISONS_PER_CORE_SECOND * Math.max(1, cores);
    }

    /** A chosen variant and why. */
    public record Choice(KMismatchVariant variant, String reason) {
        /** One line: the variant and the reason. */
        public String explain() {
            return variant.cliName() + ": " + reason;
        }
    }

    /**
     * The variant for a text of n symbols, a pattern of m, k mismatches, a text alphabet of sigma bits, {@code patterns}
     * patterns, on {@code device}.
     */
    public static Choice choose(long n, int m, int k, int sigma, int patterns, ComputeDevice device) {
        return choose(n, m, k, sigma, patterns, device, false);
    }

    /**
     * {@link #choose(long, int, int, int, int, ComputeDevice)}; {@code deviceReady}: a kernel already runs on
     * {@code device} in this process (its start-up and compile are paid: only the work counts).
     */
    public static Choice choose(long n, int m, int k, int sigma, int patterns, ComputeDevice device,
            boolean deviceReady) {
        return choose(n, m, k, () -> sigma, patterns, device, deviceReady);
    }

    /**
     * {@link #choose(long, int, int, int, int, ComputeDevice, boolean)} asking {@code sigma} only when a kernel is
     * chosen (the text's alphabet costs a pass over it: 0.3 s per 256 MiB chunk on the H200 host, more than a
     * CPU search of one pattern gains from it).
     */
    public static Choice choose(long n, int m, int k, java.util.function.IntSupplier sigmaOf, int patterns,
            ComputeDevice device, boolean deviceReady) {
        long windows = Math.max(0, n - m + 1);
        long work = windows * m * Math.max(1, patterns);
        String shape = "n=" + n + ", m=" + m + ", k=" + k + ", patterns=" + patterns;
        if (!device.isOpenCL()) {
            return new Choice(KMismatchVariant.CPU, "no OpenCL device (" + shape + ")");
        }
        if (work < SMALL_WORK) {
            return new Choice(KMismatchVariant.CPU, work + " symbol comparisons < " + SMALL_WORK
                    + ": a device launch costs more (" + shape + ")");
        }
        if (device.kind() == ComputeDevice.Kind.OPENCL_CPU) {
            return new Choice(KMismatchVariant.CPU, "the OpenCL device is a CPU (" + device.describe() + "): the same "
                    + "cores run the Java matcher without a kernel compile (" + shape + ")");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        if (device.kind() == ComputeDevice.Kind.OPENCL_GPU && !deviceReady && cpuFinishesFirst(work, cores)) {
            return new Choice(KMismatchVariant.CPU, String.format(java.util.Locale.ROOT, "%d symbol comparisons take "
                    + "about %.2f s on %d cores, less than the GPU's start-up, compile and upload (about %.1f s) (%s)",
                    work, work / (CPU_COMPARISONS_PER_CORE_SECOND * cores), cores, GPU_SETUP_SECONDS, shape));
        }
        int sigma = sigmaOf.getAsInt();
        shape = "n=" + n + ", m=" + m + ", k=" + k + ", sigma=" + sigma + ", patterns=" + patterns;
        if (sigma <= 4) {
            return new Choice(KMismatchVariant.BIT_PARALLEL, "sigma " + sigma + " bits packs " + (32 / Math.max(1,
                    Integer.highestOneBit(sigma) == sigma ? sigma : Integer.highestOneBit(sigma) << 1))
                    + " symbols per XOR on " + device.describe() + " (" + shape + ")");
        }
        return new Choice(KMismatchVariant.OPT_BLOCK_THREAD, "sigma " + sigma
                + " bits: local-memory tiles of text and pattern on " + device.describe() + " (" + shape + ")");
    }
}
