package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gpumatch.api.plan.RecordedRuns;
import org.junit.jupiter.api.Test;

/**
 * The suffix-array {@code auto} rule ({@link SuffixArrayBuilders#AUTO_RULE}) against the bench's records (issue 25:
 * every {@code auto} within 1.2x of the fastest forced choice): the {@code gpumatch sa build -a gpu} and {@code -a cpu}
 * processes of {@code bench/results/nvidia-h200/2026-11-25-sa-calibration.csv} (1 MB, 10 MB and 100 MB of JDK 25
 * source and of random DNA) and of {@code 2026-11-28-d-sa-calibration.csv} (1, 3, 6 and 10 MB of Linux source code
 * and of random DNA), the median of each input's runs, the rule asked as a GPU host asks it: an OpenCL GPU present
 * that fits every one of these texts. With the former threshold (1 MiB) the 3 MB inputs miss.
 */
class SaAutoCalibrationTest {
    @Test
    void theRuleIsWithinTwentyPercentOfTheFastestForcedProcess() throws IOException {
        assertThat(misses("2026-11-25-sa-calibration.csv", 6, SuffixArrayBuilders.AUTO_GPU_MIN_BYTES)).isEmpty();
        assertThat(misses("2026-11-28-d-sa-calibration.csv", 8, SuffixArrayBuilders.AUTO_GPU_MIN_BYTES)).isEmpty();
    }

    @Test
    void theFormerThresholdMissesTheThreeMegabyteTexts() throws IOException {
        assertThat(misses("2026-11-28-d-sa-calibration.csv", 8, 1L << 20))
                .anySatisfy(m -> assertThat(m).contains("code-3m"))
                .anySatisfy(m -> assertThat(m).contains("dna-3m"));
    }

    /** The record's inputs (expected: how many) on which a rule "the GPU from {@code gpuFrom} bytes" misses. */
    private static List<String> misses(String record, int expected, long gpuFrom) throws IOException {
        Map<String, Map<String, Double>> byText = new LinkedHashMap<>();
        Map<String, Long> lengths = new LinkedHashMap<>();
        for (Map<String, String> row : RecordedRuns.read(RecordedRuns.results("nvidia-h200").resolve(record))) {
            String alg = row.get("algorithm");
            if (!row.get("mode").equals("process") || !alg.startsWith("gpumatch sa build -a ")
                    || alg.endsWith("auto")) {
                continue;
            }
            lengths.put(row.get("text"), Long.parseLong(row.get("n")));
            byText.computeIfAbsent(row.get("text"), k -> new LinkedHashMap<>())
                    .put(alg.substring("gpumatch sa build -a ".length()), Double.parseDouble(row.get("wall_median_ms")));
        }
        List<RecordedRuns.Input> inputs = new ArrayList<>();
        byText.forEach((text, millis) -> inputs.add(new RecordedRuns.Input(record + " " + text,
                lengths.get(text) >= gpuFrom ? "gpu" : "cpu", millis)));
        assertThat(inputs).hasSize(expected).allSatisfy(in -> assertThat(in.millis()).containsOnlyKeys("gpu", "cpu"));
        return RecordedRuns.misses(inputs);
    }
}
