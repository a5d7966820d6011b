package org.gpumatch.aparapi.rabinkarp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file of any size seen through read-only memory mappings of {@link #REGION_BYTES} (or one window, if larger), mapped
 * as the windows asked for advance, so that each window lies in one mapping and its bytes can be read by several
 * threads at once with absolute gets, straight from the page cache. A region is unmapped by the garbage collector once
 * no window of it is referenced: a 1 TB file maps about 4,000 regions, far below Linux's 65,530 per process.
 *
 * <p>Not thread-safe: one thread asks for windows; the buffers it hands out may be read by any thread. Memory: no heap;
 * address space of one or two regions.
 */
final class MappedRegions implements AutoCloseable {
    /** Bytes per mapping, 256 MiB. */
    static final long REGION_BYTES = 1L << 28;

    private final Path file;
    private final FileChannel channel;
    private final long size;
    private MappedByteBuffer region;
    private long regionStart;

    MappedRegions(Path file) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.size = channel.size();
    }

    /** The file's size when it was opened. */
    long size() {
        return size;
    }

    /** Bytes {@code [position, position + length)} of the file as a buffer indexed from 0 (a view of a mapping). */
    ByteBuffer window(long position, int length) throws IOException {
        if (position < 0 || length < 0 || position + length > size) {
            throw new IllegalArgumentException("window [" + position + ", " + (position + length) + ") is outside "
                    + file + " (" + size + " bytes)");
        }
        if (region == null || position < regionStart || position + length > regionStart + region.capacity()) {
            long bytes = Math.min(size - position, Math.max(length, REGION_BYTES));
            region = channel.map(FileChannel.MapMode.READ_ONLY, position, bytes);
            regionStart = position;
        }
        return region.slice((int) (position - regionStart), length);
    }

    /** Reads {@code dst.length} bytes from {@code position} (a positional read, no mapping). */
    void readAt(long position, byte[] dst) throws IOException {
        readAt(position, ByteBuffer.wrap(dst));
    }

    /** Fills {@code dst} from {@code position} on (a positional read, no mapping). */
    void readAt(long position, ByteBuffer dst) throws IOException {
        long at = position;
        while (dst.hasRemaining()) {
            int got = channel.read(dst, at);
            if (got < 0) {
                throw new IOException(file + " shrank while being read (it had " + size + " bytes)");
            }
            at += got;
        }
    }

    @Override
    public void close() throws IOException {
        region = null;
        channel.close();
    }
}
