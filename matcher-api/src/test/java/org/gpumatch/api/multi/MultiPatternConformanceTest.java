package org.gpumatch.api.multi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Text;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.MultiChunkedSearch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The multi-pattern conformance kit: a subclass supplies a {@link MultiPatternMatcher} and inherits these cases, each
 * compared with {@link NaiveMultiMatcher} for both {@code count} and {@code find}: overlapping patterns, patterns that
 * are prefixes and suffixes of others, equal (duplicate) patterns, all 256 byte values, mixed lengths, random sets,
 * texts shorter than patterns, sizes 0 and 1 and around the subclass's {@link #boundaries()}, and matches across
 * chunk boundaries of a {@link MultiChunkedSearch}.
 *
 * <p>A subclass restricted to patterns of one length (the paper's method in one pass) returns false from
 * {@link #mixedLengths()}: the cases then split each set into its length classes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class MultiPatternConformanceTest {
    private final NaiveMultiMatcher oracle = new NaiveMultiMatcher();
    private MultiPatternMatcher matcher;

    /** The matcher under test; closed after the class. */
    protected abstract MultiPatternMatcher createMatcher();

    /** Text sizes where the implementation's tiles or work-groups end; cases use them and their neighbours. */
    protected int[] boundaries() {
        return new int[] {64, 256};
    }

    /** Whether one query may hold patterns of different lengths. */
    protected boolean mixedLengths() {
        return true;
    }

    @BeforeAll
    void open() {
        matcher = createMatcher();
    }

    @AfterAll
    void close() {
        matcher.close();
    }

    /** Checks count and find on one text and set against the oracle (per length class when mixed is not allowed). */
    protected void check(String what, byte[] text, PatternSet set) {
        for (PatternSet s : split(set)) {
            Text t = Text.wrap(text);
            MultiMatches expected = oracle.find(t, s);
            assertThat(matcher.find(t, s)).as(what + " find " + s).isEqualTo(expected);
            assertThat(matcher.count(t, s)).as(what + " count " + s).isEqualTo(expected.countsPerPattern(s.size()));
        }
    }

    private List<PatternSet> split(PatternSet set) {
        if (mixedLengths() || set.uniformLength()) {
            return List.of(set);
        }
        List<PatternSet> out = new ArrayList<>();
        for (int m : set.distinctLengths()) {
            List<byte[]> list = new ArrayList<>();
            for (int i : set.indicesOfLength(m)) {
                list.add(set.bytes(i));
            }
            out.add(PatternSet.of(list));
        }
        return out;
    }

    @Test
    void overlappingPatterns() {
        check("aaaa", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab".getBytes(), PatternSet.utf8("aa", "aaa", "a", "ab",
                "aab", "aaaa"));
        check("abab", "abababababababababa".getBytes(), PatternSet.utf8("aba", "bab", "abab", "baba", "ab", "ba"));
    }

    @Test
    void prefixesAndSuffixes() {
        byte[] t = "he said she sells seashells by the seashore; hers, his, ushers".getBytes();
        check("prefix/suffix", t, PatternSet.utf8("he", "she", "his", "hers", "h", "s", "se", "sea", "seashell",
                "shell", "ell", "ells", "hers,", "ushers"));
        check("equal length", t, PatternSet.utf8("she", "his", "ell", "hel", "sea", "ore"));
    }

    @Test
    void duplicatePatterns() {
        byte[] t = "abcabcabcxabc".getBytes();
        check("dups", t, PatternSet.utf8("abc", "abc", "bca", "abc", "xab"));
        check("dups mixed", t, PatternSet.utf8("abc", "a", "abc", "a", "cx"));
    }

    @Test
    void allByteValues() {
        Random r = new Random(256);
        byte[] t = new byte[4 * 256 + 37];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (i % 256);
        }
        for (int i = 0; i < 200; i++) {
            t[r.nextInt(t.length)] = (byte) r.nextInt(256);
        }
        List<byte[]> single = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            single.add(new byte[] {(byte) b});
        }
        check("256 single bytes", t, PatternSet.of(single));
        List<byte[]> pairs = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            pairs.add(new byte[] {(byte) b, (byte) (b + 1)});
        }
        check("256 byte pairs", t, PatternSet.of(pairs));
        check("high bytes", t, PatternSet.of(List.of(new byte[] {(byte) 0xFF, 0, 1}, new byte[] {(byte) 0x80,
            (byte) 0x81}, new byte[] {0}, new byte[] {(byte) 0xFE, (byte) 0xFF, 0, 1, 2})));
        List<byte[]> windows = new ArrayList<>();
        for (int m = 1; m <= 12; m++) {
            for (int start : new int[] {120, 250, 500, 1020}) { // around the 0x7F/0x80 and 0xFF/0x00 steps
                windows.add(Arrays.copyOfRange(t, start, start + m));
            }
        }
        check("windows of 1..12 bytes across the sign bit", t, PatternSet.of(windows));
    }

    @Test
    void tinyTexts() {
        PatternSet set = PatternSet.utf8("a", "ab", "b", "abc");
        check("empty", new byte[0], set);
        check("one byte", "a".getBytes(), set);
        check("shorter than every pattern", "ab".getBytes(), PatternSet.utf8("abc", "abd", "xyz"));
        check("equal to a pattern", "abc".getBytes(), PatternSet.utf8("abc", "abd", "bc"));
    }

    @Test
    void randomSetsAroundBoundaries() {
        Random r = new Random(12);
        List<Integer> sizes = new ArrayList<>(List.of(0, 1, 2, 3, 7, 100, 1000));
        for (int b : boundaries()) {
            sizes.addAll(List.of(b - 1, b, b + 1, 2 * b + 3));
        }
        for (int n : sizes) {
            for (int sigma : new int[] {2, 4, 256}) {
                byte[] t = randomText(r, n, sigma);
                check("n=" + n + " sigma=" + sigma, t, randomSet(r, t, 1 + r.nextInt(12), 1, 9, sigma));
            }
        }
    }

    @Test
    void manyPatternsOfOneLength() {
        Random r = new Random(99);
        byte[] t = randomText(r, 5000, 4);
        check("300 of length 6", t, randomSet(r, t, 300, 6, 6, 4));
        check("200 of length 40", t, randomSet(r, t, 200, 40, 40, 4));
    }

    @Test
    void mixedLengthsUpToLong() {
        Random r = new Random(5);
        byte[] t = randomText(r, 6000, 3);
        check("mixed 1..300", t, randomSet(r, t, 60, 1, 300, 3));
    }

    @Test
    void matchesAcrossChunkBoundaries() throws IOException {
        Random r = new Random(3);
        byte[] t = randomText(r, 400, 2);
        PatternSet set = randomSet(r, t, 20, 1, 17, 2);
        for (PatternSet s : split(set)) {
            MultiMatches expected = oracle.find(Text.wrap(t), s);
            for (long chunk : new long[] {9, 16, 17, 100, 399, 400, 1000}) {
                MultiChunkedSearch search = new MultiChunkedSearch(matcher, chunk);
                List<long[]> got = new ArrayList<>();
                try (ChunkSource src = ChunkSource.of(new java.io.ByteArrayInputStream(t))) {
                    search.find(src, s, (o, i) -> got.add(new long[] {o, i}));
                }
                assertThat(got.size()).as("chunk " + chunk).isEqualTo(expected.size());
                for (int i = 0; i < got.size(); i++) {
                    assertThat(got.get(i)).as("chunk " + chunk + " #" + i)
                            .containsExactly(expected.offset(i), expected.index(i));
                }
                try (ChunkSource src = ChunkSource.of(new java.io.ByteArrayInputStream(t))) {
                    assertThat(search.count(src, s)).as("count chunk " + chunk)
                            .isEqualTo(expected.countsPerPattern(s.size()));
                }
            }
        }
    }

    /** A text of n bytes over {@code sigma} symbols ({@code 'a'..} below 256, all byte values at 256). */
    protected static byte[] randomText(Random r, int n, int sigma) {
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = (byte) (sigma >= 256 ? r.nextInt(256) : 'a' + r.nextInt(sigma));
        }
        return t;
    }

    /** k patterns of lengths lo..hi: most cut from the text (so they occur), some random, some duplicated. */
    protected static PatternSet randomSet(Random r, byte[] t, int k, int lo, int hi, int sigma) {
        List<byte[]> list = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            int m = lo + r.nextInt(hi - lo + 1);
            int kind = r.nextInt(8);
            if (kind == 0 && !list.isEmpty()) {
                list.add(list.get(r.nextInt(list.size())));
            } else if (kind < 6 && t.length >= m) {
                int at = r.nextInt(t.length - m + 1);
                list.add(Arrays.copyOfRange(t, at, at + m));
            } else {
                list.add(randomText(r, m, sigma));
            }
        }
        return PatternSet.of(list);
    }
}
