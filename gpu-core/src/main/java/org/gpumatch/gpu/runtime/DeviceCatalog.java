package org.gpumatch.gpu.runtime;

import com.aparapi.device.OpenCLDevice;
import com.aparapi.internal.opencl.OpenCLLoader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The OpenCL devices of this machine, enumerated once per JVM, and the rule that turns a {@link DevicePolicy} into one
 * device.
 *
 * <p>Every OpenCL device is configured with {@code setSharedMemory(false)} before its first use: that is right for
 * discrete GPUs, and on CPU runtimes such as PoCL it makes a missing upload or download show up as a wrong answer in
 * tests instead of being hidden by zero-copy buffers.
 */
public final class DeviceCatalog {
    private static volatile DeviceCatalog instance;

    private final List<ComputeDevice> openCl;
    private final String unavailableReason;

    private DeviceCatalog(List<ComputeDevice> openCl, String unavailableReason) {
        this.openCl = List.copyOf(openCl);
        this.unavailableReason = unavailableReason;
    }

    /** The catalog of this JVM (enumerated on first use). */
    public static DeviceCatalog get() {
        DeviceCatalog c = instance;
        if (c == null) {
            synchronized (DeviceCatalog.class) {
                c = instance;
                if (c == null) {
                    c = enumerate();
                    instance = c;
                }
            }
        }
        return c;
    }

    private static DeviceCatalog enumerate() {
        AparapiLog.install();
        OpenCLDevice.setConfigurator(d -> d.setSharedMemory(false));
        boolean available;
        try {
            available = OpenCLLoader.isOpenCLAvailable();
        } catch (LinkageError e) {
            return new DeviceCatalog(List.of(), "the Aparapi native library could not be loaded: " + e.getMessage());
        }
        if (!available) {
            return new DeviceCatalog(List.of(), "no OpenCL runtime found (install an ICD such as pocl-opencl-icd, "
                    + "or the NVIDIA driver's OpenCL library)");
        }
        List<ComputeDevice> found = new ArrayList<>();
        try {
            for (OpenCLDevice d : OpenCLDevice.listDevices(null)) {
                d.setSharedMemory(false);
                found.add(describe(d));
            }
        } catch (RuntimeException | LinkageError e) {
            return new DeviceCatalog(List.of(), "OpenCL device enumeration failed: " + e);
        }
        found.sort(AUTO_ORDER);
        return new DeviceCatalog(found, found.isEmpty() ? "the OpenCL runtime reports no device" : "");
    }

    /** The facts of one OpenCL device, read once. */
    private static ComputeDevice describe(OpenCLDevice d) {
        ComputeDevice.Kind kind = switch (d.getType()) {
            case GPU -> ComputeDevice.Kind.OPENCL_GPU;
            case ACC -> ComputeDevice.Kind.OPENCL_ACCELERATOR;
            default -> ComputeDevice.Kind.OPENCL_CPU;
        };
        return new ComputeDevice(d, kind, d.getName().trim(), d.getOpenCLPlatform().getName().trim(),
                d.getOpenCLPlatform().getVersion().trim(), d.getMaxComputeUnits(), d.getGlobalMemSize(),
                d.getMaxMemAllocSize(), d.getLocalMemSize(), d.getMaxWorkGroupSize());
    }

    /**
     * The order {@code auto} prefers: GPUs, then accelerators, then CPUs; within a kind, more global memory, then more
     * compute units.
     */
    private static final Comparator<ComputeDevice> AUTO_ORDER = Comparator
            .comparingInt((ComputeDevice d) -> d.kind().ordinal())
            .thenComparing(Comparator.comparingLong(ComputeDevice::globalMemBytes).reversed())
            .thenComparing(Comparator.comparingInt(ComputeDevice::computeUnits).reversed());

    /** All OpenCL devices, best first (the order {@code auto} uses). */
    public List<ComputeDevice> openClDevices() {
        return openCl;
    }

    /** Why there is no OpenCL device, or empty when there is one. */
    public Optional<String> openClUnavailableReason() {
        return openCl.isEmpty() ? Optional.of(unavailableReason) : Optional.empty();
    }

    /** The device {@code auto} picks: the first OpenCL device, else Java threads. */
    public ComputeDevice autoDevice() {
        return openCl.isEmpty() ? ComputeDevice.JAVA_THREADS : openCl.get(0);
    }

    /**
     * The device a policy names.
     *
     * @throws DeviceUnavailableException when an explicit choice ({@code gpu}, {@code opencl}, a name) has no device; the
     *                                    message lists the devices there are
     */
    public Selection select(DevicePolicy policy) {
        switch (policy.kind()) {
            case AUTO: {
                ComputeDevice d = autoDevice();
                String notice = d.isOpenCL() ? "" : "no OpenCL device (" + unavailableReason + ")";
                return new Selection(d, notice);
            }
            case JAVA:
                return new Selection(ComputeDevice.JAVA_THREADS, "");
            case GPU:
                return new Selection(first(d -> d.kind() == ComputeDevice.Kind.OPENCL_GPU, "an OpenCL GPU"), "");
            case OPENCL:
                return new Selection(first(ComputeDevice::isOpenCL, "an OpenCL device"), "");
            default:
                return new Selection(first(d -> d.nameContains(policy.nameMatch()),
                        "an OpenCL device whose name contains \"" + policy.nameMatch() + "\""), "");
        }
    }

    private ComputeDevice first(java.util.function.Predicate<ComputeDevice> wanted, String what) {
        return openCl.stream().filter(wanted).findFirst()
                .orElseThrow(() -> new DeviceUnavailableException("no " + what.replaceFirst("^an? ", "") + " available; "
                        + describeAvailable()));
    }

    /** One line naming the devices there are, for error messages. */
    public String describeAvailable() {
        if (openCl.isEmpty()) {
            return "available: java (" + unavailableReason + ")";
        }
        return "available: " + openCl.stream().map(ComputeDevice::describe).collect(Collectors.joining("; "))
                + "; java";
    }

    /**
     * A chosen device and, when {@code auto} found no OpenCL device and settled for Java threads, the one-line notice
     * saying so (the caller adds what it will run instead).
     *
     * @param device the device
     * @param notice the notice, or empty
     */
    public record Selection(ComputeDevice device, String notice) {
    }
}
