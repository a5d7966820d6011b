package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.gpumatch.aparapi.multi.MultiRkMatcher;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.NaiveMultiMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The GC-move kit of the matcher kernels: results survive collections between launches. Aparapi's explicit mode
 * rebuilds a device buffer from the host copy when the GC moved the Java array between two launches
 * (docs/aparapi-guide.md section 5); GuardedKernel keeps bound arrays current, and each matcher here keeps state on the
 * device across launches or queries (DRK-WOM-64: the immutable text only; CRK and multi-rk: the text's prefix sums).
 * Each run answers 20 rounds of count and find on a 20,011-byte DNA text, with {@link GcChurn} (small garbage and a
 * forced collection) after every query, and compares every answer with the naive oracle. The build runs this class a
 * second time under {@code -XX:+UseSerialGC} (surefire execution {@code serial-gc}, every {@code *GcMoveTest}), the
 * collector that moved arrays most often in the guide's experiment.
 *
 * <p>A matcher joins the kit with one {@link Subject} in {@link #matchers()}.
 */
class MatcherGcMoveTest {
    private static final int ROUNDS = 20;
    private static final int TEXT_LENGTH = 20_011;

    /** One matcher under test, its queries and its oracle's answers; closes the matcher. */
    interface Subject<Q> extends AutoCloseable {
        /** The query of round {@code round}: substrings of the text, so that every query has occurrences. */
        Q query(byte[] text, int round, Random random);

        Object count(Text text, Q query);

        Object find(Text text, Q query);

        Object expectedCount(Text text, Q query);

        Object expectedFind(Text text, Q query);

        /** Checks after the rounds (state the matcher promises to keep across queries); nothing by default. */
        default void afterRounds() {
        }

        @Override
        void close();
    }

    /** A single-pattern matcher, patterns of 1..maxLength bytes against {@link NaiveMatcher}. */
    private static class SinglePattern implements Subject<Pattern> {
        private static final NaiveMatcher NAIVE = new NaiveMatcher();
        final Matcher matcher;
        private final int maxLength;

        SinglePattern(Matcher matcher, int maxLength) {
            this.matcher = matcher;
            this.maxLength = maxLength;
        }

        @Override
        public Pattern query(byte[] t, int round, Random random) {
            int m = 1 + round % maxLength;
            int at = random.nextInt(t.length - m);
            return Pattern.of(Arrays.copyOfRange(t, at, at + m));
        }

        @Override
        public Object count(Text text, Pattern p) {
            return matcher.count(text, p);
        }

        @Override
        public Object find(Text text, Pattern p) {
            return matcher.find(text, p);
        }

        @Override
        public Object expectedCount(Text text, Pattern p) {
            return NAIVE.count(text, p);
        }

        @Override
        public Object expectedFind(Text text, Pattern p) {
            return NAIVE.find(text, p);
        }

        @Override
        public void close() {
            matcher.close();
        }
    }

    /** A multi-pattern matcher, five patterns of 1..13 bytes a round against {@link NaiveMultiMatcher}. */
    private static final class MultiPattern implements Subject<PatternSet> {
        private static final NaiveMultiMatcher NAIVE = new NaiveMultiMatcher();
        private final MultiPatternMatcher matcher;

        MultiPattern(MultiPatternMatcher matcher) {
            this.matcher = matcher;
        }

        @Override
        public PatternSet query(byte[] t, int round, Random random) {
            List<byte[]> patterns = new ArrayList<>();
            for (int j = 0; j < 5; j++) {
                int m = 1 + (round + j) % 13;
                int at = random.nextInt(t.length - m);
                patterns.add(Arrays.copyOfRange(t, at, at + m));
            }
            return PatternSet.of(patterns);
        }

        @Override
        public Object count(Text text, PatternSet set) {
            return matcher.count(text, set);
        }

        @Override
        public Object find(Text text, PatternSet set) {
            return matcher.find(text, set);
        }

        @Override
        public Object expectedCount(Text text, PatternSet set) {
            return NAIVE.count(text, set);
        }

        @Override
        public Object expectedFind(Text text, PatternSet set) {
            return NAIVE.find(text, set);
        }

        @Override
        public void close() {
            matcher.close();
        }
    }

    /** The matchers of the kit, each opened when its run starts (on OpenCL: PoCL in CI). */
    static Stream<Named<java.util.function.Supplier<Subject<?>>>> matchers() {
        return Stream.of(
                Named.of("drk-wom-64", () -> new SinglePattern(new DrkWomMatcher(TestDevices.openCl(), "test", 64, 3), 8)),
                Named.of("crk (prefix sums once)", () -> new SinglePattern(
                        new CrkMatcher(TestDevices.openCl(), "test", 64, 3), 13) {
                    @Override
                    public void afterRounds() {
                        assertThat(((CrkMatcher) matcher).scans()).as("prefix sums computed once for 40 queries")
                                .isEqualTo(1);
                    }
                }),
                Named.of("multi-rk", () -> new MultiPattern(new MultiRkMatcher(TestDevices.openCl()))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matchers")
    void resultsSurviveCollectionsBetweenLaunches(java.util.function.Supplier<Subject<?>> subject) {
        try (Subject<?> s = subject.get()) {
            run(s);
        }
    }

    private static <Q> void run(Subject<Q> subject) {
        Random random = new Random(15);
        byte[] t = new byte[TEXT_LENGTH];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) "acgt".charAt(random.nextInt(4));
        }
        Text text = Text.wrap(t);
        List<byte[]> garbage = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            Q q = subject.query(t, round, random);
            assertThat(subject.count(text, q)).as("round %d count", round).isEqualTo(subject.expectedCount(text, q));
            GcChurn.churn(garbage, random);
            assertThat(subject.find(text, q)).as("round %d find", round).isEqualTo(subject.expectedFind(text, q));
            GcChurn.churn(garbage, random);
        }
        subject.afterRounds();
    }
}
