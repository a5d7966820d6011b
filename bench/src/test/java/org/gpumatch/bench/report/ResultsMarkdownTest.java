package org.gpumatch.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsMarkdownTest {
    @TempDir
    Path tmp;

    private void write(String device, String file, List<ResultRow> rows) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("results").resolve(device));
        StringBuilder sb = new StringBuilder(Csv.header()).append('\n');
        rows.forEach(r -> sb.append(Csv.format(r)).append('\n'));
        Files.writeString(dir.resolve(file), sb.toString());
    }

    @Test
    void showsTheLatestFullRunPerSuiteAndListsOtherRecords() throws Exception {
        write("gpu-a", "2026-01-01-exact.csv", List.of(CsvTest.row("2026-01-01T00:00:00Z", false, "old-alg",
                "resident", 4, 1.0)));
        write("gpu-a", "2026-01-02-exact.csv", List.of(CsvTest.row("2026-01-02T00:00:00Z", false, "new-alg",
                "resident", 4, 1.0)));
        write("gpu-a", "2026-01-03-exact-quick.csv", List.of(CsvTest.row("2026-01-03T00:00:00Z", true, "quick-alg",
                "resident", 4, 1.0)));
        Files.writeString(tmp.resolve("results/gpu-a/2025-12-31-tuning.txt"), "old notes");
        Files.writeString(tmp.resolve("results/gpu-a/2026-01-02-exact-sigma8.png"), "png");

        Path md = ResultsMarkdown.regenerate(tmp.resolve("results")).orElseThrow();

        assertThat(md).isEqualTo(tmp.resolve("RESULTS.md").toAbsolutePath().normalize());
        String text = Files.readString(md);
        assertThat(text).contains("new-alg").doesNotContain("old-alg").doesNotContain("quick-alg")
                .contains("[2025-12-31-tuning.txt](results/gpu-a/2025-12-31-tuning.txt)")
                .contains("](results/gpu-a/2026-01-02-exact-sigma8.png)")
                .contains("([CSV](results/gpu-a/2026-01-02-exact.csv))");
    }

    @Test
    void aQuickRunIsShownWhenThereIsNoFullOne() throws Exception {
        write("cpu-b", "2026-01-03-exact-quick.csv", List.of(CsvTest.row("2026-01-03T00:00:00Z", true, "quick-alg",
                "resident", 4, 1.0)));
        String text = Files.readString(ResultsMarkdown.regenerate(tmp.resolve("results")).orElseThrow());
        assertThat(text).contains("### exact (quick)").contains("quick-alg");
    }

    @Test
    void noDeviceFoldersMeansNoFile() throws Exception {
        Files.createDirectories(tmp.resolve("results"));
        assertThat(ResultsMarkdown.regenerate(tmp.resolve("results"))).isEmpty();
        assertThat(ResultsMarkdown.regenerate(tmp.resolve("missing"))).isEmpty();
    }
}
