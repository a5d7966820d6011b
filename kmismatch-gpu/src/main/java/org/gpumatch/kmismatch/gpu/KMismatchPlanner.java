package org.gpumatch.kmismatch.gpu;

import java.util.ArrayList;
import java.util.List;
import org.gpumatch.api.plan.CostChoice;
import org.gpumatch.api.plan.StagedEstimate;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.KMismatchVariant;

/**
 * Chooses a k-mismatch algorithm from the input's shape and the device. O(1).
 *
 * <p>Rules (to be re-tuned from the bench suite's GPU rows): no OpenCL device, or fewer than 2^22 symbol comparisons
 * ({@code windows * m * patterns}), runs {@code cpu} (a launch and transfers cost more); on an OpenCL GPU not yet set up
 * in this process, {@code cpu} also runs when all cores finish the whole job ({@code patterns} = every pattern and
 * strand the caller will search) before the GPU path would ({@link #cpuFinishesFirst}: its set-up and its cost per text
 * byte, the end-to-end rule,
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
     * Symbol comparisons per second of the {@code cpu} matcher on one core: on the lent H200 host's 16 threads (2026-11-25,
     * processes on raw random DNA, m = 23, k = 4, `bench/results/nvidia-h200/2026-11-25-offtargets-3.log`) 128 MiB took
     * 0.97-1.13 s and 1 GiB 3.33-3.45 s: 2.7 s per 0.875 GiB more, 5.1e8 comparisons per core per second.
     */
    static final double CPU_COMPARISONS_PER_CORE_SECOND = 5.1e8;
    /**
     * A GPU's one-off cost in a fresh process beyond what the CPU path also pays (OpenCL start-up, the kernel's compile):
     * the same rows on the GPU ({@code --device gpu -a bit-parallel}) took 2.15-2.24 s at 128 MiB and 7.84-7.92 s at
     * 1 GiB, a line of 1.45 s + 5.6 ns per byte, against the CPU path's 0.35 s of start-up and reading.
     */
    static final double GPU_SETUP_SECONDS = 1.1;
    /** The GPU path's cost per text byte (packing on the host and upload, once per text): 5.6 ns (same rows). */
    static final double GPU_SECONDS_PER_BYTE = 5.6e-9;

    /**
     * Whether all {@code cores} finish {@code work} symbol comparisons over a text of {@code n} bytes before the GPU
     * path would: {@code work / (CPU_COMPARISONS_PER_CORE_SECOND * cores)} against {@link #GPU_SETUP_SECONDS} (unless
     * {@code deviceReady}) plus {@code n * GPU_SECONDS_PER_BYTE}. On 16 cores one pattern of 23 symbols always runs on
     * the CPU (its cost per byte is half the GPU path's); ten patterns run on the GPU from about 50 MB. O(1).
     */
    static boolean cpuFinishesFirst(long work, long n, int cores, boolean deviceReady) {
        double cpu = work / (CPU_COMPARISONS_PER_CORE_SECOND * Math.max(1, cores));
        double gpu = (deviceReady ? 0 : GPU_SETUP_SECONDS) + n * GPU_SECONDS_PER_BYTE;
        return cpu < gpu;
    }

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

    /**
     * A chosen variant, why, and where the end-to-end rule was weighed (an OpenCL GPU, enough work) the two paths'
     * estimates it weighed ({@code cpu} and {@code gpu}), else null.
     */
    public record Choice(KMismatchVariant variant, String reason, CostChoice<StagedEstimate> estimates) {
        /** A choice made by a rule without estimates. */
        public Choice(KMismatchVariant variant, String reason) {
            this(variant, reason, null);
        }

        /** One line: the variant and the reason. */
        public String explain() {
            return variant.cliName() + ": " + reason;
        }

        /** {@link #explain()}, then the estimates where the end-to-end rule weighed them (one formatter for all). */
        public List<String> explainLines() {
            List<String> lines = new ArrayList<>();
            lines.add(explain());
            if (estimates != null) {
                lines.addAll(estimates.explainLines());
            }
            return lines;
        }
    }

    /**
     * The two paths of the end-to-end rule as estimates: {@code cpu} (the comparisons on all cores) and {@code gpu}
     * (set-up unless {@code deviceReady}, packing and upload per byte); the chosen one is what
     * {@link #cpuFinishesFirst(long, long, int, boolean)} says (the GPU on a tie). O(1).
     */
    static CostChoice<StagedEstimate> endToEnd(long work, long n, int cores, boolean deviceReady) {
        StagedEstimate cpu = new StagedEstimate("cpu", "cpu", List.of(new StagedEstimate.Stage("search",
                Math.round(1e9 * work / (CPU_COMPARISONS_PER_CORE_SECOND * Math.max(1, cores))))));
        StagedEstimate gpu = new StagedEstimate("gpu", "device", List.of(
                new StagedEstimate.Stage("set-up", deviceReady ? 0 : Math.round(1e9 * GPU_SETUP_SECONDS)),
                new StagedEstimate.Stage("pack+upload+search", Math.round(1e9 * n * GPU_SECONDS_PER_BYTE))));
        boolean onCpu = cpuFinishesFirst(work, n, cores, deviceReady);
        return new CostChoice<>(onCpu ? cpu : gpu, onCpu ? List.of(cpu, gpu) : List.of(gpu, cpu),
                "KMismatchPlanner: bench/results/nvidia-h200/2026-11-25-offtargets-3.log", "end-to-end rule");
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
        CostChoice<StagedEstimate> weighed = device.kind() == ComputeDevice.Kind.OPENCL_GPU
                ? endToEnd(work, n, cores, deviceReady) : null;
        if (weighed != null && weighed.candidate().equals("cpu")) {
            return new Choice(KMismatchVariant.CPU, String.format(java.util.Locale.ROOT, "%d symbol comparisons take "
                    + "about %.2f s on %d cores, less than the GPU path's %s%.2f s for the text (%s)", work,
                    work / (CPU_COMPARISONS_PER_CORE_SECOND * cores), cores, deviceReady ? "" : "set-up ("
                    + GPU_SETUP_SECONDS + " s) plus ", n * GPU_SECONDS_PER_BYTE, shape), weighed);
        }
        int sigma = sigmaOf.getAsInt();
        shape = "n=" + n + ", m=" + m + ", k=" + k + ", sigma=" + sigma + ", patterns=" + patterns;
        if (sigma <= 4) {
            return new Choice(KMismatchVariant.BIT_PARALLEL, "sigma " + sigma + " bits packs " + (32 / Math.max(1,
                    Integer.highestOneBit(sigma) == sigma ? sigma : Integer.highestOneBit(sigma) << 1))
                    + " symbols per XOR on " + device.describe() + " (" + shape + ")", weighed);
        }
        return new Choice(KMismatchVariant.OPT_BLOCK_THREAD, "sigma " + sigma
                + " bits: local-memory tiles of text and pattern on " + device.describe() + " (" + shape + ")",
                weighed);
    }
}
