package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.util.Map;
import org.gpumatch.api.conformance.RealCorpora;
import org.gpumatch.checker.SuffixArrayChecker;
import org.junit.jupiter.api.Test;

class ParallelSuffixSorterTest {
    private static final int[] THREADS = {1, 2, 3, 7};

    private static void assertLikeNaive(String what, byte[] text) {
        int[] expected = NaiveSuffixArray.build(text);
        for (int threads : THREADS) {
            assertThat(ParallelSuffixSorter.sort(text, threads)).as("%s n=%d threads=%d", what, text.length, threads)
                    .isEqualTo(expected);
        }
    }

    private static void assertLikeSais(String what, byte[] text, int... threadCounts) {
        int[] expected = new SaisBuilder().build(text);
        for (int threads : threadCounts) {
            assertThat(ParallelSuffixSorter.sort(text, threads)).as("%s n=%d threads=%d", what, text.length, threads)
                    .isEqualTo(expected);
        }
    }

    @Test
    void randomTextsOfManySizes() {
        int[] sizes = {3, 4, 5, 7, 8, 9, 17, 64, 65, 255, 256, 1025, 3000};
        for (int n : sizes) {
            for (int sigma : new int[] {1, 2, 3, 5, 26, 256}) {
                assertLikeNaive("random sigma " + sigma, HardTexts.random(n, sigma, 31L * n + sigma));
            }
        }
    }

    @Test
    void textsEndingInTheSmallestByteResolvePrefixesFirst() {
        for (int n = 1; n <= 40; n += 5) {
            byte[] t = HardTexts.random(n, 2, n);
            for (int tail = 0; tail <= Math.min(n, 9); tail++) {
                byte[] u = t.clone();
                java.util.Arrays.fill(u, n - tail, n, (byte) 'a');
                assertLikeNaive("tail of smallest byte " + tail, u);
            }
        }
    }

    @Test
    void largeHardInputsMatchSais() {
        for (Map.Entry<String, byte[]> e : HardTexts.hard(100_000).entrySet()) {
            assertLikeSais(e.getKey(), e.getValue(), 1, 3);
        }
    }

    @Test
    void bigGroupsAreSortedByAllThreads() {
        // groups above BIG_GROUP go through the parallel radix sort, in the first sort and in the rounds
        byte[] text = HardTexts.doubled(HardTexts.random(3 * ParallelSuffixSorter.BIG_GROUP, 2, 5));
        assertLikeSais("doubled binary", text, 1, 2, 7);
        assertLikeSais("tandem 3", HardTexts.tandem(300_000, 3, 9), 2);
    }

    @Test
    void multiMegabyteRealTextPassesTheChecker() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int rep = 0; rep < 3; rep++) {
            for (RealCorpora.Corpus c : RealCorpora.all()) {
                all.writeBytes(c.bytes());
            }
        }
        byte[] text = all.toByteArray();
        assertThat(text.length).isGreaterThan(2_000_000);
        int[] sa = ParallelSuffixSorter.sort(text, 3);
        assertThat(SuffixArrayChecker.parallel().check(text, sa).line()).isEqualTo("OK");
        byte[] real = RealCorpora.load("english").bytes();
        assertLikeSais("english", real, 1, 2);
    }

    @Test
    void progressIsMonotoneAndEndsAtOne() {
        double[] last = {-1};
        ParallelSuffixSorter.sort(HardTexts.random(50_000, 4, 1), 2, f -> {
            assertThat(f).isGreaterThanOrEqualTo(last[0]);
            last[0] = f;
        });
        assertThat(last[0]).isEqualTo(1.0);
    }

    @Test
    void refusesBadArguments() {
        assertThatThrownBy(() -> ParallelSuffixSorter.sort(new byte[4], 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("thread count");
        assertThatThrownBy(() -> new ParallelSuffixSorter(-1)).hasMessageContaining("thread count");
        assertThat(new ParallelSuffixSorter(3).name()).isEqualTo("doubling-cpu-3t");
    }

    @Test
    void limitProjectsTheRoundsToComeFromTheLastShrinkFactor() {
        ParallelSuffixSorter.Limit limit = new ParallelSuffixSorter.Limit(Long.MAX_VALUE, 6_000_000);
        int n = 1_000_000;
        // before the first round only that round counts, and below depth 32 only the next round
        assertThat(limit.allowsRound(0, 1_000_000, 0, 48, n)).isTrue();
        assertThat(limit.allowsRound(2_000_000, 990_000, 1_000_000, 24, n)).isTrue();
        assertThat(limit.allowsRound(5_500_000, 990_000, 1_000_000, 24, n)).isFalse();
        // no shrink at depth 48 (a long repeat over the whole text): 15 rounds of 990,000 to come
        assertThat(limit.allowsRound(1_000_000, 990_000, 1_000_000, 48, n)).isFalse();
        // source code at depth 48: 0.448 to 0.196 projects 0.35 n more
        assertThat(limit.allowsRound(2_160_000, 196_000, 448_000, 48, n)).isTrue();
        // a duplicated tenth: no shrink, but at most 15 rounds of 100,000 to come
        assertThat(limit.allowsRound(100_000, 100_000, 100_000, 48, n)).isTrue();
        // and at most 5 rounds when h is n / 20
        assertThat(limit.allowsRound(4_000_000, 400_000, 400_000, 50_000, n)).isTrue();
        assertThat(limit.allowsRound(4_000_000, 500_000, 500_000, 50_000, n)).isFalse();
        // work done counts: 5,800,000 done and a shrinking round of 300,000 to come
        assertThat(limit.allowsRound(5_800_000, 300_000, 600_000, 48, n)).isFalse();
        assertThat(ParallelSuffixSorter.Limit.NONE.allowsRound(Long.MAX_VALUE / 4, 1 << 30, 1 << 30, 1, 1 << 30))
                .isTrue();
    }
}
