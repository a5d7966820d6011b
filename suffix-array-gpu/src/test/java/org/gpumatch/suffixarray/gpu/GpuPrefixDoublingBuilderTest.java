package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gpumatch.api.conformance.RealCorpora;
import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.suffixarray.BuildStages;
import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.NaiveSuffixArray;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.StageSpan;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Differential tests of the GPU builder against SA-IS and the naive construction, on OpenCL (PoCL in CI). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GpuPrefixDoublingBuilderTest {
    /** A small work-group so that the tests cross many work-group, chunk and tile boundaries. */
    private static final int LOCAL = 64;
    /** At most three work-groups in the grid's primitives: tiles of 1024 elements, grid ranges crossed early. */
    private static final int GROUPS = 3;

    private GpuPrefixDoublingBuilder gpu;
    private final SaisBuilder sais = new SaisBuilder();

    @BeforeAll
    void open() {
        gpu = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS).withBufferCreation(BufferCreation.COPY);
    }

    @AfterAll
    void close() {
        if (gpu != null) {
            gpu.close();
        }
    }

    /** Builds on the GPU and compares with SA-IS (and the naive construction up to 3000 bytes) and the checker. */
    private void assertBuilds(String what, byte[] text) {
        int[] sa = gpu.build(text);
        int[] expected = text.length <= 3000 ? NaiveSuffixArray.build(text) : sais.build(text);
        if (text.length <= 3000) {
            assertThat(sais.build(text)).as("reference %s", what).isEqualTo(expected);
        }
        assertThat(sa).as("%s n=%d", what, text.length).isEqualTo(expected);
        assertThat(SuffixArrayChecker.parallel().check(text, sa).line()).as(what).isEqualTo("OK");
    }

    @Test
    void largerHardInputs() {
        for (Map.Entry<String, byte[]> e : HardTexts.hard(1 << 15).entrySet()) {
            assertBuilds(e.getKey(), e.getValue());
        }
    }

    /**
     * About 2 MB: the real corpora once, then two copies with every 61st byte (a different phase each copy)
     * replaced, so that repeats stay shorter than about 120 bytes and the build takes a few rounds.
     */
    /** Chain rounds: one repeated letter in a single round; periodic texts whose period divides h. */
    @Test
    void repeatedLettersTakeOneChainRound() {
        for (int n : new int[] {65, 100, 1000, 40_000}) {
            assertBuilds("repeated a", HardTexts.repeated(n, 'a'));
            assertThat(gpu.lastRounds()).as("rounds n=%d", n).isEqualTo(1);
            // n <= 2h: no chain is longer than one step (and up to 32 unsorted suffixes are insertion-sorted)
            assertThat(gpu.lastChainRounds()).as("chain rounds n=%d", n).isEqualTo(n > 128 ? 1 : 0);
        }
        byte[] runs = new byte[30_000]; // runs of a and b of random lengths, and a periodic stretch
        java.util.Random r = new java.util.Random(9);
        for (int i = 0; i < runs.length; ) {
            int len = 1 + r.nextInt(r.nextBoolean() ? 5 : 3000);
            byte c = (byte) (r.nextBoolean() ? 'a' : 'b');
            for (int j = 0; j < len && i < runs.length; j++) {
                runs[i++] = c;
            }
        }
        assertBuilds("long runs", runs);
        assertBuilds("period 4", HardTexts.tandem(20_000, 4, 3));
        assertBuilds("period 2 doubled", HardTexts.doubled(HardTexts.tandem(10_000, 2, 4)));
    }

    /**
     * A period that divides only a later h: 128 distinct byte values in a random order, repeated (8 symbols per key,
     * period 128). The first rounds' keys show no chain steps and measure nothing (h = 8 to 64); the round with
     * h = 128 finds every suffix one chain step long in its keys, measures and sorts the rest in one chain round,
     * where plain rounds would double h up to n.
     */
    @Test
    void aPeriodDividingALaterHTakesAChainRoundThere() {
        byte[] unit = new byte[128];
        for (int i = 0; i < 128; i++) {
            unit[i] = (byte) (2 * i + 1);
        }
        java.util.Random r = new java.util.Random(5);
        for (int i = 127; i > 0; i--) {
            int j = r.nextInt(i + 1);
            byte t = unit[i];
            unit[i] = unit[j];
            unit[j] = t;
        }
        byte[] text = new byte[100_003];
        for (int i = 0; i < text.length; i++) {
            text[i] = unit[i % 128];
        }
        assertBuilds("period 128 of 128 values", text);
        assertThat(gpu.lastChainRounds()).as("chain rounds").isEqualTo(1);
        assertThat(gpu.lastChainMeasurements()).as("chain measurements").isEqualTo(1);
        assertThat(gpu.lastRounds()).as("rounds").isLessThanOrEqualTo(6);
    }

    /**
     * A chain round needs a share of the unsorted suffixes in long chains: a doubled random text (every suffix
     * unsorted for rounds, none chained) with one run of 600 letters has chains of many steps but few chained
     * positions, and takes plain rounds without measuring them (its keys show few chain steps); the same run alone is
     * all chains.
     */
    @Test
    void fewChainedPositionsTakePlainRounds() {
        byte[] half = HardTexts.random(20_000, 26, 21);
        System.arraycopy(HardTexts.repeated(600, 'z'), 0, half, 5_000, 600);
        byte[] text = HardTexts.doubled(half);
        assertBuilds("doubled text with a run", text);
        assertThat(gpu.lastRounds()).as("rounds").isGreaterThan(1);
        assertThat(gpu.lastChainRounds()).as("chain rounds").isZero();
        assertThat(gpu.lastChainMeasurements()).as("chain measurements").isZero();
        assertBuilds("the run alone", HardTexts.repeated(600, 'z'));
        assertThat(gpu.lastChainRounds()).as("chain rounds of the run alone").isEqualTo(1);
    }

    /**
     * Buckets over 32 suffixes (a 60-byte block in 40 copies) and over a quarter tile (256 with work-groups of 64: a
     * 15-byte block in 300 copies) in random text: rounds through the grid's segmented sort, small and large paths.
     */
    @Test
    void repeatedBlocksGoThroughTheSegmentedSort() {
        java.util.Random r = new java.util.Random(17);
        byte[] text = HardTexts.random(100_000, 26, 5);
        byte[] small = HardTexts.random(60, 4, 6);
        byte[] large = HardTexts.random(15, 4, 7); // 4500 suffixes in large buckets: under 100,000 / 16
        for (int c = 0; c < 340; c++) {
            byte[] block = c < 40 ? small : large;
            System.arraycopy(block, 0, text, c * 290 + r.nextInt(200), block.length);
        }
        assertBuilds("repeated blocks", text);
        assertThat(gpu.lastSegmentedRounds()).isPositive();
        assertThat(gpu.lastSegmentedLargeElements()).isPositive();
        assertBuilds("one repeated letter", HardTexts.repeated(5000, 'x'));
        assertThat(gpu.lastSegmentedRounds()).as("every suffix in one large bucket: LSD").isZero();
    }

    @Test
    void multiMegabyteRealText() {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        java.util.Random r = new java.util.Random(5);
        for (int copy = 0; copy < 3; copy++) {
            for (RealCorpora.Corpus c : RealCorpora.all()) {
                byte[] b = c.bytes();
                for (int i = copy * 13; copy > 0 && i < b.length; i += 61) {
                    b[i] = (byte) ('a' + r.nextInt(26));
                }
                all.writeBytes(b);
            }
        }
        byte[] text = all.toByteArray();
        assertThat(text.length).isGreaterThan(2_000_000);
        assertBuilds("real text", text);
    }

    @Test
    void progressReportsRounds() {
        List<long[]> rounds = new ArrayList<>();
        double[] last = {-1};
        gpu.build(HardTexts.repeated(5000, 'a'), new SuffixArrayBuilder.Progress() {
            @Override
            public void report(double fraction) {
                assertThat(fraction).isGreaterThanOrEqualTo(last[0]);
                last[0] = fraction;
            }

            @Override
            public void round(int round, long prefix, long unsorted) {
                rounds.add(new long[] {round, prefix, unsorted});
            }
        });
        assertThat(last[0]).isEqualTo(1.0);
        assertThat(rounds.get(0)).containsExactly(0, 64, 5000 - 63);
        assertThat(rounds.get(rounds.size() - 1)[2]).isZero();
        assertThat(gpu.lastRounds()).isEqualTo(rounds.size() - 1);
    }

    @Test
    void hostPointerBuffersBuildTheSameArrays() {
        try (GpuPrefixDoublingBuilder hostPointer = new GpuPrefixDoublingBuilder(gpu.device(), LOCAL, GROUPS)) {
            for (byte[] text : List.of(HardTexts.random(70_001, 4, 5), HardTexts.tandem(20_000, 7, 3),
                    HardTexts.repeated(5_000, 0xFF), HardTexts.allBytes(3_000))) {
                assertThat(hostPointer.build(text)).isEqualTo(sais.build(text));
            }
            assertThatThrownBy(() -> hostPointer.withBufferCreation(BufferCreation.COPY))
                    .isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void stagesAccountForTheBuild() {
        byte[] text = HardTexts.random(300_000, 5, 11);
        long t0 = System.nanoTime();
        gpu.build(text);
        long wall = System.nanoTime() - t0;
        BuildStages s = gpu.lastStages();
        assertThat(List.of(s.prepareNanos(), s.uploadNanos(), s.initialNanos(), s.roundsNanos(), s.finishNanos()))
                .allMatch(t -> t > 0);
        assertThat(s.totalNanos()).isLessThanOrEqualTo(wall);
        assertThat(s.describe()).startsWith("prepare ").contains(", upload ").endsWith(" ms");
        // the one-piece kernel: no piece placeholders to download after each launch (state, the grid's result and
        // the symbol codes at most)
        assertThat(gpu.smallArraysPerLaunch()).isBetween(1, 3);
        assertThat(gpu.lastLaunchesPerRound()).hasSize(gpu.lastRounds() + 1);
        assertThat(java.util.Arrays.stream(gpu.lastLaunchesPerRound()).min().orElse(0)).isPositive();
        assertThat(gpu.lastExplicitDownloads()).isGreaterThanOrEqualTo(gpu.lastRounds() + 1);
        java.util.Map<String, long[]> steps = gpu.lastDeviceNanosBySteps();
        if (gpu.lastDeviceNanos() >= 0) { // profiled: the steps add up to the build's device time
            assertThat(steps).containsKeys("radix sort", "init low", "select", "invert");
            assertThat(steps.values().stream().mapToLong(v -> v[0]).sum()).isEqualTo(gpu.lastDeviceNanos());
            assertThat(steps.values()).allMatch(v -> v[0] >= 0 && v[1] > 0);
        } else {
            assertThat(steps).isEmpty();
        }
        List<StageSpan> spans = gpu.lastSpans();
        assertThat(spans).extracting(StageSpan::name).contains("alphabet", "pack text", "wait for kernel",
                "upload (first launch)", "initial sort", "inverse, download");
        assertThat(spans).extracting(StageSpan::name).anyMatch(name -> name.startsWith("rounds ("));
        assertThat(spans).allMatch(sp -> sp.endNanos() >= sp.startNanos() && sp.startNanos() >= t0
                && sp.endNanos() <= t0 + wall);
        assertThat(spans).extracting(StageSpan::startNanos).isSorted();
        gpu.build(new byte[1]);
        assertThat(gpu.lastStages()).isEqualTo(BuildStages.NONE);
        assertThat(gpu.lastSpans()).isEmpty();
    }

    /**
     * A kernel converted ahead into Aparapi's caches (while the platforms start, in the command) compiles from them
     * and builds as a fresh one does: the one-piece kernel and the piece kernel.
     */
    @Test
    void kernelsConvertedAheadBuildTheSameArrays() {
        GpuPrefixDoublingBuilder.convertAhead(4000);
        GpuPrefixDoublingBuilder.convertAhead(1L << 29);
        byte[] text = HardTexts.random(4000, 3, 31);
        try (GpuPrefixDoublingBuilder lean = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS);
             GpuPrefixDoublingBuilder pieced = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS, 10,
                     GpuPrefixDoublingBuilder.MAX_WHOLE_LENGTH, GpuPrefixDoublingBuilder.MAX_WHOLE_LENGTH)) {
            assertThat(lean.build(text)).isEqualTo(NaiveSuffixArray.build(text));
            assertThat(lean.lastSpans()).anyMatch(sp -> sp.name().equals("kernel compile") && sp.background());
            assertThat(pieced.build(text)).isEqualTo(NaiveSuffixArray.build(text)); // 4 pieces of 1024 ints
            assertThat(pieced.lastSpans()).anyMatch(sp -> sp.name().startsWith("kernel compile (piece"));
        }
    }

    @Test
    void refusesWhatDoesNotFitBeforeAllocating() {
        try (GpuPrefixDoublingBuilder defaults = new GpuPrefixDoublingBuilder(gpu.device())) {
            // 20 for the five working arrays and ranks, 1 for the segmented sort's large path, scan levels
            assertThat(defaults.peakBytesPerCharacter()).isBetween(21.0, 22.0);
            int whole = GpuPrefixDoublingBuilder.MAX_WHOLE_LENGTH;
            assertThat((double) defaults.peakDeviceBytes(whole) / whole).isBetween(21.0, 22.0);
            // partitioned: 9n for ranks, stash and packed text, plus 16 bytes per suffix of the largest partition
            int max = GpuPrefixDoublingBuilder.MAX_LENGTH;
            long partitioned = defaults.peakDeviceBytes(max);
            assertThat(partitioned).isBetween(9L * max + 16L * (1 << 28), 9L * max + 17L * (1 << 28));
        }
        long memory = gpu.device().globalMemBytes();
        int tooLong = (int) Math.min(GpuPrefixDoublingBuilder.MAX_WHOLE_LENGTH, memory / 20 + 1);
        if (gpu.peakDeviceBytes(tooLong) > memory) {
            assertThatThrownBy(() -> gpu.checkFits(tooLong)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("device memory");
        }
        assertThat(gpu.whyNotFits(GpuPrefixDoublingBuilder.MAX_LENGTH + 1)).hasValueSatisfying(
                why -> assertThat(why).contains("exceeds the int suffix array limit"));
        assertThat(gpu.whyNotFits(1000)).isEmpty();
    }

    @Test
    void aBuilderKeepsItsArraysForTheNextWholeBuildOfNoMoreBytes() {
        byte[][] texts = {HardTexts.random(5000, 4, 1), HardTexts.random(3001, 256, 2),
            HardTexts.doubled(HardTexts.random(2500, 2, 3)), HardTexts.repeated(4999, 'a'), HardTexts.random(7000, 26, 4),
            HardTexts.random(6999, 3, 5)};
        boolean[] reused = {false, true, true, true, false, true};
        int[][] results = new int[texts.length][];
        try (GpuPrefixDoublingBuilder fresh = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS)) {
            for (int i = 0; i < texts.length; i++) {
                int[] sa = fresh.build(texts[i]);
                assertThat(sa).as("text %d", i).isEqualTo(NaiveSuffixArray.build(texts[i]));
                assertThat(fresh.lastReusedArrays()).as("text %d", i).isEqualTo(reused[i]);
                assertThat(sa).as("text %d: the result is the caller's, exactly n long", i).hasSize(texts[i].length);
                results[i] = sa;
            }
        }
        // a reused build keeps its keys array and copies the result out: no later build may write into an earlier result
        for (int i = 0; i < texts.length; i++) {
            assertThat(results[i]).as("text %d after all builds", i).isEqualTo(NaiveSuffixArray.build(texts[i]));
        }
    }

    @Test
    void buildsIntoTheCallersArrayLeavingTheRestAndNoLaterBuildWritesIntoIt() {
        byte[][] texts = {HardTexts.random(5000, 4, 31), HardTexts.random(3001, 256, 32), HardTexts.repeated(4999, 'a'),
            HardTexts.random(5000, 26, 33), HardTexts.random(7000, 3, 34), HardTexts.random(1, 256, 35), new byte[0],
            HardTexts.doubled(HardTexts.random(3500, 2, 36))};
        boolean[] into = {true, true, false, true, true, true, true, true};
        int[] caller = new int[7100];
        int[][] results = new int[texts.length][];
        try (GpuPrefixDoublingBuilder fresh = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS)
                .withBufferCreation(BufferCreation.COPY)) {
            for (int i = 0; i < texts.length; i++) {
                int n = texts[i].length;
                int[] expected = NaiveSuffixArray.build(texts[i]);
                if (!into[i]) {
                    results[i] = fresh.build(texts[i]);
                    assertThat(results[i]).as("text %d", i).isEqualTo(expected);
                    continue;
                }
                java.util.Arrays.fill(caller, -7);
                assertThat(fresh.build(texts[i], caller, SuffixArrayBuilder.Progress.NONE)).as("text %d", i)
                        .isSameAs(caller);
                assertThat(java.util.Arrays.copyOf(caller, n)).as("text %d", i).isEqualTo(expected);
                assertThat(java.util.Arrays.copyOfRange(caller, n, caller.length)).as("text %d: the rest", i)
                        .containsOnly(-7);
                results[i] = java.util.Arrays.copyOf(caller, n);
                // the kept arrays are the builder's: a later plain build must not hand out or write into the caller's
                byte[] other = HardTexts.random(n, 5, i);
                int[] otherSa = fresh.build(other);
                assertThat(otherSa).as("text %d: a plain build after", i).isNotSameAs(caller)
                        .isEqualTo(NaiveSuffixArray.build(other));
                assertThat(java.util.Arrays.copyOf(caller, n)).as("text %d after a plain build", i).isEqualTo(expected);
            }
        }
        for (int i = 0; i < texts.length; i++) {
            assertThat(results[i]).as("text %d after all builds", i).isEqualTo(NaiveSuffixArray.build(texts[i]));
        }
        assertThatThrownBy(() -> gpu.build(texts[0], new int[texts[0].length - 1], SuffixArrayBuilder.Progress.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds 4999 entries");
    }

    @Test
    void preparedArraysServeTheBuildOfTheirLengthOnly() {
        try (GpuPrefixDoublingBuilder fresh = new GpuPrefixDoublingBuilder(TestDevices.openCl(), LOCAL, GROUPS)) {
            byte[] text = HardTexts.random(6000, 4, 21);
            fresh.prepare(text.length); // compile and host arrays in the background
            assertThat(fresh.build(text)).isEqualTo(NaiveSuffixArray.build(text));
            assertThat(fresh.lastPreparedArrays()).isTrue();
            assertThat(fresh.lastSpans()).filteredOn(StageSpan::background).extracting(StageSpan::name)
                    .contains("kernel compile").anyMatch(name -> name.startsWith("host arrays"));
            assertThat(fresh.lastSpans()).extracting(StageSpan::name).contains("wait for host arrays");
            byte[] longer = HardTexts.tandem(9000, 7, 22);
            fresh.prepare(longer.length + 1); // another length: dropped
            assertThat(fresh.build(longer)).isEqualTo(sais.build(longer));
            assertThat(fresh.lastPreparedArrays()).isFalse();
            fresh.prepare(5000); // the kept arrays serve: nothing allocated
            byte[] shorter = HardTexts.random(5000, 256, 23);
            assertThat(fresh.build(shorter)).isEqualTo(NaiveSuffixArray.build(shorter));
            assertThat(fresh.lastReusedArrays()).isTrue();
            assertThat(fresh.lastPreparedArrays()).isFalse();
            fresh.prepare(1L << 40); // beyond any build: ignored
        }
    }
}
