package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.MultiPatternAlgorithm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.junit.jupiter.api.Test;

/** The auto rule and the refusals of the device methods in Java threads. */
class MultiPatternPlannerTest {
    private static final MultiWorkload WORK = new MultiWorkload(1L << 30, 10, 100, 20,
            MultiWorkload.Start.NEW_PROCESS);

    @Test
    void autoStaysOnTheCpuWithoutAnOpenClGpu() {
        MultiPatternPlanner.Choice c = MultiPatternPlanner.choose("auto", ComputeDevice.JAVA_THREADS, WORK);
        try (MultiPatternMatcher m = c.matcher()) {
            assertThat(m.name()).isEqualTo("multi-cpu");
            assertThat(c.reason()).contains("not an OpenCL GPU");
        }
    }

    @Test
    void deviceMethodsRefuseJavaThreadsAndUnknownNamesFail() {
        assertThatThrownBy(() -> MultiPatternPlanner.choose("multi-rk", ComputeDevice.JAVA_THREADS, WORK))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multi-cpu");
        assertThatThrownBy(() -> MultiPatternPlanner.choose("multi-fused", ComputeDevice.JAVA_THREADS, WORK))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("OpenCL");
        assertThatThrownBy(() -> MultiPatternPlanner.choose("drk", ComputeDevice.JAVA_THREADS, WORK))
                .hasMessageContaining("unknown multi-pattern algorithm \"drk\"").hasMessageContaining("multi-fused");
        assertThat(MultiPatternAlgorithm.FAMILY.takes("multi-fused")).isTrue();
    }
}
