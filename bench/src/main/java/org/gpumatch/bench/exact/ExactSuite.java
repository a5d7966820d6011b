package org.gpumatch.bench.exact;

import java.io.IOException;
import java.util.Locale;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.Suite;
import org.gpumatch.bench.ceiling.CeilingSuite;
import org.gpumatch.bench.ceiling.Ceilings;
import org.gpumatch.bench.report.ResultsMarkdown;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;

/**
 * {@code bench exact}: the SPAA 2016 paper's Tables 2-4 for this device, and with {@code --text} the real-text rows of
 * its Tables 5-7. After the ceilings, for each sigma (random text over 2^sigma symbols, fixed seed; see
 * {@link ExactGrid}; none with {@code --sigma none}) and then each {@code --text} file (.gz read through gzip): every device
 * algorithm resident and one-shot, the CPU peers single-threaded and on all cores, and grep/rg when on the PATH; each
 * count validated against the naive oracle (a mismatch aborts the run); a table printed, a plot drawn, rows appended
 * to the run's CSV. Ends by regenerating RESULTS.md.
 *
 * <p>In pieces: the full grid (sigma 1..8, n = 2^30) takes longer than one 10-minute command on a GPU host; run it
 * as several commands on the same UTC day, e.g. {@code --sigma 1,2,3,4} then {@code --sigma 5,6,7,8} then
 * {@code --sigma none --text dna=...,protein=...}: each writes its own CSV, and RESULTS.md merges the CSVs of a
 * suite's latest day (see {@link ResultsMarkdown}).
 *
 * <p>Memory: about {@link ExactGrid#heapNeeded} bytes of Java heap (3.5 GiB for the full n = 2^30); when the heap is
 * smaller, n is halved until it fits, with a notice. Time on an H200 host: minutes, most of it CPU peers and the
 * oracle.
 */
public final class ExactSuite implements Suite {
    private final MatcherSource source;

    /** The suite with this build's matchers. */
    public ExactSuite() {
        this(MatcherSource.standard());
    }

    /** The suite with the given matchers (tests inject faulty ones). */
    public ExactSuite(MatcherSource source) {
        this.source = source;
    }

    @Override
    public String name() {
        return "exact";
    }

    @Override
    public void run(BenchContext ctx) throws IOException {
        ExactGrid grid = ExactGrid.of(ctx.options());
        ctx.options().texts().forEach(t -> requireReadable(t.path()));
        if (grid.sigmas().isEmpty() && ctx.options().texts().isEmpty()) {
            throw new org.gpumatch.bench.UsageException("--sigma none measures only --text files, and none was given");
        }
        int n = grid.sigmas().isEmpty() ? grid.n() : fitToHeap(ctx, grid.n(), grid.cpuBytes());
        RowFactory rows = new RowFactory(ctx.info(), name(), ctx.options().quick());
        try (RunRecord record = RunRecord.create(ctx.options().out(), ctx.info(), name(), ctx.options().quick())) {
            Ceilings ceilings = CeilingSuite.measure(ctx, rows, record);
            for (int sigma : grid.sigmas()) {
                ctx.progress("random text sigma=" + sigma + ": generating " + n + " bytes");
                new ExactInputBench(ctx, grid, source, rows, record, ceilings).run(ExactInput.random(n, sigma));
            }
            for (var text : ctx.options().texts()) {
                int max = ctx.options().quick() ? grid.n() : Integer.MAX_VALUE - 64;
                ctx.progress("real text " + text.label() + ": reading " + text.path());
                ExactInput file = ExactInput.file(text, max);
                new ExactInputBench(ctx, grid, source, rows, record, ceilings).run(file);
            }
            ctx.out().println();
            ctx.out().println("results: " + record.csv());
        }
        ResultsMarkdown.regenerate(ctx.options().out()).ifPresent(p -> ctx.progress("updated " + p));
    }

    private static void requireReadable(java.nio.file.Path file) {
        if (!java.nio.file.Files.isRegularFile(file) || !java.nio.file.Files.isReadable(file)) {
            throw new org.gpumatch.bench.UsageException("cannot read --text " + file + ": not a readable file");
        }
    }

    /** n, halved until the inputs fit the Java heap (never below 1 MiB). */
    static int fitToHeap(BenchContext ctx, int n, int cpuBytes) {
        long heap = Runtime.getRuntime().maxMemory();
        int fitted = n;
        while (fitted > (1 << 20) && ExactGrid.heapNeeded(fitted, cpuBytes) > heap) {
            fitted /= 2;
        }
        if (fitted < n) {
            ctx.progress(String.format(Locale.ROOT, "n lowered from %d to %d bytes: the Java heap (%d MiB) is too "
                    + "small for more; run with -Xmx%dg for the full size", n, fitted, heap >> 20,
                    (ExactGrid.heapNeeded(n, cpuBytes) >> 30) + 1));
        }
        return fitted;
    }
}
