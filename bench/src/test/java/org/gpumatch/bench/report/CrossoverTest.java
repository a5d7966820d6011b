package org.gpumatch.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpumatch.bench.report.ReportRows.row;

import java.util.List;
import org.junit.jupiter.api.Test;

class CrossoverTest {
    private static final String D = "2026-11-22T01:00:00Z";

    private static List<ResultRow> rows() {
        return List.of(
                row(D, "drk-wom-32", "resident", "random", 2, 4, 0.5, 0.8),   // 2000 device, 1250 wall
                row(D, "drk-2s", "resident", "random", 2, 4, 0.4, 1.0),       // 2500 device, 1000 wall
                row(D, "hrk", "resident", "random", 2, 4, 100, 101),
                row(D, "drk-2s", "oneshot", "random", 2, 4, Double.NaN, 0.1), // ignored: not resident
                row(D, "indexof", "cpu-all", "random", 2, 4, Double.NaN, 0.1), // ignored
                row(D, "drk-2s", "resident", "random", 2, 64, 0.4, 0.9),
                row(D, "drk-2s", "resident", "file:dna", 2, 4, 0.01, 0.05),
                row(D, "drk-wom-32", "resident", "random", 1, 4, 0.5, 0.8));
    }

    @Test
    void eachCellNamesTheFastestByEachClockWithTheRunnerUp() {
        List<Crossover.Cell> cells = Crossover.of(rows());
        assertThat(cells).extracting(Crossover.Cell::input, Crossover.Cell::m).containsExactly(
                org.assertj.core.groups.Tuple.tuple("random, sigma = 1", 4),
                org.assertj.core.groups.Tuple.tuple("random, sigma = 2", 4),
                org.assertj.core.groups.Tuple.tuple("random, sigma = 2", 64),
                org.assertj.core.groups.Tuple.tuple("file:dna (sigma 2)", 4));
        Crossover.Cell c = cells.get(1);
        assertThat(c.algorithms()).isEqualTo(3);
        assertThat(c.device().orElseThrow().algorithm()).isEqualTo("drk-2s");
        assertThat(c.device().orElseThrow().runnerUp()).isEqualTo("drk-wom-32");
        assertThat(c.device().orElseThrow().margin()).isCloseTo(0.25, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(c.wall().orElseThrow().algorithm()).isEqualTo("drk-wom-32");
        assertThat(c.wall().orElseThrow().gbps()).isCloseTo(1250, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(cells.get(2).device().orElseThrow().runnerUp()).isEmpty();
        assertThat(cells.get(2).device().orElseThrow().margin()).isNaN();
    }

    @Test
    void rendersACsvAndTwoGrids() {
        List<Crossover.Cell> cells = Crossover.of(rows());
        List<String> csv = Crossover.toCsv(cells);
        assertThat(csv.get(0)).isEqualTo(String.join(",", Crossover.HEADER));
        assertThat(csv.get(2)).isEqualTo("random,2,4,1000000000,drk-2s,2500,drk-wom-32,2000,drk-wom-32,1250,drk-2s,"
                + "1000,3");
        assertThat(csv.get(3)).isEqualTo("random,2,64,1000000000,drk-2s,2500,,,drk-2s,1111,,,1");
        assertThat(csv).hasSize(5);
        String md = Crossover.toMarkdown(cells);
        assertThat(md).contains("By device time", "By wall time", "| input | m=4 | m=64 |",
                "| random, sigma = 2 | drk-2s 2500 (+25%) | drk-2s 2500 |",
                "| random, sigma = 1 | drk-wom-32 2000 | - |", "| file:dna (sigma 2) | drk-2s 100000 | - |");
        assertThat(Crossover.toMarkdown(List.of())).isEmpty();
        assertThat(Crossover.toMarkdown(Crossover.of(List.of(row(D, "a", "resident", "random", 8, 16, 1, 1),
                row(D, "b", "resident", "random", 8, 16, 250, 250), row(D, "a", "resident", "random", 8, 32, 1, 1),
                row(D, "b", "resident", "random", 8, 32, 3, 3))))).contains("| a 1000 (250x) | a 1000 (3.0x) |");
    }
}
