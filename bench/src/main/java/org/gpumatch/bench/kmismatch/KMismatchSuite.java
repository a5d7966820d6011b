package org.gpumatch.bench.kmismatch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.BenchOptions;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.ceiling.CeilingSuite;
import org.gpumatch.bench.ceiling.Ceilings;
import org.gpumatch.bench.report.PaperTable;
import org.gpumatch.bench.report.Plots;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;
import org.gpumatch.kmismatch.CpuKMismatchMatcher;
import org.gpumatch.kmismatch.gpu.KMismatchMatchers;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.kmismatch.MultiPatternKMismatch;

/**
 * {@code bench kmismatch}: Liu et al.'s figures on DNA (sigma 2, count mode): random bases, or with
 * {@code --text dna=FILE} a real sequence's ACGT bases repeated to n ({@link KMismatchInput}; rows say so in their note
 * and carry {@code text} = {@code file:LABEL}).
 * <ul>
 * <li>time versus pattern length ({@code --m}, default 32..4096 doubling, k = m / 16, at least 1) on a text of
 * {@code --size} bytes (default 256 MiB, quick 4 MiB) for thread, opt-block-thread, bit-parallel and the multi-core
 * cpu peer; block-thread (one work-group per window) on a 1/16 slice; the single-thread Java scan on {@code --cpu-size}
 * bytes (default 1/16) — compare them by GB/s (the speedup is the GB/s ratio);</li>
 * <li>the sweeps of {@link KMismatchSweeps} at m = 256, k = 16: time versus work-group size and cpu threads, and
 * versus text length;</li>
 * <li>a Cas-OFFinder-style row: 100 guides of 20 random bases + {@code AGG}, k = 4, both strands, bit-parallel, on
 * the {@code --size} text (the real hg38 row is 3 Gbp: pass {@code --size 3g} on a device that holds it).</li>
 * </ul>
 * {@code --sweeps-only} runs the sweeps alone. Every measured count is validated against the multi-core cpu peer's.
 * Repetitions: {@code --reps} (default 5, quick 2) after one warm-up. Host memory: the text plus 4 bytes per window.
 */
public final class KMismatchSuite implements Suite {
    private static final long FULL_BYTES = 256L << 20;
    private static final long QUICK_BYTES = 4L << 20;

    @Override
    public String name() {
        return "kmismatch";
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        BenchOptions o = ctx.options();
        RowFactory rows = new RowFactory(ctx.info(), name(), o.quick());
        try (RunRecord record = RunRecord.create(o.out(), ctx.info(), name(), o.quick())) {
            Ceilings ceilings = CeilingSuite.measure(ctx, rows, record);
            int n = (int) Math.min(Integer.MAX_VALUE - 8, o.size().orElse(o.quick() ? QUICK_BYTES : FULL_BYTES));
            int cpuN = (int) Math.min(n, o.cpuSize().orElse(Math.max(1 << 16, n / 16)));
            int reps = o.reps().orElse(o.quick() ? 2 : 5);
            List<Integer> ms = o.ms().isEmpty() ? List.of(32, 64, 128, 256, 512, 1024, 2048, 4096) : o.ms();
            Random r = new Random(42);
            KMismatchInput input = KMismatchInput.of(o.texts(), n, r);
            byte[] dna = input.bytes();
            Text text = Text.wrap(dna);
            KMismatchTimer timer = new KMismatchTimer(ctx, rows, input);
            List<ResultRow> sweep = new ArrayList<>();
            try (CpuKMismatchMatcher cpu = new CpuKMismatchMatcher(Runtime.getRuntime().availableProcessors());
                 KMismatchMatcher single = new CpuKMismatchMatcher(1)) {
                if (!o.sweepsOnly()) {
                    for (int m : ms) {
                        patternLengthRows(ctx, timer, cpu, single, dna, cpuN, m, reps, sweep);
                    }
                    sweep.forEach(record::add);
                }
                KMismatchSweeps sweeps = new KMismatchSweeps(ctx, timer, cpu, reps, o.quick());
                Pattern p = KMismatchSweeps.pattern(dna);
                List<ResultRow> swept = new ArrayList<>();
                List<KMismatchSweeps.Config> configs = sweeps.threads(text, p, swept);
                sweeps.lengths(dna, p, configs, swept);
                swept.forEach(record::add);
                if (!o.sweepsOnly()) {
                    casOffinderRow(ctx, rows, record, cpu, text, input, r, reps);
                }
            }
            if (!sweep.isEmpty()) {
                PaperTable table = PaperTable.of("k-mismatch, " + input.label() + ", n = " + n + ", k = m/16; GB/s",
                        sweep, ceilings.uploadWallGbps());
                ctx.out().println();
                ctx.out().print(table.toText());
                Path png = record.plot(input.slug());
                Plots.write(png, table).ifPresentOrElse(why -> ctx.noticeOnce("plots skipped: " + why),
                        () -> ctx.out().println("  plot: " + png));
            }
            ctx.out().println("results: " + record.csv());
        }
    }

    /** The rows of one pattern length: cpu, the single-thread scan, the three GPU variants, block-thread. */
    private static void patternLengthRows(BenchContext ctx, KMismatchTimer timer, KMismatchMatcher cpu,
                                          KMismatchMatcher single, byte[] dna, int cpuN, int m, int reps,
                                          List<ResultRow> sweep) {
        int n = dna.length;
        Text text = Text.wrap(dna);
        Pattern p = Pattern.of(java.util.Arrays.copyOfRange(dna, n / 3, n / 3 + m));
        int k = Math.max(1, m / 16);
        long want = cpu.count(text, p, k);
        sweep.add(timer.time("cpu", text, p, k, reps, want, () -> cpu.count(text, p, k)));
        Text small = Text.wrap(java.util.Arrays.copyOf(dna, cpuN));
        long wantSmall = cpu.count(small, p, k);
        sweep.add(timer.time("java-single-thread", small, p, k, reps, wantSmall, () -> single.count(small, p, k)));
        for (KMismatchVariant v : new KMismatchVariant[] {KMismatchVariant.THREAD,
            KMismatchVariant.OPT_BLOCK_THREAD, KMismatchVariant.BIT_PARALLEL}) {
            try (KMismatchMatcher g = KMismatchMatchers.create(v, ctx.device())) {
                sweep.add(timer.time(v.cliName(), text, p, k, reps, want, () -> g.count(text, p, k)));
            }
        }
        Text slice = Text.wrap(java.util.Arrays.copyOf(dna, Math.max(m, n / 16)));
        long wantSlice = cpu.count(slice, p, k);
        try (KMismatchMatcher g = KMismatchMatchers.create(KMismatchVariant.BLOCK_THREAD, ctx.device())) {
            sweep.add(timer.time("block-thread", slice, p, k, reps, wantSlice, () -> g.count(slice, p, k)));
        }
    }

    private void casOffinderRow(BenchContext ctx, RowFactory rows, RunRecord record, KMismatchMatcher cpu, Text text,
                                KMismatchInput input, Random r, int reps) {
        List<Pattern> guides = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            byte[] guide = java.util.Arrays.copyOf(KMismatchInput.random(20, r).bytes(), 23);
            guide[20] = 'A';
            guide[21] = 'G';
            guide[22] = 'G';
            guides.add(Pattern.of(guide));
        }
        MultiPatternKMismatch multi = new MultiPatternKMismatch(guides, true);
        long want = multi.find(cpu, text, 0, 4).size();
        try (KMismatchMatcher g = KMismatchMatchers.create(KMismatchVariant.BIT_PARALLEL, ctx.device())) {
            long[] nanos = new long[reps];
            long got = multi.find(g, text, 0, 4).size();
            KMismatchTimer.check(got, want, "cas-offinder-style bit-parallel");
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                multi.find(g, text, 0, 4);
                nanos[i] = System.nanoTime() - t0;
            }
            Samples wall = Samples.of(nanos);
            record.add(rows.row("bit-parallel", "cas-offinder-100x2", input.label(), text.length(), 23, 2, want, null,
                    wall, "100 guides x 2 strands, k=4, literal AGG PAM (IUPAC NGG runs on the cpu path only)"
                    + (input.note().isEmpty() ? "" : "; " + input.note())));
            ctx.out().printf(Locale.ROOT, "cas-offinder-style: n=%d, 100 guides x 2 strands, k=4: %.1f ms, %d hits%n",
                    text.length(), wall.median() / 1e6, want);
        }
    }
}
