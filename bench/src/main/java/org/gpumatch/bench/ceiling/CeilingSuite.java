package org.gpumatch.bench.ceiling;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.RunInfo;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.report.ResultsMarkdown;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;

/**
 * {@code bench ceiling}: the device's read bandwidth, host-to-device bandwidth and empty-launch latency. Every other
 * suite measures and prints the same numbers first (see {@link #measure}), so each CSV carries its own ceilings.
 *
 * <p>Sizes: a resident array of 1 GiB (quick: 32 MiB, or {@code --size} for this suite), lowered to what fits: half
 * the device's global memory, its largest allocation, Aparapi's 2 GiB array limit and half the free Java heap. Host
 * memory: one int array of that size at a time. Repetitions: read {@code reps}, upload {@code max(3, reps/2)}, first
 * upload 3 (a new kernel each), empty launch {@code 5*reps}, each after one untimed warm-up (compile and first
 * transfer) except the first upload, which is that transfer.
 */
public final class CeilingSuite implements Suite {
    private static final long FULL_BYTES = 1L << 30;
    private static final long QUICK_BYTES = 32L << 20;
    private static final int FULL_REPS = 20;
    private static final int QUICK_REPS = 5;
    /** Aparapi keeps an array's size in bytes as a Java int. */
    private static final long APARAPI_MAX_ARRAY_BYTES = (Integer.MAX_VALUE / 4 - 1) * 4L;

    @Override
    public String name() {
        return "ceiling";
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        RunInfo info = ctx.info();
        RowFactory rows = new RowFactory(info, name(), ctx.options().quick());
        try (RunRecord record = RunRecord.create(ctx.options().out(), info, name(), ctx.options().quick())) {
            long bytes = ctx.options().size().orElse(ctx.options().quick() ? QUICK_BYTES : FULL_BYTES);
            measure(ctx, bytes, rows, record);
            ctx.out().println("results: " + record.csv());
        }
        ResultsMarkdown.regenerate(ctx.options().out()).ifPresent(p -> ctx.progress("updated " + p));
    }

    /**
     * Measures, prints and records the ceilings with the default size for the mode; every suite calls this first.
     * Sets the read ceiling of {@code rows}.
     */
    public static Ceilings measure(BenchContext ctx, RowFactory rows, RunRecord record) {
        return measure(ctx, ctx.options().quick() ? QUICK_BYTES : FULL_BYTES, rows, record);
    }

    static Ceilings measure(BenchContext ctx, long wantedBytes, RowFactory rows, RunRecord record) {
        ComputeDevice d = ctx.device();
        printDevice(ctx.out(), d, ctx.info());
        long bytes = fit(wantedBytes, d);
        if (bytes < wantedBytes) {
            ctx.progress(String.format(Locale.ROOT, "ceiling arrays lowered from %d to %d bytes to fit the device "
                    + "and the Java heap", wantedBytes, bytes));
        }
        int reps = ctx.options().reps().orElse(ctx.options().quick() ? QUICK_REPS : FULL_REPS);
        ctx.progress("measuring the ceilings (" + mib(bytes) + " arrays)");
        DeviceCeilings.Measurement read = DeviceCeilings.readBandwidth(d, bytes, reps);
        DeviceCeilings.Measurement upload = DeviceCeilings.hostToDevice(d, bytes, Math.max(3, reps / 2));
        DeviceCeilings.Measurement first = DeviceCeilings.firstUpload(d, bytes, 3);
        DeviceCeilings.Measurement launch = DeviceCeilings.emptyLaunch(d, reps * 5);
        Ceilings c = new Ceilings(read.bytes(), read, upload, first, launch);
        rows.readCeiling(c.readGbps());
        record.add(rows.row("read-ceiling", "ceiling", "-", read.bytes(), -1, -1, -1, read.device(), read.wall(),
                "coalesced int reads of a resident array"));
        record.add(rows.row("host-to-device", "ceiling", "-", upload.bytes(), -1, -1, -1, upload.device(),
                upload.wall(), "put + launch; device time = the write event"));
        record.add(rows.row("first-upload", "ceiling", "-", first.bytes(), -1, -1, -1, null, first.wall(),
                "a new kernel's first launch creates the buffer from the Java array (the one-shot path)"));
        record.add(rows.row("empty-launch", "ceiling", "-", 0, -1, -1, -1, launch.device(), launch.wall(),
                "one work-group, no work"));
        print(ctx.out(), c);
        return c;
    }

    private static void printDevice(PrintStream out, ComputeDevice d, RunInfo info) {
        out.printf(Locale.ROOT, "device: %s | driver %s | %d CUs | %.1f GiB global | %.1f GiB max alloc%n",
                d.describe(), d.platformVersion(), d.computeUnits(), d.globalMemBytes() / 1073741824.0,
                d.maxAllocBytes() / 1073741824.0);
        out.printf(Locale.ROOT, "host: %s | jdk %s | aparapi %s | device times: %s%n", info.host(), info.jdk(),
                info.aparapi(), BenchContext.deviceTimesEnabled() ? "OpenCL event profiling"
                        : "off (-Dcom.aparapi.enableProfiling=false)");
    }

    private static void print(PrintStream out, Ceilings c) {
        out.printf(Locale.ROOT, "ceiling read (%s resident):    device %s  wall %s  (median of %d)%n", mib(c.bytes()),
                gbps(c.read().deviceGbps()), gbps(c.read().wallGbps()), c.read().wall().count());
        out.printf(Locale.ROOT, "ceiling host-to-device (%s):   device %s  wall %s  (median of %d)%n", mib(c.bytes()),
                gbps(c.upload().deviceGbps()), gbps(c.upload().wallGbps()), c.upload().wall().count());
        out.printf(Locale.ROOT, "ceiling first upload (%s):     device %s  wall %s  (median of %d)%n", mib(c.bytes()),
                gbps(Double.NaN), gbps(c.firstUpload().wallGbps()), c.firstUpload().wall().count());
        Samples dev = c.launch().device();
        out.printf(Locale.ROOT, "ceiling empty launch:             device %s  wall %8.1f us  (median of %d)%n",
                dev == null ? "       n/a" : String.format(Locale.ROOT, "%8.1f us", dev.median() / 1e3),
                c.launch().wall().median() / 1e3, c.launch().wall().count());
    }

    private static String gbps(double v) {
        return Double.isNaN(v) ? "       n/a" : String.format(Locale.ROOT, "%8.1f GB/s", v);
    }

    private static String mib(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " B";
    }

    /** The largest size at most {@code wanted} that the device, Aparapi and the heap can hold, a multiple of 4. */
    static long fit(long wanted, ComputeDevice d) {
        Runtime rt = Runtime.getRuntime();
        long heapFree = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        long limit = Math.min(Math.min(d.maxAllocBytes(), d.globalMemBytes() / 2),
                Math.min(APARAPI_MAX_ARRAY_BYTES, heapFree / 2));
        long bytes = Math.min(wanted, limit);
        if (bytes < wanted) {
            bytes = Long.highestOneBit(Math.max(bytes, 8));
        }
        return Math.max(8, bytes & ~3L);
    }
}
