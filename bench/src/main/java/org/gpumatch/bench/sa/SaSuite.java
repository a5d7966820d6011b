package org.gpumatch.bench.sa;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.BenchOptions;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.UsageException;
import org.gpumatch.bench.ValidationException;
import org.gpumatch.bench.report.ResultsMarkdown;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.checker.Verdict;
import org.gpumatch.suffixarray.CpuSuffixArrayBuilder;
import org.gpumatch.suffixarray.gpu.GpuLcpBuilder;
import org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder;
import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.LcpArrays;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArrayBuilder;

/**
 * {@code bench sa}: suffix array construction time and MB/s per builder and input, one CSV row each (the common
 * result columns; algorithm = builder name, mode {@code gpu}, {@code cpu-1t} (SA-IS is sequential), {@code cpu-all}
 * or {@code native}, m = -1, sigma = distinct bytes; the GPU rows' note gives the peak device bytes per character and
 * the rounds, every row's note the checker's time).
 *
 * <p>Inputs: the {@code --text} files (whole, or cut to {@code --size} when it is given; {@code .gz} read through
 * gzip), then, at {@code --size} bytes (default 64 MiB, quick 1 MiB), random DNA and protein texts and the hard inputs
 * of {@link HardTexts}, or those of them that {@code --inputs} names ({@code --inputs none}: the files only). Each
 * input is read or generated when its turn comes and dropped after it. Builders ({@code --builders}, default all):
 * {@code gpu} ({@link GpuPrefixDoublingBuilder} on the {@code --device}, its kernel compiled by a warm-up build before
 * the timed ones; rounds on stderr for inputs over 256 MiB), {@code gpu-into} (not by default: the same builder writing
 * into one result array the caller keeps, as libdivsufsort's and libsais's callers do: {@link IntoKeptArray}),
 * {@code sais} ({@link SaisBuilder}, one thread),
 * {@code sais-t} (not by default: SA-IS with its lookahead helpers, {@code new SaisBuilder(t)} for t in 2, 3, 5, 9
 * and all cores, as far as the host has them: the helpers' scaling),
 * {@code cpu} ({@link CpuSuffixArrayBuilder} on all cores, mode {@code cpu-all}) and {@code libdivsufsort} (through
 * {@link NativeSuffixArrayBuilder} when its helper is built); {@code lcp} adds, per input, the LCP array of the last
 * built suffix array on all cores ({@link LcpArrays}, rows {@code lcp-cpu-Nt}) and, with {@code gpu}, on the device
 * ({@link GpuLcpBuilder}, rows {@code lcp-gpu}, checked equal to the CPU's). The CPU builders skip inputs longer than
 * {@code --cpu-size} (default: none skipped). Every built array is verified by the parallel checker (a wrong one aborts
 * the run). Repetitions: {@code --reps} (default 3, quick 1). With {@code --launcher L}, each whole {@code --text} file
 * also gets rows of mode {@code process}: {@code L sa build FILE -o OUT -q -a gpu} and {@code -a cpu}, and
 * libdivsufsort's helper, each timed as a process (what a person waits for: start, compile, reading, building,
 * writing; see {@link SaCommandRuns}), their arrays checked too.
 * Memory: the input, the result and the builder's working memory (13 bytes per text byte for SA-IS; about 21 on the
 * host and 22.3 on the device for the GPU builder), plus the checker's.
 */
public final class SaSuite implements Suite {
    private static final long FULL_BYTES = 64L << 20;
    private static final long QUICK_BYTES = 1L << 20;
    /** GPU builds of inputs longer than this report their rounds on stderr. */
    private static final long ROUNDS_SHOWN_ABOVE = 256L << 20;
    /** The names {@code --builders} takes, in the order the rows are measured. */
    static final List<String> BUILDER_NAMES = List.of("gpu", "gpu-into", "sais", "sais-t", "cpu", "libdivsufsort",
            "lcp");
    /** The {@link #BUILDER_NAMES} measured only when {@code --builders} names them. */
    private static final Set<String> OPT_IN_BUILDERS = Set.of("gpu-into", "sais-t");
    /** The thread counts of the {@code sais-t} rows (those up to the host's processors, and the processors). */
    static final int[] SAIS_THREADS = {2, 3, 5, 9};

    @Override
    public String name() {
        return "sa";
    }

    /** A build's device time by step, longest first: {@code "radix sort 210.3 ms in 96 launches; select ..."}. */
    static String stepTimes(Map<String, long[]> steps) {
        StringBuilder sb = new StringBuilder();
        steps.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0])).forEach(e -> {
            sb.append(sb.length() == 0 ? "" : "; ");
            sb.append(String.format(Locale.ROOT, "%s %.1f ms in %d launches", e.getKey(), e.getValue()[0] / 1e6,
                    e.getValue()[1]));
        });
        return sb.toString();
    }

    /**
     * The builders measured, in the order of {@link #BUILDER_NAMES}: the GPU prefix doubling on {@code gpu} (warmed
     * up; null when not wanted), the same building into a result array the caller keeps ({@link IntoKeptArray}), the
     * CPU SA-IS, SA-IS with lookahead helpers on {@link #saisThreads} threads, the all-core CPU builder, and
     * libdivsufsort when its helper is built.
     *
     * @param gpu    the GPU builder, or null
     * @param wanted the names of {@link #BUILDER_NAMES} to include
     */
    static List<SuffixArrayBuilder> builders(GpuPrefixDoublingBuilder gpu, Set<String> wanted) {
        List<SuffixArrayBuilder> b = new ArrayList<>();
        if (gpu != null && wanted.contains("gpu")) {
            b.add(gpu);
        }
        if (gpu != null && wanted.contains("gpu-into")) {
            b.add(new IntoKeptArray(gpu));
        }
        if (wanted.contains("sais")) {
            b.add(new SaisBuilder());
        }
        if (wanted.contains("sais-t")) {
            for (int t : saisThreads(Runtime.getRuntime().availableProcessors())) {
                b.add(new SaisBuilder(t));
            }
        }
        if (wanted.contains("cpu")) {
            b.add(CpuSuffixArrayBuilder.allCores());
        }
        if (wanted.contains("libdivsufsort")) {
            NativeSuffixArrayBuilder.find().ifPresent(b::add);
        }
        return b;
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        BenchOptions o = ctx.options();
        long size = o.size().orElse(o.quick() ? QUICK_BYTES : FULL_BYTES);
        if (size > GpuPrefixDoublingBuilder.MAX_LENGTH) {
            throw new UsageException("--size " + size + " exceeds the int suffix array limit " + SaisBuilder.MAX_LENGTH);
        }
        int n = (int) size;
        int reps = o.reps().orElse(o.quick() ? 1 : 3);
        long cpuCap = o.cpuSize().orElse(Long.MAX_VALUE);
        Set<String> wanted = wantedBuilders(o.builders());
        Map<String, Supplier<byte[]>> inputs = inputs(o, n);
        if (wanted.contains("libdivsufsort") && NativeSuffixArrayBuilder.find().isEmpty()) {
            ctx.progress("sa: no libdivsufsort row: " + NativeSuffixArrayBuilder.whereLooked()
                    + " is not there (bench/native/build-sufcheck.sh --download)");
        }
        RowFactory rows = new RowFactory(ctx.info(), name(), o.quick());
        Map<String, Path> wholeFiles = wholeFiles(o, n);
        Optional<SaCommandRuns> commands = o.launcher().isPresent() ? Optional.of(new SaCommandRuns(
                o.launcher().get(), NativeSuffixArrayBuilder.helperPath(), workDir(o))) : Optional.empty();
        try (RunRecord record = RunRecord.create(o.out(), ctx.info(), name(), o.quick())) {
            try (GpuPrefixDoublingBuilder gpu = wanted.contains("gpu") || wanted.contains("gpu-into")
                    ? new GpuPrefixDoublingBuilder(ctx.device())
                    : null) {
                if (gpu != null) {
                    gpu.build(HardTexts.random(1 << 16, 4, 3)); // compiles the kernel outside the timed builds
                }
                List<SuffixArrayBuilder> builders = builders(gpu, wanted);
                GpuLcpBuilder gpuLcp = gpu != null && wanted.contains("lcp") ? new GpuLcpBuilder(ctx.device()) : null;
                for (Map.Entry<String, Supplier<byte[]>> in : inputs.entrySet()) {
                    String label = in.getKey();
                    byte[] text = in.getValue().get();
                    int[] sa = null;
                    for (SuffixArrayBuilder b : builders) {
                        if (onGpu(b, gpu) && gpu.whyNotFits(text.length).isPresent()) {
                            ctx.progress("sa: no GPU row for " + label + ": " + gpu.whyNotFits(text.length).get());
                            continue;
                        }
                        if (!onGpu(b, gpu) && text.length > cpuCap) {
                            ctx.progress("sa: " + label + " (" + text.length + " bytes) is over --cpu-size " + cpuCap
                                    + "; no " + b.name() + " row");
                            continue;
                        }
                        sa = measure(ctx, record, rows, b, gpu, label, text, reps);
                    }
                    if (wanted.contains("lcp")) {
                        measureLcp(ctx, record, rows, gpuLcp, label, text,
                                sa != null ? sa : new SaisBuilder().build(text), reps);
                    }
                }
                if (gpuLcp != null) {
                    gpuLcp.close();
                }
            }
            // after the in-process GPU builder has released its buffers and context, so the command has the GPU and
            // the host memory to itself, as when a person runs it (it names --device gpu: no other device stands in)
            Map<String, Path> commandFiles = commands.isPresent() ? wholeFiles : Map.of();
            for (Map.Entry<String, Path> f : commandFiles.entrySet()) {
                measureCommands(ctx, record, rows, commands.get(), f.getKey(), f.getValue(),
                        inputs.get(f.getKey()).get(), reps);
            }
            ctx.out().println("results: " + record.csv());
        }
        ResultsMarkdown.regenerate(o.out()).ifPresent(p -> ctx.progress("updated " + p));
    }

    /**
     * Builds {@code text} {@code reps} times with {@code b}, checks every result, records and prints one row.
     *
     * @return the last suffix array built
     */
    private int[] measure(BenchContext ctx, RunRecord record, RowFactory rows, SuffixArrayBuilder b,
                         GpuPrefixDoublingBuilder gpu, String label, byte[] text, int reps) throws IOException {
        ctx.progress("sa: " + b.name() + " on " + label + " (" + text.length + " bytes)");
        boolean onGpu = onGpu(b, gpu);
        SuffixArrayBuilder.Progress progress = !onGpu || text.length <= ROUNDS_SHOWN_ABOVE
                ? SuffixArrayBuilder.Progress.NONE : roundsTo(ctx);
        long[] nanos = new long[reps];
        long checkNanos = 0;
        int[] sa = null;
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            sa = b.build(text, progress);
            nanos[r] = b instanceof NativeSuffixArrayBuilder nb ? nb.lastNanos() : System.nanoTime() - t0;
            long c0 = System.nanoTime();
            Verdict v = SuffixArrayChecker.parallel().check(text, sa);
            checkNanos = System.nanoTime() - c0;
            if (!v.isOk()) {
                throw new ValidationException("sa: " + b.name() + " on " + label + ": " + v.line());
            }
        }
        Samples wall = Samples.of(nanos);
        String mode = onGpu ? "gpu" : b instanceof NativeSuffixArrayBuilder ? "native"
                : b instanceof CpuSuffixArrayBuilder ? "cpu-all" : "cpu-1t";
        String gpuNote = !onGpu ? "" : String.format(Locale.ROOT,
                "; peak device %.1f bytes/char; %d rounds (%d radix-sorted, %d chain rounds)%s; last build: %s (%s); launches %s"
                        + " (initial sort, then per round), %d explicit downloads, %d small arrays downloaded after"
                        + " each launch%s",
                (double) gpu.peakDeviceBytes(text.length) / Math.max(1, text.length), gpu.lastRounds(),
                gpu.lastLargeRounds(), gpu.lastChainRounds(), gpu.lastPartitions() > 1 ? " in " + gpu.lastPartitions() + " partitions" : "",
                gpu.lastStages().describe(), spans(gpu.lastSpans()), java.util.Arrays.toString(gpu.lastLaunchesPerRound()).replace(" ", ""),
                gpu.lastExplicitDownloads(), gpu.smallArraysPerLaunch(), gpu.lastDeviceNanos() < 0 ? ""
                        : String.format(Locale.ROOT, "; device time %.0f ms (%s)", gpu.lastDeviceNanos() / 1e6,
                                stepTimes(gpu.lastDeviceNanosBySteps())));
        String checkNote = String.format(Locale.ROOT, "; checked by the parallel checker in %.2f s", checkNanos / 1e9);
        record.add(rows.row(b.name(), mode, label, text.length, -1, sigma(text), -1, null, wall,
                "wall time of the build (host transfers included)" + checkNote + gpuNote));
        ctx.out().printf(Locale.ROOT, "%-20s %-20s %12d bytes  %9.1f ms  %8.1f MB/s%s%s%n", b.name(), label,
                text.length, wall.median() / 1e6, text.length * 1e3 / wall.median(), checkNote, gpuNote);
        return sa;
    }

    /** Whether {@code b} builds on the GPU: the GPU builder itself or it building into a kept array. */
    private static boolean onGpu(SuffixArrayBuilder b, GpuPrefixDoublingBuilder gpu) {
        return gpu != null && (b == gpu || b instanceof IntoKeptArray into && into.builder() == gpu);
    }

    /**
     * The last build's stages on one clock, ms from the first one's start ({@code [bg]}: beside the others), e.g.
     * {@code alphabet 0-9, [bg] host arrays 0-31, wait for host arrays 9-31}: where a kept builder's prepare goes.
     */
    static String spans(java.util.List<org.gpumatch.suffixarray.StageSpan> spans) {
        long origin = spans.stream().mapToLong(org.gpumatch.suffixarray.StageSpan::startNanos).min().orElse(0);
        return spans.stream().sorted(java.util.Comparator.comparingLong(org.gpumatch.suffixarray.StageSpan::startNanos))
                .map(sp -> String.format(Locale.ROOT, "%s%s %.0f-%.0f", sp.background() ? "[bg] " : "", sp.name(),
                        (sp.startNanos() - origin) / 1e6, (sp.endNanos() - origin) / 1e6))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /**
     * Times the LCP array of {@code sa} on all cores ({@link LcpArrays}, row {@code lcp-cpu}, mode {@code cpu-all})
     * and, with {@code gpuLcp}, on the device ({@code lcp-gpu}, mode {@code gpu}: uploads of the text and the array
     * and the download of the result included), {@code reps} times each; the GPU's arrays must equal the CPU's.
     */
    private static void measureLcp(BenchContext ctx, RunRecord record, RowFactory rows, GpuLcpBuilder gpuLcp,
                                   String label, byte[] text, int[] sa, int reps) throws IOException {
        int threads = Runtime.getRuntime().availableProcessors();
        long[] nanos = new long[reps];
        int[] expected = null;
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            expected = LcpArrays.build(text, sa, threads);
            nanos[r] = System.nanoTime() - t0;
        }
        lcpRow(ctx, record, rows, "lcp-cpu-" + threads + "t", "cpu-all", label, text, Samples.of(nanos), "");
        if (gpuLcp == null) {
            return;
        }
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            int[] lcp = gpuLcp.build(text, sa);
            nanos[r] = System.nanoTime() - t0;
            if (!java.util.Arrays.equals(lcp, expected)) {
                throw new ValidationException("sa: lcp-gpu on " + label + " differs from the CPU's LCP array");
            }
        }
        lcpRow(ctx, record, rows, "lcp-gpu", "gpu", label, text, Samples.of(nanos), String.format(Locale.ROOT,
                "; %d chunk starts settled on the host; equal to the CPU's array", gpuLcp.lastUnresolved()));
    }

    private static void lcpRow(BenchContext ctx, RunRecord record, RowFactory rows, String name, String mode,
                               String label, byte[] text, Samples wall, String note) throws IOException {
        record.add(rows.row(name, mode, label, text.length, -1, sigma(text), -1, null, wall,
                "wall time of the LCP array of a built suffix array (Phi method)" + note));
        ctx.out().printf(Locale.ROOT, "%-20s %-20s %12d bytes  %9.1f ms  %8.1f MB/s%s%n", name, label,
                text.length, wall.median() / 1e6, text.length * 1e3 / wall.median(), note);
    }

    /**
     * Times each command of {@code runs} on the file {@code path} (whose bytes are {@code text}) {@code reps} times as
     * a process, checks every array it wrote, records and prints one row per command (mode {@code process}).
     */
    private static void measureCommands(BenchContext ctx, RunRecord record, RowFactory rows, SaCommandRuns runs,
                                        String label, Path path, byte[] text, int reps) throws IOException {
        Path out = Files.createTempFile("gpumatch-sa-bench", ".sa");
        for (Map.Entry<String, List<String>> c : runs.commands(path, out).entrySet()) {
            ctx.progress("sa: " + c.getKey() + " on " + label + " as a process");
            long[] nanos = new long[reps];
            for (int r = 0; r < reps; r++) {
                SaCommandRuns.Result result = runs.run(c.getValue(), out);
                nanos[r] = result.nanos();
                Verdict v = SuffixArrayChecker.parallel().check(text, result.sa());
                if (!v.isOk()) {
                    throw new ValidationException("sa: " + c.getKey() + " on " + label + ": " + v.line());
                }
            }
            Samples wall = Samples.of(nanos);
            record.add(rows.row(c.getKey(), "process", label, text.length, -1, sigma(text), -1, null, wall,
                    "wall time of the command as a process (start, reading the file, the build, writing the int32"
                            + " array); the array checked by the parallel checker"));
            ctx.out().printf(Locale.ROOT, "%-28s %-12s %12d bytes  %9.1f ms  %8.1f MB/s (process)%n", c.getKey(),
                    label, text.length, wall.median() / 1e6, text.length * 1e3 / wall.median());
        }
    }

    /** The {@code --text} files measured whole (not gzipped, not cut by {@code --size}), by input label. */
    private static Map<String, Path> wholeFiles(BenchOptions o, int n) throws IOException {
        Map<String, Path> m = new LinkedHashMap<>();
        for (BenchOptions.TextFile f : o.texts()) {
            if (!f.gzipped() && Files.isReadable(f.path()) && (o.size().isEmpty() || Files.size(f.path()) <= n)) {
                m.put("file:" + f.label(), f.path());
            }
        }
        return m;
    }

    private static Path workDir(BenchOptions o) throws IOException {
        if (o.work().isPresent()) {
            return Files.createDirectories(o.work().get());
        }
        return Files.createTempDirectory("gpumatch-sa-bench");
    }

    /** Progress that prints each round of a GPU build on stderr. */
    private static SuffixArrayBuilder.Progress roundsTo(BenchContext ctx) {
        long t0 = System.nanoTime();
        return new SuffixArrayBuilder.Progress() {
            @Override
            public void report(double fraction) {
            }

            @Override
            public void round(int round, long prefix, long unsorted) {
                ctx.progress(String.format(Locale.ROOT, "sa:   round %d at %.1f s: sorted by %d symbols, %d unsorted",
                        round, (System.nanoTime() - t0) / 1e9, prefix, unsorted));
            }
        };
    }

    /**
     * @param processors the host's processors
     * @return the thread counts of the {@code sais-t} rows: {@link #SAIS_THREADS} up to {@code processors}, then
     *         {@code processors} itself when it is not among them (none on one processor)
     */
    static int[] saisThreads(int processors) {
        java.util.stream.IntStream.Builder t = java.util.stream.IntStream.builder();
        boolean all = false;
        for (int x : SAIS_THREADS) {
            if (x <= processors) {
                t.add(x);
                all |= x == processors;
            }
        }
        if (!all && processors > 1) {
            t.add(processors);
        }
        return t.build().toArray();
    }

    /**
     * The {@code --builders} names, checked; all of {@link #BUILDER_NAMES} but {@link #OPT_IN_BUILDERS} when none are
     * given.
     */
    private static Set<String> wantedBuilders(List<String> given) {
        Set<String> wanted = new LinkedHashSet<>();
        List<String> names = given.isEmpty()
                ? BUILDER_NAMES.stream().filter(b -> !OPT_IN_BUILDERS.contains(b)).toList() : given;
        for (String name : names) {
            String b = name.toLowerCase(Locale.ROOT);
            if (!BUILDER_NAMES.contains(b)) {
                throw new UsageException("--builders: unknown builder \"" + name + "\" (" + String.join(", ",
                        BUILDER_NAMES) + ")");
            }
            wanted.add(b);
        }
        return wanted;
    }

    /**
     * The measured inputs by label, each made when asked for: the {@code --text} files (whole, or their first n bytes
     * when {@code --size} is given), then the generated inputs of n bytes that {@code --inputs} selects.
     */
    private static Map<String, Supplier<byte[]>> inputs(BenchOptions o, int n) {
        Map<String, Supplier<byte[]>> generated = new LinkedHashMap<>();
        generated.put("dna", () -> translate(HardTexts.random(n, 4, 1), "ACGT"));
        generated.put("protein", () -> translate(HardTexts.random(n, 20, 2), "ACDEFGHIKLMNPQRSTVWY"));
        generated.putAll(HardTexts.hardGenerators(n));
        Map<String, Supplier<byte[]>> m = new LinkedHashMap<>();
        int limit = o.size().isPresent() ? n : GpuPrefixDoublingBuilder.MAX_LENGTH;
        for (BenchOptions.TextFile f : o.texts()) {
            requireReadable(f.path());
            m.put("file:" + f.label(), () -> read(f, limit));
        }
        List<String> chosen = o.inputs().orElse(List.copyOf(generated.keySet()));
        for (String label : chosen) {
            Supplier<byte[]> g = generated.get(label);
            if (g == null) {
                throw new UsageException("--inputs: unknown input \"" + label + "\" (" + String.join(", ",
                        generated.keySet()) + ", or none)");
            }
            m.put(label, g);
        }
        if (m.isEmpty()) {
            throw new UsageException("--inputs none and no --text: nothing to measure");
        }
        return m;
    }

    private static void requireReadable(Path p) {
        String name = p.getFileName() == null ? "" : p.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".xz") || name.endsWith(".zst")) {
            throw new UsageException("--text " + p + ": decompress it first (xz -dc or zstd -dc); only .gz is read"
                    + " as it is");
        }
        if (!Files.isReadable(p)) {
            throw new UsageException("--text " + p + ": no such readable file");
        }
    }

    /** The first {@code limit} bytes of the file (through gzip for {@code .gz}); longer content is cut. */
    private static byte[] read(BenchOptions.TextFile f, int limit) {
        try {
            if (!f.gzipped()) {
                try (FileChannel ch = FileChannel.open(f.path())) {
                    ByteBuffer b = ByteBuffer.allocate((int) Math.min(ch.size(), limit));
                    while (b.hasRemaining() && ch.read(b) >= 0) {
                        // reads until full or at the end
                    }
                    return b.position() == b.capacity() ? b.array() : java.util.Arrays.copyOf(b.array(), b.position());
                }
            }
            try (InputStream in = new GZIPInputStream(Files.newInputStream(f.path()), 1 << 16)) {
                return in.readNBytes(limit);
            }
        } catch (IOException e) {
            throw new UsageException("--text " + f.path() + ": " + e.getMessage());
        }
    }

    /** Maps the letters {@code a, b, ...} to the given alphabet in place; returns {@code t}. */
    private static byte[] translate(byte[] t, String alphabet) {
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) alphabet.charAt(t[i] - 'a');
        }
        return t;
    }

    private static int sigma(byte[] t) {
        boolean[] seen = new boolean[256];
        int s = 0;
        for (byte b : t) {
            if (!seen[b & 0xFF]) {
                seen[b & 0xFF] = true;
                s++;
            }
        }
        return s;
    }
}
