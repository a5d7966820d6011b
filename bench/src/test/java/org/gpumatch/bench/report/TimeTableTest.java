package org.gpumatch.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpumatch.bench.report.ReportRows.row;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeTableTest {
    private static final String D = "2026-11-22T01:00:00Z";

    @Test
    void timesPerQueryAndTheSpeedupOverTheFastestCpuRow() {
        List<ResultRow> rows = List.of(
                row(D, "drk-2s", "resident", "file:dna", 2, 4, 0.075, 0.15),
                row(D, "drk-2s", "oneshot", "file:dna", 2, 4, Double.NaN, 30),
                row(D, "horspool", "cpu-1t", "file:dna", 2, 4, Double.NaN, 6),
                row(D, "horspool", "cpu-all", "file:dna", 2, 4, Double.NaN, 0.75),
                row(D, "drk-2s", "resident", "file:dna", 2, 16, 0.093, 0.2),
                row(D, "horspool", "cpu-all", "file:dna", 2, 16, Double.NaN, 0.5));
        TimeTable t = TimeTable.of("dna", rows);
        assertThat(t.ms()).containsExactly(4, 16);
        assertThat(t.lines()).extracting(l -> l.algorithm() + "/" + l.mode() + "/" + l.metric()).containsExactly(
                "drk-2s/resident/device ms", "drk-2s/resident/wall ms", "drk-2s/oneshot/wall ms",
                "horspool/cpu-1t/wall ms", "horspool/cpu-all/wall ms", "speedup/gpu/cpu/device", "speedup/gpu/cpu/wall");
        TimeTable.Line device = t.lines().get(5);
        assertThat(device.values()[0]).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(t.lines().get(6).values()[0]).isCloseTo(5.0, org.assertj.core.data.Offset.offset(1e-9));
        String md = t.toMarkdown();
        assertThat(md).contains("| drk-2s | resident | device ms | 0.0750 | 0.0930 |",
                "| horspool | cpu-1t | wall ms | 6.00 | - |", "| **speedup** | gpu/cpu | device | 10.0x | 5.4x |");
        assertThat(t.toText()).contains("speedup", "m=16");
    }

    @Test
    void millisecondsKeepThreeDigits() {
        assertThat(TimeTable.ms(123.4)).isEqualTo("123");
        assertThat(TimeTable.ms(12.34)).isEqualTo("12.3");
        assertThat(TimeTable.ms(1.234)).isEqualTo("1.23");
        assertThat(TimeTable.ms(0.0754)).isEqualTo("0.0754");
    }
}
