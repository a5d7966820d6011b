package org.gpumatch.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpumatch.bench.report.ReportRows.ceiling;
import static org.gpumatch.bench.report.ReportRows.row;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A grid measured in pieces (several CSVs of one day) reads as one run in RESULTS.md, with its crossover table. */
class ResultsMergeTest {
    @TempDir
    Path tmp;

    private void write(String file, List<ResultRow> rows) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("results").resolve("gpu-a"));
        StringBuilder sb = new StringBuilder(Csv.header()).append('\n');
        rows.forEach(r -> sb.append(Csv.format(r)).append('\n'));
        Files.writeString(dir.resolve(file), sb.toString());
    }

    @Test
    void laterRowsReplaceEarlierOnesOfTheSameCellAndOthersStay() {
        String d1 = "2026-11-22T01:00:00Z";
        String d2 = "2026-11-22T02:00:00Z";
        List<ResultRow> merged = ResultsMarkdown.merge(List.of(
                List.of(ceiling(d1, "read-ceiling", 4000), row(d1, "drk-2s", "resident", "random", 1, 4, 1, 2),
                        row(d1, "hrk", "resident", "random", 1, 4, 100, 100)),
                List.of(ceiling(d2, "read-ceiling", 4100), row(d2, "drk-2s", "resident", "random", 1, 4, 0.5, 1),
                        row(d2, "drk-2s", "resident", "random", 5, 4, 0.5, 1))));
        assertThat(merged).extracting(r -> r.algorithm() + "/" + r.sigma() + "/" + r.date()).containsExactly(
                "read-ceiling/-1/" + d2, "drk-2s/1/" + d2, "hrk/1/" + d1, "drk-2s/5/" + d2);
    }

    @Test
    void rowsOfAnotherTextSizeAreKeptBesideEachOther() {
        String d1 = "2026-11-22T01:00:00Z";
        String d2 = "2026-11-22T02:00:00Z";
        ResultRow big = row(d1, "multi-fused k=1000", "resident", "english", 8, 64, 1, 2);
        ResultRow small = withN(row(d2, "multi-fused k=1000", "resident", "english", 8, 64, 0.5, 1), 1L << 28);
        ResultRow smaller = withN(row(d2, "multi-fused k=1000", "resident", "english", 8, 64, 0.2, 1), 1L << 22);
        List<ResultRow> merged = ResultsMarkdown.merge(List.of(List.of(big), List.of(small, smaller)));
        assertThat(merged).extracting(ResultRow::n).containsExactly(big.n(), 1L << 28, 1L << 22);
    }

    private static ResultRow withN(ResultRow r, long n) {
        return new ResultRow(r.device(), r.driver(), r.jdk(), r.aparapi(), r.host(), r.date(), r.suite(), r.quick(),
                r.algorithm(), r.mode(), r.text(), n, r.m(), r.sigma(), r.matches(), r.reps(), r.deviceMedianMs(),
                r.deviceMinMs(), r.deviceMaxMs(), r.wallMedianMs(), r.wallMinMs(), r.wallMaxMs(), r.deviceGbps(),
                r.wallGbps(), r.ratioToReadCeiling(), r.note());
    }

    @Test
    void piecesOfOneDayAreMergedAndTheCrossoverIsWritten() throws Exception {
        write("2026-11-21-exact.csv", List.of(ceiling("2026-11-21T01:00:00Z", "read-ceiling", 3000),
                row("2026-11-21T01:00:00Z", "stale-alg", "resident", "random", 1, 4, 1, 2)));
        String a = "2026-11-22T01:00:00Z";
        write("2026-11-22-exact.csv", List.of(ceiling(a, "read-ceiling", 4000), ceiling(a, "first-upload", 1.2),
                row(a, "drk-wom-32", "resident", "random", 1, 4, 0.5, 0.8),
                row(a, "drk-2s", "resident", "random", 1, 4, 0.4, 1.0),
                row(a, "drk-2s", "resident", "random", 1, 64, 0.4, 1.0)));
        String b = "2026-11-22T01:20:00Z";
        write("2026-11-22-exact-2.csv", List.of(ceiling(b, "read-ceiling", 4100),
                row(b, "drk-wom-32", "resident", "random", 5, 4, 0.5, 0.8),
                row(b, "drk-2s", "resident", "random", 5, 4, 0.45, 1.0)));
        String c = "2026-11-22T01:40:00Z";
        write("2026-11-22-exact-3.csv", List.of(ceiling(c, "read-ceiling", 4050),
                row(c, "drk-2s", "resident", "file:dna", 2, 4, 0.01, 0.05),
                row(c, "horspool", "cpu-all", "file:dna", 2, 4, Double.NaN, 0.5)));

        Path md = ResultsMarkdown.regenerate(tmp.resolve("results")).orElseThrow();
        String text = Files.readString(md);

        assertThat(text).contains("### exact, 2026-11-22, 3 runs merged ([01:00:00Z](results/gpu-a/2026-11-22-exact.csv)"
                + ", [01:20:00Z](results/gpu-a/2026-11-22-exact-2.csv), [01:40:00Z](results/gpu-a/2026-11-22-exact-3.csv)")
                .doesNotContain("stale-alg")
                .contains("#### sigma = 1, random text", "#### sigma = 5, random text", "#### sigma = 2, file:dna")
                .contains("| read-ceiling | 1000000000 B | 4050.0 GB/s |")
                .contains("the paper's Figure 3c", "| random, sigma = 1 | drk-2s 2500 (+25%) | drk-2s 2500 |",
                        "| random, sigma = 5 | drk-2s 2222 (+11%) | - |")
                .contains("Tables 5-7", "| **speedup** | gpu/cpu | device | 50.0x |")
                .contains("[crossover CSV](results/gpu-a/2026-11-22-exact-crossover.csv)")
                .doesNotContain("Other records");
        List<String> crossover = Files.readAllLines(tmp.resolve("results/gpu-a/2026-11-22-exact-crossover.csv"));
        assertThat(crossover).hasSize(5).first().isEqualTo(String.join(",", Crossover.HEADER));
        assertThat(crossover).contains("random,5,4,1000000000,drk-2s,2222,drk-wom-32,2000,drk-wom-32,1250,drk-2s,1000,2",
                "file:dna,2,4,1000000000,drk-2s,100000,,,drk-2s,20000,,,1");
    }
}
