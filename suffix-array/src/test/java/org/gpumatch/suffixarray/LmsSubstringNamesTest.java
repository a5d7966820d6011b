package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Names found while inducing ({@link LmsSubstringNames}, the default) against names by comparing substrings (the path
 * for texts over 2^30 symbols and for the lookahead), at the top level on bytes and on int texts as the recursion sees
 * them (alphabets past 2^16 names, names repeated so the recursion goes several levels down), and against the naive
 * construction.
 */
class LmsSubstringNamesTest {
    private static int[] sortBytes(byte[] text, boolean compareNames) {
        int[] sa = new int[text.length];
        InducedSorting.sort(text, null, sa, text.length, 256, false, compareNames, SuffixArrayBuilder.Progress.NONE);
        return sa;
    }

    private static int[] sortInts(int[] text, int k, boolean compareNames) {
        int[] sa = new int[text.length];
        InducedSorting.sort(null, text, sa, text.length, k, false, compareNames, SuffixArrayBuilder.Progress.NONE);
        return sa;
    }

    /** The naive suffix array of an int text. */
    private static int[] naive(int[] text) {
        Integer[] order = new Integer[text.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> {
            if (a.equals(b)) {
                return 0;
            }
            int i = a;
            int j = b;
            while (i < text.length && j < text.length) {
                if (text[i] != text[j]) {
                    return Integer.compare(text[i], text[j]);
                }
                i++;
                j++;
            }
            return i == text.length ? -1 : 1; // a proper prefix first
        });
        return java.util.Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    @Test
    void bothNamingsGiveTheNaiveArrayOnTheKitsTexts() {
        for (Map.Entry<String, List<SuffixArrayConformanceCases.Case>> g
                : SuffixArrayConformanceCases.groups(new int[] {256, 1024}).entrySet()) {
            for (SuffixArrayConformanceCases.Case c : g.getValue()) {
                byte[] text = c.text().get();
                int[] expected = NaiveSuffixArray.build(text);
                assertThat(sortBytes(text, false)).as("while inducing: %s", c.name()).isEqualTo(expected);
                assertThat(sortBytes(text, true)).as("by comparing: %s", c.name()).isEqualTo(expected);
            }
        }
    }

    @Test
    void bothNamingsAgreeOnLargeHardTexts() {
        for (Map.Entry<String, byte[]> e : HardTexts.hard(1 << 18).entrySet()) {
            assertThat(sortBytes(e.getValue(), false)).as(e.getKey()).isEqualTo(sortBytes(e.getValue(), true));
        }
    }

    /**
     * Int texts over alphabets past 2^16 (the recursion's names): random, in repeated blocks (names repeat, so the
     * recursion goes down), descending runs and one symbol repeated.
     */
    @Test
    void intTextsWithManyNames() {
        Random r = new Random(24);
        int n = 200_000;
        for (int k : new int[] {2, 70_000, 150_000, n}) {
            int[] random = new int[n];
            for (int i = 0; i < n; i++) {
                random[i] = r.nextInt(k);
            }
            int[] blocks = new int[n];
            int period = Math.max(1, Math.min(k, 1000));
            for (int i = 0; i < n; i++) {
                blocks[i] = (int) ((i % period) * (long) (k - 1) / Math.max(1, period - 1));
            }
            int[] zigzag = new int[n];
            for (int i = 0; i < n; i++) {
                zigzag[i] = (int) (i % 3 == 0 ? k - 1 - (i * 7919L % k) : i * 104729L % k);
            }
            for (int[] text : new int[][] {random, blocks, zigzag}) {
                assertThat(sortInts(text, k, false)).as("k=%d", k).isEqualTo(sortInts(text, k, true));
            }
        }
        // against the naive order on texts small enough for it
        int[] small = new int[3000];
        for (int i = 0; i < small.length; i++) {
            small[i] = r.nextInt(100_000);
        }
        assertThat(sortInts(small, 100_000, false)).isEqualTo(naive(small));
        int[] smallRepeats = new int[3000];
        for (int i = 0; i < smallRepeats.length; i++) {
            smallRepeats[i] = 90_000 + (i % 17 == 0 ? 1 : 0) + (i % 5);
        }
        assertThat(sortInts(smallRepeats, 100_000, false)).isEqualTo(naive(smallRepeats));
    }
}
