package org.gpumatch.bench.exact;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.BenchOptions.Mode;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.ceiling.Ceilings;
import org.gpumatch.bench.peers.CpuPeer;
import org.gpumatch.bench.peers.CpuPeers;
import org.gpumatch.bench.peers.SplitText;
import org.gpumatch.bench.report.InputTables;
import org.gpumatch.bench.report.PaperTable;
import org.gpumatch.bench.report.Plots;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;
import org.gpumatch.bench.report.TimeTable;

/**
 * Measures one input of the exact suite, in the order of the printed table: the device algorithms (resident, then
 * one-shot), the CPU peers (one thread, then all cores), the external tools; then prints the table and draws the
 * plot. Every count is checked against the naive oracle ({@link CpuCount}) first.
 */
final class ExactInputBench {
    private final BenchContext ctx;
    private final ExactGrid grid;
    private final MatcherSource source;
    private final RowFactory rows;
    private final RunRecord record;
    private final Ceilings ceilings;
    private final List<String> skipped = new ArrayList<>();
    private final List<ResultRow> measured = new ArrayList<>();

    ExactInputBench(BenchContext ctx, ExactGrid grid, MatcherSource source, RowFactory rows, RunRecord record,
                    Ceilings ceilings) {
        this.ctx = ctx;
        this.grid = grid;
        this.source = source;
        this.rows = rows;
        this.record = record;
        this.ceilings = ceilings;
    }

    /** Measures, prints and plots {@code input}. */
    void run(ExactInput input) throws IOException {
        byte[] t = input.bytes();
        Map<Integer, byte[]> patterns = new LinkedHashMap<>();
        for (int m : grid.ms()) {
            if (m <= t.length) {
                patterns.put(m, PatternPicker.pick(t, m, PatternPicker.SEED));
            }
        }
        ctx.progress(input.name() + " sigma=" + input.sigma() + ": oracle counts (naive, all cores)");
        Map<Integer, Long> expected = oracle(t, patterns);
        measureDevice(input, patterns, expected);
        if (!ctx.options().measures(Mode.CPU_1T) && !ctx.options().measures(Mode.CPU_ALL)
                && !ctx.options().measures(Mode.EXTERNAL)) {
            report();
            return;
        }
        byte[] cpuText = t.length > grid.cpuBytes() ? Arrays.copyOf(t, grid.cpuBytes()) : t;
        Map<Integer, Long> cpuExpected = cpuText == t ? expected : oracle(cpuText, patterns);
        String cpuNote = join(input.note(), cpuText.length < t.length
                ? "CPU peers on the first " + cpuText.length + " bytes" : "");
        measureCpu(input, cpuText, patterns, cpuExpected, cpuNote);
        measureExternal(input, cpuText, patterns, cpuExpected, cpuNote);
        report();
    }

    private static Map<Integer, Long> oracle(byte[] t, Map<Integer, byte[]> patterns) {
        Map<Integer, Long> out = new LinkedHashMap<>();
        patterns.forEach((m, p) -> out.put(m, CpuCount.count(t, p)));
        return out;
    }

    private void measureDevice(ExactInput input, Map<Integer, byte[]> patterns, Map<Integer, Long> expected) {
        ComputeDevice device = ctx.device();
        Text text = Text.wrap(input.bytes());
        long n = input.bytes().length;
        boolean resident = ctx.options().measures(Mode.RESIDENT);
        boolean oneShot = ctx.options().measures(Mode.ONESHOT);
        if (!resident && !oneShot) {
            return;
        }
        for (Algorithm alg : source.deviceAlgorithms(device)) {
            if (!grid.includes(alg)) {
                continue;
            }
            List<Integer> ms = new ArrayList<>();
            for (int m : patterns.keySet()) {
                Optional<String> why = source.unsupportedReason(alg, n, m, input.sigma(), device);
                if (why.isPresent()) {
                    skipped.add(alg.cliName() + " m=" + m + ": " + why.get());
                } else {
                    ms.add(m);
                }
            }
            if (ms.isEmpty()) {
                continue;
            }
            if (resident) {
                ctx.progress(input.name() + " sigma=" + input.sigma() + ": " + alg.cliName() + " resident");
                try (Matcher matcher = source.create(alg, device)) {
                    for (int m : ms) {
                        Timed r = DeviceRuns.resident(matcher, text, Pattern.of(patterns.get(m)), expected.get(m),
                                grid.residentReps(), what(alg.cliName(), "resident", input, n, m));
                        add(rows.row(alg.cliName(), "resident", input.name(), n, m, input.sigma(), expected.get(m),
                                r.device(), r.wall(), input.note()));
                    }
                }
            }
            if (!oneShot) {
                continue;
            }
            ctx.progress(input.name() + " sigma=" + input.sigma() + ": " + alg.cliName() + " one-shot");
            for (int m : grid.oneShotAllMs() ? ms : ms.subList(0, 1)) {
                Timed r = DeviceRuns.oneShot(() -> source.create(alg, device), text, Pattern.of(patterns.get(m)),
                        expected.get(m), grid.oneShotReps(), what(alg.cliName(), "oneshot", input, n, m));
                add(rows.row(alg.cliName(), "oneshot", input.name(), n, m, input.sigma(), expected.get(m), null,
                        r.wall(), join(input.note(), "wall: new matcher, compile, pack, upload, count")));
            }
        }
    }

    private void measureCpu(ExactInput input, byte[] cpuText, Map<Integer, byte[]> patterns,
                            Map<Integer, Long> expected, String note) {
        boolean oneThread = ctx.options().measures(Mode.CPU_1T);
        boolean allCores = ctx.options().measures(Mode.CPU_ALL);
        if (!oneThread && !allCores) {
            return;
        }
        int threads = Runtime.getRuntime().availableProcessors();
        int maxM = patterns.keySet().stream().mapToInt(Integer::intValue).max().orElse(1);
        SplitText split = SplitText.of(cpuText, threads * 4, maxM - 1);
        int n = cpuText.length;
        for (CpuPeer peer : CpuPeers.standard()) {
            ctx.progress(input.name() + " sigma=" + input.sigma() + ": CPU peer " + peer.name());
            CpuPeer.Searcher one = oneThread ? peer.prepare(cpuText) : null;
            SplitText.Prepared all = allCores ? split.prepare(peer) : null;
            for (var e : patterns.entrySet()) {
                int m = e.getKey();
                byte[] p = e.getValue();
                long exp = expected.get(m);
                if (oneThread) {
                    Samples s1 = CpuRuns.time(() -> one.count(p, n), exp, grid.cpuReps(),
                            what(peer.name(), "cpu-1t", input, n, m));
                    add(rows.row(peer.name(), "cpu-1t", input.name(), n, m, input.sigma(), exp, null, s1, note));
                }
                if (allCores) {
                    Samples sAll = CpuRuns.time(() -> all.count(p), exp, grid.cpuReps(),
                            what(peer.name(), "cpu-all", input, n, m));
                    add(rows.row(peer.name(), "cpu-all", input.name(), n, m, input.sigma(), exp, null, sAll,
                            join(note, threads + " threads, " + split.parts() + " slices")));
                }
            }
        }
    }

    private void measureExternal(ExactInput input, byte[] cpuText, Map<Integer, byte[]> patterns,
                                 Map<Integer, Long> expected, String note) throws IOException {
        List<ExternalTools.Tool> tools = ExternalTools.onPath();
        if (tools.isEmpty() || !ctx.options().measures(Mode.EXTERNAL)) {
            return;
        }
        Path dir = Files.createTempDirectory("gpumatch-bench");
        Path textFile = dir.resolve("text.bin");
        Path patternFile = dir.resolve("pattern.bin");
        try {
            Files.write(textFile, cpuText);
            for (ExternalTools.Tool tool : tools) {
                ctx.progress(input.name() + " sigma=" + input.sigma() + ": external " + tool.name());
                for (var e : patterns.entrySet()) {
                    int m = e.getKey();
                    Optional<String> why = ExternalTools.unusable(e.getValue());
                    if (why.isPresent()) {
                        skipped.add(tool.name() + " m=" + m + ": " + why.get());
                        continue;
                    }
                    Files.write(patternFile, e.getValue());
                    measureTool(tool, input, m, patternFile, textFile, cpuText.length, expected.get(m), note);
                }
            }
        } finally {
            Files.deleteIfExists(textFile);
            Files.deleteIfExists(patternFile);
            Files.deleteIfExists(dir);
        }
    }

    private void measureTool(ExternalTools.Tool tool, ExactInput input, int m, Path patternFile, Path textFile,
                             int n, long expected, String note) {
        long[] wall = new long[grid.cpuReps()];
        long lines;
        try {
            lines = ExternalTools.count(tool, patternFile, textFile); // warm-up: page cache, binary
            for (int i = 0; i < wall.length; i++) {
                long t0 = System.nanoTime();
                long c = ExternalTools.count(tool, patternFile, textFile);
                wall[i] = System.nanoTime() - t0;
                if (c != lines) {
                    throw new IOException("counted " + c + " lines, then " + lines);
                }
            }
        } catch (IOException e) {
            skipped.add(tool.name() + " m=" + m + ": " + e.getMessage());
            return;
        }
        String how = lines == expected ? "counts lines; equal to the occurrences here"
                : "time only: counts lines (" + lines + "), not occurrences (" + expected + ")";
        add(rows.row(tool.name(), "external", input.name(), n, m, input.sigma(), lines, null, Samples.of(wall),
                lines == expected ? join(note, how) : join(how, note)));
    }

    private void add(ResultRow row) {
        record.add(row);
        measured.add(row);
    }

    private void report() {
        if (measured.isEmpty()) {
            return;
        }
        InputTables.Input in = InputTables.of(measured).get(0);
        PaperTable table = PaperTable.of(in.title(), in.rows(), ceilings.uploadWallGbps());
        ctx.out().println();
        ctx.out().print(table.toText());
        if (!input0(in).equals("random")) {
            ctx.out().println();
            ctx.out().print(TimeTable.of("time per query (ms), " + in.title().replace("; GB/s", ""), in.rows())
                    .toText());
        }
        for (String s : skipped) {
            ctx.out().println("  skipped " + s);
        }
        Path png = record.plot(in.label());
        Plots.write(png, table).ifPresentOrElse(why -> ctx.noticeOnce("plots skipped: " + why),
                () -> ctx.out().println("  plot: " + png));
    }

    private static String input0(InputTables.Input in) {
        return in.rows().get(0).text();
    }

    private static String what(String alg, String mode, ExactInput input, long n, int m) {
        return alg + " " + mode + " on " + input.name() + " sigma=" + input.sigma() + " n=" + n + " m=" + m;
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + "; " + b;
    }
}
