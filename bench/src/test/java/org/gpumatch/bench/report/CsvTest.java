package org.gpumatch.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {
    static ResultRow row(String date, boolean quick, String alg, String mode, int m, double devMs) {
        return new ResultRow("OpenCL GPU \"X\", rev 2", "OpenCL 3.0, CUDA", "jdk", "3.0.2", "cpu x 2 threads", date,
                "exact", quick, alg, mode, "random", 1000, m, 8, 5, 3, devMs, devMs, devMs, 2.0, 1.5, 3.0,
                Double.isNaN(devMs) ? Double.NaN : 1000 / (devMs * 1e6), 1000 / 2e6, 0.5, "a note, with a comma");
    }

    @Test
    void rowsSurviveARoundTripWithQuotesCommasAndMissingValues() {
        ResultRow a = row("2026-01-01T00:00:00Z", false, "drk-wom-64", "resident", 4, 1.25);
        ResultRow b = new ResultRow("d", "v", "j", "a", "h", "t", "ceiling", true, "empty-launch", "ceiling", "-", 0,
                -1, -1, -1, 7, Double.NaN, Double.NaN, Double.NaN, 0.04, 0.03, 0.05, Double.NaN, Double.NaN,
                Double.NaN, "");
        List<ResultRow> back = Csv.parse(List.of(Csv.header(), Csv.format(a), Csv.format(b)));
        assertThat(back).hasSize(2);
        assertThat(back.get(0)).usingRecursiveComparison().withComparatorForType(
                (x, y) -> Math.abs(x - y) <= 1e-5 * Math.max(Math.abs(x), Math.abs(y)) ? 0 : 1, Double.class)
                .isEqualTo(a);
        assertThat(back.get(1).m()).isEqualTo(-1);
        assertThat(back.get(1).deviceGbps()).isNaN();
        assertThat(back.get(1).wallMedianMs()).isEqualTo(0.04);
        assertThat(Csv.split(Csv.format(a))).hasSize(Csv.HEADER.size());
    }
}
