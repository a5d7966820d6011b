package org.gpumatch.suffixarray;

import java.util.Optional;
import java.util.function.Consumer;
import org.gpumatch.api.DevicePolicy;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DeviceUnavailableException;

/**
 * Picks the suffix array builder for an algorithm choice ({@code auto}, {@code gpu}, {@code cpu}) and a device
 * policy: {@code gpu} builds with {@link GpuPrefixDoublingBuilder} on the policy's OpenCL device; {@code cpu} with
 * {@link CpuSuffixArrayBuilder} on all cores (parallel prefix doubling, or SA-IS where that measured faster); {@code auto} on the GPU builder when the policy names an OpenCL device, or (policy {@code auto})
 * when an OpenCL GPU is present and the text fits its memory, else on the CPU with a one-line notice saying why;
 * texts under {@link #AUTO_GPU_MIN_BYTES} build on the CPU under {@code auto} (the CPU finishes before a kernel compiles).
 */
public final class SuffixArrayBuilders {
    /** Under {@code auto} with the {@code auto} device, texts shorter than this build on the CPU without a notice. */
    public static final long AUTO_GPU_MIN_BYTES = 1L << 20;
    private SuffixArrayBuilders() {
    }

    /** The algorithm choices. */
    public enum Algorithm {
        AUTO, GPU, CPU;

        /** Parses {@code auto}, {@code gpu} or {@code cpu} (any case). */
        public static Algorithm parse(String name) {
            for (Algorithm a : values()) {
                if (a.name().equalsIgnoreCase(name.trim())) {
                    return a;
                }
            }
            throw new IllegalArgumentException("unknown suffix array algorithm '" + name + "' (auto, gpu or cpu)");
        }
    }

    /**
     * A chosen builder and, when {@code auto} settled for the CPU, the notice saying why (empty otherwise). Close it to
     * release a GPU builder's device buffers.
     *
     * @param builder the builder
     * @param notice  one line for stderr, or empty
     * @param auto    whether {@code auto} chose the builder (a GPU build may then still fall back to the CPU)
     */
    public record Choice(SuffixArrayBuilder builder, String notice, boolean auto) implements AutoCloseable {
        /** A choice the caller asked for by name. */
        public Choice(SuffixArrayBuilder builder, String notice) {
            this(builder, notice, false);
        }

        /**
         * Builds with the chosen builder; under {@code auto}, a text the GPU builder refuses after reading it (an
         * {@link UnpartitionableTextException}, before any device allocation) is built on all cores instead, after
         * {@code notices} got the one-line reason.
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
                CpuSuffixArrayBuilder cpu = CpuSuffixArrayBuilder.allCores();
                notices.accept(e.getMessage() + "; building on the CPU with " + cpu.name());
                return new Built(cpu.build(text, progress), cpu);
            }
        }

        @Override
        public void close() {
            if (builder instanceof GpuPrefixDoublingBuilder g) {
                g.close();
            }
        }
    }

    /**
     * The builder for {@code algorithm} on {@code policy}, for a text of {@code length} bytes.
     *
     * @throws DeviceUnavailableException when {@code gpu} or an explicit policy names no OpenCL device
     * @throws IllegalArgumentException   when {@code gpu} is asked with the {@code java} device
     */
    public static Choice choose(Algorithm algorithm, DevicePolicy policy, long length) {
        if (algorithm == Algorithm.CPU) {
            return new Choice(CpuSuffixArrayBuilder.allCores(), "");
        }
        boolean explicitDevice = policy.kind() != DevicePolicy.Kind.AUTO;
        if (policy.kind() == DevicePolicy.Kind.JAVA) {
            if (algorithm == Algorithm.GPU) {
                throw new IllegalArgumentException("the gpu suffix array builder needs an OpenCL device, not java");
            }
            return new Choice(CpuSuffixArrayBuilder.allCores(), "");
        }
        DeviceCatalog catalog = DeviceCatalog.get();
        ComputeDevice device;
        if (explicitDevice || algorithm == Algorithm.GPU) {
            device = explicitDevice ? catalog.select(policy).device() : firstOpenCl(catalog);
            return new Choice(new GpuPrefixDoublingBuilder(device), "");
        }
        if (length < AUTO_GPU_MIN_BYTES) {
            return new Choice(CpuSuffixArrayBuilder.allCores(), ""); // done before the GPU kernel has compiled
        }
        ComputeDevice auto = catalog.autoDevice();
        if (auto.kind() != ComputeDevice.Kind.OPENCL_GPU) {
            String why = catalog.openClUnavailableReason().orElse("no OpenCL GPU");
            return cpu("no OpenCL GPU (" + why + ")");
        }
        GpuPrefixDoublingBuilder gpu = new GpuPrefixDoublingBuilder(auto);
        Optional<String> why = length > GpuPrefixDoublingBuilder.MAX_LENGTH
                ? Optional.of(length + " bytes of text exceed the GPU builder's " + GpuPrefixDoublingBuilder.MAX_LENGTH)
                : gpu.whyNotFits((int) length); // per mode: whole (20n) or partitioned (9n + 16 per partition suffix)
        if (why.isPresent()) {
            gpu.close();
            return cpu(why.get());
        }
        return new Choice(gpu, "", true);
    }

    /**
     * A built suffix array and the builder that made it.
     *
     * @param sa      the suffix array
     * @param builder its builder
     */
    public record Built(int[] sa, SuffixArrayBuilder builder) {
    }

    private static ComputeDevice firstOpenCl(DeviceCatalog catalog) {
        ComputeDevice d = catalog.autoDevice();
        if (!d.isOpenCL()) {
            throw new DeviceUnavailableException("the gpu suffix array builder needs an OpenCL device; "
                    + catalog.describeAvailable());
        }
        return d;
    }

    private static Choice cpu(String why) {
        CpuSuffixArrayBuilder cpu = CpuSuffixArrayBuilder.allCores();
        return new Choice(cpu, why + "; building on the CPU with " + cpu.name());
    }
}
