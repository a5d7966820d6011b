package org.gpumatch.api.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.opentest4j.TestAbortedException;

/**
 * Tests of the kit itself: it fails broken matchers (each flaw caught by the group built for it), skips unsupported
 * cases instead of passing them, covers what it promises (boundary multiples, text lengths, sigma 1..8), and its
 * table agrees with an independent search.
 */
class ConformanceKitSelfTest {
    private static final int[] B = ConformanceCases.DEFAULT_BOUNDARIES;
    private static final long SEED = ConformanceCases.DEFAULT_SEED;

    // ============================================================================================ the kit can fail

    /** A flaw typical of a parallel matcher, and the case groups that must each catch it on their own. */
    enum Flaw {
        DROPS_OFFSET_ZERO("seed", "edge", "length", "tail", "order"),
        DROPS_LAST_WINDOW("seed", "edge", "length", "tail", "order"),
        DROPS_STRADDLING_64("straddle"),
        DROPS_STRADDLING_1024("straddle"),
        NON_OVERLAPPING("seed", "periodic", "order"),
        IGNORES_HIGH_BIT("byte", "mix"),
        ZERO_PADDED_TO_4("tail", "periodic"),
        DESCENDING_FIND("order"),
        COUNT_MISSES_TAIL("tail"),
        STALE_RESIDENT_TEXT("resident", "straddle"),
        FINGERPRINT_ONLY_MOD_7("random", "straddle", "byte");

        final Set<String> catchingGroups;

        Flaw(String... groups) {
            this.catchingGroups = Set.of(groups);
        }
    }

    /** Naive search with one deliberate flaw. */
    static final class BrokenMatcher implements Matcher {
        private final Flaw flaw;
        private byte[] cached;

        BrokenMatcher(Flaw flaw) {
            this.flaw = flaw;
        }

        @Override
        public Algorithm algorithm() {
            return Algorithm.NAIVE;
        }

        @Override
        public Optional<String> unsupportedReason(long n, int m, int sigma) {
            return Optional.empty();
        }

        @Override
        public long count(Text text, Pattern pattern) {
            int[] all = search(text, pattern);
            if (flaw == Flaw.COUNT_MISSES_TAIL) {
                int n = text.length();
                int end = n - n % 8;
                return Arrays.stream(all).filter(i -> i + pattern.length() <= end).count();
            }
            return all.length;
        }

        @Override
        public int[] find(Text text, Pattern pattern) {
            int[] all = search(text, pattern);
            if (flaw == Flaw.DESCENDING_FIND) {
                for (int i = 0, j = all.length - 1; i < j; i++, j--) {
                    int t = all[i];
                    all[i] = all[j];
                    all[j] = t;
                }
            }
            return all;
        }

        private int[] search(Text text, Pattern pattern) {
            byte[] t = text.bytes();
            byte[] p = pattern.toByteArray();
            int m = p.length;
            if (flaw == Flaw.STALE_RESIDENT_TEXT) { // "resident" by length: a new text of the same length is ignored
                if (cached == null || cached.length != t.length) {
                    cached = t.clone();
                }
                t = cached;
            }
            if (flaw == Flaw.ZERO_PADDED_TO_4) {
                t = Arrays.copyOf(t, (t.length + 3) / 4 * 4);
            }
            List<Integer> out = new ArrayList<>();
            long fp = fingerprint7(p, 0, m);
            long fw = m <= t.length ? fingerprint7(t, 0, m) : -1;
            long high = 1; // 256^(m-1) mod 7
            for (int j = 1; j < m; j++) {
                high = high * 256 % 7;
            }
            for (int i = 0; i + m <= t.length; i++) {
                boolean hit = flaw == Flaw.FINGERPRINT_ONLY_MOD_7 ? fw == fp
                        : flaw == Flaw.IGNORES_HIGH_BIT ? equal7bit(t, i, p) : NaiveMatcher.matchesAt(t, i, p);
                if (hit) {
                    out.add(i);
                }
                if (i + m < t.length) {
                    fw = ((fw - (t[i] & 0xFF) * high % 7 + 7) * 256 + (t[i + m] & 0xFF)) % 7;
                }
            }
            int n = t.length;
            int[] kept = out.stream().mapToInt(Integer::intValue).filter(i -> switch (flaw) {
                case DROPS_OFFSET_ZERO -> i != 0;
                case DROPS_LAST_WINDOW -> i != n - m;
                case DROPS_STRADDLING_64 -> i / 64 == (i + m - 1) / 64;
                case DROPS_STRADDLING_1024 -> i / 1024 == (i + m - 1) / 1024;
                default -> true;
            }).toArray();
            if (flaw == Flaw.NON_OVERLAPPING) { // resumes the search after each occurrence
                int[] greedy = new int[kept.length];
                int g = 0;
                for (int i : kept) {
                    if (g == 0 || i >= greedy[g - 1] + m) {
                        greedy[g++] = i;
                    }
                }
                kept = Arrays.copyOf(greedy, g);
            }
            return kept;
        }

        private static boolean equal7bit(byte[] t, int i, byte[] p) {
            for (int j = 0; j < p.length; j++) {
                if ((t[i + j] & 0x7F) != (p[j] & 0x7F)) {
                    return false;
                }
            }
            return true;
        }

        private static long fingerprint7(byte[] a, int from, int m) {
            long f = 0;
            for (int j = 0; j < m; j++) {
                f = ((f << 8) + (a[from + j] & 0xFF)) % 7;
            }
            return f;
        }

        @Override
        public Plan lastPlan() {
            return new Plan(Algorithm.NAIVE, "Java", "deliberately broken: " + flaw);
        }
    }

    /** A kit instance around a given matcher, run without JUnit's engine. */
    static final class Kit extends MatcherConformanceTest {
        private final Matcher subject;
        private final int trials;

        Kit(Matcher subject, int trials) {
            this.subject = subject;
            this.trials = trials;
        }

        @Override
        protected Matcher createMatcher() {
            return subject;
        }

        @Override
        protected int randomTrials() {
            return trials;
        }

        @Override
        void printSummary(String line) {
            // dozens of kit runs: keep the build log short
        }
    }

    /** What running every dynamic test of the kit gave. */
    record Outcome(int passed, List<String> aborted, List<String> failed) {
        Set<String> failedGroups() {
            return failed.stream().map(ConformanceKitSelfTest::groupOf).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    static String groupOf(String displayName) {
        return displayName.replaceFirst("^([a-z]+).*$", "$1");
    }

    static Outcome runKit(Matcher matcher, int trials) {
        Kit kit = new Kit(matcher, trials);
        kit.openMatcher();
        int passed = 0;
        List<String> aborted = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        try {
            for (DynamicTest test : kit.allDynamicTests().toList()) {
                try {
                    test.getExecutable().execute();
                    passed++;
                } catch (TestAbortedException e) {
                    aborted.add(test.getDisplayName() + " => " + e.getMessage());
                } catch (Throwable e) {
                    failed.add(test.getDisplayName() + " => " + e.getMessage());
                }
            }
        } finally {
            kit.closeMatcher();
        }
        return new Outcome(passed, aborted, failed);
    }

    private static final Map<Flaw, Outcome> OUTCOMES = new EnumMap<>(Flaw.class);

    /** The kit's outcome for a broken matcher (60 random trials), computed once per flaw. */
    private static synchronized Outcome outcome(Flaw flaw) {
        return OUTCOMES.computeIfAbsent(flaw, f -> runKit(new BrokenMatcher(f), 60));
    }

    @ParameterizedTest
    @EnumSource(Flaw.class)
    void everyFlawIsCaughtByTheGroupBuiltForIt(Flaw flaw) {
        Outcome outcome = outcome(flaw);

        assertThat(outcome.failed()).as("failures of a matcher that %s", flaw).isNotEmpty();
        assertThat(outcome.failedGroups()).as("groups that caught %s", flaw).containsAll(flaw.catchingGroups);
        assertThat(outcome.failed().get(0)).as("a failure message identifies the case")
                .contains("n=", "m=", "sigma=");
    }

    @Test
    void failureMessagesNameTheFirstDifferingOffsetAndTheBoundaryItStraddles() {
        Outcome outcome = outcome(Flaw.DROPS_STRADDLING_64);

        String first = outcome.failed().stream().filter(f -> f.startsWith("straddle")).findFirst().orElseThrow();
        assertThat(first).contains("find differs from the oracle at index", "first missing offset", "straddles",
                "*64", "seed=0x", "count = ");
    }

    @Test
    void aDescendingFindIsReportedAsSuch() {
        Outcome outcome = outcome(Flaw.DESCENDING_FIND);

        assertThat(outcome.failed()).anySatisfy(f -> assertThat(f).contains("not strictly ascending"));
    }

    @Test
    void correctMatchersPassEveryCase() {
        Outcome outcome = runKit(new NaiveMatcher(), 30);

        assertThat(outcome.failed()).isEmpty();
        assertThat(outcome.aborted()).isEmpty();
        assertThat(outcome.passed()).isGreaterThan(3000);
    }

    // ============================================================================================ skipping

    /** Naive search that declares m > 8 or n > 5000 unsupported and records whether it is called anyway. */
    static class Limited implements Matcher {
        final AtomicInteger callsOutsideLimits = new AtomicInteger();
        private final NaiveMatcher naive = new NaiveMatcher();

        @Override
        public Algorithm algorithm() {
            return Algorithm.DRK_WOM_64;
        }

        @Override
        public Optional<String> unsupportedReason(long n, int m, int sigma) {
            if (m > 8) {
                return Optional.of("m <= 8 only; m = " + m);
            }
            return n > 5000 ? Optional.of("n <= 5000 only; n = " + n) : Optional.empty();
        }

        @Override
        public long count(Text text, Pattern pattern) {
            note(text, pattern);
            return naive.count(text, pattern);
        }

        @Override
        public int[] find(Text text, Pattern pattern) {
            note(text, pattern);
            return naive.find(text, pattern);
        }

        private void note(Text text, Pattern pattern) {
            if (unsupportedReason(text.length(), pattern.length(), 8).isPresent()) {
                callsOutsideLimits.incrementAndGet();
            }
        }

        @Override
        public Plan lastPlan() {
            return new Plan(Algorithm.DRK_WOM_64, "Java", "test");
        }
    }

    @Test
    void unsupportedCasesAreAbortedWithTheirReasonNeverPassedOrRun() {
        Limited limited = new Limited();
        Outcome outcome = runKit(limited, 60);

        assertThat(outcome.failed()).isEmpty();
        assertThat(limited.callsOutsideLimits).hasValue(0);
        assertThat(outcome.aborted()).isNotEmpty()
                .allSatisfy(a -> assertThat(a).containsPattern("does not support n=\\d+, m=\\d+, sigma=\\d: "))
                .anySatisfy(a -> assertThat(a).contains("m <= 8 only; m = 9"))
                .anySatisfy(a -> assertThat(a).contains("n <= 5000 only"));
        assertThat(outcome.passed()).isGreaterThan(1000);
    }

    @Test
    void aMatcherSupportingNothingFailsInsteadOfPassingVacuously() {
        Matcher nothing = new Limited() {
            @Override
            public Optional<String> unsupportedReason(long n, int m, int sigma) {
                return Optional.of("supports nothing");
            }
        };
        Kit kit = new Kit(nothing, 1);
        kit.openMatcher();
        try {
            assertThatThrownBy(kit::declaresSomeInputsSupported).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("supports nothing");
            DynamicTest any = kit.allDynamicTests().findFirst().orElseThrow();
            assertThatThrownBy(() -> any.getExecutable().execute()).isInstanceOf(TestAbortedException.class);
        } finally {
            kit.closeMatcher();
        }
    }

    // ============================================================================================ coverage

    @Test
    void caseNamesAreUniqueAndEveryGroupIsPresent() {
        List<ConformanceCase> all = ConformanceCases.all(B, 150, SEED);
        Set<String> names = new HashSet<>();
        for (ConformanceCase c : all) {
            assertThat(names.add(c.name())).as("duplicate case name %s", c.name()).isTrue();
            assertThat(c.name()).matches("[a-z]+\\d{3,4}(\\.\\d)? .+");
        }
        assertThat(all.stream().map(ConformanceCase::group).collect(Collectors.toSet())).containsExactlyInAnyOrder(
                "seed", "edge", "byte", "mix", "periodic", "length", "straddle", "tail", "random", "order");
    }

    /** An independent search (String.indexOf over ISO-8859-1) agrees with the oracle and the table on every case. */
    @Test
    void oracleAgreesWithIndexOfAndTheTableOnEveryCase() {
        NaiveMatcher naive = new NaiveMatcher();
        int stated = 0;
        for (ConformanceCase c : ConformanceCases.all(B, 150, SEED)) {
            ConformanceCase.Input in = c.input();
            int[] oracle = naive.find(Text.wrap(in.text()), Pattern.of(in.pattern()));
            assertThat(oracle).as(c.name()).isEqualTo(indexOfAll(in.text(), in.pattern()));
            if (in.expected() != null) {
                assertThat(oracle).as(c.name()).isEqualTo(in.expected());
                stated++;
            }
            assertThat(c.input().text()).as("%s is deterministic", c.name()).isEqualTo(in.text());
        }
        assertThat(stated).isGreaterThan(300);
    }

    private static int[] indexOfAll(byte[] text, byte[] pattern) {
        String t = new String(text, StandardCharsets.ISO_8859_1);
        String p = new String(pattern, StandardCharsets.ISO_8859_1);
        List<Integer> out = new ArrayList<>();
        for (int i = t.indexOf(p); i >= 0; i = t.indexOf(p, i + 1)) {
            out.add(i);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void straddleCasesPlaceOccurrencesAcrossEveryBoundaryMultipleAndNearMissesBeside() {
        NaiveMatcher naive = new NaiveMatcher();
        int checked = 0;
        for (ConformanceCase c : ConformanceCases.straddlingBoundaries(B, SEED)) {
            int b = param(c.name(), "b");
            int m = param(c.name(), "m");
            int j = param(c.name(), "j");
            ConformanceCase.Input in = c.input();
            int n = in.n();
            assertThat(n % 4 != 0 && n % 8 != 0 && n % b != 0).as("%s: n=%d", c.name(), n).isTrue();
            if (m > b) {
                continue; // plants one boundary apart overlap; only the oracle knows what survives
            }
            int[] found = naive.find(Text.wrap(in.text()), Pattern.of(in.pattern()));
            for (int k : new int[] {1, 2, 3, 8, 13}) {
                if (k * b - j >= 0) {
                    assertThat(found).as("%s: occurrence at %d*%d-%d", c.name(), k, b, j).contains(k * b - j);
                }
            }
            for (int k : new int[] {4, 5, 6}) {
                assertThat(found).as("%s: near miss at %d*%d-%d", c.name(), k, b, j).doesNotContain(k * b - j);
            }
            checked++;
        }
        long expected = 0; // every (b, m <= b, j in 0..m)
        for (int b : B) {
            for (int m : ConformanceCases.STRADDLE_M) {
                expected += m <= b ? m + 1 : 0;
            }
        }
        assertThat(checked).isEqualTo(expected);
    }

    /** The number after {@code " key="} in a case name ({@code key} is a regex, e.g. {@code "\\("} reads "(4*"). */
    private static int param(String name, String key) {
        String regex = key.startsWith("\\") ? key + "(\\d+)" : " " + key + "=(\\d+)";
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(regex).matcher(name);
        assertThat(m.find()).as("%s has %s=", name, key).isTrue();
        return Integer.parseInt(m.group(1));
    }

    @Test
    void tailCasesCoverEveryLengthAroundEveryBoundaryMultiple() {
        List<ConformanceCase> tail = ConformanceCases.textLengths(B, SEED);
        Set<Integer> lengths = tail.stream().map(c -> c.input().n()).collect(Collectors.toSet());
        for (int b : B) {
            for (int k : ConformanceCases.TAIL_K) {
                for (int d : ConformanceCases.TAIL_D) {
                    assertThat(lengths).contains(k * b + d);
                }
            }
        }
        NaiveMatcher naive = new NaiveMatcher();
        List<ConformanceCase> zeroGhosts = tail.stream().filter(c -> c.name().contains("0x00")).toList();
        assertThat(zeroGhosts).hasSizeGreaterThan(200);
        for (ConformanceCase c : zeroGhosts) {
            ConformanceCase.Input in = c.input();
            assertThat(naive.count(Text.wrap(in.text()), Pattern.of(in.pattern()))).as(c.name()).isZero();
        }
        for (ConformanceCase c : tail) {
            if (!c.name().contains("ghost")) {
                ConformanceCase.Input in = c.input();
                int n = in.n();
                int m = in.m();
                int kb = param(c.name(), "\\(") * param(c.name(), "\\*");
                int[] found = naive.find(Text.wrap(in.text()), Pattern.of(in.pattern()));
                if (m <= n) {
                    assertThat(found).as("%s: at n-m (planted last)", c.name()).contains(n - m);
                }
                int across = kb - m / 2;
                boolean acrossOverlapsZero = across >= 0 && across < m && across + m <= n;
                if (2 * m <= n && !acrossOverlapsZero) {
                    assertThat(found).as("%s: at 0", c.name()).contains(0);
                }
                if (across >= m && across + m <= n - m) {
                    assertThat(found).as("%s: across %d", c.name(), kb).contains(across);
                }
            }
        }
    }

    @Test
    void randomCasesCoverSigmaOneToEightAndMostHaveOccurrences() {
        NaiveMatcher naive = new NaiveMatcher();
        Set<Integer> sigmas = new TreeSet<>();
        int withOccurrences = 0;
        int nearBoundary = 0;
        int longPatterns = 0;
        boolean highBytes = false;
        List<ConformanceCase> random = ConformanceCases.randomized(B, 150, SEED);
        for (ConformanceCase c : random) {
            ConformanceCase.Input in = c.input();
            sigmas.add(in.sigma());
            withOccurrences += naive.count(Text.wrap(in.text()), Pattern.of(in.pattern())) > 0 ? 1 : 0;
            int n = in.n();
            nearBoundary += n >= 249 && (n % 256 <= 7 || n % 256 >= 249) ? 1 : 0;
            longPatterns += in.m() > 16 ? 1 : 0;
            highBytes |= c.name().contains("{0xfe,0xff}") || c.name().contains("{0x80..0x83}");
            assertThat(in.detail()).contains("seed=0x");
        }
        assertThat(sigmas).containsAll(IntStream.rangeClosed(1, 8).boxed().toList());
        assertThat(withOccurrences).isGreaterThan(random.size() / 2);
        assertThat(nearBoundary).as("n within 7 of a multiple of 256").isGreaterThan(random.size() / 8);
        assertThat(longPatterns).isGreaterThan(random.size() / 10);
        assertThat(highBytes).isTrue();
    }

    @Test
    void aRandomCaseIsRebuiltFromTheIndexAndSeedInItsName() {
        ConformanceCase c = ConformanceCases.randomized(B, 20, SEED).get(17);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("random(\\d+) seed=0x([0-9a-f]{16})").matcher(c.name());
        assertThat(m.find()).isTrue();
        ConformanceCase again = ConformanceCases.randomCase(Integer.parseInt(m.group(1)),
                Long.parseUnsignedLong(m.group(2), 16), B);

        assertThat(again.name()).isEqualTo(c.name());
        assertThat(again.input().text()).isEqualTo(c.input().text());
        assertThat(again.input().pattern()).isEqualTo(c.input().pattern());
    }

    @Test
    void byteGroupHasEveryValueIncludingNegativeJavaBytes() {
        List<ConformanceCase> bytes = ConformanceCases.byteValues(SEED);
        Set<Integer> singles = new TreeSet<>();
        for (ConformanceCase c : bytes) {
            ConformanceCase.Input in = c.input();
            if (in.m() == 1) {
                singles.add(in.pattern()[0] & 0xFF);
                assertThat(new NaiveMatcher().count(Text.wrap(in.text()), Pattern.of(in.pattern()))).as(c.name())
                        .isGreaterThanOrEqualTo(3);
            }
        }
        assertThat(singles).hasSize(256);
        assertThat(bytes.get(0x80).name()).startsWith("byte128 0x80 (Java -128)");
        assertThat(bytes.get(0xFF).name()).startsWith("byte255 0xff (Java -1)");
    }

    @Test
    void straddlesAnnotationNamesTheMultiplesInsideTheWindow() {
        assertThat(ConformanceCheck.straddles(61, 5, new int[] {32, 64})).isEqualTo(" (straddles 64 = 2*32, 64 = 1*64)");
        assertThat(ConformanceCheck.straddles(64, 5, new int[] {64})).isEmpty();
        assertThat(ConformanceCheck.straddles(0, 1, new int[] {1})).isEmpty();
    }

    @Test
    void oddLengthAvoidsMultiplesOf4And8AndTheBoundary() {
        assertThat(ConformanceCases.oddLength(64, 64)).isEqualTo(65);
        assertThat(ConformanceCases.oddLength(99, 33)).isEqualTo(101);
        assertThat(ConformanceCases.oddLength(7, 7)).isEqualTo(9);
    }
}
