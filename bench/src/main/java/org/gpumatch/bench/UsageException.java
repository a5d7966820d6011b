package org.gpumatch.bench;

/** A usage or input error of the bench command: the CLI prints the message on one line and exits with 2. */
public class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
