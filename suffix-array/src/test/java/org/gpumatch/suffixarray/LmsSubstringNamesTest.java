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
        return sortBytes(text, compareNames, 0);
    }

    /** With {@code helpers} lookahead helpers on every level of at least 64 symbols. */
    private static int[] sortBytes(byte[] text, boolean compareNames, int helpers) {
        int[] sa = new int[text.length];
        InducedSorting.sort(text, null, sa, text.length, 256, helpers, compareNames, 64,
                SuffixArrayBuilder.Progress.NONE);
        return sa;
    }

    private static int[] sortInts(int[] text, int k, boolean compareNames) {
        return sortInts(text, k, compareNames, 0);
    }

    private static int[] sortInts(int[] text, int k, boolean compareNames, int helpers) {
        int[] sa = new int[text.length];
        InducedSorting.sort(null, text, sa, text.length, k, helpers, compareNames, 64,
                SuffixArrayBuilder.Progress.NONE);
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

    /**
     * Lookahead helpers (1, 2 and 3, on every level of at least 64 symbols, so that small texts reach the block loops
     * of both namings and of the final induce) give the plain array: the kit's texts against the naive order, hard
     * texts of sizes around the helpers' blocks, and int texts; repeated, since what the helpers have loaded when
     * the scan reaches a block varies from run to run.
     */
    @Test
    void lookaheadHelpersGiveThePlainArray() {
        for (int helpers = 1; helpers <= 3; helpers++) {
            for (SuffixArrayConformanceCases.Case c : SuffixArrayConformanceCases.groups(new int[] {256, 1024})
                    .values().stream().flatMap(List::stream).toList()) {
                byte[] text = c.text().get();
                int[] expected = NaiveSuffixArray.build(text);
                assertThat(sortBytes(text, false, helpers)).as("while inducing, %d helpers: %s", helpers, c.name())
                        .isEqualTo(expected);
                assertThat(sortBytes(text, true, helpers)).as("by comparing, %d helpers: %s", helpers, c.name())
                        .isEqualTo(expected);
            }
            int block = SymbolLookahead.BLOCK;
            for (int n : new int[] {block - 1, 3 * block + 1, 37 * block + 5}) {
                for (Map.Entry<String, byte[]> e : HardTexts.hard(n).entrySet()) {
                    int[] plain = sortBytes(e.getValue(), false);
                    for (int rep = 0; rep < 3; rep++) {
                        assertThat(sortBytes(e.getValue(), false, helpers))
                                .as("%s n=%d, %d helpers", e.getKey(), n, helpers).isEqualTo(plain);
                    }
                }
            }
            Random r = new Random(helpers);
            int[] ints = new int[50_000];
            for (int i = 0; i < ints.length; i++) {
                ints[i] = i % 3000 < 1500 ? r.nextInt(70_000) : ints[i - 1500]; // repeated halves: deeper levels
            }
            assertThat(sortInts(ints, 70_000, false, helpers)).as("ints, %d helpers", helpers)
                    .isEqualTo(sortInts(ints, 70_000, false));
        }
    }

    /** Stale buffers (entries rewritten after a helper saw them) must not be used by the block loops: the text decides. */
    @Test
    void theBlockLoopsUseBufferedSymbolsOnlyForEntriesStillHoldingTheSeenValue() {
        Random r = new Random(31);
        int n = 3000;
        int[] names = new int[n];
        for (int i = 0; i < n; i++) {
            names[i] = r.nextInt(50);
        }
        int block = SymbolLookahead.BLOCK;
        int lo = 1000;
        int hi = lo + block;
        for (boolean left : new boolean[] {true, false}) {
            int[] plain = new int[hi + 50 * block]; // bucket c writes into [hi + c block, hi + (c + 1) block)
            for (int i = lo; i < hi; i++) {
                int flags = (r.nextInt(4) == 0 ? Integer.MIN_VALUE : 0) | (r.nextBoolean() ? 1 << 30 : 0);
                plain[i] = r.nextInt(3) == 0 ? flags & (1 << 30) : flags | (r.nextInt(n - 1) + 1);
            }
            int[] buffered = plain.clone();
            int[] seen = new int[block];
            int[] firsts = new int[block];
            int[] seconds = new int[block];
            for (int i = lo; i < hi; i++) {
                int v = plain[i];
                int p = v & ((1 << 30) - 1);
                boolean stale = r.nextBoolean();
                seen[i - lo] = stale ? v + 1 : v; // a stale entry: its symbols are wrong for v
                firsts[i - lo] = stale ? 49 - names[Math.max(p - 1, 0)] : names[Math.max(p - 1, 0)];
                seconds[i - lo] = stale ? 7 : names[Math.max(p - 2, 0)];
            }
            int[] statePlain = new int[100];
            for (int c = 0; c < 50; c++) {
                statePlain[2 * c] = hi + (left ? c : c + 1) * block;
                statePlain[2 * c + 1] = r.nextInt(3) - 1;
            }
            int[] stateBuffered = statePlain.clone();
            int[] runPlain = {5, 4, lo - 1};
            int[] runBuffered = runPlain.clone();
            if (left) {
                LmsSubstringNames.leftBlock(null, names, plain, lo, hi, statePlain, runPlain, null, firsts, seconds);
                LmsSubstringNames.leftBlock(null, names, buffered, lo, hi, stateBuffered, runBuffered, seen, firsts,
                        seconds);
            } else {
                LmsSubstringNames.rightBlock(null, names, plain, lo, hi, statePlain, runPlain, null, firsts, seconds);
                LmsSubstringNames.rightBlock(null, names, buffered, lo, hi, stateBuffered, runBuffered, seen, firsts,
                        seconds);
            }
            assertThat(buffered).as("left %s", left).isEqualTo(plain);
            assertThat(stateBuffered).isEqualTo(statePlain);
            assertThat(runBuffered).isEqualTo(runPlain);
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
