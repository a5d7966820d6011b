package org.gpumatch.bench.kernels;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.gpumatch.bench.ceiling.EmptyKernel;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.suffixarray.StageSpan;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder;

/**
 * Where a cold JVM's first GPU suffix array build waits before its first launch, one order per process: the OpenCL
 * platforms' start and the device's choice, the doubling kernel's conversion ahead ({@link
 * GpuPrefixDoublingBuilder#convertAhead}), the compile of a kernel that does nothing ({@link EmptyKernel}: the
 * driver's context and a tiny program, nothing of the doubling kernel), and the first build of a small text (which
 * compiles the doubling kernel). Orders: {@code serial} (device, conversion, build), {@code empty-first} (device, the
 * empty kernel, conversion, build) and {@code overlap} (device, then the empty kernel's compile beside the conversion,
 * then the build). Prints one line of milliseconds per stage and the build's stages. Usage (the bundle's launcher):
 * {@code GPUMATCH_MAIN_CLASS=org.gpumatch.bench.kernels.CompileProbe B/gpumatch serial|empty-first|overlap}.
 */
public final class CompileProbe {
    private CompileProbe() {
    }

    public static void main(String[] args) throws Exception {
        String order = args.length > 0 ? args[0] : "serial";
        long t0 = System.nanoTime();
        ComputeDevice device = DeviceCatalog.get().autoDevice();
        long device1 = System.nanoTime();
        long[] empty = new long[2];
        long conversion0;
        long conversion1;
        if (order.equals("overlap")) {
            CompletableFuture<Void> f = CompletableFuture.runAsync(() -> compileEmpty(device, empty));
            conversion0 = System.nanoTime();
            GpuPrefixDoublingBuilder.convertAhead(1 << 20);
            conversion1 = System.nanoTime();
            f.join();
        } else {
            if (order.equals("empty-first")) {
                compileEmpty(device, empty);
            }
            conversion0 = System.nanoTime();
            GpuPrefixDoublingBuilder.convertAhead(1 << 20);
            conversion1 = System.nanoTime();
        }
        byte[] text = new byte[1 << 20];
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) ('a' + r.nextInt(20));
        }
        long build0 = System.nanoTime();
        try (GpuPrefixDoublingBuilder b = new GpuPrefixDoublingBuilder(device)) {
            b.build(text, SuffixArrayBuilder.Progress.NONE);
            long build1 = System.nanoTime();
            StringBuilder spans = new StringBuilder();
            for (StageSpan s : b.lastSpans()) {
                spans.append(String.format(Locale.ROOT, "; %s%s %.0f", s.background() ? "[bg] " : "", s.name(),
                        s.nanos() / 1e6));
            }
            System.out.printf(Locale.ROOT, "%s: device %.0f ms, empty kernel %s, conversion %.0f-%.0f, build %.0f-%.0f"
                            + " (%.0f)%s%n", order, ms(device1 - t0),
                    empty[1] == 0 ? "-" : String.format(Locale.ROOT, "%.0f-%.0f", ms(empty[0] - t0), ms(empty[1] - t0)),
                    ms(conversion0 - t0), ms(conversion1 - t0), ms(build0 - t0), ms(build1 - t0), ms(build1 - build0),
                    spans);
        }
    }

    private static void compileEmpty(ComputeDevice device, long[] span) {
        span[0] = System.nanoTime();
        GuardedKernel<EmptyKernel> k = new GuardedKernel<>(new EmptyKernel(new int[1]), device, 64);
        span[1] = System.nanoTime();
        k.close();
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
