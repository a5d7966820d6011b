package org.gpumatch.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.gpumatch.aparapi.Calibrator;
import org.gpumatch.aparapi.plan.Calibration;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpumatch devices}: the OpenCL platforms and devices, best first (the order {@code auto} uses), with the
 * facts that decide what fits (compute units, memory, largest buffer, local memory, work-group size) and the driver
 * (the platform version). A {@code *} marks the device {@code auto} selects; the number before each device is its
 * index for {@code --devices} ({@link org.gpumatch.gpu.devices.DeviceSet}).
 */
@Command(name = "devices", mixinStandardHelpOptions = true,
        description = "List the OpenCL platforms and devices; '*' marks the one --device auto selects.",
        footerHeading = "%nSelect a device with --device auto|gpu|opencl|java|NAME-SUBSTRING "
                + "(or -Dgpumatch.device=...), several with --devices all|INDEX,NAME,...%n")
final class DevicesCommand implements Callable<Integer> {
    private final Io io;

    @Option(names = "--calibrate", description = "Measure this host's and the auto device's rates for the cost "
            + "planner (a few seconds) and write them to ~/.cache/gpumatch/calibration-<device>.properties "
            + "(or the file -Dgpumatch.calibration names).")
    boolean calibrate;

    @Option(names = "--calibrate-bytes", paramLabel = "BYTES", description = "Text size of the calibration runs "
            + "(default 64 MiB).")
    int calibrateBytes = 1 << 26;

    DevicesCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        if (calibrate) {
            return calibrate();
        }
        PrintStream out = io.out();
        DeviceCatalog catalog = DeviceCatalog.get();
        Optional<String> unavailable = catalog.openClUnavailableReason();
        ComputeDevice auto = catalog.autoDevice();
        if (unavailable.isPresent()) {
            out.println("No OpenCL device: " + unavailable.get() + ".");
            out.println();
            out.println("* Java threads (--device java): with no OpenCL, auto uses Java threads: the planner searches "
                    + "with sequential Rabin-Karp on the CPU, and kernels forced with -a run in Aparapi's Java thread "
                    + "pool (slow; a correctness reference).");
            out.println();
            out.println("* = the device auto selects.");
            return ExitCodes.OK;
        }
        Map<String, List<ComputeDevice>> byPlatform = new LinkedHashMap<>();
        for (ComputeDevice d : catalog.openClDevices()) {
            byPlatform.computeIfAbsent(d.platform() + "\u0000" + d.platformVersion(), k -> new java.util.ArrayList<>())
                    .add(d);
        }
        for (List<ComputeDevice> devices : byPlatform.values()) {
            ComputeDevice first = devices.get(0);
            out.println("OpenCL platform: " + first.platform());
            out.println("  driver: " + first.platformVersion());
            for (ComputeDevice d : devices) {
                out.println((d.equals(auto) ? "  * " : "    ") + catalog.openClDevices().indexOf(d) + "  " + kind(d)
                        + "  " + d.name());
                out.println("      compute units " + d.computeUnits()
                        + ", global memory " + Units.bytes(d.globalMemBytes())
                        + ", max allocation " + Units.bytes(d.maxAllocBytes())
                        + ", local memory " + Units.bytes(d.localMemBytes())
                        + ", max work-group size " + d.maxWorkGroupSize());
            }
            out.println();
        }
        out.println("Java threads (--device java): Aparapi's thread pool, "
                + Runtime.getRuntime().availableProcessors() + " cores (slow; a correctness reference).");
        out.println();
        out.println("* = the device auto selects: " + auto.describe() + ".");
        out.println("The number before a device is its index for --devices (e.g. --devices 0,1; --devices all: "
                + "every GPU).");
        return ExitCodes.OK;
    }

    /** Measures the auto device's rates and writes them where {@link Calibration#forDevice} reads them. */
    private Integer calibrate() {
        ComputeDevice device = DeviceCatalog.get().autoDevice();
        Path file = Calibration.location(device);
        io.out().println("calibrating " + device.describe() + " with " + Units.bytes(calibrateBytes) + " texts");
        try {
            Calibration c = Calibrator.measure(device, calibrateBytes, Calibration.builtIn(device), io.out()::println);
            c.store(file, "gpumatch devices --calibrate on " + device.describe());
        } catch (IOException e) {
            throw new CliException("cannot calibrate: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new CliException("--calibrate-bytes: " + e.getMessage());
        }
        io.out().println("wrote " + file);
        return ExitCodes.OK;
    }

    private static String kind(ComputeDevice d) {
        return switch (d.kind()) {
            case OPENCL_GPU -> "GPU        ";
            case OPENCL_ACCELERATOR -> "accelerator";
            case OPENCL_CPU -> "CPU        ";
            case JAVA_THREADS -> "Java       ";
        };
    }
}
