package org.gpumatch.api.stream;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;

/** What the streaming tests compare against, and the ways they feed a text to a {@link ChunkedSearch}. */
final class Oracle {
    private Oracle() {
    }

    /** The offsets NaiveMatcher finds in the whole text, as longs. */
    static long[] expected(byte[] text, byte[] pattern) {
        return Arrays.stream(new NaiveMatcher().find(Text.wrap(text), Pattern.of(pattern))).asLongStream().toArray();
    }

    /** How the text reaches the search. */
    enum Feed {
        /** A memory-mapped file. */
        FILE,
        /** A stream of known bytes whose size the source does not know. */
        STREAM,
        /** A stream that hands out 1..3 bytes per read call, like a slow pipe. */
        TRICKLE;

        ChunkSource open(byte[] text, Path dir) throws IOException {
            return switch (this) {
                case FILE -> ChunkSource.of(Files.write(Files.createTempFile(dir, "text", ".bin"), text));
                case STREAM -> ChunkSource.of(new ByteArrayInputStream(text));
                case TRICKLE -> ChunkSource.of(new Trickle(text));
            };
        }
    }

    /** The offsets a chunked search with {@code matcher} delivers, checked to be ascending, and its count. */
    static long[] streamedFind(Matcher matcher, long chunk, byte[] text, byte[] pattern, Feed feed, Path dir)
            throws IOException {
        List<Long> out = new ArrayList<>();
        long returned;
        try (ChunkSource source = feed.open(text, dir)) {
            returned = new ChunkedSearch(matcher, chunk, ProgressListener.NONE).find(source, Pattern.of(pattern), out::add);
        }
        long[] offsets = out.stream().mapToLong(Long::longValue).toArray();
        if (returned != offsets.length) {
            throw new AssertionError("find returned " + returned + " but delivered " + offsets.length);
        }
        return offsets;
    }

    /** The count of a chunked search with {@code matcher}. */
    static long streamedCount(Matcher matcher, long chunk, byte[] text, byte[] pattern, Feed feed, Path dir)
            throws IOException {
        try (ChunkSource source = feed.open(text, dir)) {
            return new ChunkedSearch(matcher, chunk, ProgressListener.NONE).count(source, Pattern.of(pattern));
        }
    }

    /** An input stream that returns at most 3 bytes per read. */
    static final class Trickle extends InputStream {
        private final byte[] bytes;
        private int at;
        private int turn;

        Trickle(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (at == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, 1 + turn++ % 3), bytes.length - at);
            System.arraycopy(bytes, at, b, off, n);
            at += n;
            return n;
        }
    }
}
