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
}
