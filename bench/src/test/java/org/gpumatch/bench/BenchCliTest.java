package org.gpumatch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.bench.exact.CpuCount;
import org.gpumatch.bench.exact.PatternPicker;
import org.gpumatch.bench.exact.RandomText;
import org.gpumatch.bench.report.Csv;
import org.gpumatch.bench.report.Plots;
import org.gpumatch.bench.report.ResultRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench command end to end on the OpenCL test device (PoCL in CI), in quick mode. Nothing here asserts on time. */
class BenchCliTest {
    @TempDir
    Path tmp;

    /** The outcome of one command. */
    record Run(int exit, String out, String err) {
    }

    static Run bench(String... args) {
        return bench(BenchCli::run, args);
    }

    interface Entry {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    static Run bench(Entry entry, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = entry.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String deviceArg() {
        ComputeDevice d = TestDevices.openCl();
        return d.name();
    }

    static List<ResultRow> onlyCsv(Path results) throws Exception {
        List<Path> csvs;
        try (Stream<Path> s = Files.walk(results)) {
            csvs = s.filter(p -> p.toString().endsWith(".csv") && !p.toString().endsWith("-crossover.csv")).toList();
        }
        assertThat(csvs).hasSize(1);
        List<String> lines = Files.readAllLines(csvs.get(0));
        assertThat(lines.get(0)).isEqualTo(Csv.header());
        return Csv.parse(lines);
    }

    @Test
    void ceilingQuickRecordsTheCeilingsWithDeviceTimes() throws Exception {
        Path results = tmp.resolve("results");
        Run r = bench("ceiling", "--quick", "--device", deviceArg(), "--out", results.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("ceiling read", "ceiling host-to-device", "ceiling first upload",
                "ceiling empty launch");
        List<ResultRow> rows = onlyCsv(results);
        assertThat(rows).extracting(ResultRow::algorithm)
                .containsExactly("read-ceiling", "host-to-device", "first-upload", "empty-launch");
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.suite()).isEqualTo("ceiling");
            assertThat(row.quick()).isTrue();
            assertThat(row.wallMedianMs()).isPositive();
            assertThat(row.reps()).isPositive();
        });
        if (BenchContext.deviceTimesEnabled()) { // surefire turns profiling on; the upload's device time was NaN once
            assertThat(rows.get(1).deviceGbps()).as("host-to-device device time").isPositive();
            assertThat(rows.get(0).deviceGbps()).as("read device time").isPositive();
        }
        assertThat(tmp.resolve("RESULTS.md")).exists();
        assertThat(Files.readString(tmp.resolve("RESULTS.md"))).contains("### ceiling (quick)", "read-ceiling");
    }

    @Test
    void kmismatchQuickValidatesAndRecords() throws Exception {
        Path results = tmp.resolve("results");
        Run r = bench("kmismatch", "--quick", "--size", "64k", "--m", "32,64", "--reps", "1", "--device", deviceArg(),
                "--out", results.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("cas-offinder-style", "opt-block-thread", "bit-parallel");
        List<ResultRow> rows = onlyCsv(results);
        assertThat(rows).extracting(ResultRow::algorithm).contains("thread", "block-thread", "opt-block-thread",
                "bit-parallel", "cpu", "java-single-thread");
        assertKMismatchSweeps(rows, "random-dna");
    }

    @Test
    void kmismatchSweepsOnlyOnRealDnaRepeatsTheFilesBases() throws Exception {
        Path results = tmp.resolve("results");
        Path fasta = tmp.resolve("tiny.fa");
        Files.writeString(fasta, ">chr tiny ACGT header\nACGTTGCAacgtnnGGCATTAC\nTTAGGCCAAT\n", StandardCharsets.US_ASCII);
        Run r = bench("kmismatch", "--quick", "--sweeps-only", "--size", "64k", "--reps", "1", "--text",
                "dna=" + fasta, "--device", deviceArg(), "--out", results.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("cas-offinder-style");
        List<ResultRow> rows = onlyCsv(results).stream().filter(x -> !x.mode().equals("ceiling")).toList();
        assertThat(rows).extracting(ResultRow::algorithm).doesNotContain("thread", "java-single-thread");
        assertKMismatchSweeps(rows, "file:dna");
        assertThat(rows).allSatisfy(x -> assertThat(x.note()).contains("k=16", "ACGT of tiny.fa (30 bases)"));
    }

    /** The quick sweeps: 2 work-group sizes x 3 variants, cpu 1t (2t with 2 cores), 2 text lengths, at m = 256. */
    private static void assertKMismatchSweeps(List<ResultRow> rows, String text) {
        List<ResultRow> sweeps = rows.stream().filter(x -> x.algorithm().contains(" ")).toList();
        assertThat(sweeps).extracting(ResultRow::algorithm).contains("thread wg=64", "thread wg=256",
                "opt-block-thread wg=64", "opt-block-thread wg=256", "bit-parallel wg=64", "bit-parallel wg=256",
                "cpu 1t");
        assertThat(sweeps).allSatisfy(x -> {
            assertThat(x.m()).isEqualTo(256);
            assertThat(x.text()).isEqualTo(text);
            assertThat(x.mode()).isEqualTo("count");
        });
        List<String> lengths = sweeps.stream().map(ResultRow::algorithm).filter(a -> a.contains(" n=")).toList();
        assertThat(lengths.stream().filter(a -> a.endsWith(" n=16k"))).hasSize(3); // 2 GPU configs + cpu
        assertThat(lengths.stream().filter(a -> a.endsWith(" n=64k"))).hasSize(3);
        assertThat(lengths).anyMatch(a -> a.startsWith("cpu "));
        assertThat(sweeps.stream().filter(x -> x.algorithm().endsWith(" n=16k"))).allSatisfy(x ->
                assertThat(x.n()).isEqualTo(16 << 10));
    }

    @Test
    void primitivesQuickValidatesAndRecords() throws Exception {
        Path results = tmp.resolve("results");
        Run r = bench("primitives", "--quick", "--size", "70000", "--reps", "1", "--device", deviceArg(), "--out",
                results.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("primitives, resident", "of CUB's");
        assertThat(onlyCsv(results)).extracting(ResultRow::algorithm).contains("scan-exclusive-int",
                "select-flagged-int", "select-if-int", "histogram-256", "gather-int", "scatter-int",
                "scan-exclusive-long", "reduce-sum-long", "radix-sort-keys-u32-grid", "radix-sort-pairs-u32-u32-grid",
                "radix-sort-pairs-u64-u32-grid", "segmented-sort-2-10", "segmented-sort-1-1000",
                "segmented-sort-4-huge");
    }

    @Test
    void exactQuickValidatesRecordsPlotsAndSummarizes() throws Exception {
        Path results = tmp.resolve("results");
        // 1 MiB instead of quick's 4: the cooperative algorithms cost far more per byte on PoCL than on a GPU, and each
        // algorithm issue 5 adds lengthens this test.
        int n = 1 << 20;
        Run r = bench("exact", "--quick", "--size", "1M", "--device", deviceArg(), "--out", results.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("sigma = 1, random text", "sigma = 8, random text", "drk-wom-64", "horspool",
                "skipped drk-wom-64 m=16");
        List<ResultRow> rows = onlyCsv(results);
        Set<String> modes = rows.stream().map(ResultRow::mode).collect(Collectors.toSet());
        assertThat(modes).contains("ceiling", "resident", "oneshot", "cpu-1t", "cpu-all");
        List<Integer> ms = List.of(1, 4, 8, 16, 1024);
        for (int sigma : new int[] {1, 8}) {
            byte[] text = RandomText.generate(n, sigma, RandomText.SEED);
            for (int m : ms) {
                long expected = CpuCount.count(text, PatternPicker.pick(text, m, PatternPicker.SEED));
                List<ResultRow> cell = rows.stream().filter(x -> x.sigma() == sigma && x.m() == m).toList();
                List<String> kinds = cell.stream().filter(x -> !x.mode().equals("external"))
                        .map(x -> x.algorithm() + "/" + x.mode()).toList();
                assertThat(kinds).as("sigma %d m %d", sigma, m).contains("naive/cpu-1t", "naive/cpu-all",
                        "srk/cpu-1t", "srk/cpu-all", "horspool/cpu-1t", "horspool/cpu-all", "indexof/cpu-1t",
                        "indexof/cpu-all");
                // DRK-WOM-64 packs m symbols of the text's sigma bits into 64 bits: m <= 8 at sigma 8, more below
                if (org.gpumatch.aparapi.ExactMatchers.unsupportedReason(org.gpumatch.api.Algorithm.DRK_WOM_64, n, m,
                        sigma, TestDevices.openCl()).isEmpty()) {
                    assertThat(kinds).contains("drk-wom-64/resident");
                } else {
                    assertThat(kinds).noneMatch(k -> k.startsWith("drk-wom-64"));
                }
                if (m == 1) { // quick mode: one-shot rows for the first m each device algorithm supports
                    assertThat(kinds).contains("drk-wom-64/oneshot");
                }
                cell.stream().filter(x -> !x.mode().equals("external")).forEach(x -> {
                    assertThat(x.matches()).as(x.algorithm() + " " + x.mode()).isEqualTo(expected);
                    assertThat(x.n()).isEqualTo(n);
                    assertThat(x.wallGbps()).isPositive();
                    assertThat(x.ratioToReadCeiling()).isPositive();
                });
            }
        }
        if (BenchContext.deviceTimesEnabled()) {
            assertThat(rows).filteredOn(x -> x.mode().equals("resident")).isNotEmpty()
                    .allSatisfy(x -> assertThat(x.deviceGbps()).as("device time of " + x.algorithm()).isPositive());
        }
        if (Plots.unavailableReason().isEmpty()) {
            try (Stream<Path> s = Files.walk(results)) {
                assertThat(s.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".png")))
                        .containsExactlyInAnyOrder(rows.get(0).date().substring(0, 10) + "-exact-quick-sigma1.png",
                                rows.get(0).date().substring(0, 10) + "-exact-quick-sigma8.png");
            }
        }
        String md = Files.readString(tmp.resolve("RESULTS.md"));
        assertThat(md).contains("### exact (quick)", "#### sigma = 8, random text", "| drk-wom-64 | resident |");
    }

    @Test
    void usageErrorsExitWith2AndOneLine() {
        assertThat(bench("nosuch")).satisfies(r -> {
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err()).startsWith("bench: unknown suite nosuch").hasLineCount(1);
        });
        for (String suite : new String[] {"checker"}) {
            Run r = bench(suite, "--quick");
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err()).contains("suite " + suite + " is not implemented yet (").hasLineCount(1);
        }
        assertThat(bench("exact", "--bogus").err()).contains("unknown option --bogus");
        assertThat(bench("exact", "--reps", "x").exit()).isEqualTo(2);
        assertThat(bench("exact", "--reps").err()).contains("--reps needs a value");
        assertThat(bench("exact", "--size", "0").exit()).isEqualTo(2);
        assertThat(bench("exact", "--text", tmp.resolve("missing.txt").toString()).err())
                .contains("cannot read --text").hasLineCount(1);
        assertThat(bench("results", "--out", tmp.resolve("none").toString()).exit()).isEqualTo(2);
        assertThat(bench("--help").exit()).isZero();
        assertThat(bench().exit()).isEqualTo(2);
    }

    @Test
    void byteSizesTakeSuffixes() {
        assertThat(BenchOptions.parseBytes("64M", "--size")).isEqualTo(64L << 20);
        assertThat(BenchOptions.parseBytes("1g", "--size")).isEqualTo(1L << 30);
        assertThat(BenchOptions.parseBytes("4096", "--size")).isEqualTo(4096);
    }

    @Test
    void gridOptionsNarrowTheExactSuite() {
        BenchOptions o = BenchOptions.parse(new String[] {"exact", "--m", "1,8,64", "--sigma", "2,8", "--algorithms",
            "drk-wom-64,hrk", "--cpu-size", "16M"});
        org.gpumatch.bench.exact.ExactGrid grid = org.gpumatch.bench.exact.ExactGrid.of(o);
        assertThat(grid.ms()).containsExactly(1, 8, 64);
        assertThat(grid.sigmas()).containsExactly(2, 8);
        assertThat(grid.cpuBytes()).isEqualTo(16 << 20);
        assertThat(grid.includes(org.gpumatch.api.Algorithm.HRK)).isTrue();
        assertThat(grid.includes(org.gpumatch.api.Algorithm.CRK)).isFalse();
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> BenchOptions.parse(
                new String[] {"exact", "--algorithms", "nope"}))).isInstanceOf(UsageException.class)
                .hasMessageContaining("nope");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> BenchOptions.parse(
                new String[] {"exact", "--sigma", "9"}))).isInstanceOf(UsageException.class);
    }
}
