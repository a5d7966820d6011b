package org.gpumatch.api.stream;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.PatternSet;

/**
 * Multi-pattern search of a text of any size with any {@link MultiPatternMatcher}: the text is read in chunks, each
 * with the {@code longest - 1} bytes after it (one {@link ChunkReader} window), so that every occurrence of every
 * pattern lies whole in the window of the chunk where it starts. An occurrence is reported by the window whose chunk
 * holds its start: {@link #find} drops those that start in the overlap (the next window reports them); {@link #count}
 * subtracts the counts of the overlap bytes alone (an occurrence starting there lies inside them).
 *
 * <p>Cost: one read of every byte, {@code longest - 1} bytes copied per chunk, the matcher's cost on each window, and
 * for {@code count} the matcher's cost on the {@code longest - 1} overlap bytes per window. Memory: two windows on the
 * heap plus what the matcher needs for one window ({@code find}: 8 bytes per occurrence in one window).
 *
 * <p>Not thread-safe; the matcher is not closed by the search.
 */
public final class MultiChunkedSearch {
    /** Receives one occurrence: its offset in the whole text and its pattern index. */
    public interface Sink {
        void accept(long offset, int index);
    }

    private final MultiPatternMatcher matcher;
    private final long chunkBytes;

    /** A search with {@link ChunkSizes#DEFAULT_CHUNK_BYTES} chunks. */
    public MultiChunkedSearch(MultiPatternMatcher matcher) {
        this(matcher, ChunkSizes.DEFAULT_CHUNK_BYTES);
    }

    /** A search in chunks of {@code chunkBytes}, at least 1 (any chunk gives the same answers). */
    public MultiChunkedSearch(MultiPatternMatcher matcher, long chunkBytes) {
        this.matcher = Objects.requireNonNull(matcher, "matcher");
        if (chunkBytes < 1) {
            throw new IllegalArgumentException("the chunk size must be at least 1 byte: " + chunkBytes);
        }
        this.chunkBytes = chunkBytes;
    }

    /** Occurrences per pattern in {@code file}. */
    public long[] count(Path file, PatternSet patterns) throws IOException {
        try (ChunkSource source = ChunkSource.of(file)) {
            return count(source, patterns);
        }
    }

    /** Delivers every occurrence in {@code file} ordered by offset, then index; returns their number. */
    public long find(Path file, PatternSet patterns, Sink sink) throws IOException {
        try (ChunkSource source = ChunkSource.of(file)) {
            return find(source, patterns, sink);
        }
    }

    /** Occurrences per pattern in the text {@code source} delivers; does not close it. */
    public long[] count(ChunkSource source, PatternSet patterns) throws IOException {
        long[] total = new long[patterns.size()];
        long[] tail = new long[total.length];
        try (ChunkReader reader = reader(source, patterns)) {
            for (Window w = reader.next(); w != null; w = reader.next()) {
                long[] c = w.text().length() < patterns.shortest() ? new long[total.length]
                        : matcher.count(w.text(), patterns);
                Text rest = overlapOf(w, patterns);
                tail = rest == null ? new long[total.length] : matcher.count(rest, patterns);
                for (int i = 0; i < total.length; i++) {
                    total[i] += c[i] - tail[i];
                }
            }
        }
        // a stream that ended right after a full window: its overlap was subtracted, but no window follows
        for (int i = 0; i < total.length; i++) {
            total[i] += tail[i];
        }
        return total;
    }

    /** Delivers every occurrence in the text {@code source} delivers, ordered; returns their number. */
    public long find(ChunkSource source, PatternSet patterns, Sink sink) throws IOException {
        Objects.requireNonNull(sink, "sink");
        long found = 0;
        Window previous = null;
        try (ChunkReader reader = reader(source, patterns)) {
            for (Window w = reader.next(); w != null; w = reader.next()) {
                found += deliver(w.text(), w.start(), w.done() - w.start(), patterns, sink);
                previous = w;
            }
            Text rest = previous == null ? null : overlapOf(previous, patterns);
            if (rest != null) { // a stream that ended right after a full window: nobody reported its overlap yet
                found += deliver(rest, previous.done(), rest.length(), patterns, sink);
            }
        }
        return found;
    }

    private ChunkReader reader(ChunkSource source, PatternSet patterns) {
        return new ChunkReader(source, ChunkSizes.chunkFor(chunkBytes, patterns.longest()), patterns.longest() - 1);
    }

    /** The occurrences in {@code text} that start before {@code owned}, shifted by {@code start}, to the sink. */
    private long deliver(Text text, long start, long owned, PatternSet patterns, Sink sink) {
        if (text.length() < patterns.shortest()) {
            return 0;
        }
        MultiMatches m = matcher.find(text, patterns);
        long found = 0;
        for (int i = 0; i < m.size() && m.offset(i) < owned; i++) {
            sink.accept(start + m.offset(i), m.index(i));
            found++;
        }
        return found;
    }

    /**
     * The bytes of a window after its chunk (the start of the next window), or null for the last window and when they
     * are shorter than every pattern.
     */
    private static Text overlapOf(Window w, PatternSet patterns) {
        int owned = (int) (w.done() - w.start());
        int length = w.text().length();
        if (w.last() || length - owned < patterns.shortest()) {
            return null;
        }
        return Text.wrap(Arrays.copyOfRange(w.text().bytes(), owned, length));
    }
}
