package org.gpumatch.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** The JMH annotation processor ran, and the benchmarks run (tiny, in-process; nothing asserts on time). */
class ExactBenchmarksTest {
    @Test
    void theAnnotationProcessorListedBothBenchmarks() throws Exception {
        try (InputStream in = ExactBenchmarks.class.getResourceAsStream("/META-INF/BenchmarkList")) {
            assertThat(in).as("META-INF/BenchmarkList (jmh-generator-annprocess)").isNotNull();
            String list = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(list).contains("org.gpumatch.bench.jmh.ExactBenchmarks", " prebuilt ", " oneshot ");
        }
    }

    @Test
    void prebuiltAndOneshotRunForAGpuAndACpuRow() throws Exception {
        String device = TestDevices.openCl().name();
        Options opt = new OptionsBuilder().include(ExactBenchmarks.class.getName())
                .param("n", "65536").param("m", "4").param("sigma", "2")
                .param("algorithm", "drk-wom-64", "horspool").param("device", device)
                .forks(0).warmupIterations(0).measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100)).shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT).build();
        Collection<RunResult> results = new Runner(opt).run();
        assertThat(results).hasSize(4);
        for (RunResult r : results) {
            assertThat(r.getPrimaryResult().getScore()).isPositive();
        }
    }
}
