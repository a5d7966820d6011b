package org.gpumatch.cli;

import java.io.IOException;

/**
 * A write to standard output failed ({@link CheckedOutput}): exit 2 with the reason, or a quiet exit 0 when the reader
 * closed the pipe. Unchecked, so that it passes through the search libraries' sinks and stops the search.
 */
final class OutputFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OutputFailedException(String stream, IOException cause) {
        super("cannot write " + stream + ": " + reason(cause), cause, false, false);
    }

    /** Whether the reader went away ({@code | head}): nothing is wrong, nobody reads the rest. */
    boolean closedPipe() {
        String m = getCause().getMessage();
        return m != null && m.contains("Broken pipe");
    }

    private static String reason(IOException e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
