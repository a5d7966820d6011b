package org.gpumatch.checker;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes suffix array files for tests. */
final class SaFiles {
    private SaFiles() {
    }

    static Path write(final Path file, final long[] values, final EntryFormat format) throws IOException {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * format.width()).order(ByteOrder.LITTLE_ENDIAN);
        for (final long v : values) {
            format.put(buffer, v);
        }
        Files.write(file, buffer.array());
        return file;
    }

    static Path write(final Path file, final int[] values, final EntryFormat format) throws IOException {
        final long[] wide = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            wide[i] = values[i];
        }
        return write(file, wide, format);
    }
}
