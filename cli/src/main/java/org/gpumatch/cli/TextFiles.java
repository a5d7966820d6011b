package org.gpumatch.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.function.LongConsumer;
import org.gpumatch.api.stream.ChunkSizes;

/**
 * Reads a whole file into one {@code byte[]} (the resident text of a search), with a one-line error for every
 * way that can fail.
 *
 * <p>Limit: {@link #MAX_RESIDENT_BYTES}, the largest Java byte array every JVM can allocate; larger inputs are streamed
 * (by {@link org.gpumatch.aparapi.Search}). Memory: the input's size on the Java heap.
 */
final class TextFiles {
    /**
     * The largest text kept resident: Java arrays hold at most 2^31-1 elements and HotSpot reserves a few header words,
     * so 2^31-9 bytes (the same bound as {@code Files.readAllBytes}).
     */
    static final int MAX_RESIDENT_BYTES = ChunkSizes.MAX_WINDOW_BYTES;
    /** Bytes per read call: large reads, but not one 2 GiB direct buffer in the JDK's temporary buffer cache. */
    private static final int READ_CHUNK = 1 << 24;

    private TextFiles() {
    }

    /** The path named on the command line, or a one-line error. */
    static Path path(String name) {
        try {
            return Path.of(name);
        } catch (InvalidPathException e) {
            throw new CliException("invalid file name \"" + name + "\": " + e.getReason());
        }
    }

    /** Throws a one-line error unless {@code file} exists, is not a directory and is readable. */
    static void checkReadable(Path file) {
        if (!Files.exists(file)) {
            throw new CliException("cannot read " + file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new CliException("cannot read " + file + ": it is a directory");
        }
        if (!Files.isReadable(file)) {
            throw new CliException("cannot read " + file + ": permission denied");
        }
    }

    /** The size of the readable regular file {@code file}. */
    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new CliException("cannot read " + file + ": " + describe(e));
        }
    }

    /**
     * The whole content of the regular file {@code file} of {@code size <= MAX_RESIDENT_BYTES} bytes, telling
     * {@code progress} the bytes read so far after every {@code READ_CHUNK}.
     */
    static byte[] read(Path file, long size, LongConsumer progress) {
        if (size > MAX_RESIDENT_BYTES) {
            throw new IllegalArgumentException(file + " is too large to read whole: " + size + " bytes");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            byte[] bytes = new byte[(int) size];
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.position() < bytes.length) { // not hasRemaining(): the limit is the end of this read only
                buf.limit(Math.min(bytes.length, buf.position() + READ_CHUNK));
                if (ch.read(buf) < 0) {
                    break; // the file shrank while we read it: keep what is there
                }
                progress.accept(buf.position());
            }
            if (buf.position() < bytes.length) {
                return Arrays.copyOf(bytes, buf.position());
            }
            if (ch.size() > size) {
                throw new CliException("cannot read " + file + ": it grew while being read (" + size + " -> " + ch.size()
                        + " bytes)");
            }
            return bytes;
        } catch (IOException e) {
            throw new CliException("cannot read " + file + ": " + describe(e));
        }
    }

    /** An I/O failure in a few words: "no such file", "permission denied", or the exception's message. */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        String msg = e.getMessage();
        return msg == null ? e.getClass().getSimpleName() : msg;
    }
}
