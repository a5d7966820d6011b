package org.gpumatch.api.conformance;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The conformance kit every exact single-pattern {@link Matcher} must pass: a one-line subclass per implementation.
 *
 * <pre>{@code
 * class DrkWomMatcherConformanceTest extends MatcherConformanceTest {
 *     protected Matcher createMatcher() { return ExactMatchers.drkWom64(DevicePolicy.fromSystemProperty()); }
 *     protected int[] boundaries() { return new int[] {256, 4096}; } // work-group size, tile chars
 * }
 * }</pre>
 *
 * <p>Each {@code @TestFactory} below is one group of {@link ConformanceCases} (see there for what each holds); each
 * case is a dynamic test named after it ({@code straddle0042 b=64 m=5 j=3 n=899}). A case first asks
 * {@link Matcher#unsupportedReason(long, int, int)} with sigma of text and pattern together; an unsupported case is
 * aborted with that reason, so it is reported as skipped, never as passed. A supported case checks {@code count} and
 * {@code find} against {@link NaiveMatcher} and, where the case's table states offsets, against those; a failure names
 * the case, n, m, sigma, its seed and the first differing offset (see {@link ConformanceCheck}).
 *
 * <p>One matcher instance serves the whole class ({@code PER_CLASS}), created in {@code @BeforeAll} and closed in
 * {@code @AfterAll}, the way a service reuses one. With the defaults a run is about 4,500 cases (9,000 calls).
 * Reproduce a failure by running the class again (everything is seeded) or a random case alone with
 * {@link ConformanceCases#randomCase(int, long, int[])}; {@code -Dgpumatch.conformance.seed=N} changes the seed and
 * {@code -Dgpumatch.conformance.trials=N} the number of random trials.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class MatcherConformanceTest {
    /** System property overriding {@link #randomSeed()}. */
    public static final String SEED_PROPERTY = "gpumatch.conformance.seed";
    /** System property overriding {@link #randomTrials()}. */
    public static final String TRIALS_PROPERTY = "gpumatch.conformance.trials";

    private Matcher matcher;
    private int[] boundaries;
    private final AtomicInteger ran = new AtomicInteger();
    private final AtomicInteger skipped = new AtomicInteger();
    private final Map<String, Integer> skipReasons = new LinkedHashMap<>();

    /** The matcher under test; called once per test class, closed after the last test. */
    protected abstract Matcher createMatcher();

    /**
     * The implementation's work-group, tile and chunk sizes, in text characters: the kit places occurrences across
     * their first multiples and a few further ones, and uses text lengths around them. Cost grows with the largest:
     * the defaults generate about 10 MB of text in all, a 4096-character tile about 30 MB, a 1 MiB chunk about 1.2 GB
     * (seconds of generation and oracle time), so name chunk sizes only where a chunk boundary is handled apart.
     */
    protected int[] boundaries() {
        return ConformanceCases.DEFAULT_BOUNDARIES.clone();
    }

    /** How many randomized differential cases to run. */
    protected int randomTrials() {
        return Integer.getInteger(TRIALS_PROPERTY, 150);
    }

    /** The seed of every generated text; fixed so runs are reproducible. */
    protected long randomSeed() {
        return Long.getLong(SEED_PROPERTY, ConformanceCases.DEFAULT_SEED);
    }

    /** The matcher under test (valid between {@code @BeforeAll} and {@code @AfterAll}). */
    protected final Matcher matcher() {
        return matcher;
    }

    @BeforeAll
    void openMatcher() {
        boundaries = Arrays.stream(boundaries()).distinct().sorted().toArray();
        if (boundaries.length == 0 || boundaries[0] < 1) {
            throw new IllegalArgumentException("boundaries() must be positive sizes: " + Arrays.toString(boundaries()));
        }
        matcher = createMatcher();
        assertNotNull(matcher, "createMatcher() returned null");
    }

    @AfterAll
    void closeMatcher() {
        if (matcher != null) {
            String reasons = skipReasons.isEmpty() ? "" : "; skip reasons: " + skipReasons;
            printSummary("[conformance] " + getClass().getSimpleName() + " (" + matcher.algorithm() + "): "
                    + ran.get() + " cases checked, " + skipped.get() + " skipped as unsupported" + reasons);
            matcher.close();
            matcher = null;
        }
    }

    /** Prints the one-line summary of a run (the self-test silences it). */
    void printSummary(String line) {
        System.out.println(line);
    }

    // ============================================================================================ groups

    @TestFactory
    Stream<DynamicTest> seeds() {
        return tests(ConformanceCases.seeds());
    }

    @TestFactory
    Stream<DynamicTest> edges() {
        return tests(ConformanceCases.edges(randomSeed()));
    }

    @TestFactory
    Stream<DynamicTest> byteValues() {
        return tests(ConformanceCases.byteValues(randomSeed()));
    }

    @TestFactory
    Stream<DynamicTest> highByteMixes() {
        return tests(ConformanceCases.highByteMixes(randomSeed()));
    }

    @TestFactory
    Stream<DynamicTest> periodicTexts() {
        return tests(ConformanceCases.periodicTexts(boundaries));
    }

    @TestFactory
    Stream<DynamicTest> patternLengths() {
        return tests(ConformanceCases.patternLengths(randomSeed()));
    }

    @TestFactory
    Stream<DynamicTest> straddlingBoundaries() {
        return tests(ConformanceCases.straddlingBoundaries(boundaries, randomSeed()));
    }

    @TestFactory
    Stream<DynamicTest> textLengths() {
        return tests(ConformanceCases.textLengths(boundaries, randomSeed()));
    }

    @TestFactory
    Stream<DynamicTest> randomized() {
        return tests(ConformanceCases.randomized(boundaries, randomTrials(), randomSeed()));
    }

    @TestFactory
    Stream<DynamicTest> ascendingOverlapping() {
        return tests(ConformanceCases.ascendingOverlapping(boundaries));
    }

    /** One {@link Text} object queried many times, and Text objects alternated: what a resident implementation caches. */
    @TestFactory
    Stream<DynamicTest> residentText() {
        return Stream.of(
                dynamicTest("resident000 one Text, 20 patterns each queried three times", () -> resident(1)),
                dynamicTest("resident010 two Texts of equal length, each pattern on 1st, 2nd, 1st", () -> resident(2)),
                dynamicTest("resident020 two Text objects over one array, alternated", () -> resident(3)));
    }

    /** Every group of cases as dynamic tests, in order (the self-test runs them without JUnit's engine). */
    final Stream<DynamicTest> allDynamicTests() {
        return Stream.of(seeds(), edges(), byteValues(), highByteMixes(), periodicTexts(), patternLengths(),
                straddlingBoundaries(), textLengths(), randomized(), ascendingOverlapping(), residentText())
                .flatMap(s -> s);
    }

    // ============================================================================================ plain tests

    /** A matcher that declares every input unsupported would pass the kit vacuously (all skipped): that is a failure. */
    @Test
    void declaresSomeInputsSupported() {
        for (long n : new long[] {1000, 100_000, 10, 0}) {
            for (int m = 1; m <= 1024; m = m < 16 ? m + 1 : m * 2) {
                for (int sigma = 8; sigma >= 1; sigma--) {
                    if (matcher.unsupportedReason(n, m, sigma).isEmpty()) {
                        return;
                    }
                }
            }
        }
        fail(matcher.algorithm() + " declares every n in {0, 10, 1000, 100000}, m in 1..16, 32..1024, sigma 1..8 "
                + "unsupported, e.g. " + matcher.unsupportedReason(1000, 4, 8).orElse("?"));
    }

    /** {@code algorithm()} and, after a call, {@code lastPlan()} are reported. */
    @Test
    void reportsAlgorithmAndPlan() {
        Algorithm algorithm = matcher.algorithm();
        assertNotNull(algorithm, "algorithm()");
        byte[] t = TextGenerators.withPlanted(new Random(1), 1001, ConformanceCases.DNA, TextGenerators.latin1("ACGT"),
                0, 500, 997);
        Text text = Text.wrap(t);
        int m = 4;
        int sigma = text.alphabet().sigma();
        matcher.unsupportedReason(t.length, m, sigma)
                .ifPresent(r -> Assumptions.abort(unsupported(t.length, m, sigma, r)));
        Pattern acgt = Pattern.utf8("ACGT");
        long count = matcher.count(text, acgt);
        Plan plan = matcher.lastPlan();
        assertNotNull(plan, "lastPlan() after count");
        long expected = new NaiveMatcher().count(text, acgt);
        if (count != expected) {
            fail("count of ACGT (planted at 0, 500, 997) in n=1001: " + count + ", expected " + expected);
        }
    }

    // ============================================================================================ running

    private Stream<DynamicTest> tests(List<ConformanceCase> cases) {
        return cases.stream().map(c -> dynamicTest(c.name(), () -> run(c)));
    }

    /** Runs one case: skip when unsupported, else compare with the oracle. */
    void run(ConformanceCase c) {
        ConformanceCase.Input in = c.input();
        int sigma = in.sigma();
        Optional<String> why = matcher.unsupportedReason(in.n(), in.m(), sigma);
        if (why.isPresent()) {
            skip(why.get());
            Assumptions.abort(c.name() + ": " + unsupported(in.n(), in.m(), sigma, why.get()));
        }
        ran.incrementAndGet();
        check(c.name(), in, sigma, Text.wrap(in.text()));
    }

    private void check(String name, ConformanceCase.Input in, int sigma, Text text) {
        Optional<String> problem;
        try {
            problem = ConformanceCheck.mismatch(matcher, name, in, sigma, boundaries, text);
        } catch (RuntimeException e) {
            throw new AssertionError(name + " [" + in.describe(sigma) + "]: " + matcher.algorithm() + " threw " + e, e);
        }
        problem.ifPresent(p -> fail(matcher.algorithm() + ": " + p));
    }

    /**
     * Variant 1: one Text, each pattern queried three times; 2: two Texts of equal length, each pattern queried on the first,
     * the second, then the first again; 3: the same, with two Text objects wrapping one array.
     */
    private void resident(int variant) {
        int b = boundaries[boundaries.length - 1];
        int n = ConformanceCases.oddLength(Math.min(3L * b + 5, 1 << 22), b);
        Random rnd = new Random(ConformanceCases.mix(randomSeed(), 9, variant));
        byte[] first = TextGenerators.random(rnd, n, ConformanceCases.DNA);
        byte[] second = TextGenerators.random(rnd, n, ConformanceCases.DNA);
        Text[] texts = switch (variant) {
            case 1 -> new Text[] {Text.wrap(first), null};
            case 2 -> new Text[] {Text.wrap(first), Text.wrap(second)};
            default -> new Text[] {Text.wrap(first), Text.wrap(first)};
        };
        if (texts[1] == null) {
            texts[1] = texts[0];
        }
        int[] lengths = {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 31, 33};
        List<String> reasons = new ArrayList<>();
        int checked = 0;
        for (int q = 0; q < 20; q++) {
            int m = lengths[q % lengths.length];
            byte[] p = q % 3 == 2 ? TextGenerators.random(rnd, m, ConformanceCases.DNA)
                    : TextGenerators.substring(rnd, (q % 2 == 0 ? first : second), m);
            for (int which : new int[] {0, 1, 0}) {
                Text text = texts[which];
                ConformanceCase.Input in = new ConformanceCase.Input(text.bytes(), p, null, "pattern " + q
                        + " on text " + which + ", resident variant " + variant + ", seed=" + ConformanceCases.hexSeed(
                        randomSeed()));
                int sigma = in.sigma();
                Optional<String> why = matcher.unsupportedReason(n, m, sigma);
                if (why.isPresent()) {
                    reasons.add(unsupported(n, m, sigma, why.get()));
                    continue;
                }
                check("resident" + variant + " pattern " + q + " text " + which, in, sigma, text);
                checked++;
            }
        }
        if (checked == 0) {
            skip(reasons.get(0));
            Assumptions.abort("resident variant " + variant + ": every query unsupported, e.g. " + reasons.get(0));
        }
        ran.incrementAndGet();
    }

    private synchronized void skip(String reason) {
        skipped.incrementAndGet();
        if (skipReasons.size() < 5 || skipReasons.containsKey(reason)) {
            skipReasons.merge(reason, 1, Integer::sum);
        }
    }

    private String unsupported(long n, int m, int sigma, String reason) {
        return matcher.algorithm() + " does not support n=" + n + ", m=" + m + ", sigma=" + sigma + ": " + reason;
    }
}
