package org.gpumatch.api.stream;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * The bytes of a streamed text, read once from the first to the last, in calls of any size. {@link ChunkedSearch} reads
 * each byte once (the m-1 bytes two chunks share are copied from the previous chunk, not read again), so a source need
 * not seek: a memory-mapped file ({@link MappedFileSource}) and a pipe ({@link InputStreamSource}) serve alike.
 *
 * <p>A source is used by one thread at a time (the search's read-ahead thread, or the caller's), never concurrently.
 */
public interface ChunkSource extends Closeable {

    /** The size of the text in bytes, or -1 when it is not known before the end is read (a pipe). */
    long size();

    /**
     * Reads the next {@code length} bytes of the text into {@code dst[offset..offset+length)}, blocking until they are
     * all there or the text ends.
     *
     * @return the number of bytes read: {@code length}, or fewer only when the text ended (0 at its end)
     */
    int readFully(byte[] dst, int offset, int length) throws IOException;

    /** A source reading {@code file} through memory mappings (see {@link MappedFileSource}). */
    static ChunkSource of(Path file) throws IOException {
        return MappedFileSource.open(file);
    }

    /** A source reading {@code in} to its end; closing the source closes {@code in}. */
    static ChunkSource of(InputStream in) {
        return new InputStreamSource(in);
    }
}
