package org.gpumatch.aparapi.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gpumatch.aparapi.rabinkarp.OneShotFileSearch;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.plan.RecordedRuns;
import org.junit.jupiter.api.Test;

/**
 * The exact-matching planner against the bench's records (issue 25: every {@code auto} within 1.2x of the fastest
 * forced algorithm on the bench's inputs), at both levels it decides:
 * <ul>
 *   <li>the command line's choice for one query of a file ({@code gpumatch count -p P FILE}): the CPU matcher without
 *       planning below {@link CostPlanner#CPU_WITHOUT_DEVICE_BELOW}, else the cost plan of the one-shot search with
 *       the device's built-in table, against the end-to-end rows ({@code e2e}: the processes {@code -a cpu} and
 *       {@code -a drk-2s}, wall time) on the H100 and the H200;</li>
 *   <li>the device algorithm for a resident text ({@link CrossoverTable}: the first of its order that takes the
 *       input), against every device algorithm's resident device time in the exact suite's rows.</li>
 * </ul>
 */
class ExactPlannerCalibrationTest {
    private static final CostPlanner.Capability ONE_SHOT = (a, n, m, sigma) -> OneShotFileSearch.unsupportedReason(a,
            m, sigma, OneShotFileSearch.configuredBufferBytes());

    @Test
    void theCommandLinesChoiceForAFileIsWithinTwentyPercentOfTheFastestForcedProcess() throws IOException {
        List<RecordedRuns.Input> inputs = new ArrayList<>();
        inputs.addAll(endToEnd("nvidia-h100-80gb-hbm3", Calibration.h100(16), "2026-11-23-e2e.csv"));
        inputs.addAll(endToEnd("nvidia-h200", Calibration.h200(16), "2026-11-23-e2e.csv", "2026-11-23-e2e-2.csv",
                "2026-11-23-e2e-3.csv"));
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(48);
        assertThat(RecordedRuns.misses(inputs)).as("auto beyond %.1fx of the fastest forced process",
                RecordedRuns.WITHIN).isEmpty();
    }

    @Test
    void theDeviceAlgorithmForAResidentTextIsWithinTwentyPercentOfTheFastestKernel() throws IOException {
        List<RecordedRuns.Input> inputs = new ArrayList<>();
        inputs.addAll(resident("nvidia-h100-80gb-hbm3", CrossoverTable.H100, "2026-11-22-exact.csv"));
        inputs.addAll(resident("nvidia-h200", CrossoverTable.H200, "2026-11-22-exact.csv"));
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(30);
        assertThat(RecordedRuns.misses(inputs)).as("auto's device algorithm beyond %.1fx of the fastest kernel",
                RecordedRuns.WITHIN).isEmpty();
    }

    /** Per recorded input (text, n, m, sigma): the forced processes' wall times and the command line's choice. */
    private static List<RecordedRuns.Input> endToEnd(String device, Calibration table, String... files)
            throws IOException {
        List<RecordedRuns.Input> inputs = new ArrayList<>();
        for (String file : files) {
            Map<String, Map<String, Double>> byInput = new LinkedHashMap<>();
            Map<String, long[]> shapes = new LinkedHashMap<>();
            for (Map<String, String> r : RecordedRuns.read(RecordedRuns.results(device).resolve(file))) {
                String alg = r.get("algorithm");
                if (!alg.startsWith("gpumatch-") || alg.equals("gpumatch-auto") || r.get("wall_median_ms").isEmpty()) {
                    continue; // the peers (grep, rg) and auto's own row are not forced gpumatch algorithms
                }
                String key = r.get("text") + " n=" + r.get("n") + " m=" + r.get("m") + " sigma=" + r.get("sigma");
                byInput.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(alg.substring("gpumatch-".length()),
                        Double.parseDouble(r.get("wall_median_ms")));
                shapes.put(key, new long[] {Long.parseLong(r.get("n")), Long.parseLong(r.get("m")),
                    Long.parseLong(r.get("sigma"))});
            }
            for (var e : byInput.entrySet()) {
                long[] s = shapes.get(e.getKey());
                inputs.add(new RecordedRuns.Input(device + "/" + file + " " + e.getKey(),
                        fileChoice(table, s[0], (int) s[1], (int) s[2]).cliName(), e.getValue()));
            }
        }
        return inputs;
    }

    /** What {@code gpumatch count -p P FILE} runs under {@code auto} on a device with {@code table}. */
    private static Algorithm fileChoice(Calibration table, long n, int m, int sigma) {
        if (n < CostPlanner.CPU_WITHOUT_DEVICE_BELOW) {
            return CostPlanner.cpuAlgorithm();
        }
        return new CostPlanner(table, ONE_SHOT, "recorded device").plan(Workload.oneShotOverlapped(n, m, sigma))
                .plan().algorithm();
    }

    /** Per (text, m, sigma) of the resident rows: every device algorithm's device time and the table's choice. */
    private static List<RecordedRuns.Input> resident(String device, CrossoverTable table, String file)
            throws IOException {
        Map<String, Map<String, Double>> byInput = new LinkedHashMap<>();
        Map<String, int[]> shapes = new LinkedHashMap<>();
        for (Map<String, String> r : RecordedRuns.read(RecordedRuns.results(device).resolve(file))) {
            if (!r.get("mode").equals("resident") || r.get("device_median_ms").isEmpty()) {
                continue;
            }
            String key = r.get("text") + " n=" + r.get("n") + " m=" + r.get("m") + " sigma=" + r.get("sigma");
            byInput.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(r.get("algorithm"),
                    Double.parseDouble(r.get("device_median_ms")));
            shapes.put(key, new int[] {Integer.parseInt(r.get("m")), Integer.parseInt(r.get("sigma"))});
        }
        List<RecordedRuns.Input> inputs = new ArrayList<>();
        for (var e : byInput.entrySet()) {
            int[] s = shapes.get(e.getKey());
            // the table's first algorithm that took the input (an algorithm that cannot take it has no row)
            String chosen = table.order(s[0], s[1]).stream().map(Algorithm::cliName)
                    .filter(e.getValue()::containsKey).findFirst().orElse("none of " + table.order(s[0], s[1]));
            inputs.add(new RecordedRuns.Input(device + "/" + file + " " + e.getKey(), chosen, e.getValue()));
        }
        return inputs;
    }
}
