package org.gpumatch.bench.kmismatch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.LongSupplier;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.ValidationException;
import org.gpumatch.bench.ceiling.CeilingSuite;
import org.gpumatch.bench.ceiling.Ceilings;
import org.gpumatch.bench.report.PaperTable;
import org.gpumatch.bench.report.Plots;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;
import org.gpumatch.kmismatch.CpuKMismatchMatcher;
import org.gpumatch.kmismatch.KMismatchMatchers;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.kmismatch.MultiPatternKMismatch;

/**
 * {@code bench kmismatch}: Liu et al.'s figures on random DNA (sigma 2) with k = m / 16 (at least 1), count mode.
 * <ul>
 * <li>time versus pattern length ({@code --m}, default 32..4096 doubling) on a text of {@code --size} bytes (default
 * 256 MiB, quick 4 MiB) for thread, opt-block-thread, bit-parallel and the multi-core cpu peer; block-thread (one
 * work-group per window) on a 1/16 slice; the single-thread Java scan on {@code --cpu-size} bytes (default 1/16) —
 * compare them by GB/s (the speedup is the GB/s ratio);</li>
 * <li>time versus text length (m = 256; size/8, size/4, size/2, size);</li>
 * <li>a Cas-OFFinder-style row: 100 guides of 20 random bases + {@code AGG}, k = 4, both strands, bit-parallel, on
 * the {@code --size} text (the real hg38 row is 3 Gbp: pass {@code --size 3g} on a device that holds it).</li>
 * </ul>
 * Every measured count is validated against the multi-core cpu peer's. Repetitions: {@code --reps} (default 5, quick
 * 2) after one warm-up. Host memory: the text plus 4 bytes per window.
 */
public final class KMismatchSuite implements Suite {
    private static final long FULL_BYTES = 256L << 20;
    private static final long QUICK_BYTES = 4L << 20;
    private static final String TEXT = "random-dna";

    @Override
    public String name() {
        return "kmismatch";
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        RowFactory rows = new RowFactory(ctx.info(), name(), ctx.options().quick());
        try (RunRecord record = RunRecord.create(ctx.options().out(), ctx.info(), name(), ctx.options().quick())) {
            Ceilings ceilings = CeilingSuite.measure(ctx, rows, record);
            int n = (int) Math.min(Integer.MAX_VALUE - 8, ctx.options().size().orElse(ctx.options().quick()
                    ? QUICK_BYTES : FULL_BYTES));
            int cpuN = (int) Math.min(n, ctx.options().cpuSize().orElse(Math.max(1 << 16, n / 16)));
            int reps = ctx.options().reps().orElse(ctx.options().quick() ? 2 : 5);
            List<Integer> ms = ctx.options().ms().isEmpty() ? List.of(32, 64, 128, 256, 512, 1024, 2048, 4096)
                    : ctx.options().ms();
            Random r = new Random(42);
            byte[] dna = randomDna(r, n);
            Text text = Text.wrap(dna);
            List<ResultRow> sweep = new ArrayList<>();
            try (KMismatchMatcher cpu = new CpuKMismatchMatcher(Runtime.getRuntime().availableProcessors());
                 KMismatchMatcher single = new CpuKMismatchMatcher(1)) {
                for (int m : ms) {
                    Pattern p = Pattern.of(java.util.Arrays.copyOfRange(dna, n / 3, n / 3 + m));
                    int k = Math.max(1, m / 16);
                    long want = cpu.count(text, p, k);
                    sweep.add(time(ctx, rows, "cpu", text, p, k, reps, want, () -> cpu.count(text, p, k)));
                    Text small = Text.wrap(java.util.Arrays.copyOf(dna, cpuN));
                    long wantSmall = cpu.count(small, p, k);
                    sweep.add(time(ctx, rows, "java-single-thread", small, p, k, reps, wantSmall,
                            () -> single.count(small, p, k)));
                    for (KMismatchVariant v : new KMismatchVariant[] {KMismatchVariant.THREAD,
                        KMismatchVariant.OPT_BLOCK_THREAD, KMismatchVariant.BIT_PARALLEL}) {
                        try (KMismatchMatcher g = KMismatchMatchers.create(v, ctx.device())) {
                            sweep.add(time(ctx, rows, v.cliName(), text, p, k, reps, want, () -> g.count(text, p, k)));
                        }
                    }
                    Text slice = Text.wrap(java.util.Arrays.copyOf(dna, Math.max(m, n / 16)));
                    long wantSlice = cpu.count(slice, p, k);
                    try (KMismatchMatcher g = KMismatchMatchers.create(KMismatchVariant.BLOCK_THREAD, ctx.device())) {
                        sweep.add(time(ctx, rows, "block-thread", slice, p, k, reps, wantSlice,
                                () -> g.count(slice, p, k)));
                    }
                }
                sweep.forEach(record::add);
                lengthSweep(ctx, rows, record, cpu, dna, reps);
                casOffinderRow(ctx, rows, record, cpu, text, r, reps);
            }
            PaperTable table = PaperTable.of("k-mismatch, random DNA, n = " + n + ", k = m/16; GB/s", sweep,
                    ceilings.uploadWallGbps());
            ctx.out().println();
            ctx.out().print(table.toText());
            Path png = record.plot(TEXT);
            Plots.write(png, table).ifPresentOrElse(why -> ctx.noticeOnce("plots skipped: " + why),
                    () -> ctx.out().println("  plot: " + png));
            ctx.out().println("results: " + record.csv());
        }
    }

    private void lengthSweep(BenchContext ctx, RowFactory rows, RunRecord record, KMismatchMatcher cpu, byte[] dna,
                             int reps) {
        int m = 256;
        Pattern p = Pattern.of(java.util.Arrays.copyOfRange(dna, 7, 7 + m));
        try (KMismatchMatcher g = KMismatchMatchers.create(KMismatchVariant.BIT_PARALLEL, ctx.device())) {
            for (int div = 8; div >= 1; div /= 2) {
                Text t = Text.wrap(java.util.Arrays.copyOf(dna, Math.max(m, dna.length / div)));
                long want = cpu.count(t, p, 16);
                ResultRow row = time(ctx, rows, "bit-parallel", t, p, 16, reps, want, () -> g.count(t, p, 16));
                record.add(row);
            }
        }
    }

    private void casOffinderRow(BenchContext ctx, RowFactory rows, RunRecord record, KMismatchMatcher cpu, Text text,
                                Random r, int reps) {
        List<Pattern> guides = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            guides.add(Pattern.of((new String(randomDna(r, 20), java.nio.charset.StandardCharsets.US_ASCII) + "AGG")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        }
        MultiPatternKMismatch multi = new MultiPatternKMismatch(guides, true);
        long want = multi.find(cpu, text, 0, 4).size();
        try (KMismatchMatcher g = KMismatchMatchers.create(KMismatchVariant.BIT_PARALLEL, ctx.device())) {
            long[] nanos = new long[reps];
            long got = multi.find(g, text, 0, 4).size();
            check(got, want, "cas-offinder-style bit-parallel");
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                multi.find(g, text, 0, 4);
                nanos[i] = System.nanoTime() - t0;
            }
            Samples wall = Samples.of(nanos);
            record.add(rows.row("bit-parallel", "cas-offinder-100x2", TEXT, text.length(), 23, 2, want, null, wall,
                    "100 guides x 2 strands, k=4, literal AGG PAM (IUPAC NGG runs on the cpu path only)"));
            ctx.out().printf(Locale.ROOT, "cas-offinder-style: n=%d, 100 guides x 2 strands, k=4: %.1f ms, %d hits%n",
                    text.length(), wall.median() / 1e6, want);
        }
    }

    private static ResultRow time(BenchContext ctx, RowFactory rows, String algorithm, Text text, Pattern p, int k,
                                  int reps, long want, LongSupplier run) {
        check(run.getAsLong(), want, algorithm + " m=" + p.length());
        long[] nanos = new long[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            long got = run.getAsLong();
            nanos[i] = System.nanoTime() - t0;
            check(got, want, algorithm + " m=" + p.length());
        }
        Samples wall = Samples.of(nanos);
        ctx.progress(String.format(Locale.ROOT, "%-20s n=%d m=%d k=%d: %.2f ms, %d hits", algorithm, text.length(),
                p.length(), k, wall.median() / 1e6, want));
        return rows.row(algorithm, "count", TEXT, text.length(), p.length(), 2, want, null, wall, "k=" + k);
    }

    private static void check(long got, long want, String what) {
        if (got != want) {
            throw new ValidationException(what + ": " + got + " hits, the cpu peer found " + want);
        }
    }

    private static byte[] randomDna(Random r, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) "ACGT".charAt(r.nextInt(4));
        }
        return b;
    }
}
