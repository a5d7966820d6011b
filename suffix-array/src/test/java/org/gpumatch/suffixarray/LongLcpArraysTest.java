package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.gpumatch.checker.ByteSequence;
import org.gpumatch.checker.IndexSequence;
import org.junit.jupiter.api.Test;

/**
 * {@link LongLcpArrays} against {@link LcpArrays} (itself checked against a naive LCP): the hard texts and random
 * ones at sizes around the pages (text and PLCP in pages of 64 entries) and the thread ranges, on 1 and 3 threads, over
 * the suffix array as {@link LongPages} (the long path's result) and as an int view.
 */
class LongLcpArraysTest {
    private static final int SHIFT = 6;

    private static long[] read(IndexSequence s) {
        long[] v = new long[(int) s.length()];
        s.copyTo(0, v, v.length);
        for (int i = 0; i < v.length; i += 97) {
            assertThat(s.valueAt(i)).isEqualTo(v[i]);
        }
        return v;
    }

    private static void check(String label, byte[] text) {
        int[] sa = new SaisBuilder().build(text);
        long[] expected = java.util.Arrays.stream(LcpArrays.build(text, sa, 1)).asLongStream().toArray();
        PagedBytes paged = PagedBytes.copyOf(ByteSequence.of(text), SHIFT);
        LongPages pages = new LongPages(sa.length, SHIFT);
        for (int i = 0; i < sa.length; i++) {
            pages.set(i, sa[i]);
        }
        for (int threads : new int[] {1, 3}) {
            assertThat(read(LongLcpArrays.build(paged, pages, threads, SHIFT))).as("%s, %d threads", label, threads)
                    .isEqualTo(expected);
            assertThat(read(LongLcpArrays.build(paged, IndexSequence.of(sa), threads, SHIFT)))
                    .as("%s, %d threads, int view", label, threads).isEqualTo(expected);
        }
    }

    @Test
    void equalsTheIntPathsLcpOnHardAndRandomTexts() {
        for (int n : new int[] {0, 1, 2, 63, 64, 65, 1000, 4097}) {
            for (Map.Entry<String, byte[]> e : HardTexts.hard(n).entrySet()) {
                check(e.getKey() + " " + n, e.getValue());
            }
        }
        for (int sigma : new int[] {1, 2, 4, 256}) {
            check("random sigma " + sigma, HardTexts.random(200_003, sigma, sigma));
        }
        check("doubled", HardTexts.doubled(HardTexts.random(70_001, 4, 3)));
    }

    @Test
    void refusesMismatchedLengthsAndNoThreads() {
        PagedBytes text = PagedBytes.copyOf(ByteSequence.of(new byte[] {1, 2, 3}), SHIFT);
        assertThatThrownBy(() -> LongLcpArrays.build(text, IndexSequence.of(new int[] {0, 1}), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 entries for a text of 3");
        assertThatThrownBy(() -> LongLcpArrays.build(text, IndexSequence.of(new int[] {0, 1, 2}), 0))
                .isInstanceOf(IllegalArgumentException.class);
        for (int[] wrong : new int[][] {{0, 3, 1}, {-1, 1, 2}, {2, 1, 7}}) {
            assertThatThrownBy(() -> LongLcpArrays.build(text, IndexSequence.of(wrong), 1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a position of the text");
        }
    }
}
