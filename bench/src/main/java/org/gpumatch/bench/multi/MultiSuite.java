package org.gpumatch.bench.multi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.gpumatch.api.multi.AhoCorasickMatcher;
import org.gpumatch.aparapi.multi.MultiFusedMatcher;
import org.gpumatch.aparapi.multi.MultiPatternPlanner;
import org.gpumatch.aparapi.multi.MultiWorkload;
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
 *       of the launches: step 1 the text upload, step 2 table on the host with its upload, steps 3-4
 *       prefix sums, step 5 windows with the download) and in total; each rep a new {@link Text}, so steps 1, 3-5
 *       run every time; step 2 is cached per pattern set, so "step2-table" is the later queries' cost and
 *       "step2-table-first" the first query's (one sample); "steps2-5" is the total without step 1, as the paper
 *       counts. Next to them the path {@code auto} picks ({@link MultiPatternPlanner}), "auto k=K resident" (the text
 *       on the device: the paper's steps 2-5) and "auto k=K one-shot" (a new Text each query: upload included).
 *       Paper: 37.8 ms for k = 1024, n = 2^27 on a GTX 960.</li>
 *   <li>1,000, 10,000 and 100,000 patterns of 4..64 bytes cut from English-like text and from DNA of 1 GiB (quick:
 *       16 MiB; {@code --size} sets it): {@code multi-fused} and {@code multi-rk} resident (same Text again) and
 *       one-shot (a new Text: upload included), next to {@code multi-cpu} (Aho-Corasick on all cores) and the
 *       external peers of {@link MultiPeers} ({@code rg --count-matches -F -f}, {@code grep -F -c -f}), which run on
 *       the first {@code min(n, gpumatch.bench.multi.peerBytes)} bytes (default 64 MiB) once, as one process and as
 *       one process per core over equal parts, their time scaled by n / prefix (stated in the note) so that the
 *       suite fits one 10-minute command at 1 GiB; a run longer than {@code gpumatch.bench.multi.peerSeconds}
 *       (default 60) is killed and recorded at the limit, a lower bound the note names. multi-rk rows stop above
 *       2^27 bytes (about 9.5 bytes per character of device memory, more of Java heap).</li>
 * </ol>
 * Every device answer (counts per pattern) is validated against {@code multi-cpu}, itself differential-tested against
 * the naive oracle; a mismatch aborts the run. Rows name k in the algorithm ({@code multi-fused k=1000}) so that
 * RESULTS.md keeps them apart; mixed rows record m = 64 (the longest) and sigma 8 (English) or 2 (DNA). Results go to the suite's CSV (one row per measurement), two plots
 * beside it ({@link MultiPlots}) and RESULTS.md. Reps: {@code --reps} (default 5, quick 2) after one warm-up.
 * With {@code -Dgpumatch.bench.multi.fusedSweep=true} it runs {@link MultiFusedSweep} instead. A part of the suite
 * (to finish a recording that hit its time limit): {@code -Dgpumatch.bench.multi.paper=false} skips the paper's
 * tables, {@code -Dgpumatch.bench.multi.texts=dna} and {@code -Dgpumatch.bench.multi.sets=100000} pick the mixed rows
 * (comma-separated; defaults {@code english,dna} and {@code 1000,10000,100000}).
 */
public final class MultiSuite implements Suite {
    private static final int PAPER_M = 1024;
    private static final int[] PAPER_K = {1, 512, 1024};
    private static final int[] SET_SIZES = {1_000, 10_000, 100_000};
    private static final int RK_MAX_BYTES = 1 << 27;
    /** Mixed sets: pattern lengths 4..MAX_LENGTH (recorded as the rows' m). */
    private static final int MAX_LENGTH = 64;
    /** Default prefix of the text that the external peers search (their time is scaled to the whole text). */
    private static final long PEER_BYTES = 64L << 20;
    /**
     * Default time limit of one external peer run on the prefix, in seconds: a run past it is killed and recorded at
     * the limit as a lower bound (grep -F -f with 100,000 DNA patterns did not finish 64 MiB in 7 minutes).
     */
    private static final long PEER_SECONDS = 60;

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
            long size = ctx.options().size().orElse(quick ? 16L << 20 : 1L << 30);
            int n = (int) Math.min(size, Integer.MAX_VALUE - 8);
            if (Boolean.getBoolean("gpumatch.bench.multi.fusedSweep")) {
                MultiFusedSweep.run(ctx, device, cpu, rows, record, n, reps);
                ctx.out().println("results: " + record.csv());
                return;
            }
            if (Boolean.parseBoolean(System.getProperty("gpumatch.bench.multi.paper", "true"))) {
                paperTables(ctx, device, cpu, rows, record, quick, reps);
            }
            for (String kind : System.getProperty("gpumatch.bench.multi.texts", "english,dna").split(",")) {
                if (!kind.equals("english") && !kind.equals("dna")) {
                    throw new IllegalArgumentException("gpumatch.bench.multi.texts: english or dna, not " + kind);
                }
                byte[] t = kind.equals("dna") ? MultiInputs.dna(n, 11) : MultiInputs.english(n, 11);
                long peerBytes = Long.getLong("gpumatch.bench.multi.peerBytes", PEER_BYTES);
                try (MultiPeers.PeerTexts peerFiles = MultiPeers.PeerTexts.of(t, (int) Math.min(t.length, peerBytes),
                        Runtime.getRuntime().availableProcessors())) {
                    for (int k : setSizes()) {
                        PatternSet set = MultiInputs.cut(t, k, 4, MAX_LENGTH, k);
                        mixedRows(ctx, device, cpu, rows, record, kind, t, peerFiles, set, reps);
                    }
                }
            }
            ctx.out().println("results: " + record.csv());
            MultiPlots.write(record.plot("paper"), record.plot("mixed"), record.rows())
                    .ifPresent(why -> ctx.progress("plots skipped: " + why));
        }
        ResultsMarkdown.regenerate(ctx.options().out()).ifPresent(p -> ctx.progress("updated " + p));
    }

    private static int[] setSizes() {
        String sets = System.getProperty("gpumatch.bench.multi.sets");
        return sets == null ? SET_SIZES : Arrays.stream(sets.split(",")).mapToInt(Integer::parseInt).toArray();
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
                    long tableFirst = rk.lastStepNanos()[MultiRkMatcher.STEP_TABLE];
                    record.add(rows.row("multi-rk k=" + k + " step2-table-first", "paper", "acgt", n, PAPER_M, 2,
                            matches, null, Samples.of(new long[] {tableFirst}), "k=" + k + ", first query of the set"));
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
                    ctx.out().printf(Locale.ROOT, "%6d %4d %10.2f %10.2f %10.2f %10.2f %10.2f %10.2f  auto: %s%n", k,
                            log2n, ms[0], ms[1], ms[2], ms[3], ms[4], ms[5],
                            paperAuto(device, rows, record, t, set, expected, matches, k, reps));
                }
            }
        }
    }

    /**
     * The paper's case through the path {@code auto} picks: resident (the paper's steps 2-5) and one-shot rows;
     * returns "resident ms / one-shot ms (method)".
     */
    private String paperAuto(ComputeDevice device, RowFactory rows, RunRecord record, byte[] t, PatternSet set,
                             long[] expected, long matches, int k, int reps) {
        MultiPatternPlanner.Choice choice = MultiPatternPlanner.choose("auto", device,
                MultiWorkload.of(t.length, set, MultiWorkload.Start.WARM));
        try (MultiPatternMatcher m = choice.matcher()) {
            Text text = Text.wrap(t);
            validate("auto (" + m.name() + ") k=" + k, expected, m.count(text, set)); // compile, upload, tables
            String note = "k=" + k + ", " + choice.reason();
            Samples resident = time(m, text, set, expected, reps, false);
            Samples oneShot = time(m, text, set, expected, reps, true);
            record.add(rows.row("auto k=" + k + " resident", "paper", "acgt", t.length, PAPER_M, 2, matches, null,
                    resident, note + "; " + m.explain()));
            record.add(rows.row("auto k=" + k + " one-shot", "paper", "acgt", t.length, PAPER_M, 2, matches, null,
                    oneShot, note + ", upload included"));
            return String.format(Locale.ROOT, "%.3f / %.3f ms (%s)", resident.median() / 1e6, oneShot.median() / 1e6,
                    m.name());
        }
    }

    private void mixedRows(BenchContext ctx, ComputeDevice device, AhoCorasickMatcher cpu, RowFactory rows,
                           RunRecord record, String kind, byte[] t, MultiPeers.PeerTexts peerFiles, PatternSet set,
                           int reps)
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
        if (MultiPeers.usable(set)) {
            peerRows(ctx, cpu, rows, record, kind, sigma, t.length, peerFiles, set, note, suffix);
        }
    }

    /**
     * The external peers on the text's prefix, one process and one process per core, one run each (they take
     * seconds a GiB); time scaled by n / prefix. Both count leftmost non-overlapping matches: not the suite's count
     * of every (offset, pattern) occurrence, which the note gives for the prefix.
     */
    private void peerRows(BenchContext ctx, AhoCorasickMatcher cpu, RowFactory rows, RunRecord record, String kind, int sigma, long n,
                          MultiPeers.PeerTexts peerFiles, PatternSet set, String note, String suffix) throws IOException {
        Path patterns = Files.createTempFile("gpumatch-multi-patterns-", ".txt");
        try {
            MultiPeers.writePatterns(set, patterns);
            long occurrences = Arrays.stream(cpu.count(Text.wrap(peerFiles.prefix()), set)).sum();
            double scale = (double) n / peerFiles.prefix().length;
            long limitMillis = 1000 * Long.getLong("gpumatch.bench.multi.peerSeconds", PEER_SECONDS);
            for (MultiPeers.Tool tool : MultiPeers.tools()) {
                for (boolean parallel : new boolean[] {false, true}) {
                    long s = System.nanoTime();
                    String outcome;
                    try {
                        long printed = parallel ? MultiPeers.runParts(tool, patterns, peerFiles.parts(), limitMillis)
                                : MultiPeers.run(tool, patterns, peerFiles.whole(), limitMillis);
                        outcome = String.format(Locale.ROOT, "printed %d %s there, multi-cpu counts %d occurrences "
                                + "there", printed, tool.counts(), occurrences);
                    } catch (MultiPeers.TimedOut e) {
                        outcome = "killed at the limit of " + limitMillis / 1000 + " s there: the time is a lower bound";
                    }
                    long wall = Math.round((System.nanoTime() - s) * scale);
                    String mode = parallel ? "file-" + peerFiles.parts().size() + "-processes" : "file-1-process";
                    record.add(rows.row(tool.name() + " -F -f" + suffix, mode, kind, n, MAX_LENGTH, sigma, -1, null,
                            Samples.of(new long[] {wall}), note + String.format(Locale.ROOT,
                                    ", timed on the first %d bytes and scaled x%.2f; %s%s", peerFiles.prefix().length,
                                    scale, outcome,
                                    parallel ? " (parts searched alone: matches across part ends missed)" : "")));
                    ctx.progress(String.format(Locale.ROOT, "%s %s: %s %.0f ms scaled", kind, suffix.trim(),
                            tool.name() + " " + mode, wall / 1e6));
                }
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

    static Samples time(MultiPatternMatcher m, Text text, PatternSet set, long[] expected, int reps,
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

    static void validate(String what, long[] expected, long[] got) {
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
