package org.gpumatch.sequence;

import java.io.IOException;
import java.nio.file.Path;

/** A genome file that cannot be read as FASTA; the message names the file and, where there is one, the line. */
public final class SequenceFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    /** {@code FILE:LINE: problem} (line 1-based; 0 leaves the line out). */
    public SequenceFormatException(Path file, long line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
    }
}
