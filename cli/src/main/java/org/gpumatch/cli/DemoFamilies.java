package org.gpumatch.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.gpumatch.aparapi.multi.MultiPatternPlanner;
import org.gpumatch.aparapi.multi.MultiWorkload;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.cpu.CpuMatcher;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.checker.Verdict;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.gpu.KMismatchMatchers;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.suffixarray.gpu.SuffixArrayBuilders;
import org.gpumatch.suffixarray.SuffixArraySearch;

/**
 * The demo's rows for the families other than exact matching, one each, on the demo text and checked against a CPU
 * reference: multi-pattern (the demo's patterns at once, planned as {@code count --patterns-file} plans them),
 * k-mismatch (the planted motif with up to {@value #K} mismatches, planned as {@code kmismatch -a auto}), and the
 * suffix array (built as {@code sa build -a auto} builds it on the first {@value #SA_BYTES} bytes, verified by the
 * checker, then searched for the motif). Cost: one pass of each family over the text; the suffix array 5 bytes per
 * byte of its sample.
 */
final class DemoFamilies {
    /** Mismatches the k-mismatch row allows. */
    static final int K = 1;
    /** The text the suffix array row builds on: the first this many bytes (the whole text when smaller). */
    static final int SA_BYTES = 2 << 20;
    private static final String ROW = "%-10s %2s  %-12s %-12s %10d %11s %7s  %s%n";

    private DemoFamilies() {
    }

    /** Prints the rows to {@code out}; adds a line to {@code disagreements} for each family that disagrees. */
    static void run(Text text, List<String> patterns, ComputeDevice dev, String deviceOption, String where,
                    PrintStream out, List<String> disagreements) {
        CpuMatcher cpu = new CpuMatcher();
        multiPattern(text, patterns, dev, where, out, disagreements, cpu);
        kMismatch(text, dev, where, out, disagreements);
        suffixArray(text, deviceOption, where, out, disagreements, cpu);
        out.flush();
    }

    private static void multiPattern(Text text, List<String> patterns, ComputeDevice dev, String where,
                                     PrintStream out, List<String> disagreements, CpuMatcher cpu) {
        PatternSet set = PatternSet.utf8(patterns.toArray(new String[0]));
        MultiPatternPlanner.Choice choice = MultiPatternPlanner.choose("auto", dev,
                MultiWorkload.of(text.length(), set, MultiWorkload.Start.NEW_PROCESS));
        try (MultiPatternMatcher matcher = choice.matcher()) {
            long t0 = System.nanoTime();
            long[] counts = matcher.count(text, set);
            long time = System.nanoTime() - t0;
            long total = 0;
            for (int i = 0; i < set.size(); i++) {
                long expected = cpu.count(text, Pattern.of(set.bytes(i)));
                if (counts[i] != expected) {
                    disagreements.add("multi-pattern " + matcher.name() + ": pattern " + i + " counted " + counts[i]
                            + ", cpu " + expected);
                }
                total += counts[i];
            }
            out.printf(Locale.ROOT, ROW, set.size() + " pats", set.shortest() + "-" + set.longest(), matcher.name(),
                    matcher.name().equals("multi-cpu") ? "CPU (Java)" : where, total, Units.millis(time),
                    Units.gbPerSecond(text.length(), time), "multi-pattern, all at once (incl. compile)");
        }
    }

    private static void kMismatch(Text text, ComputeDevice dev, String where, PrintStream out,
                                  List<String> disagreements) {
        Pattern motif = Pattern.utf8(DemoText.MOTIF);
        try (KMismatchMatcher matcher = KMismatchMatchers.create(KMismatchVariant.AUTO, dev);
             KMismatchMatcher reference = KMismatchMatchers.create(KMismatchVariant.CPU, ComputeDevice.JAVA_THREADS)) {
            long t0 = System.nanoTime();
            long count = matcher.count(text, motif, K);
            long time = System.nanoTime() - t0;
            long expected = reference.count(text, motif, K);
            if (count != expected) {
                disagreements.add("k-mismatch " + matcher.name() + " counted " + count + ", cpu " + expected);
            }
            out.printf(Locale.ROOT, ROW, "\"" + DemoText.MOTIF + "\"", Integer.toString(motif.length()),
                    "kmm " + matcher.name(), dev.isOpenCL() ? where : "CPU (Java)", count, Units.millis(time),
                    Units.gbPerSecond(text.length(), time), "k-mismatch, k = " + K + " (incl. compile)");
        }
    }

    private static void suffixArray(Text text, String deviceOption, String where, PrintStream out,
                                    List<String> disagreements,
                                    CpuMatcher cpu) {
        byte[] sample = Arrays.copyOf(text.bytes(), Math.min(text.length(), SA_BYTES));
        long t0 = System.nanoTime();
        SuffixArrayBuilders.Built built;
        try (SuffixArrayBuilders.Choice choice = SuffixArrayBuilders.choose(SuffixArrayBuilders.Algorithm.AUTO,
                ExactSearch.devicePolicy(deviceOption), sample.length)) {
            built = choice.build(sample, org.gpumatch.suffixarray.SuffixArrayBuilder.Progress.NONE, notice -> { });
        }
        long time = System.nanoTime() - t0;
        Verdict verdict = SuffixArrayChecker.parallel().check(sample, built.sa());
        if (!verdict.isOk()) {
            disagreements.add("suffix array " + built.builder().name() + ": " + verdict.line());
        }
        byte[] motif = DemoText.MOTIF.getBytes(StandardCharsets.US_ASCII);
        long count = new SuffixArraySearch(sample, built.sa()).count(motif);
        long expected = cpu.count(Text.wrap(sample), Pattern.of(motif));
        if (count != expected) {
            disagreements.add("suffix array search counted " + count + ", cpu " + expected);
        }
        out.printf(Locale.ROOT, ROW, "\"" + DemoText.MOTIF + "\"", Integer.toString(motif.length),
                "sa " + built.builder().name(), built.builder().peakDeviceBytes(sample.length) > 0 ? where : "CPU (Java)", count, Units.millis(time),
                Units.gbPerSecond(sample.length, time), "suffix array of the first " + Units.bytes(sample.length)
                        + ": built, checked " + (verdict.isOk() ? "OK" : "FAIL") + ", searched");
    }
}
