package org.gpumatch.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Properties;
import java.util.stream.Stream;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Provenance recorded with every result row: what ran where, with which software, when.
 *
 * @param device  the device description, e.g. {@code OpenCL GPU NVIDIA H200 (NVIDIA CUDA)}
 * @param slug    the device's file-name slug, e.g. {@code nvidia-h200}: the results sub-folder
 * @param driver  the OpenCL platform version, which names the driver, e.g. {@code OpenCL 3.0 CUDA 13.0.98}
 * @param jdk     the Java runtime's vendor and version
 * @param aparapi the Aparapi version
 * @param host    the host CPU (model and hardware threads): the CPU peers ran there
 * @param date    when the run started (UTC, whole seconds)
 */
public record RunInfo(String device, String slug, String driver, String jdk, String aparapi, String host,
                      Instant date) {

    /** The facts of this JVM and {@code device}, dated {@code now}. */
    public static RunInfo of(ComputeDevice device, Instant now) {
        return new RunInfo(device.describe(), device.slug(), device.platformVersion(), jdkVersion(), aparapiVersion(),
                hostDescription(), now.truncatedTo(ChronoUnit.SECONDS));
    }

    /**
     * The facts of this JVM on a host without an OpenCL device (suites that measure only processes or the CPU): device
     * {@code host CPU (no OpenCL device)}, slug {@code host-<cpu model>}, driver {@code none}.
     */
    public static RunInfo hostOnly(Instant now) {
        String host = hostDescription();
        String model = host.replaceAll(" x \\d+ threads$", "");
        String slug = "host-" + model.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("(^-|-$)", "");
        return new RunInfo("host CPU (no OpenCL device)", slug, "none", jdkVersion(), aparapiVersion(), host,
                now.truncatedTo(ChronoUnit.SECONDS));
    }

    /** The UTC date of the run, {@code yyyy-MM-dd}: the prefix of its file names. */
    public String day() {
        return date.toString().substring(0, 10);
    }

    static String jdkVersion() {
        return System.getProperty("java.vm.vendor", "?") + " " + Runtime.version();
    }

    /** Aparapi's version from its Maven metadata (kept in the shaded jar), else from its manifest, else "unknown". */
    static String aparapiVersion() {
        try (InputStream in = com.aparapi.Kernel.class.getResourceAsStream(
                "/META-INF/maven/com.aparapi/aparapi/pom.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version");
                if (v != null) {
                    return v;
                }
            }
        } catch (IOException e) {
            // fall through to the manifest
        }
        String v = com.aparapi.Kernel.class.getPackage().getImplementationVersion();
        return v == null ? "unknown" : v;
    }

    /** The CPU model from /proc/cpuinfo (Linux) and the number of hardware threads, e.g. {@code "AMD EPYC 9654 x 16"}. */
    static String hostDescription() {
        int threads = Runtime.getRuntime().availableProcessors();
        String model = System.getProperty("os.arch", "?");
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo)) {
            try (Stream<String> lines = Files.lines(cpuinfo)) {
                model = lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                        .findFirst().orElse(model);
            } catch (IOException | java.io.UncheckedIOException e) {
                // keep the architecture
            }
        }
        return model.replaceAll("\\s+", " ") + " x " + threads + " threads";
    }
}
