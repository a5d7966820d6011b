package org.gpumatch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gpumatch.bench.report.ResultRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench sa --quick} end to end on small inputs: one checked row per builder and input. */
class SaSuiteTest {
    @TempDir
    Path tmp;

    @Test
    void quickRunRecordsOneRowPerInput() throws Exception {
        Path results = tmp.resolve("results");
        Path text = tmp.resolve("real.txt");
        Files.writeString(text, "the quick brown fox jumps over the lazy dog\n".repeat(500));
        BenchCliTest.Run r = BenchCliTest.bench("sa", "--quick", "--size", "64k", "--device",
                BenchCliTest.deviceArg(), "--out", results.toString(), "--text", "fox=" + text);
        assertThat(r.exit()).as(r.err()).isZero();
        List<ResultRow> rows = BenchCliTest.onlyCsv(results);
        assertThat(rows).extracting(ResultRow::text).contains("file:fox", "dna", "protein", "fibonacci",
                "repeated 0x00", "thue-morse");
        assertThat(rows).filteredOn(x -> x.algorithm().equals("sais-cpu")).hasSize(13);
        assertThat(r.out()).contains("MB/s");
    }
}
