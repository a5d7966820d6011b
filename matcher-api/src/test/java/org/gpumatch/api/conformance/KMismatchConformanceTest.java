package org.gpumatch.api.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.api.kmismatch.NaiveKMismatchMatcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The conformance kit every {@link KMismatchMatcher} must pass: a one-line subclass per implementation, e.g.
 *
 * <pre>{@code
 * class ThreadKernelConformanceTest extends KMismatchConformanceTest {
 *     protected KMismatchMatcher createMatcher() { return KMismatchMatchers.create("thread", device); }
 *     protected int[] boundaries() { return new int[] {64, 256}; } // work-group size, tile
 * }
 * }</pre>
 *
 * <p>Each case ({@link KMismatchCases}) checks {@code find} (offsets and distances) and {@code count} against
 * {@link NaiveKMismatchMatcher}; a case the matcher declares unsupported is aborted (skipped) with its reason. One
 * matcher instance serves the whole class. {@code -Dgpumatch.conformance.seed=N} changes the seed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class KMismatchConformanceTest {
    private final NaiveKMismatchMatcher oracle = new NaiveKMismatchMatcher();
    private KMismatchMatcher matcher;

    /** The matcher under test; called once per class, closed after the last test. */
    protected abstract KMismatchMatcher createMatcher();

    /** Work-group, tile and chunk sizes in text characters; hits are planted across their first multiples. */
    protected int[] boundaries() {
        return KMismatchCases.DEFAULT_BOUNDARIES.clone();
    }

    /** How many random cases. */
    protected int randomTrials() {
        return Integer.getInteger(MatcherConformanceTest.TRIALS_PROPERTY, 120);
    }

    private long seed() {
        return Long.getLong(MatcherConformanceTest.SEED_PROPERTY, ConformanceCases.DEFAULT_SEED);
    }

    @BeforeAll
    void open() {
        matcher = createMatcher();
    }

    @AfterAll
    void close() {
        if (matcher != null) {
            matcher.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> edges() {
        return tests(KMismatchCases.edges(seed()));
    }

    @TestFactory
    Stream<DynamicTest> byteValues() {
        return tests(KMismatchCases.byteValues(seed()));
    }

    @TestFactory
    Stream<DynamicTest> adversarial() {
        return tests(KMismatchCases.adversarial());
    }

    @TestFactory
    Stream<DynamicTest> boundaryHits() {
        return tests(KMismatchCases.boundaries(Arrays.stream(boundaries()).distinct().sorted().toArray(), seed()));
    }

    @TestFactory
    Stream<DynamicTest> longPatterns() {
        return tests(KMismatchCases.longPatterns(seed()));
    }

    @TestFactory
    Stream<DynamicTest> randomized() {
        return tests(KMismatchCases.randomized(randomTrials(), seed()));
    }

    @Test
    void negativeKIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> matcher.find(Text.wrap(new byte[10]), Pattern.of(new byte[2]), -1));
        assertTrue(e.getMessage().contains("k"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> matcher.count(Text.wrap(new byte[10]), Pattern.of(new byte[2]), -3));
    }

    @Test
    void oneTextManyQueries() {
        KMismatchCases.Case c = KMismatchCases.randomized(1, seed()).get(0);
        Text text = Text.wrap(KMismatchCases.randomBytes(new java.util.Random(5), 4000, 4));
        for (int q = 0; q < 6; q++) {
            byte[] p = Arrays.copyOfRange(text.bytes(), q * 300, q * 300 + 20 + q);
            check(new KMismatchCases.Case("resident" + q + " " + c.name(), text.bytes(), p, q), text);
        }
    }

    private Stream<DynamicTest> tests(List<KMismatchCases.Case> cases) {
        return cases.stream().map(c -> dynamicTest(c.toString(), () -> check(c, Text.wrap(c.text()))));
    }

    private void check(KMismatchCases.Case c, Text text) {
        Optional<String> why = matcher.unsupportedReason(c.text().length, c.pattern().length, c.k());
        Assumptions.assumeTrue(why.isEmpty(), () -> "unsupported: " + why.orElse(""));
        Pattern pattern = Pattern.of(c.pattern());
        KMismatchHits want = oracle.find(text, pattern, c.k());
        KMismatchHits got = matcher.find(text, pattern, c.k());
        if (!want.equals(got)) {
            throw new AssertionError(matcher.name() + " " + c + ": " + firstDifference(want, got));
        }
        assertEquals(want.size(), matcher.count(text, pattern, c.k()), matcher.name() + " count " + c);
    }

    private static String firstDifference(KMismatchHits want, KMismatchHits got) {
        int n = Math.min(want.size(), got.size());
        for (int i = 0; i < n; i++) {
            if (want.offset(i) != got.offset(i) || want.mismatches(i) != got.mismatches(i)) {
                return "hit " + i + ": expected offset " + want.offset(i) + " with " + want.mismatches(i)
                        + " mismatches, got offset " + got.offset(i) + " with " + got.mismatches(i);
            }
        }
        return "expected " + want.size() + " hits, got " + got.size()
                + (want.size() > n ? " (first missing offset " + want.offset(n) + ")" : " (first extra offset "
                + (got.size() > n ? got.offset(n) : -1) + ")");
    }
}
