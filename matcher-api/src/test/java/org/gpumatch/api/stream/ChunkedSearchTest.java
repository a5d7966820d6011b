package org.gpumatch.api.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.api.reference.SequentialRabinKarpMatcher;
import org.gpumatch.api.stream.Oracle.Feed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A chunked search reports exactly what NaiveMatcher reports on the whole text, for chunk sizes from 1 byte up (below,
 * at and above m-1 and m), with occurrences on and across every chunk boundary, on random, periodic and all-256-value
 * texts, from a mapped file, a stream, and a stream that delivers a few bytes per read.
 */
class ChunkedSearchTest {
    @TempDir
    Path dir;

    /** Random text over {@code alphabet}. */
    static byte[] random(Random r, int n, byte[] alphabet) {
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = alphabet[r.nextInt(alphabet.length)];
        }
        return t;
    }

    static byte[] allBytes() {
        byte[] a = new byte[256];
        for (int i = 0; i < 256; i++) {
            a[i] = (byte) i;
        }
        return a;
    }

    /** {@code unit} repeated to {@code n} bytes. */
    static byte[] periodic(String unit, int n) {
        byte[] u = unit.getBytes(StandardCharsets.ISO_8859_1);
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = u[i % u.length];
        }
        return t;
    }

    static Stream<Arguments> differentialCases() {
        List<Arguments> out = new ArrayList<>();
        Random r = new Random(7);
        byte[] acgt = "ACGT".getBytes(StandardCharsets.US_ASCII);
        for (int m : new int[] {1, 2, 5, 17}) {
            byte[] dna = random(r, 500 + m, acgt);
            byte[] bytes = random(r, 400 + 3 * m, allBytes());
            byte[] pDna = Arrays.copyOfRange(dna, 300, 300 + m);
            byte[] pBytes = Arrays.copyOfRange(bytes, 301, 301 + m);
            // every boundary of 64-byte chunks gets an occurrence of pBytes across it, split differently each time
            for (int b = 64, split = 0; b + m < bytes.length; b += 64, split++) {
                System.arraycopy(pBytes, 0, bytes, b - split % m, m);
            }
            out.add(Arguments.of("dna", m, dna, pDna));
            out.add(Arguments.of("all-256-values", m, bytes, pBytes));
            out.add(Arguments.of("periodic-a", m, periodic("a", 300), periodic("a", m)));
            out.add(Arguments.of("periodic-ab", m, periodic("ab", 301), periodic("ab", m)));
            out.add(Arguments.of("periodic-aab-shifted", m, periodic("aab", 302), periodic("aba", m + 1)));
        }
        return out.stream();
    }

    /** Chunk sizes around the pattern length and the text length, and some odd ones. */
    static List<Long> chunkSizes(int m, int n) {
        List<Long> c = new ArrayList<>(List.of(1L, 7L, 64L, (long) m, m + 1L, (long) n, n + 5L, Long.MAX_VALUE));
        if (m > 1) {
            c.add(m - 1L);
        }
        return c;
    }

    @ParameterizedTest(name = "{0} m={1}")
    @MethodSource("differentialCases")
    void findAndCountEqualNaiveOnTheWholeText(String name, int m, byte[] text, byte[] pattern) throws IOException {
        long[] expected = Oracle.expected(text, pattern);
        assertThat(expected).as("the case has occurrences").isNotEmpty();
        for (long chunk : chunkSizes(m, text.length)) {
            for (Feed feed : Feed.values()) { // the reader's side: every way in, with the oracle as the matcher
                check(new NaiveMatcher(), chunk, text, pattern, feed, expected, name);
            }
            // the matcher's side: another matcher on windows (its own code path for short texts)
            check(new SequentialRabinKarpMatcher(), chunk, text, pattern, Feed.FILE, expected, name);
        }
    }

    private void check(Matcher matcher, long chunk, byte[] text, byte[] pattern, Feed feed, long[] expected,
                       String name) throws IOException {
        String what = name + " with " + matcher.algorithm() + ", chunk " + chunk + ", " + feed;
        assertThat(Oracle.streamedFind(matcher, chunk, text, pattern, feed, dir)).as(what).isEqualTo(expected);
        assertThat(Oracle.streamedCount(matcher, chunk, text, pattern, feed, dir)).as(what).isEqualTo(expected.length);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Feed.class)
    void occurrencesOnAndAcrossEveryBoundaryOfManyChunkSizes(Feed feed) throws IOException {
        byte[] p = "wxyz".getBytes(StandardCharsets.US_ASCII);
        for (int chunk : new int[] {3, 4, 5, 9, 16}) {
            for (int shift = -p.length; shift <= 1; shift++) { // the occurrence starts shift bytes from each boundary
                byte[] t = periodic(".", 10 * chunk + 11);
                List<Long> planted = new ArrayList<>();
                for (int b = chunk; b < t.length; b += 2 * chunk) { // every other boundary, so copies do not overlap
                    int at = b + shift;
                    if (at >= 0 && at + p.length <= t.length) {
                        System.arraycopy(p, 0, t, at, p.length);
                        planted.add((long) at);
                    }
                }
                long[] expected = Oracle.expected(t, p);
                assertThat(expected).containsExactly(planted.stream().mapToLong(Long::longValue).toArray());
                assertThat(Oracle.streamedFind(new NaiveMatcher(), chunk, t, p, feed, dir))
                        .as("chunk %d, shift %d", chunk, shift).isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Feed.class)
    void edgeSizes(Feed feed) throws IOException {
        byte[] p = "abc".getBytes(StandardCharsets.US_ASCII);
        int chunk = 8;
        int window = chunk + p.length - 1;
        // empty, shorter than m, exactly m, one full window, a window plus one, whole chunks with and without the overlap
        for (int n : new int[] {0, 1, 2, 3, window - 1, window, window + 1, 2 * chunk, 2 * chunk + 2, 3 * chunk + 2,
                                5 * chunk}) {
            byte[] t = periodic("abc", n);
            long[] expected = Oracle.expected(t, p);
            assertThat(Oracle.streamedFind(new NaiveMatcher(), chunk, t, p, feed, dir)).as("n = %d", n)
                    .isEqualTo(expected);
            assertThat(Oracle.streamedCount(new NaiveMatcher(), chunk, t, p, feed, dir)).as("n = %d", n)
                    .isEqualTo(expected.length);
        }
    }

    @Test
    void aStreamLongerThanItsFirstBufferGrowsItUpToAWindow() throws IOException {
        int first = ChunkReader.FIRST_STREAM_BUFFER;
        byte[] t = random(new Random(11), 3 * first + first / 2, "ACGT".getBytes(StandardCharsets.US_ASCII));
        byte[] p = "GATTACAGATTACA".getBytes(StandardCharsets.US_ASCII);
        for (int at : new int[] {first - 5, 2 * first - 13, 2 * first + 3, 3 * first - 1, t.length - p.length}) {
            System.arraycopy(p, 0, t, at, p.length);
        }
        long[] expected = Oracle.expected(t, p);
        assertThat(expected).hasSizeGreaterThanOrEqualTo(5);
        for (long chunk : new long[] {first - 13, first, 2L * first + 3, 64L << 20, Long.MAX_VALUE}) {
            for (Feed feed : List.of(Feed.STREAM, Feed.TRICKLE)) {
                assertThat(Oracle.streamedFind(new NaiveMatcher(), chunk, t, p, feed, dir))
                        .as("chunk %d, %s", chunk, feed).isEqualTo(expected);
            }
        }
    }

    @Test
    void patternLongerThanTheTextHasNoOccurrence() throws IOException {
        byte[] t = periodic("a", 5);
        for (long chunk : new long[] {1, 3, 100}) {
            for (Feed feed : Feed.values()) {
                assertThat(Oracle.streamedCount(new NaiveMatcher(), chunk, t, periodic("a", 6), feed, dir)).isZero();
            }
        }
    }

    @Test
    void aPatternLongerThanTheChunkSpansSeveralChunks() throws IOException {
        byte[] t = random(new Random(3), 3000, "ab".getBytes(StandardCharsets.US_ASCII));
        byte[] p = Arrays.copyOfRange(t, 1000, 1100); // m = 100 > chunk: windows of chunk + 99 bytes
        System.arraycopy(p, 0, t, 2000, p.length);
        long[] expected = Oracle.expected(t, p);
        assertThat(expected).contains(1000L, 2000L);
        for (long chunk : new long[] {1, 10, 99, 100, 101}) {
            assertThat(Oracle.streamedFind(new NaiveMatcher(), chunk, t, p, Feed.STREAM, dir)).as("chunk %d", chunk)
                    .isEqualTo(expected);
        }
    }
}
