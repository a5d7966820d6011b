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

/**
 * Reads a whole file into one {@code byte[]} (the resident text of a search), with a one-line error for every way that
 * can fail.
 *
 * <p>Limit: {@link #MAX_RESIDENT_BYTES}, the largest Java byte array every JVM can allocate. Larger files will be
 * streamed in chunks with m-1 bytes of overlap (architecture.md rule 5); until then they are an input error.
 * Memory: the file's size on the Java heap.
 */
final class TextFiles {
    /**
     * The largest text kept resident: Java arrays hold at most 2^31-1 elements and HotSpot reserves a few header words,
     * so 2^31-9 bytes (the same bound as {@code Files.readAllBytes}).
     */
    static final int MAX_RESIDENT_BYTES = Integer.MAX_VALUE - 8;
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

    /** The size of {@code file} after checking that it is a readable regular file within the resident maximum. */
    static long checkedSize(Path file) {
        if (!Files.exists(file)) {
            throw new CliException("cannot read " + file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new CliException("cannot read " + file + ": it is a directory");
        }
        if (!Files.isReadable(file)) {
            throw new CliException("cannot read " + file + ": permission denied");
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new CliException("cannot read " + file + ": " + describe(e));
        }
        if (size > MAX_RESIDENT_BYTES) {
            throw new CliException(file + " is " + size + " bytes (" + Units.bytes(size) + "); the largest text gpumatch "
                    + "keeps resident is " + MAX_RESIDENT_BYTES + " bytes (2^31-9); streaming of larger files is not "
                    + "implemented yet");
        }
        return size;
    }

    /** The name that reads standard input. */
    static final String STDIN = "-";

    /**
     * The whole content of the file named {@code name}: a regular file is read by size with a file channel; standard
     * input ({@code -}), pipes, FIFOs and process substitutions ({@code <(zcat x.gz)}) are read to their end.
     */
    static byte[] read(String name) {
        if (name.equals(STDIN)) {
            return readStream(System.in, "standard input");
        }
        Path file = path(name);
        if (Files.exists(file) && !Files.isDirectory(file) && !Files.isRegularFile(file) && Files.isReadable(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                return readStream(in, file.toString());
            } catch (IOException e) {
                throw new CliException("cannot read " + file + ": " + describe(e));
            }
        }
        return read(file);
    }

    /** Everything {@code in} delivers, up to {@link #MAX_RESIDENT_BYTES}. */
    static byte[] readStream(InputStream in, String what) {
        byte[] buf = new byte[1 << 16];
        int used = 0;
        try {
            while (true) {
                if (used == buf.length) {
                    if (buf.length == MAX_RESIDENT_BYTES) {
                        if (in.read() < 0) {
                            return buf;
                        }
                        throw new CliException(what + " holds more than " + MAX_RESIDENT_BYTES + " bytes, the largest "
                                + "text gpumatch keeps resident (2^31-9); streaming of larger inputs is not implemented yet");
                    }
                    buf = java.util.Arrays.copyOf(buf, (int) Math.min(MAX_RESIDENT_BYTES, 2L * buf.length));
                }
                int r = in.read(buf, used, buf.length - used);
                if (r < 0) {
                    return used == buf.length ? buf : java.util.Arrays.copyOf(buf, used);
                }
                used += r;
            }
        } catch (IOException e) {
            throw new CliException("cannot read " + what + ": " + describe(e));
        }
    }

    /** The whole content of the regular file {@code file}. */
    static byte[] read(Path file) {
        long size = checkedSize(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            byte[] bytes = new byte[(int) size];
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                buf.limit(Math.min(buf.capacity(), buf.position() + READ_CHUNK));
                if (ch.read(buf) < 0) {
                    break; // the file shrank while we read it: keep what is there
                }
            }
            if (buf.position() < bytes.length) {
                return java.util.Arrays.copyOf(bytes, buf.position());
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

    private static String describe(IOException e) {
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
