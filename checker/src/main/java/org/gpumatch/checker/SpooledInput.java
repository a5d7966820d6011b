package org.gpumatch.checker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A stream (standard input, a pipe, a process substitution) copied to a temporary file so that it can be memory-mapped
 * like any file: a stream's size is unknown and mapping it sees 0 bytes. Cost: one copy of the stream through the page
 * cache and as many bytes of temporary disk; the file is deleted when the JVM exits.
 */
final class SpooledInput {
    private SpooledInput() {
    }

    /** Copies {@code in} (read to its end, not closed) into a new temporary file and returns the file. */
    static Path copy(final InputStream in, final String what) throws IOException {
        final Path file;
        try {
            file = Files.createTempFile("gpumatch-" + what.replace(' ', '-') + "-", ".tmp");
        } catch (final IOException e) {
            throw new IOException("cannot copy the " + what + " stream to a temporary file: " + e.getMessage(), e);
        }
        file.toFile().deleteOnExit();
        try {
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (final IOException e) {
            Files.deleteIfExists(file);
            throw new IOException("cannot copy the " + what + " stream to " + file + ": " + e.getMessage(), e);
        }
        return file;
    }
}
