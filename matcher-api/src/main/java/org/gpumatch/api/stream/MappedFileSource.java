package org.gpumatch.api.stream;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file read through read-only memory mappings of {@link #MAP_BYTES} each, mapped one after the other as the reads
 * advance: the bytes go from the page cache straight into the caller's array (one copy; a {@code FileChannel.read}
 * into a heap array copies twice, through a temporary direct buffer). Files of any size: positions are {@code long}.
 *
 * <p>The size is the file's size when it is opened; bytes appended later are not read. A file truncated while it is
 * read fails: the JVM turns the fault of a mapped page past the new end into an {@link InternalError}, which this
 * class turns into an {@link IOException} when the JVM raises it inside the copy (in compiled code it may surface a
 * little later, as the {@code InternalError} itself).
 *
 * <p>Memory: no heap beyond the caller's arrays; address space of one mapping, plus mappings already passed until the
 * garbage collector unmaps them.
 */
public final class MappedFileSource implements ChunkSource {
    /**
     * Bytes per mapping: large enough that a 1 TB file needs only 16384 mappings (far below Linux's default of 65530
     * per process, even before any is unmapped), small enough not to pin much address space.
     */
    static final int MAP_BYTES = 1 << 26;

    private final Path file;
    private final FileChannel channel;
    private final long size;
    private MappedByteBuffer mapped;
    /** The file position of {@code mapped}'s first byte. */
    private long mappedAt;
    /** The file position of the next byte to read. */
    private long position;

    private MappedFileSource(Path file, FileChannel channel) throws IOException {
        this.file = file;
        this.channel = channel;
        this.size = channel.size();
    }

    /** Opens {@code file} for reading. */
    public static MappedFileSource open(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return new MappedFileSource(file, channel);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int readFully(byte[] dst, int offset, int length) throws IOException {
        int done = 0;
        while (done < length && position < size) {
            if (mapped == null || !mapped.hasRemaining()) {
                mappedAt = position;
                mapped = channel.map(FileChannel.MapMode.READ_ONLY, position, Math.min(MAP_BYTES, size - position));
            }
            int n = Math.min(length - done, mapped.remaining());
            try {
                mapped.get(dst, offset + done, n);
            } catch (InternalError e) { // SIGBUS: the file was truncated under the mapping
                throw new IOException(file + " shrank while being read (it had " + size + " bytes; reading byte "
                        + (mappedAt + mapped.position()) + " failed)", e);
            }
            done += n;
            position += n;
        }
        return done;
    }

    @Override
    public void close() throws IOException {
        mapped = null;
        channel.close();
    }
}
