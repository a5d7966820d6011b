package org.gpumatch.bench.sa;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
import org.gpumatch.suffixarray.GpuPrefixDoublingBuilder;
import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.CpuSuffixArrayBuilder;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArrayBuilder;

/**
 * {@code bench sa}: suffix array construction time and MB/s per builder and input, one CSV row each (the common
 * result columns; algorithm = builder name, mode {@code gpu}, {@code cpu-1t} (SA-IS is sequential) or {@code native},
 * m = -1, sigma = distinct bytes; the GPU rows' note gives the peak device bytes per character and the rounds).
 *
 * <p>Inputs at {@code --size} bytes (default 64 MiB, quick 1 MiB): the {@code --text} files (cut to that size), random
 * DNA and protein texts, and the hard inputs of {@link HardTexts}. Builders: {@link SaisBuilder} (one thread),
 * {@link CpuSuffixArrayBuilder} on all cores (mode {@code cpu-all}) and, when
 * {@code bench/native/build-sufcheck.sh} has built {@code bench/target/native/sufcheck-bench}, libdivsufsort through
 * {@link NativeSuffixArrayBuilder}, and {@link GpuPrefixDoublingBuilder} on the {@code --device} (its kernel compiled
 * by a warm-up build before the timed ones). Every built array is
 * verified by the parallel checker (a wrong one aborts the run). Repetitions: {@code --reps} (default 3, quick 1).
 * Memory: the text, the result and the builder's working memory (13 bytes per text byte for SA-IS; about 21 on the
 * host and 22.3 on the device for the GPU builder).
 */
public final class SaSuite implements Suite {
    private static final long FULL_BYTES = 64L << 20;
    private static final long QUICK_BYTES = 1L << 20;

    @Override
    public String name() {
        return "sa";
    }

    /**
     * The builders measured: the GPU prefix doubling on {@code gpu} (warmed up), the CPU SA-IS, the all-core CPU
     * builder, plus libdivsufsort when
     * its helper is built.
     */
    static List<SuffixArrayBuilder> builders(GpuPrefixDoublingBuilder gpu) {
        List<SuffixArrayBuilder> b = new ArrayList<>();
        b.add(gpu);
        b.add(new SaisBuilder());
        b.add(CpuSuffixArrayBuilder.allCores());
        NativeSuffixArrayBuilder.find().ifPresent(b::add);
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
        RowFactory rows = new RowFactory(ctx.info(), name(), o.quick());
        try (RunRecord record = RunRecord.create(o.out(), ctx.info(), name(), o.quick());
             GpuPrefixDoublingBuilder gpu = new GpuPrefixDoublingBuilder(ctx.device())) {
            gpu.build(HardTexts.random(1 << 16, 4, 3)); // compiles the kernel outside the timed builds
            List<SuffixArrayBuilder> builders = builders(gpu);
            for (Map.Entry<String, byte[]> in : inputs(o, n).entrySet()) {
                byte[] text = in.getValue();
                for (SuffixArrayBuilder b : builders) {
                    if (b == gpu && gpu.peakDeviceBytes(text.length) > gpu.device().globalMemBytes()) {
                        ctx.progress("sa: " + in.getKey() + " does not fit " + gpu.device().describe() + "; no GPU row");
                        continue;
                    }
                    ctx.progress("sa: " + b.name() + " on " + in.getKey() + " (" + text.length + " bytes)");
                    long[] nanos = new long[reps];
                    for (int r = 0; r < reps; r++) {
                        long t0 = System.nanoTime();
                        int[] sa = b.build(text);
                        nanos[r] = b instanceof NativeSuffixArrayBuilder nb ? nb.lastNanos() : System.nanoTime() - t0;
                        Verdict v = SuffixArrayChecker.parallel().check(text, sa);
                        if (!v.isOk()) {
                            throw new ValidationException("sa: " + b.name() + " on " + in.getKey() + ": " + v.line());
                        }
                    }
                    Samples wall = Samples.of(nanos);
                    String mode = b == gpu ? "gpu" : b instanceof NativeSuffixArrayBuilder ? "native"
                            : b instanceof CpuSuffixArrayBuilder ? "cpu-all" : "cpu-1t";
                    String gpuNote = b != gpu ? "" : String.format(Locale.ROOT,
                            "; peak device %.1f bytes/char; %d rounds (%d radix-sorted)",
                            (double) gpu.peakDeviceBytes(text.length) / Math.max(1, text.length), gpu.lastRounds(),
                            gpu.lastLargeRounds());
                    record.add(rows.row(b.name(), mode, in.getKey(), text.length, -1, sigma(text), -1, null, wall,
                            "wall time of the build (host transfers included); checked by the parallel checker"
                                    + gpuNote));
                    ctx.out().printf(Locale.ROOT, "%-20s %-20s %12d bytes  %9.1f ms  %8.1f MB/s%s%n", b.name(),
                            in.getKey(), text.length, wall.median() / 1e6, text.length * 1e3 / wall.median(),
                            gpuNote);
                }
            }
            ctx.out().println("results: " + record.csv());
        }
        ResultsMarkdown.regenerate(o.out()).ifPresent(p -> ctx.progress("updated " + p));
    }

    /** The measured inputs by label, each about n bytes. */
    private static Map<String, byte[]> inputs(BenchOptions o, int n) throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        for (BenchOptions.TextFile f : o.texts()) {
            byte[] all = Files.readAllBytes(f.path());
            m.put("file:" + f.label(), all.length > n ? java.util.Arrays.copyOf(all, n) : all);
        }
        m.put("dna", HardTexts.random(n, 4, 1));
        translate(m.get("dna"), "ACGT");
        m.put("protein", HardTexts.random(n, 20, 2));
        translate(m.get("protein"), "ACDEFGHIKLMNPQRSTVWY");
        HardTexts.hard(n).forEach((k, v) -> m.put(k, v));
        return m;
    }

    /** Maps the letters {@code a, b, ...} to the given alphabet in place. */
    private static void translate(byte[] t, String alphabet) {
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) alphabet.charAt(t[i] - 'a');
        }
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
