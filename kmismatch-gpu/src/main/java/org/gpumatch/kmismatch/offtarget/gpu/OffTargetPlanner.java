package org.gpumatch.kmismatch.offtarget.gpu;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.gpumatch.api.plan.CostChoice;
import org.gpumatch.api.plan.StagedEstimate;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Chooses where an off-target search runs when the user let it choose ({@code --device auto}), in the planners' shared
 * shape: an estimate per candidate ({@code java}, {@code gpu}: the {@code --device} names) from the calibration
 * below, the choice, and the lines {@code --explain} prints ({@link Choice#explainLines()}). Reading and packing cost
 * the same on both paths (host cores) and are left out of both estimates. O(1).
 *
 * <p>Rules: no OpenCL device, or an OpenCL CPU device (PoCL: the same cores as the Java search, plus a compile), runs
 * Java without estimates; otherwise fewer than {@link #SMALL_WORK} site-query comparisons ({@code 2 * sites *
 * queries}) run Java (about 0.1 s on 16 cores, less than the kernel's fixed cost) and the rest the kernel on the GPU.
 * The estimates are shown beside the rule; they put the crossover higher (about 9e9 comparisons on 16 threads, where
 * the rule says 2^31), but no recorded run lies between the two (the H200 rows: 128,000,000 bases x 100 guides x 2
 * strands = 2.56e10 comparisons on Java threads 1.48-1.72 s, 1 GiB x 100 guides on the GPU 1.16-1.22 s, each a
 * process), so the rule stands until a run there says otherwise.
 */
public final class OffTargetPlanner {
    /** Below this many site-query comparisons the Java search finishes before a GPU kernel is ready. */
    public static final long SMALL_WORK = 1L << 31;
    /**
     * Site-query comparisons per second of the Java search on one thread: the H200 host's 16 threads searched
     * 128,000,000 bases for 100 guides on both strands (2.56e10 comparisons) in 0.850 s from the search's start
     * (--explain's stages; 1.48-1.72 s as a process; bench/results/nvidia-h200/2026-11-25-offtargets-3.log): 1.88e9.
     */
    static final double JAVA_COMPARISONS_PER_CORE_SECOND = 1.88e9;
    /** The kernel's compile and the first upload on the NVIDIA driver, measured for gpumatch kernels: about 0.3 s. */
    static final double GPU_SETUP_SECONDS = 0.3;
    /**
     * Site-query comparisons per second of the kernel: 4,277 G/s (H200, 1 GiB x 100 guides x 2 strands in 50.2 ms of
     * device time, the same log).
     */
    static final double GPU_COMPARISONS_PER_SECOND = 4.277e12;
    /** Where the rates come from, as {@code --explain} names it. */
    static final String CALIBRATION = "OffTargetPlanner: bench/results/nvidia-h200/2026-11-25-offtargets-3.log";

    private OffTargetPlanner() {
    }

    /**
     * A choice, why, and on an OpenCL GPU the two candidates' estimates (else null).
     *
     * @param device    where the search runs
     * @param reason    the rule that chose it, with the input's shape
     * @param estimates the {@code java} and {@code gpu} estimates and the chosen one, or null
     */
    public record Choice(ComputeDevice device, String reason, CostChoice<StagedEstimate> estimates) {
        /** A choice made without estimates. */
        public Choice(ComputeDevice device, String reason) {
            this(device, reason, null);
        }

        /** The lines {@code --explain} prints: the reason, then the estimates where there are any. */
        public List<String> explainLines() {
            List<String> lines = new ArrayList<>();
            lines.add(reason);
            if (estimates != null) {
                lines.addAll(estimates.explainLines());
            }
            return lines;
        }
    }

    /** Where to search {@code bases} bases for {@code queries} queries, given the best device found. */
    public static Choice choose(long bases, int queries, ComputeDevice best) {
        long work = work(bases, queries);
        String shape = bases + " bases x " + queries + " queries x 2 strands = " + work + " comparisons";
        if (!best.isOpenCL()) {
            return new Choice(ComputeDevice.JAVA_THREADS, "no OpenCL device (" + shape + ")");
        }
        if (best.kind() == ComputeDevice.Kind.OPENCL_CPU) {
            return new Choice(ComputeDevice.JAVA_THREADS, "the OpenCL device is a CPU (" + best.describe()
                    + "): the Java search runs on the same cores without a compile (" + shape + ")");
        }
        boolean onJava = onJava(work);
        CostChoice<StagedEstimate> estimates = estimates(work, Runtime.getRuntime().availableProcessors(), onJava);
        if (onJava) {
            return new Choice(ComputeDevice.JAVA_THREADS, shape + " < " + SMALL_WORK
                    + ": the Java search ends before a kernel is compiled and fed", estimates);
        }
        return new Choice(best, shape + " on " + best.describe(), estimates);
    }

    /** The rule on a GPU: whether {@code work} comparisons go to the Java search ({@link #SMALL_WORK}). O(1). */
    static boolean onJava(long work) {
        return work < SMALL_WORK;
    }

    /** The comparisons of a search: {@code bases} on both strands for {@code queries} queries. */
    static long work(long bases, int queries) {
        return 2 * Math.max(0, bases) * Math.max(1, queries);
    }

    /**
     * The {@code java} and {@code gpu} estimates of {@code work} comparisons on {@code cores} cores, the one the rule
     * took ({@code java}) marked chosen. O(1).
     */
    static CostChoice<StagedEstimate> estimates(long work, int cores, boolean onJava) {
        StagedEstimate cpu = new StagedEstimate("java", "cpu", List.of(new StagedEstimate.Stage("search",
                Math.round(1e9 * work / (JAVA_COMPARISONS_PER_CORE_SECOND * Math.max(1, cores))))));
        StagedEstimate gpu = new StagedEstimate("gpu", "device", List.of(
                new StagedEstimate.Stage("compile+upload", Math.round(1e9 * GPU_SETUP_SECONDS)),
                new StagedEstimate.Stage("search", Math.round(1e9 * work / GPU_COMPARISONS_PER_SECOND))));
        List<StagedEstimate> both = new ArrayList<>(List.of(cpu, gpu));
        both.sort(Comparator.comparingLong(StagedEstimate::totalNanos));
        return new CostChoice<>(onJava ? cpu : gpu, both, CALIBRATION, onJava ? "rule: fewer than " + SMALL_WORK
                + " comparisons" : "rule: at least " + SMALL_WORK + " comparisons");
    }
}
