package org.gpumatch.bench.sa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder;
import org.junit.jupiter.api.Test;

/** The GPU build's device time by step (profiled, as the bench runs it) and how the bench's note prints it. */
class SaStepTimesTest {

    @Test
    void theStepsAddUpToTheBuildsDeviceTime() {
        byte[] text = HardTexts.tandem(200_003, 1000, 7); // rounds beyond the initial sort
        try (GpuPrefixDoublingBuilder gpu = new GpuPrefixDoublingBuilder(TestDevices.openCl(), 32, 3)) {
            int[] sa = gpu.build(text);
            assertThat(sa).containsExactly(new SaisBuilder().build(text));
            Map<String, long[]> steps = gpu.lastDeviceNanosBySteps();
            if (!BenchContext.deviceTimesEnabled()) { // surefire turns profiling on for this module
                assertThat(steps).isEmpty();
                return;
            }
            assertThat(steps).containsKeys("radix sort", "init low", "round keys", "select", "invert");
            assertThat(steps.values().stream().mapToLong(v -> v[0]).sum()).isEqualTo(gpu.lastDeviceNanos());
            assertThat(steps.values()).allMatch(v -> v[0] >= 0 && v[1] > 0);
        }
    }

    @Test
    void theNoteListsTheLongestStepFirst() {
        Map<String, long[]> steps = new LinkedHashMap<>();
        steps.put("select", new long[] {2_000_000, 3});
        steps.put("radix sort", new long[] {12_340_000, 24});
        steps.put("invert", new long[] {500_000, 1});
        assertThat(SaSuite.stepTimes(steps)).isEqualTo(
                "radix sort 12.3 ms in 24 launches; select 2.0 ms in 3 launches; invert 0.5 ms in 1 launches");
        assertThat(SaSuite.stepTimes(Map.of())).isEmpty();
    }
}
