package org.gpumatch.aparapi.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.api.Algorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cost planner's choices over calibration tables alone: no device is touched. */
class CostPlannerTest {
    private static final long GIB = 1L << 30;
    /** The packed-width limits of DRK-WOM, the only capability the tables' candidates need. */
    private static final CostPlanner.Capability PACKED = (a, n, m, sigma) -> switch (a) {
        case DRK_WOM_32 -> m <= DrkWomMatcher.Variant.BITS_32.maxPattern(sigma) ? Optional.empty() : Optional.of("m");
        case DRK_WOM_64 -> m <= DrkWomMatcher.Variant.BITS_64.maxPattern(sigma) ? Optional.empty() : Optional.of("m");
        default -> Optional.empty();
    };

    private static final Algorithm CPU_MATCHER = Algorithm.CPU;

    private static CostPlan plan(Calibration c, long n, int m, int sigma, Workload.TextState state, int queries) {
        return new CostPlanner(c, PACKED, "test device", CPU_MATCHER).plan(new Workload(n, m, sigma, state, queries));
    }

    @Test
    void aSmallFileQueriedOnceGoesToTheCpu() {
        for (Calibration c : new Calibration[] {Calibration.h100(16), Calibration.h200(16), Calibration.pocl(2)}) {
            CostPlan p = plan(c, 1000, 8, 8, Workload.TextState.FILE, 1);
            assertThat(p.chosen().onDevice()).as(c.source()).isFalse();
            assertThat(p.plan().algorithm()).isEqualTo(CPU_MATCHER);
            assertThat(p.plan().reason()).contains("on the CPU against");
            // sequential Rabin-Karp too (0.1 GB/s)
            assertThat(new CostPlanner(c, PACKED, "d", Algorithm.SRK).plan(Workload.oneShotFile(1000, 8, 8)).chosen()
                    .algorithm()).isEqualTo(Algorithm.SRK);
        }
    }

    @Test
    void oneQueryOfAFileOnTheCpuIsSearchedInPlaceAtTheMappedRate() {
        // the lent H200 host: 1 GiB one-shot took 478-721 ms as a process on the CPU, 946-1124 ms through the one-shot search
        for (Calibration h : new Calibration[] {Calibration.h100(16), Calibration.h200(16)}) {
            for (int m : new int[] {8, 64, 1024}) {
                for (int sigma : new int[] {2, 8}) {
                    CostPlan p = new CostPlanner(h, PACKED, "test device", CPU_MATCHER)
                            .plan(Workload.oneShotOverlapped(GIB, m, sigma));
                    assertThat(p.chosen().onDevice()).as("%s, m = %d, sigma = %d", h.source(), m, sigma).isFalse();
                    assertThat(p.chosen().readNanos()).isEqualTo((long) Math.ceil(GIB / h.mappedRate() * 1e9));
                    assertThat(p.chosen().searchNanos()).isZero();
                }
            }
        }
        Calibration c = Calibration.h200(16);
        // a text read into the heap for many queries is searched there at the CPU matcher's rate
        Estimate heap = plan(c, GIB, 8, 8, Workload.TextState.FILE, 3).estimates().stream()
                .filter(e -> !e.onDevice()).findFirst().orElseThrow();
        assertThat(heap.readNanos()).isEqualTo((long) Math.ceil(GIB / c.readRate() * 1e9));
        assertThat(heap.searchNanos()).isPositive();
    }

    @Test
    void belowTheNoDeviceThresholdTheCpuWinsOnEveryBuiltInTable() {
        long n = CostPlanner.CPU_WITHOUT_DEVICE_BELOW;
        for (int cores : new int[] {1, 2, 16}) {
            for (Calibration c : new Calibration[] {Calibration.h100(cores), Calibration.h200(cores),
                    Calibration.pocl(cores)}) {
                for (Workload.TextState state : new Workload.TextState[] {Workload.TextState.FILE,
                        Workload.TextState.HEAP}) {
                    for (int m : new int[] {1, 8, 33, 64, 1024}) {
                        for (int sigma = 1; sigma <= 8; sigma++) {
                            assertThat(plan(c, n, m, sigma, state, 1).chosen().onDevice())
                                    .as("%s, %d cores, %s, m = %d, sigma = %d", c.source(), cores, state, m, sigma)
                                    .isFalse();
                        }
                    }
                }
            }
        }
    }

    @Test
    void aTextAlreadyOnTheDeviceGoesToTheGpu() {
        CostPlan p = plan(Calibration.h100(16), GIB, 64, 8, Workload.TextState.DEVICE, 1);
        assertThat(p.chosen().onDevice()).isTrue();
        assertThat(p.plan().algorithm()).isEqualTo(Algorithm.DRK_2S);
        assertThat(p.chosen().transferNanos()).isZero();
        assertThat(p.chosen().compileNanos()).isZero();
        // a 64 KiB text: two launches cost more than the CPU's pass
        assertThat(plan(Calibration.h100(16), 1 << 16, 64, 8, Workload.TextState.DEVICE, 1).chosen().onDevice())
                .isFalse();
    }

    @Test
    void manyQueriesOnATextInTheHeapAmortizeTheUpload() {
        Calibration c = Calibration.h100(16);
        assertThat(plan(c, GIB, 8, 8, Workload.TextState.HEAP, 1).chosen().onDevice()).isFalse();
        assertThat(plan(c, GIB, 8, 8, Workload.TextState.HEAP, 1000).chosen().onDevice()).isTrue();
    }

    @Test
    void eachDeviceUsesItsOwnCrossoverTable() {
        // H100: DRK-WOM-32 for one packed word, DRK-WOM-64 for two, DRK-2S beyond
        assertThat(plan(Calibration.h100(16), GIB, 4, 8, Workload.TextState.DEVICE, 1).plan().algorithm())
                .isEqualTo(Algorithm.DRK_WOM_32);
        assertThat(plan(Calibration.h100(16), GIB, 8, 8, Workload.TextState.DEVICE, 1).plan().algorithm())
                .isEqualTo(Algorithm.DRK_WOM_64);
        assertThat(plan(Calibration.h100(16), GIB, 9, 8, Workload.TextState.DEVICE, 1).plan().algorithm())
                .isEqualTo(Algorithm.DRK_2S);
        // H200: DRK-2S everywhere
        for (int m : new int[] {1, 4, 8, 1024}) {
            assertThat(plan(Calibration.h200(16), GIB, m, 8, Workload.TextState.DEVICE, 1).plan().algorithm())
                    .isEqualTo(Algorithm.DRK_2S);
        }
    }

    @Test
    void withoutOpenClOnlyTheCpuIsACandidate() {
        CostPlan p = plan(Calibration.javaOnly(4), GIB, 8, 8, Workload.TextState.DEVICE, 100);
        assertThat(p.estimates()).hasSize(1);
        assertThat(p.plan().reason()).contains("no OpenCL device");
    }

    @Test
    void estimatesAreOrderedAndExplained() {
        CostPlan p = plan(Calibration.h100(16), GIB, 4, 2, Workload.TextState.FILE, 1);
        assertThat(p.estimates()).isSortedAccordingTo((a, b) -> Long.compare(a.totalNanos(), b.totalNanos()));
        assertThat(p.estimates()).extracting(Estimate::algorithm).contains(Algorithm.DRK_WOM_32, Algorithm.DRK_WOM_64,
                Algorithm.DRK_2S, CPU_MATCHER);
        assertThat(p.explainLines().get(0)).contains("built-in NVIDIA H100 table");
        assertThat(p.explainLines()).filteredOn(l -> l.startsWith("  * ")).hasSize(1);
        Estimate device = p.estimates().stream().filter(Estimate::onDevice).findFirst().orElseThrow();
        // a GiB of 2-bit symbols crosses the bus as a quarter of its bytes at the first-upload rate
        assertThat(device.transferNanos()).isEqualTo((long) Math.ceil(GIB / 4.0 / 1.06e9 * 1e9));
        assertThat(device.describe()).contains("read", "pack", "transfer", "compile", "launch", "search");
    }

    @Test
    void aCalibrationFileOverridesTheDefaultsKeyByKey(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("c.properties");
        Calibration measured = Calibration.h100(16).withSource("x");
        measured.store(f, "test");
        Calibration back = Calibration.load(f, Calibration.pocl(2));
        assertThat(back.toProperties()).isEqualTo(measured.toProperties());

        Files.writeString(f, "compile.ns=1\nkernel.drk-2s.bytes-per-s=1e15\ntable=H200\n");
        Calibration partial = Calibration.load(f, Calibration.h100(16));
        assertThat(partial.compileNanos()).isEqualTo(1);
        assertThat(partial.table()).isEqualTo(CrossoverTable.H200);
        assertThat(partial.readRate()).isEqualTo(Calibration.h100(16).readRate());
        // with a free compile and a fast upload, the device wins a one-shot heap query of a large text
        Files.writeString(f, "compile.ns=0\nupload.bytes-per-s=1e12\npack.bytes-per-s=1e12\n");
        assertThat(plan(Calibration.load(f, Calibration.h100(1)), GIB, 64, 8, Workload.TextState.HEAP, 1)
                .chosen().onDevice()).isTrue();
    }

    @Test
    void badCalibrationValuesAreOneLineErrors() {
        Properties p = new Properties();
        p.setProperty("read.bytes-per-s", "fast");
        assertThatThrownBy(() -> Calibration.fromProperties(p, "t", Calibration.h100(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("read.bytes-per-s: not a number: fast");
        Properties q = new Properties();
        q.setProperty("kernel.nope.bytes-per-s", "1");
        assertThatThrownBy(() -> Calibration.fromProperties(q, "t", Calibration.h100(1)))
                .hasMessageContaining("unknown algorithm nope");
        Properties r = new Properties();
        r.setProperty("cpu.bytes-per-s", "0");
        assertThatThrownBy(() -> Calibration.fromProperties(r, "t", Calibration.h100(1)))
                .hasMessageContaining("rates must be positive");
        assertThatThrownBy(() -> new Workload(1, 0, 8, Workload.TextState.FILE, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
