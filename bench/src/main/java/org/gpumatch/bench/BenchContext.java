package org.gpumatch.bench;

import java.io.PrintStream;
import java.time.Instant;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DeviceUnavailableException;
import org.gpumatch.gpu.runtime.DevicePolicy;

/**
 * One bench invocation: its options, its output streams (tables on {@code out}, progress and notices on {@code err}),
 * and, once a suite asks for it, the device and the provenance of the run.
 */
public final class BenchContext {
    private final BenchOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private final Instant started;
    private final java.util.Set<String> noticed = new java.util.HashSet<>();
    private ComputeDevice device;
    private RunInfo info;

    public BenchContext(BenchOptions options, PrintStream out, PrintStream err, Instant started) {
        this.options = options;
        this.out = out;
        this.err = err;
        this.started = started;
    }

    public BenchOptions options() {
        return options;
    }

    /** Tables and result lines. */
    public PrintStream out() {
        return out;
    }

    /**
     * Prints a progress line or notice on the error stream, with the seconds since the run started (so that a log
     * tells how long each step took, e.g. to split a grid into commands that fit a time limit).
     */
    public void progress(String line) {
        long s = java.time.Duration.between(started, Instant.now()).toSeconds();
        err.println("bench: " + line + " [" + s + " s]");
        err.flush();
    }

    /** Prints a notice once per run, however often it is raised. */
    public void noticeOnce(String line) {
        if (noticed.add(line)) {
            progress(line);
        }
    }

    /**
     * The OpenCL device the options name, resolved on first use.
     *
     * @throws UsageException when no such device exists or only Java threads are available (emulated kernels are a
     *                        correctness reference, and timing them would mislead)
     */
    public ComputeDevice device() {
        if (device == null) {
            DeviceCatalog catalog = DeviceCatalog.get();
            ComputeDevice d;
            try {
                d = catalog.select(DevicePolicy.parse(options.device())).device();
            } catch (DeviceUnavailableException e) {
                throw new UsageException(e.getMessage(), e);
            }
            if (!d.isOpenCL()) {
                throw new UsageException("the bench measures OpenCL devices, and none was selected ("
                        + catalog.openClUnavailableReason().orElse("--device " + options.device()) + "); "
                        + catalog.describeAvailable());
            }
            device = d;
            warnWithoutSignalChaining();
        }
        return device;
    }

    /**
     * OpenCL runtimes built on LLVM (PoCL, also present on GPU hosts) install their own SIGSEGV and SIGBUS handlers
     * when the platforms are enumerated, replacing the JVM's; the JVM then dies at its next safepoint poll or implicit
     * null check (3 of 4 quick runs on an H200 host with PoCL installed). Preloading the JDK's signal-chaining library
     * ({@code LD_PRELOAD=<java.home>/lib/libjsig.so}) prevents it; warn when it is missing.
     */
    private void warnWithoutSignalChaining() {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        String preload = System.getenv().getOrDefault("LD_PRELOAD", "");
        if (os.contains("linux") && !preload.contains("libjsig")) {
            noticeOnce("warning: LD_PRELOAD does not name libjsig.so; OpenCL runtimes built on LLVM (PoCL) replace "
                    + "the JVM's SIGSEGV handler and the JVM may crash; run with LD_PRELOAD="
                    + System.getProperty("java.home") + "/lib/libjsig.so");
        }
    }

    /** Provenance of this run (resolves the device). */
    public RunInfo info() {
        if (info == null) {
            info = RunInfo.of(device(), started);
        }
        return info;
    }

    /**
     * Provenance of a run that needs no device itself (it times processes): the OpenCL device's when one can be
     * selected, else the host's ({@link RunInfo#hostOnly}), with a notice.
     */
    public RunInfo infoOrHost() {
        if (info == null) {
            try {
                info();
            } catch (UsageException e) {
                noticeOnce("no OpenCL device (" + e.getMessage() + "); results are filed under the host CPU");
                info = RunInfo.hostOnly(started);
            }
        }
        return info;
    }

    /** Whether an OpenCL GPU was selected ({@link #infoOrHost} tried the device first). */
    public boolean hasOpenClGpu() {
        infoOrHost();
        return device != null && device.kind() == ComputeDevice.Kind.OPENCL_GPU;
    }

    /** Whether Aparapi records OpenCL event times, so rows get device times besides wall times. */
    public static boolean deviceTimesEnabled() {
        return com.aparapi.internal.jni.ConfigJNI.enableProfiling;
    }
}
