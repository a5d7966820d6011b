package org.gpumatch.api.stream;

import java.io.IOException;
import java.util.Objects;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchArguments;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.KMismatchMatcher;

/**
 * {@link ChunkedSearch} for k mismatches: a text of any size searched in chunks with m-1 bytes of overlap, so every
 * window lies whole in exactly one chunk; hits are delivered with absolute offsets, ascending. Each byte is read once;
 * memory: one window of chunk + m - 1 bytes plus the matcher's per-chunk memory.
 */
public final class KMismatchChunkedSearch {
    /** Receives one hit. */
    @FunctionalInterface
    public interface HitSink {
        /** A window at absolute {@code offset} with {@code mismatches} mismatches. */
        void accept(long offset, int mismatches);
    }

    /** Receives one window of a streamed text. */
    @FunctionalInterface
    public interface WindowSink {
        /** The window {@code text} starting at absolute offset {@code start} (at least m bytes long). */
        void accept(Text text, long start);
    }

    private final KMismatchMatcher matcher;
    private final long chunkBytes;

    /** A search in chunks of {@code chunkBytes} (at least 1; lowered so a window fits {@link ChunkSizes}). */
    public KMismatchChunkedSearch(KMismatchMatcher matcher, long chunkBytes) {
        this.matcher = Objects.requireNonNull(matcher, "matcher");
        if (chunkBytes < 1) {
            throw new IllegalArgumentException("the chunk size must be at least 1 byte: " + chunkBytes);
        }
        this.chunkBytes = chunkBytes;
    }

    /** The number of hits in the text {@code source} delivers; does not close it. */
    public long count(ChunkSource source, Pattern pattern, int k) throws IOException {
        return run(source, pattern, k, null);
    }

    /** Delivers every hit to {@code sink}, ascending; returns their number. Does not close the source. */
    public long find(ChunkSource source, Pattern pattern, int k, HitSink sink) throws IOException {
        return run(source, pattern, k, Objects.requireNonNull(sink, "sink"));
    }

    /**
     * Hands every window of chunk + m - 1 bytes (consecutive windows overlap by m - 1) that holds at least m bytes to
     * {@code sink}, in order: the streaming of a search with several patterns of length m. Does not close the source.
     */
    public static void windows(ChunkSource source, long chunkBytes, int m, WindowSink sink) throws IOException {
        try (ChunkReader reader = new ChunkReader(source, ChunkSizes.chunkFor(chunkBytes, m), m - 1)) {
            for (Window w = reader.next(); w != null; w = reader.next()) {
                if (w.text().length() >= m) {
                    sink.accept(w.text(), w.start());
                }
            }
        }
    }

    private long run(ChunkSource source, Pattern pattern, int k, HitSink sink) throws IOException {
        if (k < 0) {
            throw new IllegalArgumentException("the number of mismatches k must be >= 0, got " + k);
        }
        int m = pattern.length();
        long found = 0;
        try (ChunkReader reader = new ChunkReader(source, ChunkSizes.chunkFor(chunkBytes, m), m - 1)) {
            for (Window w = reader.next(); w != null; w = reader.next()) {
                if (KMismatchArguments.windows(w.text().length(), m) == 0) {
                    continue;
                }
                if (sink == null) {
                    found += matcher.count(w.text(), pattern, k);
                } else {
                    KMismatchHits hits = matcher.find(w.text(), pattern, k);
                    for (int i = 0; i < hits.size(); i++) {
                        sink.accept(w.start() + hits.offset(i), hits.mismatches(i));
                    }
                    found += hits.size();
                }
            }
        }
        return found;
    }
}
