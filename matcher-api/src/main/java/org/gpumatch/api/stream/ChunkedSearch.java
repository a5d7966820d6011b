package org.gpumatch.api.stream;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.LongConsumer;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;

/**
 * Exact search of a text of any size (files beyond 2^31-9 bytes, beyond the heap, beyond device memory) with any
 * {@link Matcher}: the text is read in chunks, each chunk with the m-1 bytes after it (see {@link ChunkSizes}) is handed
 * to the matcher as a {@link org.gpumatch.api.Text} of its own, and the results are added up ({@link #count}) or shifted
 * by the chunk's offset and delivered in ascending order as {@code long}s ({@link #find}). Every occurrence is reported
 * once, also those that straddle a chunk boundary.
 *
 * <p>Reading overlaps searching: chunk k+1 is read on a background thread while the matcher searches chunk k (for a
 * device matcher: packs, uploads and runs its kernels); on a fast device the search then costs about the time of
 * reading the file. The upload and the kernels of one chunk do not overlap each other: Aparapi copies synchronously.
 *
 * <p>Cost: one read of every byte of the text, plus m-1 bytes copied per chunk; the matcher's cost on each window
 * (for a device matcher, one upload of each window: the resident-text cache never hits, since every window is a new
 * {@code Text}). Memory: two window buffers of chunk + m - 1 bytes on the heap (see {@link ChunkReader}), plus what the
 * matcher needs for one window (a device matcher: its host copy and device buffer of one window; {@code find}: 4 bytes
 * per occurrence in one window). {@code count} never materializes positions, {@code find} never holds more than one
 * window's.
 *
 * <p>Not thread-safe, like the matcher it drives; the matcher is not closed by the search.
 */
public final class ChunkedSearch {
    private final Matcher matcher;
    private final long chunkBytes;
    private final ProgressListener progress;

    /** A search with {@link ChunkSizes#DEFAULT_CHUNK_BYTES} chunks and no progress reports. */
    public ChunkedSearch(Matcher matcher) {
        this(matcher, ChunkSizes.DEFAULT_CHUNK_BYTES, ProgressListener.NONE);
    }

    /**
     * A search in chunks of {@code chunkBytes} (lowered where a window of chunk + m - 1 bytes would exceed
     * {@link ChunkSizes#MAX_WINDOW_BYTES}), telling {@code progress} after each chunk.
     *
     * @param matcher    the matcher; it must accept windows of chunk + m - 1 bytes (see {@link ChunkSizes#fittingChunk})
     * @param chunkBytes the chunk, at least 1 byte; any chunk size gives the same answers, small ones are only slower
     */
    public ChunkedSearch(Matcher matcher, long chunkBytes, ProgressListener progress) {
        this.matcher = Objects.requireNonNull(matcher, "matcher");
        if (chunkBytes < 1) {
            throw new IllegalArgumentException("the chunk size must be at least 1 byte: " + chunkBytes);
        }
        this.chunkBytes = chunkBytes;
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /** The chunk used for a pattern of m bytes (see {@link ChunkSizes#chunkFor}). */
    public int chunkBytes(int m) {
        return ChunkSizes.chunkFor(chunkBytes, m);
    }

    /** The number of occurrences of {@code pattern} in {@code file}, read through memory mappings. */
    public long count(Path file, Pattern pattern) throws IOException {
        try (ChunkSource source = ChunkSource.of(file)) {
            return count(source, pattern);
        }
    }

    /**
     * Delivers the 0-based offsets of all occurrences of {@code pattern} in {@code file} to {@code sink}, ascending,
     * chunk by chunk as they are found; returns their number.
     */
    public long find(Path file, Pattern pattern, LongConsumer sink) throws IOException {
        try (ChunkSource source = ChunkSource.of(file)) {
            return find(source, pattern, sink);
        }
    }

    /** The number of occurrences of {@code pattern} in the text {@code source} delivers; does not close it. */
    public long count(ChunkSource source, Pattern pattern) throws IOException {
        return run(source, pattern, null);
    }

    /**
     * Delivers the 0-based offsets of all occurrences in the text {@code source} delivers to {@code sink}, ascending;
     * returns their number. An unchecked exception of {@code sink} ends the search (after stopping the read-ahead) and
     * is rethrown: a sink may stop a search that way. Does not close the source.
     */
    public long find(ChunkSource source, Pattern pattern, LongConsumer sink) throws IOException {
        return run(source, pattern, Objects.requireNonNull(sink, "sink"));
    }

    private long run(ChunkSource source, Pattern pattern, LongConsumer sink) throws IOException {
        int m = pattern.length();
        long found = 0;
        try (ChunkReader reader = new ChunkReader(source, chunkBytes(m), m - 1)) {
            for (Window w = reader.next(); w != null; w = reader.next()) {
                if (w.text().length() >= m) {
                    found += sink == null ? matcher.count(w.text(), pattern) : deliver(w, pattern, sink);
                }
                progress.progress(w.done(), source.size());
            }
        }
        return found;
    }

    private int deliver(Window w, Pattern pattern, LongConsumer sink) {
        int[] offsets = matcher.find(w.text(), pattern);
        long start = w.start();
        for (int offset : offsets) {
            sink.accept(start + offset);
        }
        return offsets.length;
    }
}
