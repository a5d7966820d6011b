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
 * source and of random DNA, the median of each input's runs), the rule asked as a GPU host asks it: an OpenCL GPU
 * present that fits every one of these texts.
 */
class SaAutoCalibrationTest {
    private static final String RECORD = "2026-11-25-sa-calibration.csv";

    @Test
    void theRuleIsWithinTwentyPercentOfTheFastestForcedProcess() throws IOException {
        Map<String, Map<String, Double>> byText = new LinkedHashMap<>();
        Map<String, Long> lengths = new LinkedHashMap<>();
        for (Map<String, String> row : RecordedRuns.read(RecordedRuns.results("nvidia-h200").resolve(RECORD))) {
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
        byText.forEach((text, millis) -> inputs.add(new RecordedRuns.Input(RECORD + " " + text,
                lengths.get(text) >= SuffixArrayBuilders.AUTO_GPU_MIN_BYTES ? "gpu" : "cpu", millis)));
        assertThat(inputs).hasSize(6).allSatisfy(in -> assertThat(in.millis()).containsOnlyKeys("gpu", "cpu"));
        assertThat(RecordedRuns.misses(inputs)).as("auto beyond %.1fx of the fastest forced process",
                RecordedRuns.WITHIN).isEmpty();
    }
}
