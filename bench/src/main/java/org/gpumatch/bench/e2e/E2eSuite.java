package org.gpumatch.bench.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.BenchOptions;
import org.gpumatch.bench.BenchOptions.Mode;
import org.gpumatch.bench.RunInfo;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.ValidationException;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.ResultsMarkdown;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;

/**
 * {@code bench e2e}: end-to-end time of one query as a user runs it, a new process each time: {@code gpumatch count
 * -a auto}, {@code -a cpu} and, when the selected OpenCL device is a GPU, {@code -a drk-2s}; next to {@code rg -F -c}
 * (one process), {@code rg} run as one process per hardware thread over the file's parts (overlapping by m - 1 bytes,
 * counts summed) and {@code grep -F -c}. Each row: a warm-up run, then {@code --reps} timed runs (default 5, quick 2);
 * the CSV keeps median, min and max wall time, from starting the first process to the exit of the last.
 *
 * <p>Inputs ({@link E2eInput}): DNA and random bytes of each {@code --sizes} (default 1k,1m,100m,1g; quick 1k,1m),
 * written to {@code --work} (default {@code /dev/shm} when present, else the temp folder) and deleted afterwards;
 * m from {@code --m} (default 8,64,1024; quick 8). Every gpumatch count, the warm-up's too, must equal the CPU
 * matcher's count in this JVM, else the run aborts (exit 1). rg and grep count matching lines, not occurrences: their
 * rows keep the line count in {@code matches} and say so in the note. Memory: the largest file on the heap, the file and
 * (for {@code rg-parts}) its parts in the work folder.
 */
public final class E2eSuite implements Suite {
    private static final List<Long> FULL_SIZES = List.of(1L << 10, 1L << 20, 100L << 20, 1L << 30);
    private static final List<Long> QUICK_SIZES = List.of(1L << 10, 1L << 20);
    private static final List<Integer> FULL_MS = List.of(8, 64, 1024);
    private static final List<Integer> QUICK_MS = List.of(8);
    /** The mode column of every row. */
    static final String MODE = "e2e";

    @Override
    public String name() {
        return "e2e";
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        BenchOptions o = ctx.options();
        List<Long> sizes = o.sizes().isEmpty() ? (o.quick() ? QUICK_SIZES : FULL_SIZES) : o.sizes();
        List<Integer> ms = o.ms().isEmpty() ? (o.quick() ? QUICK_MS : FULL_MS) : o.ms();
        int reps = o.reps().orElse(o.quick() ? 2 : 5);
        Path launcher = E2eTools.launcher(o.launcher());
        RunInfo info = ctx.infoOrHost();
        List<String> algorithms = new ArrayList<>(List.of("auto", "cpu"));
        if (ctx.hasOpenClGpu()) {
            algorithms.add("drk-2s");
        } else {
            ctx.noticeOnce("e2e: no OpenCL GPU selected (" + info.device() + "): no gpumatch -a drk-2s rows");
        }
        List<String> notes = new ArrayList<>();
        Optional<E2eTools.Program> rg = tool("rg", launcher, o, notes, ctx, Mode.RG, Mode.RG_PARTS);
        Optional<E2eTools.Program> grep = tool("grep", launcher, o, notes, ctx, Mode.GREP);
        int cores = Runtime.getRuntime().availableProcessors();
        ctx.progress("e2e: launcher " + launcher + "; sizes " + sizes + ", m " + ms + ", " + reps + " runs + warm-up");
        RowFactory rows = new RowFactory(info, name(), o.quick());
        long largest = sizes.stream().mapToLong(Long::longValue).max().orElse(0);
        Path work = Files.createTempDirectory(workBase(o, largest * 2 + (64L << 20)), "gpumatch-e2e-");
        try (RunRecord record = RunRecord.create(o.out(), info, name(), o.quick())) {
            E2eRows measure = new E2eRows(ctx, rows, record, work, reps, String.join("; ", notes));
            for (String kind : E2eInput.KINDS) {
                for (long size : sizes) {
                    E2eInput in = E2eInput.generate(kind, size, ms, work);
                    List<ResultRow> measured = new ArrayList<>();
                    for (int m : in.patterns().keySet()) {
                        if (measures(o, Mode.GPUMATCH)) {
                            for (String a : algorithms) {
                                measured.add(measure.gpumatch(in, m, launcher, a, o.device()));
                            }
                        }
                        if (rg.isPresent() && measures(o, Mode.RG)) {
                            measured.add(measure.rg(in, m, rg.get(), 1));
                        }
                        if (rg.isPresent() && measures(o, Mode.RG_PARTS)) {
                            measured.add(measure.rg(in, m, rg.get(), cores));
                        }
                        if (grep.isPresent() && measures(o, Mode.GREP)) {
                            measured.add(measure.grep(in, m, grep.get()));
                        }
                    }
                    E2eTable.print(ctx.out(), in, measured);
                    Files.deleteIfExists(in.file());
                }
            }
            ctx.out().println("results: " + record.csv());
            for (String kind : E2eInput.KINDS) {
                for (int m : ms) {
                    E2eChart.write(record.plot("time-" + kind + "-m" + m), kind, m, record.rows())
                            .ifPresent(why -> ctx.noticeOnce("plots skipped: " + why));
                }
            }
        } finally {
            deleteTree(work);
        }
        ResultsMarkdown.regenerate(o.out()).ifPresent(p -> ctx.progress("updated " + p));
    }

    /** Whether {@code mode} is measured: named itself, or (rg, rg-parts, grep) through {@code external}. */
    static boolean measures(BenchOptions o, Mode mode) {
        return o.measures(mode) || (mode != Mode.GPUMATCH && o.measures(Mode.EXTERNAL));
    }

    private static Optional<E2eTools.Program> tool(String name, Path launcher, BenchOptions o, List<String> notes,
                                                   BenchContext ctx, Mode... modes) {
        Optional<E2eTools.Program> p = E2eTools.find(name, launcher);
        boolean wanted = Stream.of(modes).anyMatch(m -> measures(o, m));
        if (p.isEmpty() && wanted) {
            String note = name + " not found on the PATH or in the bundle's tools/: its rows are skipped";
            notes.add(note);
            ctx.noticeOnce("e2e: " + note);
        }
        return p;
    }

    /**
     * Where the work folder goes: {@code --work}, else {@code /dev/shm} when it is a writable folder with {@code need}
     * bytes free (a container's is often 64 MiB), else the temp folder.
     */
    static Path workBase(BenchOptions o, long need) throws IOException {
        if (o.work().isPresent()) {
            Files.createDirectories(o.work().get());
            return o.work().get();
        }
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm) && Files.getFileStore(shm).getUsableSpace() >= need) {
            return shm;
        }
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Checks a gpumatch count against the CPU matcher's. */
    static void check(String what, long counted, long expected) {
        if (counted != expected) {
            throw new ValidationException("e2e: " + what + " counted " + counted + ", the CPU matcher "
                    + expected);
        }
    }

    /** Median wall ms by algorithm and m, in measured order; for the table and tests. */
    static Map<String, Map<Integer, Double>> medians(List<ResultRow> rows) {
        Map<String, Map<Integer, Double>> out = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            out.computeIfAbsent(r.algorithm(), k -> new LinkedHashMap<>()).put(r.m(), r.wallMedianMs());
        }
        return out;
    }

    static String ms(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
    }
}
