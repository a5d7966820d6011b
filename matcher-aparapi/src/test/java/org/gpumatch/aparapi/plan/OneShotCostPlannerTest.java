package org.gpumatch.aparapi.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.gpumatch.api.Algorithm;
import org.junit.jupiter.api.Test;

/** The overlapped estimate of a one-shot searchd device search, from tables alone. */
class OneShotCostPlannerTest {
    private static final long GIB = 1L << 30;
    private static final CostPlanner.Capability ANY = (a, n, m, sigma) -> Optional.empty();

    private static CostPlan plan(Calibration c, CostPlanner.OneShotShape p, Workload w) {
        return new CostPlanner(c, ANY, "test device", Algorithm.CPU).withOneShot(p).plan(w);
    }

    @Test
    void overlappedTotalIsTheFirstChunkPlusTheSlowestStagePerChunk() {
        // round rates: read 1 GB/s and pack 2 GB/s per thread, copy 1 GB/s, first upload 0.5 GB/s, compile 10 ms
        Calibration c = new Calibration("round", CrossoverTable.H200, 1e9, 1e9, 1e9, 2e9, 1e9, 0.5e9, 10_000_000L, 0,
                Map.of(Algorithm.DRK_2S, 1e12));
        CostPlanner.OneShotShape p = new CostPlanner.OneShotShape(1_000_000, 2, 4);
        Estimate e = plan(c, p, Workload.oneShotOverlapped(10_000_000, 8, 8)).estimates().stream()
                .filter(Estimate::onDevice).findFirst().orElseThrow();
        Estimate.Overlap o = e.overlap();
        assertThat(o.chunks()).isEqualTo(10);
        // chunk of 1 MB: read 0.25 ms, pack 0.125 ms, upload 1 ms, search 1 us; the compile hides all but 9.625 ms
        assertThat(o.firstChunkNanos()).isEqualTo(10_000_000L + 2_000_000L + 1_000L);
        assertThat(o.bottleneckNanos()).isEqualTo(1_000_000L);
        assertThat(o.stage()).isEqualTo("upload");
        assertThat(o.newBufferNanos()).isEqualTo(1_000_000L); // the second lane's first upload: 2 ms instead of 1
        assertThat(o.compileExposedNanos()).isEqualTo(9_625_000L);
        assertThat(e.totalNanos()).isEqualTo(12_001_000L + 9 * 1_000_000L + 1_000_000L);
        assertThat(e.describe()).contains("overlapped").contains("upload bound");
        // the same search stage after stage costs the sum
        Estimate serial = plan(c, p, Workload.oneShotFile(10_000_000, 8, 8)).estimates().stream()
                .filter(Estimate::onDevice).findFirst().orElseThrow();
        assertThat(serial.overlap()).isNull();
        assertThat(serial.totalNanos()).isGreaterThan(e.totalNanos());
    }

    @Test
    void dnaUploadsAQuarterSoTheHostBecomesTheBottleneck() {
        Calibration h100 = Calibration.h100(16);
        CostPlanner.OneShotShape p = new CostPlanner.OneShotShape(8 << 20, 2, 16);
        // the device candidates (at 1 GiB the CPU matcher's in-place search still wins on this host)
        Estimate bytes = plan(h100, p, Workload.oneShotOverlapped(GIB, 64, 8)).estimates().stream()
                .filter(Estimate::onDevice).findFirst().orElseThrow();
        Estimate dna = plan(h100, p, Workload.oneShotOverlapped(GIB, 64, 2)).estimates().stream()
                .filter(Estimate::onDevice).findFirst().orElseThrow();
        assertThat(bytes.overlap().stage()).isEqualTo("upload");
        assertThat(dna.overlap().stage()).isIn("read", "pack");
        assertThat(dna.overlap().chunks()).isEqualTo(bytes.overlap().chunks() / 4);
        assertThat(dna.totalNanos()).isLessThan(bytes.totalNanos());
        // 1 GiB of bytes: at least the copy at 6.97 GB/s, at most that plus the compile and the first uploads
        long copy = (long) (GIB / 6.97);
        assertThat(bytes.totalNanos()).isBetween(copy, copy + 250_000_000L + 20_000_000L);
    }

    @Test
    void onlyOneQueryOfAFileIsOverlapped() {
        assertThatThrownBy(() -> new Workload(1, 1, 8, Workload.TextState.HEAP, 1, true))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Workload.oneShotOverlapped(5, 1, 8).overlapped()).isTrue();
        assertThat(Workload.oneShotFile(5, 1, 8).overlapped()).isFalse();
    }
}
