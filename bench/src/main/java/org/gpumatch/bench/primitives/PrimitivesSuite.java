package org.gpumatch.bench.primitives;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.ValidationException;
import org.gpumatch.bench.ceiling.CeilingSuite;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.ResultsMarkdown;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;
import org.gpumatch.gpu.primitives.Comparison;
import org.gpumatch.gpu.primitives.GpuArrays;
import org.gpumatch.gpu.primitives.GridDriver;
import org.gpumatch.gpu.primitives.PrimitivesReference;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * {@code bench primitives}: each GPU primitive of gpu-core on resident data at n = 2^24 and 10^8 elements
 * ({@code --size} sets one n; quick: 2^20), device and wall time, next to the read ceiling and to CUB's figure on an
 * H200 (CUDA 13, n = 10^8: exclusive scan of u32 3.0 TB/s of bytes read + written, select-if 433 G elements/s, radix
 * sort pairs u32/u32 31.2 G/s and u64/u32 13.2 G/s; the targets are half of each).
 *
 * <p>The sorts (radix sort keys u32, pairs u32/u32 and u64/u32; segmented sort of many small and of a few huge
 * segments) are measured by {@link SortRows}.
 *
 * <p>Each row: one primitive, uploaded once ({@link GpuArrays}'s resident API), one validated run against
 * {@link PrimitivesReference}, then {@code --reps} timed runs (default 10, quick 3); a reduce's run includes the read
 * of its sum (its answer), a scan's or select's leaves the total on the device (read only when asked). The note ends
 * with the call's launches and blocking transfers ({@link GridDriver.Calls}: launches, downloads and uploads with
 * their bytes). The CSV's "GB/s" columns are
 * G elements per second (n counts elements); the note gives bytes moved per element and the ratio to CUB where CUB has
 * a figure. Host memory: the input, one output and the reference's answer (about 24 bytes per element for longs).
 */
public final class PrimitivesSuite implements Suite {
    private static final String TEXT = "random-ints";
    private static final double CUB_SCAN_TBPS = 3.0;
    private static final double CUB_SELECT_GEPS = 433;

    @Override
    public String name() {
        return "primitives";
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        RowFactory rows = new RowFactory(ctx.info(), name(), ctx.options().quick());
        try (RunRecord record = RunRecord.create(ctx.options().out(), ctx.info(), name(), ctx.options().quick())) {
            CeilingSuite.measure(ctx, rows, record);
            List<Integer> sizes = ctx.options().size().isPresent()
                    ? List.of((int) Math.min(Integer.MAX_VALUE - 8, ctx.options().size().getAsLong()))
                    : ctx.options().quick() ? List.of(1 << 20) : List.of(1 << 24, 100_000_000);
            int reps = ctx.options().reps().orElse(ctx.options().quick() ? 3 : 10);
            List<ResultRow> all = new ArrayList<>();
            Consumer<ResultRow> sink = row -> {
                record.add(row); // written as measured: a run cut short keeps its rows
                all.add(row);
            };
            for (int n : sizes) {
                measureSize(ctx, rows, n, reps, sink);
            }
            print(ctx, all);
            ctx.out().println("results: " + record.csv());
        }
        ResultsMarkdown.regenerate(ctx.options().out()).ifPresent(p -> ctx.progress("updated " + p));
    }

    private void measureSize(BenchContext ctx, RowFactory rows, int n, int reps, Consumer<ResultRow> out) {
        Random r = new Random(n);
        int[] ints = r.ints(n).toArray();
        int[] small = r.ints(n, -1000, 1000).toArray();
        long[] longs = r.longs(n, -(1L << 40), 1L << 40).toArray();
        int[] flags = r.ints(n, 0, 2).toArray();
        int[] perm = permutation(r, n);
        try (GpuArrays g = new GpuArrays(ctx.device())) {
            Supplier<String> calls = () -> g.lastCalls().toString();
            g.loadInts(small);
            out.accept(time(ctx, rows, "scan-exclusive-int", n, 8, CUB_SCAN_TBPS * 1000 / 8, reps,
                    () -> g.runScanInts(false),
                    () -> Arrays.equals(g.intResult(n), PrimitivesReference.scan(small, false)), calls));
            long[] total = new long[1];
            out.accept(time(ctx, rows, "reduce-sum-int", n, 4, Double.NaN, reps, () -> { // the sum read: a reduce's answer
                LaunchTiming t = g.runReduceInts(GridDriver.COMBINE_SUM);
                total[0] = g.lastTotal();
                return t;
            }, () -> total[0] == PrimitivesReference.sum(small), calls));
            g.loadFlags(flags);
            g.loadInts(ints);
            out.accept(time(ctx, rows, "select-flagged-int", n, 8, CUB_SELECT_GEPS, reps,
                    () -> g.runSelectInts(false), () -> {
                        int[] want = PrimitivesReference.selectFlagged(ints, flags);
                        return g.lastTotal() == want.length && Arrays.equals(g.intResult(want.length), want);
                    }, calls));
            out.accept(time(ctx, rows, "select-if-int", n, 4, CUB_SELECT_GEPS, reps,
                    () -> g.runSelectIfInts(Comparison.LESS, 0), () -> {
                        int[] want = PrimitivesReference.selectIf(ints, Comparison.LESS, 0);
                        return g.lastTotal() == want.length && Arrays.equals(g.intResult(want.length), want);
                    }, calls));
            out.accept(time(ctx, rows, "histogram-256", n, 4, Double.NaN, reps,
                    () -> g.runHistogram(256, Integer.MIN_VALUE, 1L << 24),
                    () -> Arrays.equals(g.histogramResult(),
                            PrimitivesReference.histogram(ints, 256, Integer.MIN_VALUE, 1L << 24)), calls));
            g.loadFlags(perm);
            out.accept(time(ctx, rows, "gather-int", n, 12, Double.NaN, reps, g::runGatherInts,
                    () -> Arrays.equals(g.intResult(n), PrimitivesReference.gather(ints, perm)), calls));
            out.accept(time(ctx, rows, "scatter-int", n, 12, Double.NaN, reps, () -> g.runScatterInts(n),
                    () -> Arrays.equals(g.intResult(n), PrimitivesReference.scatter(ints, perm, n)), calls));
            g.loadLongs(longs);
            out.accept(time(ctx, rows, "scan-exclusive-long", n, 16, Double.NaN, reps, () -> g.runScanLongs(false),
                    () -> Arrays.equals(g.longResult(n), PrimitivesReference.scan(longs, false)), calls));
            out.accept(time(ctx, rows, "reduce-sum-long", n, 8, Double.NaN, reps, () -> {
                LaunchTiming t = g.runReduceLongs(GridDriver.COMBINE_SUM);
                total[0] = g.lastTotal();
                return t;
            }, () -> total[0] == PrimitivesReference.sum(longs), calls));
        }
        SortRows.measure(ctx, rows, n, reps, out);
    }

    /**
     * One validated run, then {@code reps} timed runs of {@code run}. {@code bytesPerElement} (read + written) turns
     * elements per second into bandwidth; {@code cubGeps} is CUB's figure in G elements/s, or NaN.
     */
    static ResultRow time(BenchContext ctx, RowFactory rows, String primitive, int n, int bytesPerElement,
                          double cubGeps, int reps, Supplier<LaunchTiming> run, Supplier<Boolean> valid) {
        return time(ctx, rows, primitive, n, bytesPerElement, cubGeps, reps, () -> { }, run, valid, () -> "");
    }

    /** {@link #time} with a note of the call's launches and blocking downloads ({@code calls}, after a run). */
    static ResultRow time(BenchContext ctx, RowFactory rows, String primitive, int n, int bytesPerElement,
                          double cubGeps, int reps, Supplier<LaunchTiming> run, Supplier<Boolean> valid,
                          Supplier<String> calls) {
        return time(ctx, rows, primitive, n, bytesPerElement, cubGeps, reps, () -> { }, run, valid, calls);
    }

    /**
     * One validated run, then {@code reps} timed runs. {@code prepare} runs untimed before every run (a sort's fresh
     * upload of unsorted data); the wall time is the host's clock around the whole primitive call (every launch and
     * the host work between them), the device time the sum of its kernels' OpenCL profile; {@code calls} describes
     * the call's launches and blocking downloads for the note.
     */
    static ResultRow time(BenchContext ctx, RowFactory rows, String primitive, int n, int bytesPerElement,
                          double cubGeps, int reps, Runnable prepare, Supplier<LaunchTiming> run,
                          Supplier<Boolean> valid, Supplier<String> calls) {
        prepare.run();
        run.get();
        if (!valid.get()) {
            throw new ValidationException(primitive + " n=" + n + ": the device result differs from the reference");
        }
        long[] dev = new long[reps];
        long[] wall = new long[reps];
        boolean profiled = true;
        for (int i = 0; i < reps; i++) {
            prepare.run();
            long t0 = System.nanoTime();
            LaunchTiming t = run.get();
            wall[i] = System.nanoTime() - t0;
            dev[i] = t.kernelNanos();
            profiled &= t.hasDeviceTimes();
        }
        String callNote = calls.get();
        Samples device = profiled ? Samples.of(dev) : null;
        Samples w = Samples.of(wall);
        double geps = n / (double) (profiled ? device.median() : w.median());
        String note = String.format(Locale.ROOT, "%d B/element moved: %.0f GB/s%s; wall/device %.2f%s",
                bytesPerElement, geps * bytesPerElement, Double.isNaN(cubGeps) ? ""
                        : String.format(Locale.ROOT, "; %.2f of CUB's %.1f G/s (H200, n=1e8)", geps / cubGeps, cubGeps),
                profiled ? (double) w.median() / device.median() : Double.NaN,
                callNote.isEmpty() ? "" : "; " + callNote);
        ctx.progress(String.format(Locale.ROOT, "%-20s n=%d: %.3f ms device, %.3f ms wall, %.1f G elements/s; %s",
                primitive, n, profiled ? device.median() / 1e6 : Double.NaN, w.median() / 1e6, geps, note));
        return rows.row(primitive, "resident", TEXT, n, 0, 32, 0, device, w, note);
    }

    private static void print(BenchContext ctx, List<ResultRow> all) {
        ctx.out().println();
        ctx.out().println("primitives, resident, G elements/s (device time; wall in brackets)");
        for (ResultRow row : all) {
            ctx.out().printf(Locale.ROOT, "%-22s n=%-10d %8.1f (%8.1f)  %s%n", row.algorithm(), row.n(),
                    row.deviceGbps(), row.wallGbps(), row.note());
        }
    }

    private static int[] permutation(Random r, int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
