package org.gpumatch.bench.kernels;

import com.aparapi.Kernel;
import com.aparapi.exception.QueryFailedException;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * Measurement tool (issue 21): compiles every kernel class of the project on one OpenCL device, one after another,
 * and prints for each a line {@code kernel CLASS: max work-group W, private bytes per work-item P, local bytes L}
 * (what OpenCL reports). Its purpose is the line before it: run with {@code gpu-core/scripts/cl-build-options.c}
 * preloaded and {@code GPUMATCH_CL_BUILD_OPTIONS=-cl-nv-verbose GPUMATCH_CL_BUILD_LOG=1}, each compile's log (NVIDIA:
 * ptxas' "Used N registers") is printed between the class's {@code compiling CLASS} line and its result, so every
 * kernel's registers as NVIDIA's own compiler gives them come out of one process ({@code scripts/record-gpu-results.sh
 * --steps nv-registers} runs it first). Usage (the bundle's launcher): {@code GPUMATCH_MAIN_CLASS=
 * org.gpumatch.bench.kernels.KernelRegisters gpumatch [device] [CLASS...]} (default {@code gpu} and
 * {@link #KERNELS}). A class whose kernel has no constructor without arguments, or that fails to compile, is reported
 * on its line and the others go on; the exit status is 1 if any failed. Cost: one compile per class (seconds each on
 * a GPU, NVIDIA's cache aside).
 */
public final class KernelRegisters {
    /**
     * Every kernel class of the project that has a constructor without arguments (any visibility): all but
     * {@code DrkWomKernel}, which is made for its text and geometry.
     */
    static final List<String> KERNELS = List.of(
            "org.gpumatch.gpu.primitives.GridKernel",
            "org.gpumatch.gpu.primitives.GridLongKernel",
            "org.gpumatch.gpu.primitives.GridWideSortKernel",
            "org.gpumatch.gpu.primitives.GridSegmentKernel",
            "org.gpumatch.gpu.primitives.GridScanKernel",
            "org.gpumatch.gpu.primitives.GridSelectKernel",
            "org.gpumatch.gpu.primitives.GridSortKernel",
            "org.gpumatch.gpu.primitives.GridSortPairsKernel",
            "org.gpumatch.gpu.primitives.GridSortWideKernel",
            "org.gpumatch.gpu.primitives.example.DenseRankPipeline",
            "org.gpumatch.suffixarray.gpu.PrefixDoublingKernel",
            "org.gpumatch.suffixarray.gpu.PieceDoublingKernel",
            "org.gpumatch.suffixarray.gpu.LcpKernel",
            "org.gpumatch.aparapi.rabinkarp.CrkKernel",
            "org.gpumatch.aparapi.rabinkarp.DrkKernel",
            "org.gpumatch.aparapi.rabinkarp.HrkKernel",
            "org.gpumatch.aparapi.multi.MultiRkKernel",
            "org.gpumatch.aparapi.multi.MultiFusedKernel",
            "org.gpumatch.kmismatch.gpu.KMismatchKernel",
            "org.gpumatch.kmismatch.offtarget.gpu.OffTargetKernel");
    /** The work-group size asked for (fitted down to the kernel's maximum, as every launcher does). */
    private static final int LOCAL_SIZE = 256;

    private KernelRegisters() {
    }

    public static void main(String[] args) {
        DevicePolicy policy = DevicePolicy.parse(args.length > 0 ? args[0] : "gpu");
        List<String> classes = args.length > 1 ? List.of(args).subList(1, args.length) : KERNELS;
        ComputeDevice device = DeviceCatalog.get().select(policy).device();
        System.out.println("device " + device.describe());
        List<String> failed = new ArrayList<>();
        for (String name : classes) {
            System.out.println("compiling " + name);
            System.out.flush(); // the compile log (stderr of the native build) comes after this line
            try {
                System.out.println("kernel " + name + ": " + compile(name, device));
            } catch (ReflectiveOperationException | RuntimeException | QueryFailedException e) {
                failed.add(name);
                System.out.println("kernel " + name + ": failed: " + e);
            }
            System.out.flush();
        }
        if (!failed.isEmpty()) {
            System.out.println("failed: " + String.join(", ", failed));
            System.exit(1);
        }
    }

    /** Compiles one kernel class on the device and describes what OpenCL reports of it. */
    static String compile(String name, ComputeDevice device) throws ReflectiveOperationException,
            QueryFailedException {
        Constructor<?> constructor = Class.forName(name).getDeclaredConstructor();
        constructor.setAccessible(true);
        Kernel kernel = (Kernel) constructor.newInstance();
        try (GuardedKernel<Kernel> launcher = new GuardedKernel<>(kernel, device, LOCAL_SIZE)) {
            return "max work-group " + kernel.getKernelMaxWorkGroupSize(device.aparapiDevice())
                    + ", private bytes per work-item "
                    + kernel.getKernelMinimumPrivateMemSizeInUsePerWorkItem(device.aparapiDevice())
                    + ", local bytes " + kernel.getKernelLocalMemSizeInUse(device.aparapiDevice())
                    + ", local size " + launcher.localSize();
        }
    }
}
