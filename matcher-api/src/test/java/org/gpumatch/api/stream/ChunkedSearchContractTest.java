package org.gpumatch.api.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a chunked search promises besides its answers: the windows a matcher gets (a new Text each, at most chunk + m - 1
 * bytes, consecutive), progress reports, exceptions of the source (also on the read-ahead thread), of the matcher and of
 * the sink propagate, and the read-ahead thread ends with the search.
 */
class ChunkedSearchContractTest {
    private static final byte[] TEXT = ChunkedSearchTest.periodic("abcab", 1000);
    private static final Pattern PATTERN = Pattern.utf8("cab");

    @TempDir
    Path dir;

    /**
     * The read-ahead thread ends on its own after the search closed the reader (close() does not wait for it), so this
     * waits for it; the deadline of minutes only turns a thread that never ends into a failure (one of seconds could
     * pass on a loaded machine before the thread is scheduled to finish).
     */
    @AfterEach
    void readAheadThreadsEnded() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (readers() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(readers()).as("live read-ahead threads").isZero();
    }

    private static long readers() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("gpumatch-chunk-reader") && t.isAlive()).count();
    }

    /** Naive search that records the windows it was given and checks they are new objects. */
    static final class RecordingMatcher implements Matcher {
        final NaiveMatcher naive = new NaiveMatcher();
        final IdentityHashMap<Text, Boolean> seen = new IdentityHashMap<>();
        final List<Integer> lengths = new ArrayList<>();
        int failAtCall = -1;

        @Override
        public Algorithm algorithm() {
            return Algorithm.NAIVE;
        }

        @Override
        public Optional<String> unsupportedReason(long n, int m, int sigma) {
            return Optional.empty();
        }

        private void record(Text text) {
            assertThat(seen.put(text, Boolean.TRUE)).as("each window is a new Text").isNull();
            lengths.add(text.length());
            if (lengths.size() == failAtCall) {
                throw new IllegalStateException("matcher failed on purpose");
            }
        }

        @Override
        public long count(Text text, Pattern pattern) {
            record(text);
            return naive.count(text, pattern);
        }

        @Override
        public int[] find(Text text, Pattern pattern) {
            record(text);
            return naive.find(text, pattern);
        }

        @Override
        public Plan lastPlan() {
            return naive.lastPlan();
        }
    }

    @Test
    void windowsAreNewTextsOfChunkPlusOverlapBytes() throws IOException {
        RecordingMatcher matcher = new RecordingMatcher();
        Path file = Files.write(dir.resolve("t"), TEXT);
        int chunk = 64;
        long count = new ChunkedSearch(matcher, chunk, ProgressListener.NONE).count(file, PATTERN);
        assertThat(count).isEqualTo(new NaiveMatcher().count(Text.wrap(TEXT), PATTERN));
        int windows = (int) ChunkSizes.windowCount(TEXT.length, chunk, 3);
        assertThat(matcher.lengths).hasSize(windows);
        assertThat(matcher.lengths.subList(0, windows - 1)).allMatch(n -> n == chunk + 2);
        assertThat(matcher.lengths.get(windows - 1)).isEqualTo(TEXT.length - (windows - 1) * chunk);
    }

    @Test
    void progressAscendsToTheSizeOrHasNoTotalForAStream() throws IOException {
        List<long[]> calls = new ArrayList<>();
        ChunkedSearch search = new ChunkedSearch(new NaiveMatcher(), 300, (done, total) -> calls.add(new long[] {done, total}));
        search.count(Files.write(dir.resolve("t"), TEXT), PATTERN);
        assertThat(calls).extracting(c -> c[0]).containsExactly(300L, 600L, 900L, 1000L);
        assertThat(calls).extracting(c -> c[1]).containsOnly(1000L);

        calls.clear();
        search.count(ChunkSource.of(new ByteArrayInputStream(TEXT)), PATTERN);
        assertThat(calls).extracting(c -> c[0]).containsExactly(300L, 600L, 900L, 1000L);
        assertThat(calls).extracting(c -> c[1]).containsOnly(-1L);
    }

    /** A source whose {@code failAt}-th read throws. */
    private static ChunkSource failingSource(int failAt) {
        return new ChunkSource() {
            private final InputStream in = new ByteArrayInputStream(TEXT);
            private int reads;

            @Override
            public long size() {
                return TEXT.length;
            }

            @Override
            public int readFully(byte[] dst, int offset, int length) throws IOException {
                if (++reads == failAt) {
                    throw new IOException("disk on fire at read " + reads);
                }
                return in.readNBytes(dst, offset, length);
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void aSourceFailureOnTheReadAheadThreadReachesTheCaller() {
        ChunkedSearch search = new ChunkedSearch(new NaiveMatcher(), 100, ProgressListener.NONE);
        assertThatThrownBy(() -> search.count(failingSource(4), PATTERN)).isInstanceOf(IOException.class)
                .hasMessage("disk on fire at read 4");
        assertThatThrownBy(() -> search.find(failingSource(1), PATTERN, x -> { })).isInstanceOf(IOException.class)
                .hasMessage("disk on fire at read 1");
    }

    @Test
    void aMatcherFailureStopsTheSearch() {
        RecordingMatcher matcher = new RecordingMatcher();
        matcher.failAtCall = 3;
        assertThatThrownBy(() -> new ChunkedSearch(matcher, 100, ProgressListener.NONE)
                .find(ChunkSource.of(new ByteArrayInputStream(TEXT)), PATTERN, x -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessage("matcher failed on purpose");
        assertThat(matcher.lengths).hasSize(3);
    }

    @Test
    void aSinkMayStopTheSearchByThrowing() {
        List<Long> got = new ArrayList<>();
        assertThatThrownBy(() -> new ChunkedSearch(new NaiveMatcher(), 100, ProgressListener.NONE)
                .find(ChunkSource.of(new ByteArrayInputStream(TEXT)), PATTERN, offset -> {
                    got.add(offset);
                    if (got.size() == 5) {
                        throw new IllegalStateException("enough");
                    }
                })).hasMessage("enough");
        assertThat(got).containsExactly(2L, 7L, 12L, 17L, 22L);
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new ChunkedSearch(new NaiveMatcher(), 0, ProgressListener.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1 byte");
        assertThat(new ChunkedSearch(new NaiveMatcher()).chunkBytes(1)).isEqualTo(ChunkSizes.DEFAULT_CHUNK_BYTES);
        assertThat(new ChunkedSearch(new NaiveMatcher(), Long.MAX_VALUE, ProgressListener.NONE).chunkBytes(10))
                .isEqualTo(ChunkSizes.MAX_WINDOW_BYTES - 9);
    }

    @Test
    void aMissingFileIsAnIoError() {
        assertThatThrownBy(() -> new ChunkedSearch(new NaiveMatcher()).count(dir.resolve("nope"), PATTERN))
                .isInstanceOf(IOException.class);
    }

    @Test
    void patternOfNonAsciiBytes() throws IOException {
        byte[] t = "x\u00e4\u00e4y\u00e4".getBytes(StandardCharsets.UTF_8);
        assertThat(Oracle.streamedFind(new NaiveMatcher(), 1, t, "\u00e4".getBytes(StandardCharsets.UTF_8),
                Oracle.Feed.FILE, dir)).containsExactly(1L, 3L, 6L);
    }
}
