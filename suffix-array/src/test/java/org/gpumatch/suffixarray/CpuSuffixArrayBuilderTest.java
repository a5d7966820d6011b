package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuSuffixArrayBuilderTest {

    @Test
    void shortTextsAlwaysGoThroughDoublingAndMatchNaive() {
        for (Map.Entry<String, byte[]> e : HardTexts.hard(3000).entrySet()) {
            assertThat(CpuSuffixArrayBuilder.doublingFinishes(e.getValue(), 2)).as(e.getKey()).isTrue();
            assertThat(CpuSuffixArrayBuilder.build(e.getValue(), 2)).as(e.getKey())
                    .isEqualTo(NaiveSuffixArray.build(e.getValue()));
        }
    }

    @Test
    void oneRepeatedByteIsHandedToSais() {
        byte[] text = HardTexts.repeated(CpuSuffixArrayBuilder.MIN_CHECKED_LENGTH + 5, 'a');
        assertThat(CpuSuffixArrayBuilder.doublingFinishes(text, 2)).isFalse();
        double[] last = {-1};
        java.util.List<String> said = new java.util.ArrayList<>();
        int[] sa = new CpuSuffixArrayBuilder(3).build(text, f -> {
            assertThat(f).isGreaterThanOrEqualTo(last[0]);
            last[0] = f;
        }, said::add);
        assertThat(last[0]).isEqualTo(1.0);
        assertThat(said).hasSize(2);
        assertThat(said.get(0)).isEqualTo("doubling on 3 threads");
        assertThat(said.get(1)).startsWith("SA-IS (doubling exceeded");
        for (int i = 0; i < sa.length; i++) {
            assertThat(sa[i]).isEqualTo(sa.length - 1 - i);
        }
    }

    @Test
    void randomTextStaysWithDoubling() {
        byte[] text = HardTexts.random(CpuSuffixArrayBuilder.MIN_CHECKED_LENGTH + 3, 4, 8);
        assertThat(CpuSuffixArrayBuilder.doublingFinishes(text, 2)).isTrue();
        assertThat(CpuSuffixArrayBuilder.build(text, 2)).isEqualTo(new SaisBuilder().build(text));
    }

    @Test
    void englishLikeTextOnFewThreadsGoesToSaisAndOnManyToDoubling() {
        byte[] text = SuffixSortSpeed.englishLike(CpuSuffixArrayBuilder.MIN_CHECKED_LENGTH + 7, 5);
        assertThat(CpuSuffixArrayBuilder.prefersSais(text, 1)).isTrue();
        assertThat(CpuSuffixArrayBuilder.prefersSais(text, 2)).isTrue();
        assertThat(CpuSuffixArrayBuilder.prefersSais(text, 3)).isFalse();
        int[] expected = new SaisBuilder().build(text);
        java.util.List<String> said = new java.util.ArrayList<>();
        assertThat(new CpuSuffixArrayBuilder(1).build(text, SuffixArrayBuilder.Progress.NONE, said::add))
                .isEqualTo(expected);
        assertThat(said).containsExactly("SA-IS (natural text on 1 thread)");
        assertThat(CpuSuffixArrayBuilder.build(text, 3)).isEqualTo(expected);
    }

    @Test
    void namesThreadsAndRefusesBadCounts() {
        assertThat(new CpuSuffixArrayBuilder(4).name()).isEqualTo("cpu-4t");
        assertThat(CpuSuffixArrayBuilder.allCores().threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThatThrownBy(() -> new CpuSuffixArrayBuilder(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("thread count");
    }

    @Test
    void aTextConcatenatedWithItselfIsHandedOverAfterOneRoundAtDepth48OnAnyThreadCount() {
        byte[] text = HardTexts.doubled(HardTexts.random(CpuSuffixArrayBuilder.MIN_CHECKED_LENGTH / 2 + 3, 4, 9));
        int[] expected = new SaisBuilder().build(text);
        for (int threads : new int[] {3, 16}) {
            java.util.List<String> said = new java.util.ArrayList<>();
            java.util.List<Double> reports = new java.util.ArrayList<>();
            java.util.List<Integer> reportsAtAnnouncement = new java.util.ArrayList<>();
            int[] sa = new CpuSuffixArrayBuilder(threads).build(text, reports::add, line -> {
                said.add(line);
                reportsAtAnnouncement.add(reports.size());
            });
            assertThat(sa).as("%d threads", threads).isEqualTo(expected);
            assertThat(said).as("%d threads", threads).hasSize(2);
            assertThat(said.get(1)).startsWith("SA-IS (doubling exceeded");
            // doubling reports 0 at its start and once before each round it considers: 0, round 1 (depth 24, DNA
            // keys), round 2 (depth 48, refused)
            assertThat(reportsAtAnnouncement.get(1)).as("%d threads: %s", threads, reports).isEqualTo(3);
        }
    }

    @Test
    void englishLikeTextFinishesByDoublingOnManyThreads() {
        byte[] text = SuffixSortSpeed.englishLike(CpuSuffixArrayBuilder.MIN_CHECKED_LENGTH + 7, 5);
        assertThat(CpuSuffixArrayBuilder.doublingFinishes(text, 16)).isTrue();
    }
}
