package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Tests of the suffix array kit itself: it fails a builder that swaps two entries (in every group that has texts of two
 * or more bytes), and reports a wrong length; {@link SaisBuilder}'s arrays pass it.
 */
class SuffixArrayKitSelfTest {
    private static final int[] BOUNDARIES = {64, 256, 1024};

    /** SA-IS with the entries of ranks {@code i} and {@code i + 1} swapped, {@code i} in the middle of the array. */
    private static final class SwappingBuilder implements SuffixArrayBuilder {
        private final SaisBuilder sais = new SaisBuilder();

        @Override
        public String name() {
            return "swaps-two-entries";
        }

        @Override
        public int[] build(byte[] text, Progress progress) {
            int[] sa = sais.build(text, progress);
            if (sa.length >= 2) {
                int i = sa.length / 2 - 1 + (sa.length % 2);
                i = Math.min(i, sa.length - 2);
                int t = sa[i];
                sa[i] = sa[i + 1];
                sa[i + 1] = t;
            }
            return sa;
        }
    }

    @Test
    void aBuilderThatSwapsTwoEntriesFailsEveryTextOfTwoOrMoreBytes() {
        SuffixArrayBuilder broken = new SwappingBuilder();
        for (Map.Entry<String, List<SuffixArrayConformanceCases.Case>> g
                : SuffixArrayConformanceCases.groups(BOUNDARIES).entrySet()) {
            int failed = 0;
            for (SuffixArrayConformanceCases.Case c : g.getValue()) {
                byte[] text = c.text().get();
                Optional<String> m = SuffixArrayConformanceCheck.mismatch(broken, c.name(), text);
                assertThat(m.isPresent()).as("%s: %s", g.getKey(), c.name()).isEqualTo(text.length >= 2);
                failed += m.isPresent() ? 1 : 0;
            }
            assertThat(failed).as("group %s", g.getKey()).isPositive();
        }
        assertThat(SuffixArrayConformanceCheck.mismatch(broken, "banana", "banana".getBytes()))
                .hasValueSatisfying(s -> assertThat(s).contains("first difference at rank 2"));
    }

    @Test
    void aBuilderThatDropsTheLastEntryIsReported() {
        SuffixArrayBuilder shortArrays = new SuffixArrayBuilder() {
            @Override
            public String name() {
                return "drops-last";
            }

            @Override
            public int[] build(byte[] text, Progress progress) {
                int[] sa = new SaisBuilder().build(text);
                return java.util.Arrays.copyOf(sa, Math.max(0, sa.length - 1));
            }
        };
        assertThat(SuffixArrayConformanceCheck.mismatch(shortArrays, "banana", "banana".getBytes()))
                .hasValueSatisfying(s -> assertThat(s).contains("length 5, want 6"));
    }

    @Test
    void boundaryLengthsStraddleEveryMultiple() {
        List<SuffixArrayConformanceCases.Case> cases = SuffixArrayConformanceCases.aroundBoundaries(new int[] {100});
        assertThat(cases.stream().map(c -> c.text().get().length).distinct().sorted().toList())
                .containsExactly(99, 100, 101, 199, 200, 201, 299, 300, 301);
        assertThat(SuffixArrayConformanceCases.everyLengthTo300().stream().map(c -> c.text().get().length).distinct())
                .hasSize(301);
    }
}
