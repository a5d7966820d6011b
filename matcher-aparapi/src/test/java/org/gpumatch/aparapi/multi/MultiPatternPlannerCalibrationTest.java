package org.gpumatch.aparapi.multi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gpumatch.api.plan.CostChoice;
import org.gpumatch.api.plan.RecordedRuns;
import org.junit.jupiter.api.Test;

/**
 * Every {@code auto} choice on the bench's recorded multi-pattern inputs is within 1.2x of the fastest method
 * recorded for that input (issue 25). The inputs and times are the H200 rows of {@code bench/results/nvidia-h200/}
 * (read from the files, not copied), plus the one command line run the issue names. For each input the planner
 * is asked with {@link MultiCalibration#H200}; the time of what it chooses is the recorded row of that method on
 * that input, or, where the bench recorded that method only on a larger text of the same pattern set (the paper's
 * tables record multi-fused only from 8 MiB, where {@code auto} took it), the recorded time on the next larger text:
 * an upper bound, since a scan's time does not fall as the text grows.
 */
class MultiPatternPlannerCalibrationTest {
    private static final Path RESULTS = RecordedRuns.results("nvidia-h200");
    private static final String[] FILES = {"2026-11-23-multi.csv", "2026-11-23-multi-2.csv", "2026-11-23-multi-3.csv"};

    /** One recorded input: the workload and every method's recorded time on it, in ms. */
    record Input(String label, MultiWorkload work, Map<String, Double> millis) {
    }

    @Test
    void everyAutoChoiceIsWithinTwentyPercentOfTheFastestRecordedMethod() throws IOException {
        List<Input> inputs = recordedInputs();
        assertThat(inputs).hasSizeGreaterThan(30);
        List<RecordedRuns.Input> choices = new ArrayList<>();
        for (Input in : inputs) {
            choices.add(new RecordedRuns.Input(in.label(), MultiPatternPlanner.plan(in.work(), MultiCalibration.H200)
                    .candidate(), in.millis()));
        }
        assertThat(RecordedRuns.misses(choices)).as("auto choices beyond %.1fx of the fastest recorded method",
                RecordedRuns.WITHIN).isEmpty();
    }

    @Test
    void theIssuesCommandLineRunGoesToTheDevice() {
        // issue 25, H200: count --patterns-file with 20,000 mixed patterns over 2 MB; auto (multi-cpu) 6.6 s,
        // -a multi-fused 1.1 s, each a process. English-like patterns of 4..64 bytes (about 34 a pattern, 53 classes).
        MultiWorkload work = new MultiWorkload(2_000_000, 20_000, 680_000, 54, MultiWorkload.Start.NEW_PROCESS);
        CostChoice<MultiEstimate> plan = MultiPatternPlanner.plan(work, MultiCalibration.H200);
        assertThat(plan.candidate()).isEqualTo("multi-fused");
        assertThat(plan.explainLines()).hasSize(3).anySatisfy(l -> assertThat(l).startsWith("  * multi-fused (device)"));
    }

    @Test
    void aFewPatternsOnASmallFileStayOnTheCpuInANewProcess() {
        // 9 patterns over 8 MiB (the demo): the automaton costs microseconds, the compile 0.4 s.
        MultiWorkload work = new MultiWorkload(8L << 20, 9, 60, 20, MultiWorkload.Start.NEW_PROCESS);
        assertThat(MultiPatternPlanner.plan(work, MultiCalibration.H200).candidate()).isEqualTo("multi-cpu");
    }

    /** The recorded inputs: the paper's tables (equal lengths of 1,024 ACGT bytes) and the mixed sets of 1 GiB. */
    static List<Input> recordedInputs() throws IOException {
        List<Input> inputs = new ArrayList<>();
        for (String file : FILES) {
            List<Map<String, String>> rows = RecordedRuns.read(RESULTS.resolve(file));
            // paper: per k, per n: multi-rk total and the auto row (its method named in the note); both take a new
            // Text per query (upload included), the matchers warm.
            Map<Integer, TreeMap<Long, Map<String, Double>>> paper = new HashMap<>();
            // mixed: per (text, k): multi-cpu all-cores, multi-fused and multi-rk one-shot (a new Text per query).
            Map<String, Map<String, Double>> mixed = new LinkedHashMap<>();
            Map<String, long[]> mixedSize = new HashMap<>();
            for (Map<String, String> r : rows) {
                String alg = r.get("algorithm");
                String mode = r.get("mode");
                String wall = r.get("wall_median_ms");
                if (wall.isEmpty()) {
                    continue;
                }
                double ms = Double.parseDouble(wall);
                long n = Long.parseLong(r.get("n"));
                if (mode.equals("paper")) {
                    String[] w = alg.split(" ");
                    int k = Integer.parseInt(w[1].substring(2));
                    Map<String, Double> at = paper.computeIfAbsent(k, x -> new TreeMap<>())
                            .computeIfAbsent(n, x -> new HashMap<>());
                    if (alg.endsWith(" total") && w[0].equals("multi-rk")) {
                        at.put("multi-rk", ms);
                    } else if (alg.endsWith(" one-shot") && w[0].equals("auto")) {
                        at.put(r.get("note").contains("auto: multi-cpu") ? "multi-cpu" : "multi-fused", ms);
                    }
                } else if (mode.equals("all-cores") || mode.equals("one-shot")) {
                    String[] w = alg.split(" ");
                    if (!w[0].startsWith("multi-")) {
                        continue;
                    }
                    String key = r.get("text") + " " + w[1];
                    mixed.computeIfAbsent(key, x -> new HashMap<>()).put(w[0], ms);
                    mixedSize.put(key, new long[] {n, Integer.parseInt(w[1].substring(2))});
                }
            }
            for (var byK : paper.entrySet()) {
                int k = byK.getKey();
                for (var at : byK.getValue().entrySet()) {
                    Map<String, Double> millis = new HashMap<>(at.getValue());
                    Map.Entry<Long, Map<String, Double>> larger = byK.getValue().higherEntry(at.getKey());
                    while (!millis.containsKey("multi-fused") && larger != null) {
                        if (larger.getValue().containsKey("multi-fused")) {
                            millis.put("multi-fused", larger.getValue().get("multi-fused"));
                        }
                        larger = byK.getValue().higherEntry(larger.getKey());
                    }
                    // 1,024-byte patterns cut from uniform ACGT: k * 1024 bytes, classes A, C, G, T and one other
                    inputs.add(new Input(file + " paper k=" + k + " n=" + at.getKey(), new MultiWorkload(at.getKey(),
                            k, k * 1024L, 5, MultiWorkload.Start.WARM), millis));
                }
            }
            for (var e : mixed.entrySet()) {
                long[] nk = mixedSize.get(e.getKey());
                int k = (int) nk[1];
                boolean dna = e.getKey().startsWith("dna");
                // lengths 4..64 uniform: 34 bytes a pattern; classes: DNA 4 + 1, English-like text 52 + 1
                inputs.add(new Input(file + " " + e.getKey() + " n=" + nk[0], new MultiWorkload(nk[0], k, 34L * k,
                        dna ? 5 : 53, MultiWorkload.Start.WARM), e.getValue()));
            }
        }
        return inputs;
    }
}
