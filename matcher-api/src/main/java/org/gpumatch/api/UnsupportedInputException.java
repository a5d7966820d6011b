package org.gpumatch.api;

/** Thrown when a forced algorithm cannot handle an input; the message names the algorithms that can. */
public class UnsupportedInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnsupportedInputException(String message) {
        super(message);
    }
}
