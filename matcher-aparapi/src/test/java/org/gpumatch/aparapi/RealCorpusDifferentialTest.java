package org.gpumatch.aparapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.RealCorpora;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The real-file differential test: on each real-text sample of the conformance kit ({@link RealCorpora}: E. coli DNA,
 * UniProtKB protein, King James English), every algorithm {@link Algorithm#FAMILY} lists that takes the input
 * on the OpenCL test device, and the planner's choice, answer {@code count} and {@code find} exactly as
 * {@link NaiveMatcher} does, for patterns taken from the text.
 *
 * <p>Patterns, for m in {@link #LENGTHS}: the m bytes at a seeded random offset (occurs at least once), the same with
 * one byte in the middle replaced by another symbol of the text (a near miss, rarely present), and the text's last m
 * bytes (an occurrence that ends at the last byte, which a tiled kernel must not drop). Each matcher is created once
 * per corpus and queries the same {@link Text}, as a resident user does. Failures are collected and reported together,
 * each naming the corpus, algorithm, m, pattern kind and the first differing offset.
 *
 * <p>Cost on PoCL with 2 cores: about one kernel build per device algorithm and corpus, then 45 count and find
 * queries on 200-250 KB texts each.
 */
class RealCorpusDifferentialTest {
    /** Pattern lengths: the packing limits of DRK-WOM-32/64 (4, 8) and DRK-2S chunks (32) on both sides. */
    static final int[] LENGTHS = {1, 2, 3, 4, 5, 8, 12, 16, 31, 32, 33, 64, 100, 256, 1024};
    private static final long SEED = 20160711L;

    /** One query: a named pattern and the oracle's offsets. */
    private record Query(String kind, byte[] pattern, int[] expected) {
    }

    @TestFactory
    Stream<DynamicTest> everyImplementedAlgorithmAgreesWithTheOracleOnRealText() {
        return RealCorpora.NAMES.stream().map(name -> DynamicTest.dynamicTest(name, () -> check(name)));
    }

    private static void check(String name) {
        ComputeDevice device = TestDevices.openCl();
        RealCorpora.Corpus corpus = RealCorpora.load(name);
        Text text = Text.wrap(corpus.bytes());
        int n = corpus.n();
        int sigma = corpus.sigma();
        Map<Integer, List<Query>> queries = queries(corpus);
        List<String> failures = new ArrayList<>();
        List<String> ran = new ArrayList<>();
        Map<Algorithm, Matcher> matchers = new EnumMap<>(Algorithm.class);
        try {
            for (Algorithm a : Algorithm.FAMILY.algorithms()) {
                int checked = 0;
                String at = "creating it";
                try {
                    for (var e : queries.entrySet()) {
                        int m = e.getKey();
                        if (ExactMatchers.unsupportedReason(a, n, m, sigma, device).isPresent()) {
                            continue;
                        }
                        Matcher matcher = matchers.computeIfAbsent(a, alg -> ExactMatchers.create(alg, device,
                                "real-corpus differential test"));
                        for (Query q : e.getValue()) {
                            at = "m=" + m + " " + q.kind();
                            compare(matcher, text, q, corpus, a.cliName(), m).ifPresent(failures::add);
                            checked++;
                        }
                    }
                } catch (RuntimeException e) { // e.g. a kernel that does not compile: once, not once per query
                    failures.add(corpus.name() + " " + a.cliName() + " " + at + ": threw " + e
                            + " (its remaining queries were not run)");
                }
                if (checked > 0) {
                    ran.add(a.cliName() + " (" + checked + " queries)");
                }
            }
            for (int m : queries.keySet()) {
                Plan plan = Planner.plan(n, m, sigma, device);
                Algorithm chosen = plan.algorithm();
                Optional<String> why = ExactMatchers.unsupportedReason(chosen, n, m, sigma, device);
                if (why.isPresent()) {
                    failures.add(corpus.name() + " planner m=" + m + ": chose " + chosen.cliName() + " (" + plan.reason()
                            + "), which refuses the input: " + why.get());
                    continue;
                }
                try {
                    Matcher matcher = matchers.computeIfAbsent(chosen, alg -> ExactMatchers.create(alg, device,
                            plan.reason()));
                    for (Query q : queries.get(m)) {
                        compare(matcher, text, q, corpus, "planner:" + chosen.cliName(), m).ifPresent(failures::add);
                    }
                    if (matcher.lastPlan() != null && matcher.lastPlan().algorithm() != chosen) {
                        failures.add(corpus.name() + " planner m=" + m + ": planned " + chosen.cliName()
                                + " but the matcher's plan says " + matcher.lastPlan().algorithm().cliName());
                    }
                } catch (RuntimeException e) {
                    failures.add(corpus.name() + " planner m=" + m + " (" + chosen.cliName() + "): threw " + e);
                }
            }
        } finally {
            matchers.values().forEach(Matcher::close);
        }
        System.out.println("real corpus " + corpus + ", sigma " + sigma + " on " + device.describe() + ": "
                + String.join(", ", ran) + "; planner checked for m in " + queries.keySet());
        assertThat(ran).as("algorithms checked on " + corpus).isNotEmpty();
        assertThat(failures).as(corpus + ", sigma " + sigma + "; checked: " + String.join(", ", ran)).isEmpty();
    }

    /** The patterns of each length that fits the text, with the oracle's answers. */
    private static Map<Integer, List<Query>> queries(RealCorpora.Corpus corpus) {
        byte[] t = corpus.bytes();
        Text text = Text.wrap(t);
        NaiveMatcher oracle = new NaiveMatcher();
        Random rnd = new Random(SEED ^ corpus.name().hashCode());
        Map<Integer, List<Query>> out = new LinkedHashMap<>();
        for (int m : LENGTHS) {
            if (m > t.length) {
                continue;
            }
            byte[] present = RealCorpora.present(t, m, rnd);
            byte[] mutated = RealCorpora.mutated(present, corpus.alphabet(), m / 2, rnd);
            byte[] suffix = Arrays.copyOfRange(t, t.length - m, t.length);
            List<Query> qs = new ArrayList<>();
            for (var p : List.of(Map.entry("present", present), Map.entry("mutated", mutated),
                    Map.entry("suffix", suffix))) {
                qs.add(new Query(p.getKey(), p.getValue(), oracle.find(text, Pattern.of(p.getValue()))));
            }
            assertThat(qs.get(0).expected()).as("a present pattern occurs").isNotEmpty();
            out.put(m, qs);
        }
        return out;
    }

    /** What {@code matcher} gets wrong on {@code q}, or empty; exceptions propagate. */
    private static Optional<String> compare(Matcher matcher, Text text, Query q, RealCorpora.Corpus corpus, String who,
                                            int m) {
        Pattern p = Pattern.of(q.pattern());
        String id = corpus.name() + " " + who + " m=" + m + " " + q.kind() + " (" + q.expected().length
                + " occurrences)";
        long count = matcher.count(text, p);
        int[] found = matcher.find(text, p);
        if (count != q.expected().length) {
            return Optional.of(id + ": count " + count);
        }
        if (found == null || !Arrays.equals(found, q.expected())) {
            return Optional.of(id + ": find differs: " + (found == null ? "null"
                    : firstDifference(found, q.expected())));
        }
        return Optional.empty();
    }

    private static String firstDifference(int[] got, int[] want) {
        int i = 0;
        while (i < got.length && i < want.length && got[i] == want[i]) {
            i++;
        }
        return got.length + " offsets instead of " + want.length + ", first difference at index " + i + ": got "
                + (i < got.length ? got[i] : "none") + ", want " + (i < want.length ? want[i] : "none");
    }
}
