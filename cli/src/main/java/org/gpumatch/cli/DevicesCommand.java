package org.gpumatch.cli;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import picocli.CommandLine.Command;

/**
 * {@code gpumatch devices}: the OpenCL platforms and devices, best first (the order {@code auto} uses), with the
 * facts that decide what fits (compute units, memory, largest buffer, local memory, work-group size) and the driver
 * (the platform version). A {@code *} marks the device {@code auto} selects.
 */
@Command(name = "devices", mixinStandardHelpOptions = true,
        description = "List the OpenCL platforms and devices; '*' marks the one --device auto selects.",
        footerHeading = "%nSelect a device with --device auto|gpu|opencl|java|NAME-SUBSTRING "
                + "(or -Dgpumatch.device=...).%n")
final class DevicesCommand implements Callable<Integer> {
    private final Io io;

    DevicesCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
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
                out.println((d.equals(auto) ? "  * " : "    ") + kind(d) + "  " + d.name());
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
