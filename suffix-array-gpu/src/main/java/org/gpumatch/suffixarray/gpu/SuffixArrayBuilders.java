package org.gpumatch.suffixarray.gpu;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.gpumatch.api.AlgorithmFamily;
import org.gpumatch.api.NamedAlgorithm;
import org.gpumatch.api.plan.CostChoice;
import org.gpumatch.api.plan.StagedEstimate;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DeviceUnavailableException;
import org.gpumatch.suffixarray.CpuSuffixArrayBuilder;
import org.gpumatch.suffixarray.LongSaisBuilder;
import org.gpumatch.suffixarray.LongSuffixArrayBuilder;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArrayBuilder;

/**
 * Picks the suffix array builder for an algorithm choice ({@code auto}, {@code gpu}, {@code cpu}) and a device
 * policy: {@code gpu} builds with {@link GpuPrefixDoublingBuilder} on the policy's OpenCL device; {@code cpu} with
 * {@link CpuSuffixArrayBuilder} on all cores (parallel prefix doubling, or SA-IS where that measured faster); {@code auto}
 * ({@link #AUTO_RULE}) on the GPU builder when the policy names an OpenCL device, or (policy {@code auto})
 * when an OpenCL GPU is present and the text fits its memory, else on the CPU with a one-line notice saying why;
 * texts under {@link #AUTO_GPU_MIN_BYTES} build on the CPU under {@code auto} (the CPU finishes before a kernel compiles).
 */
public final class SuffixArrayBuilders {
    /**
     * Under {@code auto} with the {@code auto} device, texts shorter than this build on the CPU without a notice (and
     * without starting an OpenCL platform): 6 MiB, where the H200 host's processes cross (see {@link #AUTO_RULE}).
     */
    public static final long AUTO_GPU_MIN_BYTES = 6L << 20;
    /** {@code -a gpu} prepares its builder (the kernel's compile, the host arrays) ahead from this text length. */
    public static final long PREPARE_AHEAD_MIN_BYTES = 1L << 20;
    /**
     * The GPU builder's predicted fixed cost under {@code auto}, ns: the OpenCL context and the part of the kernel's
     * compile that the host preparation does not hide (H200 processes of 2026-11-25 on 100 MB of source code: 2.67 to
     * 2.96 s for builds of 1.32 to 1.77 s, of which about 0.6 s is the GPU's own start; the rest, reading the text and
     * writing the array, a CPU build pays too).
     */
    public static final double GPU_START_NS = 0.6e9;
    /**
     * The GPU builder's predicted time per text byte, ns: a first build's host preparation (the arrays mirrored on the
     * heap), upload, initial sort and finish (H200, 2026-11-25, grid-layer builder: 100 MB in 1.0 to 1.4 s of which
     * the rounds are 0.4 to 0.6 s on source code; 1.28 s for random DNA with one round).
     */
    public static final double GPU_NS_PER_BYTE = 11;
    /**
     * The GPU builder's predicted extra time per byte and unit of doubling rounds ({@link CpuSuffixArrayBuilder.Plan#rounds}):
     * 100 MB of source code (profile 2.03n) took 0.38 to 0.60 s of rounds on the H200 (2026-11-25).
     */
    public static final double GPU_ROUND_NS = 2.5;
    private SuffixArrayBuilders() {
    }

    /**
     * The suffix-array builders by the names {@code gpumatch sa build -a} takes ({@link #FAMILY}); {@link #AUTO} is the
     * planner's word ({@link AlgorithmFamily#AUTO}), not a builder.
     */
    public enum Algorithm implements NamedAlgorithm {
        /** {@link #AUTO_RULE} chooses; {@link #decide} explains it with the estimates. */
        AUTO(AlgorithmFamily.AUTO, "the planner chooses"),
        /** {@link GpuPrefixDoublingBuilder} on an OpenCL device. */
        GPU("gpu", "device: prefix doubling on the grid's radix and segmented sorts"),
        /** {@link CpuSuffixArrayBuilder} on all cores: parallel prefix doubling, or SA-IS where that is predicted faster. */
        CPU("cpu", "CPU: parallel prefix doubling or SA-IS on all cores");

        /** The suffix-array family. */
        public static final AlgorithmFamily<Algorithm> FAMILY = AlgorithmFamily.of("suffix-array",
                "gpumatch sa build -a", values());

        private final String cliName;
        private final String summary;

        Algorithm(String cliName, String summary) {
            this.cliName = cliName;
            this.summary = summary;
        }

        @Override
        public String cliName() {
            return cliName;
        }

        @Override
        public String summary() {
            return cliName + " (" + summary + ")";
        }

        /** Parses {@code auto}, {@code gpu} or {@code cpu} (any case); IllegalArgumentException listing them otherwise. */
        public static Algorithm parse(String name) {
            return FAMILY.parse(name).orElse(AUTO);
        }
    }

    /**
     * A chosen builder and, when {@code auto} settled for the CPU, the notice saying why (empty otherwise). Close it to
     * release a GPU builder's device buffers.
     *
     * @param builder    the builder
     * @param notice     one line for stderr, or empty
     * @param auto       whether {@code auto} chose the builder (a GPU build may then still fall back to the CPU)
     * @param cpuThreads the threads of a CPU builder: the chosen one's, or the fallback's of a GPU build
     */
    public record Choice(SuffixArrayBuilder builder, String notice, boolean auto, int cpuThreads)
            implements AutoCloseable {
        /** A choice the caller asked for by name (a CPU fallback on all cores). */
        public Choice(SuffixArrayBuilder builder, String notice) {
            this(builder, notice, false);
        }

        /** A choice with a CPU fallback on all cores. */
        public Choice(SuffixArrayBuilder builder, String notice, boolean auto) {
            this(builder, notice, auto, Runtime.getRuntime().availableProcessors());
        }

        /**
         * Builds with the chosen builder; under {@code auto}, a text the GPU builder refuses after reading it (an
         * {@link UnpartitionableTextException}, before any device allocation) is built on the CPU ({@link #cpuThreads})
         * instead, after {@code notices} got the one-line reason.
         *
         * @return the suffix array and the builder that made it
         */
        public Built build(byte[] text, SuffixArrayBuilder.Progress progress, Consumer<String> notices) {
            try {
                return new Built(builder.build(text, progress), builder);
            } catch (UnpartitionableTextException e) {
                if (!auto) {
                    throw e;
                }
                CpuSuffixArrayBuilder cpu = new CpuSuffixArrayBuilder(cpuThreads);
                notices.accept(e.getMessage() + "; building on the CPU with " + cpu.name());
                return new Built(cpu.build(text, progress), cpu);
            }
        }

        @Override
        public void close() {
            builder.close();
        }
    }

    /**
     * As {@link #choose(Algorithm, DevicePolicy, long)} (under {@code auto} by {@link #AUTO_RULE}), with the cost
     * estimates given to {@code explain}: the CPU builder's {@link CpuSuffixArrayBuilder#plan} on all cores against
     * {@link #GPU_START_NS} + n ({@link #GPU_NS_PER_BYTE} + {@link #GPU_ROUND_NS} x rounds). The estimate costs a
     * {@code RepeatProfile} of the text (1 to 4% of an SA-IS build), which a chosen CPU builder reuses.
     *
     * @param text    the text
     * @param explain receives the estimates beside the choice (for {@code --explain}), or null: then nothing is
     *                estimated
     */
    public static Choice choose(Algorithm algorithm, DevicePolicy policy, byte[] text, Consumer<String> explain) {
        return choose(algorithm, policy, text, explain, Runtime.getRuntime().availableProcessors());
    }

    /**
     * As {@link #choose(Algorithm, DevicePolicy, byte[], Consumer)} with a CPU builder of {@code cpuThreads} threads
     * ({@code sa build --threads}).
     */
    public static Choice choose(Algorithm algorithm, DevicePolicy policy, byte[] text, Consumer<String> explain,
                                int cpuThreads) {
        return decide(choose(algorithm, policy, text.length, cpuThreads), text, explain);
    }

    /**
     * The second half of {@link #choose(Algorithm, DevicePolicy, byte[], Consumer)} for a choice made by length (for
     * example before the text was read, so that {@link SuffixArrayBuilder#prepare} overlapped the reading): the choice
     * by length stands ({@link #AUTO_RULE}), and {@code explain}, when given, gets the estimates beside it. Without
     * {@code explain} nothing is estimated: the estimate (a {@code RepeatProfile} of the text) cost 0.4 to 0.55 s of a
     * 2.1 s {@code auto} process on 100 MB (H200, 2026-11-25) and chose worse than the rule.
     */
    public static Choice decide(Choice choice, byte[] text, Consumer<String> explain) {
        if (explain == null) {
            return choice;
        }
        int cores = choice.cpuThreads();
        CpuSuffixArrayBuilder.Plan plan = CpuSuffixArrayBuilder.plan(text, cores);
        if (choice.builder() instanceof CpuSuffixArrayBuilder cpu) {
            cpu.usePlan(text, plan);
        }
        double cpuNs = Math.min(plan.doublingNs() > 0 ? plan.doublingNs() : Double.MAX_VALUE, plan.saisNs())
                * text.length;
        double gpuNs = GPU_START_NS + text.length * (GPU_NS_PER_BYTE + GPU_ROUND_NS * plan.rounds());
        String chosen = choice.builder() instanceof GpuPrefixDoublingBuilder ? "gpu" : "cpu";
        explain.accept(String.format(java.util.Locale.ROOT, "estimate for %d bytes: cpu %.2f s (%s), gpu %.2f s"
                + " (%.1f s start + %.0f ns/byte + %.0f ns/byte per doubling round): %s (%s)", text.length,
                cpuNs / 1e9, new CpuSuffixArrayBuilder(cores).describe(text, plan), gpuNs / 1e9, GPU_START_NS / 1e9, GPU_NS_PER_BYTE, GPU_ROUND_NS,
                chosen, choice.auto() ? AUTO_RULE : "as asked"));
        estimates(text.length, cpuNs, plan.rounds(), chosen).explainLines().forEach(explain);
        return choice;
    }

    /**
     * The rule {@code auto} follows (with the {@code auto} device): the GPU builder from {@link #AUTO_GPU_MIN_BYTES}
     * when an OpenCL GPU is present and the text fits it, else the CPU. The H200 host's processes (medians of 3, text
     * in the page cache; {@code SaAutoCalibrationTest}): {@code bench/results/nvidia-h200/2026-11-28-d-sa-calibration.csv},
     * source code and random DNA of 1, 3, 6 and 10 MB: the CPU's process faster up to 3 MB (code 496 / 719 ms against
     * the GPU's 930 / 1011), the two within 1.2x at 6 MB (code: CPU 860, GPU 732; DNA: CPU 660, GPU 780) and at 10 MB
     * of DNA (689 / 734), the GPU's faster on 10 MB of code (767 against 1231); and
     * {@code 2026-11-25-sa-calibration.csv}: the GPU's 1.5 to 6.5x faster on 10 and 100 MB. The estimates chose the CPU
     * for random DNA where it was 2 to 2.3x slower (its plan predicted the all-core doubling 5 to 40x too fast there),
     * so they only explain. (Until 2026-11-28 d the GPU from 1 MiB: 3 MB of code took 1.0 s instead of 0.7.)
     */
    public static final String AUTO_RULE = "rule: the GPU from 6 MiB when an OpenCL GPU is present and the text fits"
            + " it, else the CPU";

    /** Where the estimates' rates come from, as {@code --explain} names them. */
    static final String CALIBRATION = "SuffixArrayBuilders: the CPU builder's plan of this text; GPU rates of the H200,"
            + " 2026-11-25";

    /**
     * The {@code cpu} and {@code gpu} estimates of a build of {@code n} bytes, as {@link #decide} prints them: the CPU
     * builder's predicted time on all cores ({@code cpuNs}, from its plan of the text) and the GPU builder's start,
     * per-byte and per-round costs ({@link #GPU_START_NS}, {@link #GPU_NS_PER_BYTE}, {@link #GPU_ROUND_NS} times the
     * plan's doubling rounds); cheapest first, {@code chosen} marked (the cheaper under {@code auto}, else the one
     * asked for). O(1).
     */
    static CostChoice<StagedEstimate> estimates(long n, double cpuNs, double rounds, String chosen) {
        StagedEstimate cpu = new StagedEstimate("cpu", "cpu", List.of(new StagedEstimate.Stage("build",
                Math.round(Math.min(cpuNs, Long.MAX_VALUE / 2.0)))));
        StagedEstimate gpu = new StagedEstimate("gpu", "device", List.of(
                new StagedEstimate.Stage("start", Math.round(GPU_START_NS)),
                new StagedEstimate.Stage("prepare+upload+sort", Math.round(n * GPU_NS_PER_BYTE)),
                new StagedEstimate.Stage("rounds", Math.round(n * GPU_ROUND_NS * rounds))));
        List<StagedEstimate> both = new ArrayList<>(List.of(cpu, gpu));
        both.sort(Comparator.comparingLong(StagedEstimate::totalNanos));
        StagedEstimate picked = chosen.equals("cpu") ? cpu : gpu;
        return new CostChoice<>(picked, both, CALIBRATION, picked == both.get(0) ? "cheapest estimate"
                : "chosen by the rule or asked for");
    }

    /**
     * The builder for {@code algorithm} on {@code policy}, for a text of {@code length} bytes.
     *
     * @throws DeviceUnavailableException when {@code gpu} or an explicit policy names no OpenCL device
     * @throws IllegalArgumentException   when {@code gpu} is asked with the {@code java} device
     */
    public static Choice choose(Algorithm algorithm, DevicePolicy policy, long length) {
        return choose(algorithm, policy, length, Runtime.getRuntime().availableProcessors());
    }

    /**
     * As {@link #choose(Algorithm, DevicePolicy, long)} with a CPU builder (chosen, or the fallback of an {@code auto}
     * GPU build) of {@code cpuThreads} threads ({@code sa build --threads}).
     *
     * @param cpuThreads at least 1
     */
    public static Choice choose(Algorithm algorithm, DevicePolicy policy, long length, int cpuThreads) {
        if (cpuThreads < 1) {
            throw new IllegalArgumentException("CPU threads must be at least 1, got " + cpuThreads);
        }
        if (algorithm == Algorithm.CPU) {
            return new Choice(new CpuSuffixArrayBuilder(cpuThreads), "", false, cpuThreads);
        }
        boolean explicitDevice = policy.kind() != DevicePolicy.Kind.AUTO;
        if (policy.kind() == DevicePolicy.Kind.JAVA) {
            if (algorithm == Algorithm.GPU) {
                throw new IllegalArgumentException("the gpu suffix array builder needs an OpenCL device, not java");
            }
            return new Choice(new CpuSuffixArrayBuilder(cpuThreads), "", false, cpuThreads);
        }
        if (explicitDevice || algorithm == Algorithm.GPU) {
            return new Choice(new GpuPrefixDoublingBuilder(gpuDevice(policy)), "", false, cpuThreads);
        }
        if (length < AUTO_GPU_MIN_BYTES) { // done before the GPU kernel has compiled: no OpenCL platform started
            return new Choice(new CpuSuffixArrayBuilder(cpuThreads), "", false, cpuThreads);
        }
        DeviceCatalog catalog = DeviceCatalog.get();
        ComputeDevice auto = catalog.autoDevice();
        if (auto.kind() != ComputeDevice.Kind.OPENCL_GPU) {
            String why = catalog.openClUnavailableReason().orElse("no OpenCL GPU");
            return cpu("no OpenCL GPU (" + why + ")", cpuThreads);
        }
        GpuPrefixDoublingBuilder gpu = new GpuPrefixDoublingBuilder(auto);
        Optional<String> why = length > GpuPrefixDoublingBuilder.MAX_LENGTH
                ? Optional.of(length + " bytes of text exceed the GPU builder's " + GpuPrefixDoublingBuilder.MAX_LENGTH)
                : gpu.whyNotFits((int) length); // per mode: whole (20n) or partitioned (9n + 16 per partition suffix)
        if (why.isPresent()) {
            gpu.close();
            return cpu(why.get(), cpuThreads);
        }
        return new Choice(gpu, "", true, cpuThreads);
    }

    /**
     * Whether a text of this length needs the long path: more bytes than an {@code int} suffix array (and every
     * {@link SuffixArrayBuilder}, the GPU builder included) can hold.
     */
    public static boolean needsLongBuilder(long length) {
        return length > SaisBuilder.MAX_LENGTH;
    }

    /**
     * The builder for a text past the {@code int} limit ({@link #needsLongBuilder}): {@link LongSaisBuilder} under
     * {@code auto} and {@code cpu} (the GPU builder cannot build such texts today: its arrays are {@code int}-indexed,
     * partitioned builds included), with a notice under {@code auto} when the policy named an OpenCL device; {@code gpu}
     * is refused.
     *
     * @param length  the text length
     * @param explain receives the {@code --explain} line, or null
     * @return the builder and the notice (empty unless {@code auto} passed over a device the user named)
     * @throws IllegalArgumentException for {@code gpu}
     */
    public static LongChoice chooseLong(Algorithm algorithm, DevicePolicy policy, long length,
                                        Consumer<String> explain) {
        return chooseLong(algorithm, policy, length, explain, Runtime.getRuntime().availableProcessors());
    }

    /**
     * As {@link #chooseLong(Algorithm, DevicePolicy, long, Consumer)} on {@code cpuThreads} threads (SA-IS takes at
     * most {@link CpuSuffixArrayBuilder#SAIS_THREADS} of them; {@code sa build --threads}).
     */
    public static LongChoice chooseLong(Algorithm algorithm, DevicePolicy policy, long length,
                                        Consumer<String> explain, int cpuThreads) {
        String gpuLimit = "the GPU builder takes at most " + GpuPrefixDoublingBuilder.MAX_LENGTH + " bytes";
        if (algorithm == Algorithm.GPU) {
            throw new IllegalArgumentException("a text of " + length + " bytes is too long for the GPU builder ("
                    + gpuLimit + "); build it on the CPU with -a cpu or -a auto");
        }
        // The CPU builder's SA-IS threads: the cores given, at most SAIS_THREADS (the scan and its lookahead helpers).
        LongSaisBuilder builder = new LongSaisBuilder(Math.min(cpuThreads, CpuSuffixArrayBuilder.SAIS_THREADS));
        if (explain != null) {
            String helpers = builder.threads() == 1 ? "" : String.format(java.util.Locale.ROOT,
                    ", %.2f times faster with %d lookahead helper thread%s",
                    LongSaisBuilder.NS_PER_BYTE / builder.nsPerByte(),
                    builder.threads() - 1, builder.threads() == 2 ? "" : "s");
            explain.accept(String.format(java.util.Locale.ROOT, "estimate for %d bytes: cpu %.0f s (%s, SA-IS with long"
                    + " indices, about %.0f ns/byte on one thread%s, %.0f bytes of heap per text byte), gpu none (%s):"
                    + " cpu%s", length, length * builder.nsPerByte() / 1e9, builder.name(), LongSaisBuilder.NS_PER_BYTE,
                    helpers, LongSaisBuilder.HEAP_BYTES_PER_BYTE, gpuLimit,
                    algorithm == Algorithm.CPU ? " (as asked)" : ""));
        }
        String notice = algorithm == Algorithm.AUTO && policy.kind() != DevicePolicy.Kind.AUTO
                && policy.kind() != DevicePolicy.Kind.JAVA
                ? length + " bytes of text exceed the GPU builder's " + GpuPrefixDoublingBuilder.MAX_LENGTH
                        + "; building on the CPU with " + builder.name() : "";
        return new LongChoice(builder, notice);
    }

    /**
     * A builder for a text past the {@code int} limit and, when {@code auto} passed over a named device, why.
     *
     * @param builder the builder
     * @param notice  one line for stderr, or empty
     */
    public record LongChoice(LongSuffixArrayBuilder builder, String notice) {
    }

    /**
     * A built suffix array and the builder that made it.
     *
     * @param sa      the suffix array
     * @param builder its builder
     */
    public record Built(int[] sa, SuffixArrayBuilder builder) {
    }

    /**
     * The OpenCL device the GPU builders use for a policy: the one it names, or under {@code auto} the catalog's
     * automatic device, which must be OpenCL.
     *
     * @throws DeviceUnavailableException when the policy names no OpenCL device, or none is present
     * @throws IllegalArgumentException   for the {@code java} policy
     */
    public static ComputeDevice gpuDevice(DevicePolicy policy) {
        if (policy.kind() == DevicePolicy.Kind.JAVA) {
            throw new IllegalArgumentException("the GPU builders need an OpenCL device, not java");
        }
        DeviceCatalog catalog = DeviceCatalog.get();
        return policy.kind() != DevicePolicy.Kind.AUTO ? catalog.select(policy).device() : firstOpenCl(catalog);
    }

    private static ComputeDevice firstOpenCl(DeviceCatalog catalog) {
        ComputeDevice d = catalog.autoDevice();
        if (!d.isOpenCL()) {
            throw new DeviceUnavailableException("the gpu suffix array builder needs an OpenCL device; "
                    + catalog.describeAvailable());
        }
        return d;
    }

    private static Choice cpu(String why, int threads) {
        CpuSuffixArrayBuilder cpu = new CpuSuffixArrayBuilder(threads);
        return new Choice(cpu, why + "; building on the CPU with " + cpu.name(), false, threads);
    }
}
