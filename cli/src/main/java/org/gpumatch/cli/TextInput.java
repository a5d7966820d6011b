package org.gpumatch.cli;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.InputStreamSource;
import org.gpumatch.api.stream.MappedFileSource;

/**
 * A FILE argument of any command that reads one: a regular file, whose size is known before it is read (read whole, or
 * streamed through memory mappings), or a stream, whose size is known only at its end: standard input ({@code -}), a
 * pipe, a FIFO, a process substitution ({@code <(zcat x.gz)}), or a gzip file ({@code .gz}, decompressed on the fly
 * by {@link GZIPInputStream}, several members included, as gzip -d does). {@code --raw} reads a {@code .gz} file as
 * the bytes it holds.
 */
final class TextInput {
    /** The name that reads standard input. */
    static final String STDIN = "-";
    private static final int GZIP_BUFFER = 1 << 16;

    private final String name;
    /** The file, or null for standard input. */
    private final Path file;
    /** The size of a regular file read as it is; -1 for a stream. */
    private final long size;
    /** Whether the bytes are gzip's, decompressed as they are read. */
    private final boolean gzip;
    /**
     * Standard input or a pipe, opened once: a pipe cannot be opened again ({@code <(cat x)} would start over empty),
     * so {@link #head} marks and resets it and {@link #openStream} reads on from here.
     */
    private BufferedInputStream once;
    /** How far {@link #head} may read a stream (raw bytes, compressed ones included) and still go back. */
    private static final int HEAD_MARK = 4 << 20;

    private TextInput(String name, Path file, long size, boolean gzip) {
        this.name = name;
        this.file = file;
        this.size = size;
        this.gzip = gzip;
    }

    /** The input {@code name} names, after checking that it can be read (one-line errors); {@code .gz} decompressed. */
    static TextInput open(String name) {
        return open(name, false);
    }

    /** {@link #open(String)}; with {@code raw} a {@code .gz} file is read as it is. */
    static TextInput open(String name, boolean raw) {
        if (name.equals(STDIN)) {
            return new TextInput("standard input", null, -1, false);
        }
        Path file = TextFiles.path(name);
        TextFiles.checkReadable(file);
        if (!raw && isGzipName(name)) {
            return new TextInput(file.toString(), file, -1, true);
        }
        if (!Files.isRegularFile(file)) {
            return new TextInput(file.toString(), file, -1, false);
        }
        return new TextInput(file.toString(), file, TextFiles.size(file), false);
    }

    /** Whether the name ends in {@code .gz} (any case), as gzip names its files. */
    static boolean isGzipName(String name) {
        return name.regionMatches(true, name.length() - 3, ".gz", 0, 3);
    }

    /** How messages name it: the path, or "standard input". */
    String name() {
        return name;
    }

    /** Whether this is a stream, whose size is unknown until its end. */
    boolean isStream() {
        return size < 0;
    }

    /** The size of a regular file; -1 for a stream. */
    long size() {
        return size;
    }

    /** The regular file, FIFO or pipe; null for standard input. */
    Path file() {
        return file;
    }

    /**
     * The input as a source of chunks: a regular file memory-mapped, a stream read in order. Standard input is not
     * closed with the source.
     */
    ChunkSource chunks() {
        try {
            return isStream() ? new InputStreamSource(openStream()) : MappedFileSource.open(file);
        } catch (IOException e) {
            throw new CliException("cannot read " + name + ": " + TextFiles.describe(e));
        }
    }

    /**
     * The input as a stream read in order, decompressed when it is gzip's; standard input is not closed with it. A
     * damaged gzip stream fails its read with an {@link IOException} whose message names the problem.
     */
    InputStream openStream() throws IOException {
        // standard input belongs to the process; a pipe or FIFO is closed with the stream (its one reader is done)
        InputStream in = !isPipe() ? Files.newInputStream(file) : file == null ? keepOpen(once()) : once();
        if (!gzip) {
            return in;
        }
        try {
            return new GzipInput(new BufferedInputStream(in, GZIP_BUFFER), name);
        } catch (IOException e) {
            in.close();
            throw new IOException("not in gzip format (" + e.getMessage() + "); --raw reads it as it is", e);
        }
    }

    /** Whether the input can be read only once: standard input, a pipe, a FIFO. */
    private boolean isPipe() {
        return file == null || !Files.isRegularFile(file);
    }

    private BufferedInputStream once() throws IOException {
        if (once == null) {
            // FileInputStream, not Files.newInputStream: its available() on a pipe asks the channel its position, which
            // fails ("Illegal seek"), and BufferedInputStream calls available()
            once = new BufferedInputStream(file == null ? System.in : new java.io.FileInputStream(file.toFile()),
                    GZIP_BUFFER);
        }
        return once;
    }

    /** {@code in} whose close does nothing (standard input belongs to the process; head reads a pipe on after it). */
    private static InputStream keepOpen(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public void close() {
                // stays open
            }
        };
    }

    /**
     * Up to {@code n} first bytes of the input (decompressed), without consuming them: standard input is buffered so
     * that {@link #openStream} reads them again. Fewer for a shorter input; a read error is a one-line error.
     */
    byte[] head(int n) {
        try {
            if (isPipe()) {
                BufferedInputStream in = once();
                in.mark(HEAD_MARK);
                try {
                    return (gzip ? new GZIPInputStream(keepOpen(in), GZIP_BUFFER) : in).readNBytes(n);
                } finally {
                    in.reset();
                }
            }
            try (InputStream in = openStream()) {
                return in.readNBytes(n);
            }
        } catch (IOException e) {
            throw new CliException("cannot read " + name + ": " + TextFiles.describe(e));
        }
    }

    /**
     * All bytes of the input, at most {@code max}; a longer input is a one-line error that says what {@code purpose}
     * allows. Memory: the bytes, plus a copy while a stream's last buffer is trimmed.
     */
    byte[] readAll(long max, String purpose) {
        if (!isStream()) {
            if (size > max) {
                throw new CliException(name + " has " + size + " bytes; " + purpose + " up to " + max + " bytes");
            }
            return TextFiles.read(file, size, done -> { });
        }
        try (InputStream in = openStream()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
            byte[] buf = new byte[1 << 16];
            for (int r; (r = in.read(buf)) >= 0; ) {
                if (out.size() + (long) r > max) {
                    throw new CliException(name + " holds more than " + max + " bytes; " + purpose + " up to " + max
                            + " bytes");
                }
                out.write(buf, 0, r);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new CliException("cannot read " + name + ": " + TextFiles.describe(e));
        }
    }

    /** gzip decompression whose errors name the file and say where the data broke off. */
    private static final class GzipInput extends GZIPInputStream {
        private final String name;

        GzipInput(InputStream in, String name) throws IOException {
            super(in, GZIP_BUFFER);
            this.name = name;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (java.io.EOFException e) {
                throw new IOException("the gzip data of " + name + " ends early (a truncated .gz file)", e);
            } catch (java.util.zip.ZipException e) {
                throw new IOException("damaged gzip data in " + name + ": " + e.getMessage(), e);
            }
        }
    }
}
