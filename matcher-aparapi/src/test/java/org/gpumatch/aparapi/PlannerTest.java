package org.gpumatch.aparapi;

import static org.assertj.core.api.Assertions.assertThat;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Plan;
import org.junit.jupiter.api.Test;

class PlannerTest {
    @Test
    void shortPatternsOnOpenClUseDrkWom() {
        ComputeDevice d = TestDevices.openCl();
        for (int m = 1; m <= 8; m++) {
            Plan p = Planner.plan(1_000_000, m, 8, d);
            assertThat(p.algorithm()).isEqualTo(m <= 4 ? Algorithm.DRK_WOM_32 : Algorithm.DRK_WOM_64);
            assertThat(p.device()).isEqualTo(d.describe());
            assertThat(p.reason()).contains("m = " + m);
        }
    }

    @Test
    void longPatternsUseDrk2sAndJavaThreadsUseSequentialRabinKarp() {
        ComputeDevice d = TestDevices.openCl();
        assertThat(Planner.plan(1_000_000, 9, 8, d).algorithm()).isEqualTo(Algorithm.DRK_2S);
        // DNA packs 16 bases a word: DRK-WOM-32 up to 16, DRK-WOM-64 up to 32; protein (5 bits) 6 and 12
        assertThat(Planner.plan(1_000_000, 16, 2, d).algorithm()).isEqualTo(Algorithm.DRK_WOM_32);
        assertThat(Planner.plan(1_000_000, 32, 2, d).algorithm()).isEqualTo(Algorithm.DRK_WOM_64);
        assertThat(Planner.plan(1_000_000, 33, 2, d).algorithm()).isEqualTo(Algorithm.DRK_2S);
        assertThat(Planner.plan(1_000_000, 12, 5, d).algorithm()).isEqualTo(Algorithm.DRK_WOM_64);
        assertThat(Planner.plan(1_000_000, 12, 5, d).reason()).contains("5-bit symbols");
        assertThat(Planner.plan(1_000_000, 4096, 8, d).algorithm()).isEqualTo(Algorithm.DRK_2S);
        Plan java = Planner.plan(1_000_000, 4, 8, ComputeDevice.JAVA_THREADS);
        assertThat(java.algorithm()).isEqualTo(Algorithm.SRK);
        assertThat(java.reason()).contains("no OpenCL device");
    }

    @Test
    void capableListsOnlyAlgorithmsThatTakeTheInput() {
        ComputeDevice d = ComputeDevice.JAVA_THREADS;
        // in Java threads: CRK and HRK are refused (Aparapi's thread pool deadlocks on their barriers)
        assertThat(ExactMatchers.capable(100, 9, 8, d))
                .containsExactly(Algorithm.NAIVE, Algorithm.SRK, Algorithm.CPU, Algorithm.DRK, Algorithm.DRK_2S);
        assertThat(ExactMatchers.capable(100, 8, 8, d))
                .containsExactly(Algorithm.NAIVE, Algorithm.SRK, Algorithm.CPU, Algorithm.DRK, Algorithm.DRK_WOM_64, Algorithm.DRK_2S);
        assertThat(ExactMatchers.capable(100, 4, 8, d)).containsExactly(Algorithm.NAIVE, Algorithm.SRK, Algorithm.CPU,
                Algorithm.DRK, Algorithm.DRK_WOM_32, Algorithm.DRK_WOM_64, Algorithm.DRK_2S);
        ComputeDevice openCl = TestDevices.openCl();
        assertThat(ExactMatchers.capable(100, 9, 8, openCl)).containsExactly(Algorithm.NAIVE, Algorithm.SRK, Algorithm.CPU,
                Algorithm.CRK, Algorithm.DRK, Algorithm.HRK, Algorithm.DRK_2S);
        assertThat(ExactMatchers.unsupportedReason(Algorithm.DRK_WOM_64, 100, 9, 8, d)).get().asString()
                .contains("m <= 8");
        assertThat(ExactMatchers.unsupportedReason(Algorithm.DRK_WOM_64, 100, 32, 2, d)).isEmpty();
    }
}
