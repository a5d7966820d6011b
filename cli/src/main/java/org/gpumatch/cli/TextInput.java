package org.gpumatch.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.InputStreamSource;
import org.gpumatch.api.stream.MappedFileSource;

/**
 * The FILE argument of {@code count} and {@code find}: a regular file, whose size is known before it is read (read
 * whole, or streamed through memory mappings), or a stream: standard input ({@code -}), a pipe, a FIFO, a process
 * substitution ({@code <(zcat x.gz)}), whose size is known only at its end (read whole, or streamed when
 * {@code --chunk-size} is given).
 */
final class TextInput {
    /** The name that reads standard input. */
    static final String STDIN = "-";

    private final String name;
    /** The file, or null for standard input. */
    private final Path file;
    /** The size of a regular file; -1 for a stream. */
    private final long size;

    TextInput(String name, Path file, long size) {
        this.name = name;
        this.file = file;
        this.size = size;
    }

    /** The input {@code name} names, after checking that it can be read (one-line errors). */
    static TextInput open(String name) {
        if (name.equals(STDIN)) {
            return new TextInput("standard input", null, -1);
        }
        Path file = TextFiles.path(name);
        TextFiles.checkReadable(file);
        if (!Files.isRegularFile(file)) {
            return new TextInput(file.toString(), file, -1);
        }
        return new TextInput(file.toString(), file, TextFiles.size(file));
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

    /** The input as a stream read in order; standard input is not closed with it. */
    InputStream openStream() throws IOException {
        if (file != null) {
            return Files.newInputStream(file);
        }
        return new FilterInputStream(System.in) {
            @Override
            public void close() {
                // standard input stays open: it belongs to the process
            }
        };
    }
}
