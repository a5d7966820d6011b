package org.gpumatch.kmismatch.offtarget.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/** The planner's rules on the devices a test machine has (a GPU row is covered by the bench on a GPU host). */
class OffTargetPlannerTest {
    @Test
    void withoutOpenClTheJavaSearchRuns() {
        OffTargetPlanner.Choice c = OffTargetPlanner.choose(3_100_000_000L, 100, ComputeDevice.JAVA_THREADS);
        assertThat(c.device()).isEqualTo(ComputeDevice.JAVA_THREADS);
        assertThat(c.reason()).startsWith("no OpenCL device");
    }

    @Test
    void anOpenClCpuLeavesTheSearchToJava() {
        ComputeDevice device = TestDevices.openCl();
        OffTargetPlanner.Choice c = OffTargetPlanner.choose(3_100_000_000L, 100, device);
        if (device.kind() == ComputeDevice.Kind.OPENCL_CPU) {
            assertThat(c.device()).isEqualTo(ComputeDevice.JAVA_THREADS);
            assertThat(c.reason()).contains("is a CPU");
        } else {
            assertThat(c.device()).isEqualTo(device);
            assertThat(OffTargetPlanner.choose(1000, 1, device).device()).isEqualTo(ComputeDevice.JAVA_THREADS);
        }
    }

    @Test
    void theEstimatesNameTheDeviceChoicesAndMarkWhatTheRuleTook() {
        var small = OffTargetPlanner.estimates(OffTargetPlanner.SMALL_WORK - 1, 16, true);
        assertThat(small.candidate()).isEqualTo("java");
        assertThat(small.estimates()).extracting(e -> e.candidate()).containsExactlyInAnyOrder("java", "gpu");
        assertThat(small.explainLines().get(0)).startsWith("estimates (OffTargetPlanner: bench/results/nvidia-h200/");
        assertThat(small.explainLines()).anySatisfy(l -> assertThat(l).startsWith("  * java (cpu): total "));
        // 3.1 Gbp x 100 guides x 2 strands: the GPU by the rule and by the estimates (Java 20.6 s, GPU 0.45 s)
        var genome = OffTargetPlanner.estimates(2 * 3_100_000_000L * 100, 16, false);
        assertThat(genome.candidate()).isEqualTo("gpu");
        assertThat(genome.estimates().get(0).candidate()).isEqualTo("gpu");
        assertThat(genome.reason()).contains("at least " + OffTargetPlanner.SMALL_WORK);
    }

    @Test
    void aChoiceWithoutOpenClHasNoEstimatesAndExplainsInOneLine() {
        OffTargetPlanner.Choice c = OffTargetPlanner.choose(1000, 1, ComputeDevice.JAVA_THREADS);
        assertThat(c.estimates()).isNull();
        assertThat(c.explainLines()).containsExactly(c.reason());
    }
}
