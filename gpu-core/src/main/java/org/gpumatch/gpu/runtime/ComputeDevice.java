package org.gpumatch.gpu.runtime;

import com.aparapi.device.Device;
import com.aparapi.device.JavaDevice;
import java.util.Locale;
import java.util.Objects;

/**
 * A device kernels can run on: one OpenCL device, or Aparapi's Java thread pool.
 *
 * <p>Immutable facts read once from the OpenCL runtime (name, platform, compute units, memory). The Java thread pool is
 * a correctness reference, not a fast path: it emulates work-groups with one thread per work-item.
 *
 * <p>Loading this class loads no Aparapi class: {@link #JAVA_THREADS} holds no Aparapi device until
 * {@link #aparapiDevice()} is asked for it, and no method here converts between Aparapi types (which would make the
 * bytecode verifier load them). A search that runs on the CPU ({@code Search} with {@code cpu}) refers to
 * {@link #JAVA_THREADS} and so stays free of Aparapi and OpenCL; the devices of {@link DeviceCatalog} are made there.
 */
public final class ComputeDevice {
    /** What kind of device this is. */
    public enum Kind { OPENCL_GPU, OPENCL_ACCELERATOR, OPENCL_CPU, JAVA_THREADS }

    /** The Java thread pool, available everywhere. */
    public static final ComputeDevice JAVA_THREADS = new ComputeDevice(null, Kind.JAVA_THREADS,
            "Java threads", "Aparapi", "", Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory(),
            Runtime.getRuntime().maxMemory(), 32 * 1024, 1024);

    /** The Aparapi device; null for {@link #JAVA_THREADS} (resolved by {@link #aparapiDevice()}). */
    private final Device device;
    private final Kind kind;
    private final String name;
    private final String platform;
    private final String platformVersion;
    private final int computeUnits;
    private final long globalMemBytes;
    private final long maxAllocBytes;
    private final long localMemBytes;
    private final int maxWorkGroupSize;

    /** A device with the facts read from the runtime; {@code device} null means Aparapi's Java thread pool. */
    ComputeDevice(Device device, Kind kind, String name, String platform, String platformVersion,
                          int computeUnits, long globalMemBytes, long maxAllocBytes, long localMemBytes,
                          int maxWorkGroupSize) {
        this.device = device;
        this.kind = kind;
        this.name = name;
        this.platform = platform;
        this.platformVersion = platformVersion;
        this.computeUnits = computeUnits;
        this.globalMemBytes = globalMemBytes;
        this.maxAllocBytes = maxAllocBytes;
        this.localMemBytes = localMemBytes;
        this.maxWorkGroupSize = maxWorkGroupSize;
    }

    /** The Aparapi device object (for {@link #JAVA_THREADS}, Aparapi's thread pool, loaded on this first call). */
    public Device aparapiDevice() {
        return device != null ? device : JavaThreadPool.DEVICE;
    }

    public Kind kind() {
        return kind;
    }

    public boolean isOpenCL() {
        return kind != Kind.JAVA_THREADS;
    }

    public String name() {
        return name;
    }

    public String platform() {
        return platform;
    }

    /** The platform's version string, e.g. {@code "OpenCL 3.0 CUDA 12.8.97"}: it names the driver. */
    public String platformVersion() {
        return platformVersion;
    }

    public int computeUnits() {
        return computeUnits;
    }

    public long globalMemBytes() {
        return globalMemBytes;
    }

    /** The largest single buffer the device accepts (CL_DEVICE_MAX_MEM_ALLOC_SIZE). */
    public long maxAllocBytes() {
        return maxAllocBytes;
    }

    public long localMemBytes() {
        return localMemBytes;
    }

    public int maxWorkGroupSize() {
        return maxWorkGroupSize;
    }

    /**
     * Whether {@code query} (lowercase) occurs in the device name, the platform name or one of the platform's short
     * names ({@link #platformShortNames}), so {@code pocl} finds PoCL's {@code cpu-skylake-...} device.
     */
    public boolean nameContains(String query) {
        return name.toLowerCase(Locale.ROOT).contains(query) || platform.toLowerCase(Locale.ROOT).contains(query)
                || platformShortNames(platform).stream().anyMatch(s -> s.contains(query));
    }

    /**
     * The short names people use for an OpenCL platform, derived from its name: {@code pocl} for "Portable Computing
     * Language", {@code nvidia} and {@code cuda} for NVIDIA's, {@code amd} for "AMD Accelerated Parallel Processing",
     * {@code intel} for Intel's, and the initials of a platform name of several words ({@code pcl}). Lowercase.
     */
    static java.util.List<String> platformShortNames(String platform) {
        String p = platform.toLowerCase(Locale.ROOT);
        java.util.List<String> out = new java.util.ArrayList<>();
        if (p.contains("portable computing language") || p.contains("pocl")) {
            out.add("pocl");
        }
        if (p.contains("nvidia") || p.contains("cuda")) {
            out.add("nvidia");
            out.add("cuda");
        }
        if (p.contains("amd") || p.contains("advanced micro devices")) {
            out.add("amd");
        }
        if (p.contains("intel")) {
            out.add("intel");
        }
        String[] words = p.trim().split("[^a-z0-9]+");
        if (words.length > 1) {
            StringBuilder initials = new StringBuilder();
            for (String w : words) {
                if (!w.isEmpty()) {
                    initials.append(w.charAt(0));
                }
            }
            out.add(initials.toString());
        }
        return out;
    }

    /** A short label such as {@code "OpenCL GPU NVIDIA H200 (NVIDIA CUDA)"} or {@code "Java threads"}. */
    public String describe() {
        return switch (kind) {
            case JAVA_THREADS -> "Java threads";
            case OPENCL_GPU -> "OpenCL GPU " + name + " (" + platform + ")";
            case OPENCL_ACCELERATOR -> "OpenCL accelerator " + name + " (" + platform + ")";
            case OPENCL_CPU -> "OpenCL CPU " + name + " (" + platform + ")";
        };
    }

    /** A file-name-safe slug of the device name, e.g. {@code nvidia-h200}. */
    public String slug() {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.isEmpty() ? "device" : s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ComputeDevice c && c.kind == kind && Objects.equals(c.device, device);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, device);
    }

    @Override
    public String toString() {
        return describe();
    }

    /**
     * Aparapi's Java thread pool as a {@code Device}: a holder class, loaded (with Aparapi) only when a kernel runs in
     * Java threads.
     */
    private static final class JavaThreadPool {
        static final Device DEVICE = javaThreadPool();

        private static Device javaThreadPool() {
            AparapiLog.install();
            return JavaDevice.THREAD_POOL;
        }
    }
}
