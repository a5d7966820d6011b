package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.gpumatch.aparapi.DeviceMatcher;
import org.gpumatch.aparapi.multi.MultiRkMatcher;
import org.gpumatch.aparapi.multi.PolynomialHash;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.UnsupportedInputException;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.NaiveMultiMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kernel-level properties of the matcher kernels, one parameterized suite instead of a copy per kernel (issue 25
 * item 5). A kernel joins a property with one line in its source method ({@link #colliding()}, {@link #onJavaThreads()},
 * {@link #onOpenCl()}).
 * <ul>
 *   <li><b>Forced collisions</b> ({@link #forcedCollisionsNeverGiveFalsePositives}): every fingerprinting kernel built
 *       with a tiny modulus, where most windows share a pattern's fingerprint, still answers exactly the naive
 *       oracle, because every candidate is compared byte by byte on the device; the host first proves, with the
 *       kernel's own fingerprint, that the inputs collide (at least {@link Colliding#minCollisions} false candidates
 *       per modulus). Periodic texts where every window is a candidate: {@link #periodicTextsWithTheSmallestModulus}.
 *       The exact packed fingerprints (DRK-WOM, the skim of DRK-2S, multi-fused's) cannot collide: nothing to force.</li>
 *   <li><b>No silent fallback</b>: on the OpenCL device every kernel runs there and says so
 *       ({@link #runsOnThePlannedOpenClDevice}: the plan names the device and a guarded launch happened; each
 *       {@code GuardedKernel} launch fails when Aparapi ran the kernel anywhere else); in Aparapi's Java thread pool (the
 *       explicit {@code --device java}) a kernel either gives the oracle's answers or is refused before it starts with
 *       a reason naming an OpenCL device, never hangs ({@link #javaThreadsAnswerExactlyOrRefuse}). A kernel that fails
 *       to convert or compile is an error for every kernel alike: gpu-core's {@code NoSilentFallbackTest} proves it
 *       on {@code GuardedKernel}, which every kernel here runs through.</li>
 *   <li><b>Arrays moved by the GC</b>: {@link MatcherGcMoveTest} (its own surefire executions, a collection between
 *       every query, also under SerialGC) over the matchers that keep device state across launches; gpu-core's
 *       {@code PrimitivesMovingArraysTest} and {@code LaunchStateMovingArraysTest} (a collection before every launch)
 *       over the grid primitives every pipeline kernel runs on.</li>
 * </ul>
 */
class KernelPropertiesTest {
    private static final NaiveMatcher NAIVE = new NaiveMatcher();
    private static final NaiveMultiMatcher NAIVE_MULTI = new NaiveMultiMatcher();

    /**
     * A kernel built with a tiny modulus, answering sets of patterns (a single-pattern kernel takes them one by one).
     */
    interface Colliding extends AutoCloseable {
        /** Checks every answer for {@code patterns} over {@code t} against the naive oracle. */
        void assertExact(byte[] t, List<byte[]> patterns, String what);

        /** Windows of {@code t} whose fingerprint equals a pattern's although their bytes differ (host reference). */
        long falseCandidates(byte[] t, List<byte[]> patterns);

        /** How many patterns a trial gives it. */
        int patternsPerTrial();

        /** The fewest false candidates the trials of one modulus must produce, or the test proves nothing. */
        long minCollisions();

        @Override
        void close();
    }

    /** A single-pattern kernel with a tiny modulus, its host fingerprint, and the least collisions its trials show. */
    private record SinglePattern(Matcher matcher, FalseHits hits, long minCollisions) implements Colliding {
        interface FalseHits {
            long of(byte[] t, byte[] pattern);
        }

        @Override
        public void assertExact(byte[] t, List<byte[]> patterns, String what) {
            Text text = Text.wrap(t);
            for (byte[] p : patterns) {
                Pattern pattern = Pattern.of(p);
                assertThat(matcher.count(text, pattern)).as(what).isEqualTo(NAIVE.count(text, pattern));
                assertThat(matcher.find(text, pattern)).as(what).isEqualTo(NAIVE.find(text, pattern));
            }
        }

        @Override
        public long falseCandidates(byte[] t, List<byte[]> patterns) {
            long sum = 0;
            for (byte[] p : patterns) {
                sum += hits.of(t, p);
            }
            return sum;
        }

        @Override
        public int patternsPerTrial() {
            return 1;
        }

        @Override
        public void close() {
            matcher.close();
        }
    }

    /**
     * multi-rk with the hash {@code q} and {@code d = 2}: about one window in q hits each hash group and distinct
     * patterns share groups, so exact answers need every candidate verified and every pattern of a group tried.
     */
    private record MultiRk(MultiPatternMatcher matcher, PolynomialHash hash) implements Colliding {
        @Override
        public void assertExact(byte[] t, List<byte[]> patterns, String what) {
            Text text = Text.wrap(t);
            PatternSet set = PatternSet.of(patterns);
            assertThat(matcher.count(text, set)).as(what).isEqualTo(NAIVE_MULTI.count(text, set));
            assertThat(matcher.find(text, set)).as(what).isEqualTo(NAIVE_MULTI.find(text, set));
        }

        @Override
        public long falseCandidates(byte[] t, List<byte[]> patterns) {
            long sum = 0;
            for (byte[] p : patterns) {
                int fp = hash.hash(p, 0, p.length);
                for (int r = 0; r + p.length <= t.length; r++) {
                    if (hash.hash(t, r, p.length) == fp && !Arrays.equals(t, r, r + p.length, p, 0, p.length)) {
                        sum++;
                    }
                }
            }
            return sum;
        }

        @Override
        public int patternsPerTrial() {
            return 5;
        }

        @Override
        public long minCollisions() {
            return 500;
        }

        @Override
        public void close() {
            matcher.close();
        }
    }

    /** (kernel, tiny modulus) pairs: every fingerprinting kernel with each of its moduli. */
    static Stream<Arguments> colliding() {
        List<Arguments> all = new ArrayList<>();
        for (int p : new int[] {2, 3, 7}) {
            all.add(kernel("crk", p, q -> new SinglePattern(new CrkMatcher(TestDevices.openCl(), "test", 16, 3, q),
                    (t, pat) -> crkFalseHits(t, pat, q), 50)));
            all.add(kernel("drk", p, q -> new SinglePattern(new DrkMatcher(TestDevices.openCl(), "test", 16, 3, q),
                    (t, pat) -> drkFalseHits(t, pat, q), 500)));
            all.add(kernel("hrk", p, q -> new SinglePattern(new HrkMatcher(TestDevices.openCl(), "test", 16, 3, 2, q),
                    (t, pat) -> crkFalseHits(t, pat, q), 50)));
        }
        for (int q : new int[] {3, 13}) {
            all.add(kernel("multi-rk", q, h -> {
                PolynomialHash hash = new PolynomialHash(h, 2);
                return new MultiRk(new MultiRkMatcher(TestDevices.openCl(), 16, 3, hash), hash);
            }));
        }
        return all.stream();
    }

    private static Arguments kernel(String name, int modulus, IntFunction<Colliding> make) {
        return Arguments.of(Named.of(name, make), modulus);
    }

    @ParameterizedTest(name = "{0} modulus {1}")
    @MethodSource("colliding")
    void forcedCollisionsNeverGiveFalsePositives(IntFunction<Colliding> make, int modulus) {
        Random r = new Random(7L * modulus + 1);
        try (Colliding kernel = make.apply(modulus)) {
            long collisions = 0;
            for (int trial = 0; trial < 25; trial++) {
                int n = 1 + r.nextInt(3000);
                int sigma = trial % 3 == 0 ? 256 : 2 + r.nextInt(3);
                byte[] t = new byte[n];
                for (int i = 0; i < n; i++) {
                    t[i] = (byte) (sigma == 256 ? r.nextInt(256) : 'a' + r.nextInt(sigma));
                }
                List<byte[]> patterns = new ArrayList<>();
                for (int j = 0; j < kernel.patternsPerTrial(); j++) {
                    int m = 1 + r.nextInt(Math.min(n, trial % 5 == 0 ? 400 : 40));
                    int at = r.nextInt(n - m + 1);
                    byte[] pat = Arrays.copyOfRange(t, at, at + m);
                    if ((trial + j) % 4 == 1) {
                        pat[m - 1] ^= 1; // usually absent (or not in the text's alphabet at all), and still colliding
                    }
                    patterns.add(pat);
                }
                collisions += kernel.falseCandidates(t, patterns);
                kernel.assertExact(t, patterns, "modulus " + modulus + " n=" + n + " sigma=" + sigma + " trial "
                        + trial);
            }
            assertThat(collisions).as("windows whose fingerprint mod %d equals a pattern's but whose bytes differ",
                    modulus).isGreaterThanOrEqualTo(kernel.minCollisions());
        }
    }

    /** Every fingerprinting kernel with its smallest modulus. */
    static Stream<Arguments> smallestModulus() {
        return colliding().filter(a -> (int) a.get()[1] == 2 || (int) a.get()[1] == 3
                && ((Named<?>) a.get()[0]).getName().equals("multi-rk"));
    }

    /** A periodic text where every window is a candidate and many are true matches. */
    @ParameterizedTest(name = "{0} modulus {1}")
    @MethodSource("smallestModulus")
    void periodicTextsWithTheSmallestModulus(IntFunction<Colliding> make, int modulus) {
        byte[] t = new byte[5003];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (i % 3 == 0 ? 'a' : 'b');
        }
        try (Colliding kernel = make.apply(modulus)) {
            List<byte[]> patterns = new ArrayList<>();
            for (String p : new String[] {"a", "ab", "abb", "bba", "abba", "aa", "abbabbabbabbabba",
                "abbabbabbabbabbb"}) {
                patterns.add(p.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            for (int from = 0; from < patterns.size(); from += kernel.patternsPerTrial()) {
                kernel.assertExact(t, patterns.subList(from, Math.min(patterns.size(), from
                        + kernel.patternsPerTrial())), "periodic, modulus " + modulus);
            }
        }
    }

    /** What a kernel does in Aparapi's Java thread pool: answer exactly, or refuse before starting. */
    enum OnJavaThreads { ANSWERS, REFUSES }

    /** Every single-pattern kernel in Aparapi's Java thread pool, and what it must do there. */
    static Stream<Arguments> onJavaThreads() {
        ComputeDevice java = ComputeDevice.JAVA_THREADS;
        return Stream.of(
                javaThreads("drk", () -> new DrkMatcher(java, "test", 16, 3), OnJavaThreads.ANSWERS, 100),
                javaThreads("drk-wom-64", () -> new DrkWomMatcher(java, "test", 16, 3), OnJavaThreads.ANSWERS, 8),
                javaThreads("crk", () -> new CrkMatcher(java, "test"), OnJavaThreads.REFUSES, 0),
                javaThreads("hrk", () -> new HrkMatcher(java, "test"), OnJavaThreads.REFUSES, 0));
    }

    private static Arguments javaThreads(String name, Supplier<Matcher> make, OnJavaThreads expected, int maxM) {
        return Arguments.of(Named.of(name, make), expected, maxM);
    }

    /**
     * In the Java thread pool a kernel answers as the oracle (on a text of -1, 0 and 1 bytes: a negative Java byte
     * included) and its plan says "Java threads", or it is refused with a reason that names an OpenCL device as the way
     * out (CRK's and HRK's barrier-heavy kernels deadlocked there intermittently, about one run in six of a 700-byte
     * test). The timeout turns a deadlock into a failure instead of a hung build.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("onJavaThreads")
    @Timeout(120)
    void javaThreadsAnswerExactlyOrRefuse(Supplier<Matcher> make, OnJavaThreads expected, int maxM) {
        try (Matcher m = make.get()) {
            if (expected == OnJavaThreads.REFUSES) {
                assertThat(m.unsupportedReason(700, 5, 2)).get().asString()
                        .contains("does not run in Java threads").contains("OpenCL device");
                assertThatThrownBy(() -> m.count(Text.wrap(new byte[700]), Pattern.utf8("abcde")))
                        .isInstanceOf(UnsupportedInputException.class).hasMessageContaining("Java threads");
                return;
            }
            Random r = new Random(3);
            byte[] t = new byte[3001];
            for (int i = 0; i < t.length; i++) {
                t[i] = (byte) (r.nextInt(3) - 1);
            }
            Text text = Text.wrap(t);
            for (int len : new int[] {1, 2, 5, 8, 13, 40, 100}) {
                if (len > maxM) {
                    continue;
                }
                Pattern p = Pattern.of(Arrays.copyOfRange(t, 100, 100 + len));
                assertThat(m.count(text, p)).as("m=" + len).isEqualTo(NAIVE.count(text, p));
                assertThat(m.find(text, p)).as("m=" + len).isEqualTo(NAIVE.find(text, p));
            }
            assertThat(m.lastPlan().device()).isEqualTo("Java threads");
        }
    }

    /** Every single-pattern kernel on the OpenCL device, in a small geometry. */
    static Stream<Named<Supplier<DeviceMatcher>>> onOpenCl() {
        return Stream.of(
                Named.of("crk", () -> new CrkMatcher(TestDevices.openCl(), "test", 64, 3)),
                Named.of("drk", () -> new DrkMatcher(TestDevices.openCl(), "test", 16, 3)),
                Named.of("drk-wom-32", () -> new DrkWomMatcher(TestDevices.openCl(), "test",
                        DrkWomMatcher.Variant.BITS_32, 16, 3)),
                Named.of("drk-wom-64", () -> new DrkWomMatcher(TestDevices.openCl(), "test", 16, 3)),
                Named.of("hrk", () -> new HrkMatcher(TestDevices.openCl(), "test", 16, 3, 2)));
    }

    /**
     * On the OpenCL device the kernel ran there: the plan names the device and the last query launched through a
     * guarded kernel (whose every launch fails when Aparapi ran anywhere but the planned device), with exact answers.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("onOpenCl")
    void runsOnThePlannedOpenClDevice(Supplier<DeviceMatcher> make) {
        byte[] t = "acgtacgtaacgtnacgt".repeat(97).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Text text = Text.wrap(t);
        Pattern p = Pattern.utf8("acgta");
        try (DeviceMatcher m = make.get()) {
            assertThat(m.count(text, p)).isEqualTo(NAIVE.count(text, p));
            assertThat(m.lastPlan().device()).isEqualTo(TestDevices.openCl().describe());
            assertThat(m.lastTiming().wallNanos()).as("a guarded launch ran").isPositive();
            assertThat(m.device().isOpenCL()).isTrue();
        }
    }

    /**
     * Windows of t whose CRK fingerprint mod p equals the pattern's although their bytes differ (host reference, with
     * the fixed base of a matcher built with a fixed prime: the device compares {@code B^r G(window)} with
     * {@code B^r G(pattern)}, equal exactly when the G are, B being invertible mod p). HRK uses the same fingerprint.
     */
    static long crkFalseHits(byte[] t, byte[] pat, int p) {
        int base = CrkFingerprint.base(p, null);
        int fp = CrkFingerprint.of(pat, 0, pat.length, base, p);
        int m = pat.length;
        long hits = 0;
        for (int r = 0; r + m <= t.length; r++) {
            if (CrkFingerprint.of(t, r, r + m, base, p) == fp && !Arrays.equals(t, r, r + m, pat, 0, m)) {
                hits++;
            }
        }
        return hits;
    }

    /**
     * Windows of t whose DRK fingerprint mod p (the matcher's: codes of the text's alphabet, sigma bits) equals the
     * pattern's although their bytes differ; 0 when the pattern has a byte the text lacks (no launch then).
     */
    static long drkFalseHits(byte[] t, byte[] pat, int p) {
        Alphabet a = Alphabet.of(t);
        for (byte b : pat) {
            if (!a.contains(b)) {
                return 0;
            }
        }
        int[] codes = DrkMatcher.codes(a);
        int sigma = a.sigma();
        int m = pat.length;
        int fp = DrkMatcher.fingerprint(pat, 0, m, codes, sigma, p);
        long hits = 0;
        for (int r = 0; r + m <= t.length; r++) {
            if (DrkMatcher.fingerprint(t, r, m, codes, sigma, p) == fp && !Arrays.equals(t, r, r + m, pat, 0, m)) {
                hits++;
            }
        }
        return hits;
    }
}
