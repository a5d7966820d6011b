package org.gpumatch.kmismatch.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gpumatch.api.plan.RecordedRuns;
import org.gpumatch.api.stream.ChunkSizes;
import org.junit.jupiter.api.Test;

/**
 * The k-mismatch planner's end-to-end rule against the bench's records (issue 25: every {@code auto} within 1.2x of
 * the fastest forced algorithm): the {@code gpumatch kmismatch} processes of {@code bench/results/nvidia-h200/
 * 2026-11-25-offtargets-3.log} (raw random DNA, m = 23, k = 4, one pattern; {@code -a cpu} and {@code --device gpu -a
 * bit-parallel}, wall seconds, the median of each input's runs), asked as the command asks it: per chunk of
 * {@link ChunkSizes#DEFAULT_CHUNK_BYTES} (the log's plans say n = 268435456 for the 1 GiB file), one pattern, the
 * host's 16 threads, no kernel set up yet. The names are those a user forces: {@code cpu} ({@code -a cpu}) and
 * {@code gpu} ({@code --device gpu}, whose kernel the text's alphabet picks).
 */
class KMismatchPlannerCalibrationTest {
    private static final Pattern ROW = Pattern.compile(
            "^kmismatch (\\d+) MiB, 1 pattern, (-a cpu|--device gpu -a bit-parallel) run \\d+: ([0-9.]+) s");
    private static final int M = 23;
    private static final int H200_HOST_THREADS = 16;

    @Test
    void theEndToEndRuleIsWithinTwentyPercentOfTheFastestForcedProcess() throws IOException {
        Map<Long, Map<String, List<Double>>> runs = new LinkedHashMap<>();
        for (String line : Files.readAllLines(RecordedRuns.results("nvidia-h200").resolve(
                "2026-11-25-offtargets-3.log"))) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                runs.computeIfAbsent(Long.parseLong(m.group(1)) << 20, k -> new LinkedHashMap<>())
                        .computeIfAbsent(m.group(2).equals("-a cpu") ? "cpu" : "gpu", k -> new ArrayList<>())
                        .add(Double.parseDouble(m.group(3)) * 1e3);
            }
        }
        List<RecordedRuns.Input> inputs = new ArrayList<>();
        for (var e : runs.entrySet()) {
            long n = Math.min(e.getKey(), ChunkSizes.DEFAULT_CHUNK_BYTES);
            long work = (n - M + 1) * M;
            String chosen = KMismatchPlanner.endToEnd(work, n, H200_HOST_THREADS, false).candidate();
            Map<String, Double> millis = new LinkedHashMap<>();
            e.getValue().forEach((alg, ms) -> millis.put(alg, RecordedRuns.median(ms)));
            inputs.add(new RecordedRuns.Input("2026-11-25-offtargets-3.log " + (e.getKey() >> 20) + " MiB", chosen,
                    millis));
        }
        assertThat(inputs).hasSize(2).allSatisfy(in -> assertThat(in.millis()).containsOnlyKeys("cpu", "gpu"));
        assertThat(RecordedRuns.misses(inputs)).as("auto beyond %.1fx of the fastest forced process",
                RecordedRuns.WITHIN).isEmpty();
    }

}
