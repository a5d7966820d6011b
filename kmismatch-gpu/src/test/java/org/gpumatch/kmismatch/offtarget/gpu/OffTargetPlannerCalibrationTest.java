package org.gpumatch.kmismatch.offtarget.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gpumatch.api.plan.RecordedRuns;
import org.junit.jupiter.api.Test;

/**
 * The off-target planner's rule on a GPU host against the bench's records (issue 25: every {@code auto} within 1.2x of
 * the fastest forced choice): {@code bench/results/nvidia-h200/2026-11-25-offtargets-calibration.csv}, the
 * {@code gpumatch offtargets} processes with {@code --device java} and {@code --device gpu} on synthetic FASTA genomes
 * of 1 MB, 16 MB, 128 MB and 1 GiB, 100 guides + NGG, k = 4 (the median of each input's runs, the profiled run left
 * out), asked as the command asks it: the genome's bases, the guides, a GPU found.
 */
class OffTargetPlannerCalibrationTest {
    private static final String RECORD = "2026-11-25-offtargets-calibration.csv";

    @Test
    void theRuleIsWithinTwentyPercentOfTheFastestForcedProcess() throws IOException {
        Map<String, Map<String, List<Double>>> runs = new LinkedHashMap<>();
        Map<String, long[]> shapes = new LinkedHashMap<>();
        for (Map<String, String> row : RecordedRuns.read(RecordedRuns.results("nvidia-h200").resolve(RECORD))) {
            if (!row.get("tool").equals("gpumatch offtargets") || row.get("hits").equals("-1")) {
                continue; // the profiled run, or a failed one
            }
            String key = row.get("genome_bases") + " bases";
            shapes.put(key, new long[] {Long.parseLong(row.get("genome_bases")), Long.parseLong(row.get("guides"))});
            runs.computeIfAbsent(key, k -> new LinkedHashMap<>())
                    .computeIfAbsent(row.get("tool_device"), k -> new ArrayList<>())
                    .add(Double.parseDouble(row.get("wall_s")) * 1e3);
        }
        List<RecordedRuns.Input> inputs = new ArrayList<>();
        for (var e : runs.entrySet()) {
            long[] shape = shapes.get(e.getKey());
            String chosen = OffTargetPlanner.onJava(OffTargetPlanner.work(shape[0], (int) shape[1])) ? "java" : "gpu";
            Map<String, Double> millis = new LinkedHashMap<>();
            e.getValue().forEach((device, ms) -> millis.put(device, RecordedRuns.median(ms)));
            inputs.add(new RecordedRuns.Input(RECORD + " " + e.getKey(), chosen, millis));
        }
        assertThat(inputs).hasSize(4).allSatisfy(in -> assertThat(in.millis()).containsOnlyKeys("java", "gpu"));
        assertThat(RecordedRuns.misses(inputs)).as("auto beyond %.1fx of the fastest forced process",
                RecordedRuns.WITHIN).isEmpty();
    }

}
