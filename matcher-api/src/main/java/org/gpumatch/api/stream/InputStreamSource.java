package org.gpumatch.api.stream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * A text read from an {@link InputStream} (standard input, a pipe, a FIFO, a decompressing stream): the size is unknown
 * until the end, so progress reports have no total. Closing the source closes the stream.
 *
 * <p>Cost: the stream's own; no buffer beyond the caller's.
 */
public final class InputStreamSource implements ChunkSource {
    private final InputStream in;

    /** A source reading {@code in} to its end. */
    public InputStreamSource(InputStream in) {
        this.in = Objects.requireNonNull(in, "in");
    }

    @Override
    public long size() {
        return -1;
    }

    @Override
    public int readFully(byte[] dst, int offset, int length) throws IOException {
        return in.readNBytes(dst, offset, length);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
