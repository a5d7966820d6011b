package org.gpumatch.cli;

/**
 * A user or input error with its one-line message (without the {@code gpumatch: } prefix, which {@link Diagnostics}
 * adds) and its exit code. Never printed with a stack trace.
 */
final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    CliException(String message) {
        this(message, ExitCodes.USAGE);
    }

    CliException(String message, int exitCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
