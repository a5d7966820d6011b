package org.gpumatch.bench.multi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.gpumatch.aparapi.multi.AhoCorasickMatcher;
import org.gpumatch.aparapi.multi.MultiFusedMatcher;
import org.gpumatch.aparapi.multi.MultiRkMatcher;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.RunInfo;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.ValidationException;
import org.gpumatch.bench.ceiling.CeilingSuite;
import org.gpumatch.bench.report.ResultsMarkdown;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * {@code bench multi}: multi-pattern matching.
 * <ol>
 *   <li>The paper's Tables II-V (Nunes et al.): {@code multi-rk} with k = 1, 512, 1024 patterns of m = 1024 bytes
 *       (cut from the text) on n = 2^22..2^27 bytes uniform over 4 symbols (quick: 2^20..2^22), per step (wall clock
 *       of the launches: step 1 powers with the text upload, step 2 table on the host with its upload, steps 3-4
 *       prefix sums, step 5 windows with the download) and in total; each rep a new {@link Text}, so every step
 *       runs; "steps2-5" is the total without step 1, as the paper counts. Paper: 37.8 ms for k = 1024,
 *       n = 2^27 on a GTX 960.</li>
 *   <li>1,000, 10,000 and 100,000 patterns of 4..64 bytes cut from English-like text and from DNA of 1 GiB (quick:
 *       16 MiB; {@code --size} sets it): {@code multi-fused} and {@code multi-rk} resident (same Text again) and
 *       one-shot (a new Text: upload included), next to {@code multi-cpu} (Aho-Corasick on all cores) and
 *       {@code rg --count-matches -F -f} / {@code grep -F -c -f} when installed (time only: they count differently).
 *       multi-rk rows stop above 2^27 bytes (about 9.5 bytes per character of device memory, more of Java heap).</li>
 * </ol>
 * Every device answer (counts per pattern) is validated against {@code multi-cpu}, itself differential-tested against
 * the naive oracle; a mismatch aborts the run. Rows name k in the algorithm ({@code multi-fused k=1000}) so that
 * RESULTS.md keeps them apart; mixed rows record m = 64 (the longest) and sigma 8 (English) or 2 (DNA). Results go to the suite's CSV (one row per measurement), two plots
 * beside it ({@link MultiPlots}) and RESULTS.md. Reps: {@code --reps} (default 5, quick 2) after one warm-up.
 */
public final class MultiSuite implements Suite {
    private static final int PAPER_M = 1024;
    private static final int[] PAPER_K = {1, 512, 1024};
    private static final int[] SET_SIZES = {1_000, 10_000, 100_000};
    private static final int RK_MAX_BYTES = 1 << 27;
    /** Mixed sets: pattern lengths 4..MAX_LENGTH (recorded as the rows' m). */
    private static final int MAX_LENGTH = 64;

    @Override
    public String name() {
        return "multi";
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        RunInfo info = ctx.info();
        boolean quick = ctx.options().quick();
        RowFactory rows = new RowFactory(info, name(), quick);
        int reps = ctx.options().reps().orElse(quick ? 2 : 5);
        ComputeDevice device = ctx.device();
        try (RunRecord record = RunRecord.create(ctx.options().out(), info, name(), quick);
             AhoCorasickMatcher cpu = new AhoCorasickMatcher()) {
            CeilingSuite.measure(ctx, rows, record);
            paperTables(ctx, device, cpu, rows, record, quick, reps);
            long size = ctx.options().size().orElse(quick ? 16L << 20 : 1L << 30);
            int n = (int) Math.min(size, Integer.MAX_VALUE - 8);
            for (String kind : new String[] {"english", "dna"}) {
                byte[] t = kind.equals("dna") ? MultiInputs.dna(n, 11) : MultiInputs.english(n, 11);
                Path textFile = Files.createTempFile("gpumatch-multi-", ".txt");
                try {
                    Files.write(textFile, t);
                    for (int k : SET_SIZES) {
                        PatternSet set = MultiInputs.cut(t, k, 4, MAX_LENGTH, k);
                        mixedRows(ctx, device, cpu, rows, record, kind, t, textFile, set, reps);
                    }
                } finally {
                    Files.deleteIfExists(textFile);
                }
            }
            ctx.out().println("results: " + record.csv());
            MultiPlots.write(record.plot("paper"), record.plot("mixed"), record.rows())
                    .ifPresent(why -> ctx.progress("plots skipped: " + why));
        }
        ResultsMarkdown.regenerate(ctx.options().out()).ifPresent(p -> ctx.progress("updated " + p));
    }

    private void paperTables(BenchContext ctx, ComputeDevice device, AhoCorasickMatcher cpu, RowFactory rows,
                             RunRecord record, boolean quick, int reps) {
        int lo = quick ? 20 : 22;
        int hi = quick ? 22 : 27;
        ctx.out().println("paper tables II-V: multi-rk, m = 1024, ms per step (median of " + reps + ")");
        ctx.out().printf(Locale.ROOT, "%6s %4s %10s %10s %10s %10s %10s %10s%n", "k", "log2n", "1:powers", "2:table",
                "3-4:sums", "5:windows", "total", "2-5");
        for (int k : PAPER_K) {
            for (int log2n = lo; log2n <= hi; log2n++) {
                int n = 1 << log2n;
                byte[] t = MultiInputs.dna(n, log2n);
                PatternSet set = MultiInputs.cut(t, k, PAPER_M, PAPER_M, k);
                long[] expected = cpu.count(Text.wrap(t), set);
                long matches = Arrays.stream(expected).sum();
                try (MultiRkMatcher rk = new MultiRkMatcher(device)) {
                    validate("multi-rk k=" + k + " n=2^" + log2n, expected, rk.count(Text.wrap(t), set));
                    long[][] steps = new long[6][reps];
                    for (int r = 0; r < reps; r++) {
                        long t0 = System.nanoTime();
                        long[] got = rk.count(Text.wrap(t), set);
                        steps[4][r] = System.nanoTime() - t0;
                        validate("multi-rk k=" + k + " n=2^" + log2n, expected, got);
                        long[] s = rk.lastStepNanos();
                        for (int j = 0; j < 4; j++) {
                            steps[j][r] = s[j];
                        }
                        steps[5][r] = steps[4][r] - s[MultiRkMatcher.STEP_POWERS]; // the paper leaves out step 1
                    }
                    String[] names = {"step1-upload", "step2-table", "step3-4-sums", "step5-windows", "total",
                        "steps2-5"};
                    double[] ms = new double[6];
                    for (int j = 0; j < 6; j++) {
                        Samples sm = Samples.of(steps[j]);
                        ms[j] = sm.median() / 1e6;
                        record.add(rows.row("multi-rk k=" + k + " " + names[j], "paper", "acgt", n, PAPER_M, 2,
                                matches, null, sm, "k=" + k));
                    }
                    ctx.out().printf(Locale.ROOT, "%6d %4d %10.2f %10.2f %10.2f %10.2f %10.2f %10.2f%n", k, log2n,
                            ms[0], ms[1], ms[2], ms[3], ms[4], ms[5]);
                }
            }
        }
    }

    private void mixedRows(BenchContext ctx, ComputeDevice device, AhoCorasickMatcher cpu, RowFactory rows,
                           RunRecord record, String kind, byte[] t, Path textFile, PatternSet set, int reps)
            throws IOException {
        Text text = Text.wrap(t);
        long t0 = System.nanoTime();
        long[] expected = cpu.count(text, set);
        long matches = Arrays.stream(expected).sum();
        ctx.progress(String.format(Locale.ROOT, "%s n=%d k=%d: %d matches (multi-cpu %.0f ms)", kind, t.length,
                set.size(), matches, (System.nanoTime() - t0) / 1e6));
        String note = "k=" + set.size() + " lengths 4..64";
        String suffix = " k=" + set.size();
        int sigma = kind.equals("dna") ? 2 : 8;
        record.add(rows.row("multi-cpu" + suffix, "all-cores", kind, t.length, MAX_LENGTH, sigma, matches, null,
                time(cpu, text, set, expected, reps, false), note + ", " + cpu.explain()));
        try (MultiFusedMatcher fused = new MultiFusedMatcher(device)) {
            deviceRows(rows, record, kind, sigma, t, set, expected, matches, reps, note, fused);
        }
        if (t.length <= RK_MAX_BYTES) {
            try (MultiRkMatcher rk = new MultiRkMatcher(device)) {
                deviceRows(rows, record, kind, sigma, t, set, expected, matches, reps, note, rk);
            }
        }
        if (!MultiPeers.usable(set)) {
            return;
        }
        Path patterns = Files.createTempFile("gpumatch-multi-patterns-", ".txt");
        try {
            MultiPeers.writePatterns(set, patterns);
            for (MultiPeers.Tool tool : MultiPeers.tools()) {
                long[] wall = new long[reps];
                long printed = 0;
                for (int r = 0; r < reps; r++) {
                    long s = System.nanoTime();
                    printed = MultiPeers.run(tool, patterns, textFile);
                    wall[r] = System.nanoTime() - s;
                }
                record.add(rows.row(tool.name() + " -F -f" + suffix, "file", kind, t.length, MAX_LENGTH, sigma, -1, null,
                        Samples.of(wall), note + ", printed " + printed + " (not comparable: "
                                + (tool.name().equals("rg") ? "non-overlapping matches)" : "matching lines)")));
            }
        } finally {
            Files.deleteIfExists(patterns);
        }
    }

    private void deviceRows(RowFactory rows, RunRecord record, String kind, int sigma, byte[] t, PatternSet set,
                            long[] expected, long matches, int reps, String note, MultiPatternMatcher m) {
        Text text = Text.wrap(t);
        validate(m.name() + " " + kind + " k=" + set.size(), expected, m.count(text, set)); // compile, upload
        String name = m.name() + " k=" + set.size();
        record.add(rows.row(name, "resident", kind, t.length, MAX_LENGTH, sigma, matches, null,
                time(m, text, set, expected, reps, false), note + ", " + m.explain()));
        record.add(rows.row(name, "one-shot", kind, t.length, MAX_LENGTH, sigma, matches, null,
                time(m, text, set, expected, reps, true), note + ", upload included"));
    }

    private static Samples time(MultiPatternMatcher m, Text text, PatternSet set, long[] expected, int reps,
                                boolean fresh) {
        long[] wall = new long[reps];
        for (int r = 0; r < reps; r++) {
            Text t = fresh ? Text.wrap(text.bytes()) : text;
            long s = System.nanoTime();
            long[] got = m.count(t, set);
            wall[r] = System.nanoTime() - s;
            validate(m.name(), expected, got);
        }
        return Samples.of(wall);
    }

    private static void validate(String what, long[] expected, long[] got) {
        if (!Arrays.equals(expected, got)) {
            int i = 0;
            while (expected[i] == got[i]) {
                i++;
            }
            throw new ValidationException(what + ": pattern " + i + " counted " + got[i] + ", multi-cpu says "
                    + expected[i]);
        }
    }
}
