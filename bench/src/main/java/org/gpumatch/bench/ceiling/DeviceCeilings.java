package org.gpumatch.bench.ceiling;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.bench.Samples;

/**
 * The numbers every benchmark row is read against: the device's streaming read bandwidth over a resident array, the
 * host-to-device upload bandwidth through Aparapi (into an existing buffer, and the first upload into a new kernel's
 * buffer), and the latency of an empty launch. Each is the median of {@code reps} runs after one warm-up run (which
 * compiles the kernel and makes the first transfer), except the first upload, which is that transfer.
 *
 * <p>Costs: host memory of one int array of the requested size per measurement (filled once); device memory the
 * same; each read run reads the array once, each upload run copies it once. Device times need
 * {@code -Dcom.aparapi.enableProfiling=true} (the bench sets it); without it the device samples are null.
 */
public final class DeviceCeilings {
    /** Work-items per work-group for the ceiling kernels. */
    private static final int LOCAL = 256;
    /** Words each work-item of the read kernel reads (grid-stride). */
    private static final int WORDS_PER_ITEM = 64;

    private DeviceCeilings() {
    }

    /**
     * One measured quantity: device time (OpenCL event profiling) and host wall time per call.
     *
     * @param bytes  bytes moved per call
     * @param device device-time samples, or null when profiling was off
     * @param wall   wall-time samples
     */
    public record Measurement(long bytes, Samples device, Samples wall) {
        /** GB/s from the median device time, or NaN without profiling. */
        public double deviceGbps() {
            return device == null ? Double.NaN : device.gbPerSecond(bytes);
        }

        public double wallGbps() {
            return wall.gbPerSecond(bytes);
        }
    }

    /** Streaming read bandwidth over a resident int array of {@code bytes} (rounded down to whole words). */
    public static Measurement readBandwidth(ComputeDevice device, long bytes, int reps) {
        int words = (int) Math.min(bytes / 4, Integer.MAX_VALUE / 4 - 1);
        int[] data = new int[words];
        java.util.SplittableRandom r = new java.util.SplittableRandom(42);
        for (int i = 0; i < words; i++) {
            data[i] = r.nextInt();
        }
        try (GuardedKernel<ReadCeilingKernel> k = new GuardedKernel<>(new ReadCeilingKernel(data), device, LOCAL)) {
            k.kernel().put(data);
            int items = Math.max(1, words / WORDS_PER_ITEM);
            int groups = Math.max(1, (items + k.localSize() - 1) / k.localSize());
            k.launch(groups); // warm-up: compile, upload
            return repeat(reps, 4L * words, () -> k.launch(groups));
        }
    }

    /**
     * Host-to-device upload bandwidth: {@code put} of {@code bytes} plus the launch that performs it (Aparapi's put is
     * lazy). Device time is the OpenCL write event's start-to-end span, reported through {@link UploadKernel} (see its
     * comment for why the array must look writable); wall time includes the launch.
     */
    public static Measurement hostToDevice(ComputeDevice device, long bytes, int reps) {
        int[] data = new int[(int) Math.max(2, Math.min(bytes / 4, Integer.MAX_VALUE / 4 - 1))];
        java.util.Arrays.fill(data, 7);
        try (GuardedKernel<UploadKernel> k = new GuardedKernel<>(new UploadKernel(data), device, LOCAL)) {
            k.kernel().put(data);
            k.launch(1);
            long[] wall = new long[reps];
            long[] dev = new long[reps];
            boolean profiled = true;
            for (int i = 0; i < reps; i++) {
                k.kernel().put(data);
                LaunchTiming t = k.launch(1);
                wall[i] = t.wallNanos();
                dev[i] = t.transferNanos();
                profiled &= t.hasDeviceTimes() && t.transferNanos() > 0;
            }
            return new Measurement(4L * data.length, profiled ? Samples.of(dev) : null, Samples.of(wall));
        }
    }

    /**
     * The first upload of an array, the path a one-shot matcher takes: in a new kernel's first launch Aparapi creates
     * the device buffer from the Java array ({@code clCreateBuffer} with {@code CL_MEM_COPY_HOST_PTR}), which is not an
     * enqueued command and so has no event: wall time only (the launch included). One new kernel per sample, compiled
     * (and its context created) before the timed launch.
     */
    public static Measurement firstUpload(ComputeDevice device, long bytes, int reps) {
        int[] data = new int[(int) Math.max(2, Math.min(bytes / 4, Integer.MAX_VALUE / 4 - 1))];
        java.util.Arrays.fill(data, 7);
        long[] wall = new long[reps];
        for (int i = 0; i < reps; i++) {
            try (GuardedKernel<UploadKernel> k = new GuardedKernel<>(new UploadKernel(data), device, LOCAL)) {
                wall[i] = k.launch(1).wallNanos();
            }
        }
        return new Measurement(4L * data.length, null, Samples.of(wall));
    }

    /** Wall time of launching one empty work-group (bytes = 0). */
    public static Measurement emptyLaunch(ComputeDevice device, int reps) {
        try (GuardedKernel<EmptyKernel> k = new GuardedKernel<>(new EmptyKernel(new int[1]), device, LOCAL)) {
            k.launch(1);
            return repeat(reps, 0, () -> k.launch(1));
        }
    }

    private static Measurement repeat(int reps, long bytes, java.util.function.Supplier<LaunchTiming> run) {
        long[] wall = new long[reps];
        long[] dev = new long[reps];
        boolean profiled = true;
        for (int i = 0; i < reps; i++) {
            LaunchTiming t = run.get();
            wall[i] = t.wallNanos();
            dev[i] = t.kernelNanos();
            profiled &= t.hasDeviceTimes();
        }
        return new Measurement(bytes, profiled ? Samples.of(dev) : null, Samples.of(wall));
    }
}
