package org.gpumatch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.gpumatch.api.conformance.RealCorpora;
import org.gpumatch.bench.exact.CpuCount;
import org.gpumatch.bench.exact.PatternPicker;
import org.gpumatch.bench.report.Csv;
import org.gpumatch.bench.report.ResultRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exact suite on the OpenCL test device (PoCL in CI) run as the GPU host runs it: the random grid in pieces
 * ({@code --sigma 1}, then {@code --sigma 2}) and the real texts alone ({@code --sigma none --text NAME=FILE.gz}),
 * merged into one RESULTS.md section with the crossover table and the Tables 5-7 layout. Small sizes; nothing here
 * asserts on time.
 */
class ExactPiecesTest {
    @TempDir
    Path tmp;

    private static List<ResultRow> rows(Path csv) throws Exception {
        return Csv.parse(Files.readAllLines(csv));
    }

    @Test
    void piecesAndRealTextsMergeIntoOneSection() throws Exception {
        Path results = tmp.resolve("results");
        String device = BenchCliTest.deviceArg();
        String[] common = {"--quick", "--size", "64k", "--device", device, "--out", results.toString(), "--m", "4,16",
            "--algorithms", "drk-2s", "--reps", "2"};
        BenchCliTest.Run first = BenchCliTest.bench(concat(new String[] {"exact", "--sigma", "1", "--modes",
            "resident"}, common));
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.err()).containsPattern("random sigma=1: drk-2s resident \\[\\d+ s]");
        BenchCliTest.Run second = BenchCliTest.bench(concat(new String[] {"exact", "--sigma", "2", "--modes",
            "resident"}, common));
        assertThat(second.exit()).as(second.err()).isZero();

        byte[] dna = RealCorpora.load("dna").bytes();
        Path gz = tmp.resolve("dna.txt.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(dna);
        }
        BenchCliTest.Run real = BenchCliTest.bench(concat(new String[] {"exact", "--sigma", "none", "--text",
            "dna=" + gz, "--modes", "resident,cpu-all"}, common));
        assertThat(real.exit()).as(real.err()).isZero();
        assertThat(real.out()).contains("sigma = 2, file:dna, n = 65536", "time per query (ms)", "speedup");

        List<Path> csvs;
        try (Stream<Path> s = Files.walk(results)) {
            csvs = s.filter(p -> p.getFileName().toString().matches("\\d{4}-\\d\\d-\\d\\d-exact-quick(-\\d)?\\.csv"))
                    .sorted().toList();
        }
        assertThat(csvs).hasSize(3);
        List<ResultRow> realRows = new java.util.ArrayList<>();
        for (Path csv : csvs) {
            List<ResultRow> measured = rows(csv).stream().filter(r -> !r.mode().equals("ceiling")).toList();
            if (measured.stream().anyMatch(r -> !r.text().equals("random"))) {
                realRows.addAll(measured);
            }
        }
        byte[] text = java.util.Arrays.copyOf(dna, 65536);
        assertThat(realRows).isNotEmpty().allSatisfy(r -> {
            assertThat(r.text()).isEqualTo("file:dna");
            assertThat(r.sigma()).isEqualTo(2);
            assertThat(r.n()).isEqualTo(65536);
            assertThat(r.matches()).isEqualTo(CpuCount.count(text, PatternPicker.pick(text, r.m(), PatternPicker.SEED)));
            assertThat(r.note()).contains("file dna.txt.gz (gzip)");
        });
        assertThat(realRows).extracting(ResultRow::mode).contains("resident", "cpu-all").doesNotContain("oneshot",
                "cpu-1t");

        String md = Files.readString(tmp.resolve("RESULTS.md"));
        assertThat(md).contains("3 runs merged", "#### sigma = 1, random text", "#### sigma = 2, random text",
                "#### sigma = 2, file:dna", "the paper's Figure 3c", "| random, sigma = 1 | drk-2s",
                "| file:dna (sigma 2) | drk-2s", "Tables 5-7");
        try (Stream<Path> s = Files.walk(results)) {
            assertThat(s.map(p -> p.getFileName().toString())).anyMatch(f -> f.endsWith("-exact-quick-crossover.csv"));
        }
    }

    @Test
    void sigmaNoneWithoutTextsIsAUsageError() {
        BenchCliTest.Run r = BenchCliTest.bench("exact", "--quick", "--sigma", "none", "--device",
                BenchCliTest.deviceArg(), "--out", tmp.resolve("r").toString());
        assertThat(r.exit()).isEqualTo(BenchCli.USAGE);
        assertThat(r.err()).contains("--sigma none measures only --text files").hasLineCount(1);
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
