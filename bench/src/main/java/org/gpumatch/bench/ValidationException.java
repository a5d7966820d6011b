package org.gpumatch.bench;

/**
 * A measured run returned a wrong answer: the benchmark aborts (exit 1) rather than report a number for it.
 */
public class ValidationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ValidationException(String message) {
        super(message);
    }

    /**
     * Checks one measured result against the oracle's.
     *
     * @param what     the run, e.g. {@code "drk-wom-64 resident sigma=8 m=4 n=1073741824"}
     * @param expected the oracle's count
     * @param actual   the measured run's count
     * @throws ValidationException when they differ
     */
    public static void requireEqual(String what, long expected, long actual) {
        if (expected != actual) {
            throw new ValidationException(what + ": counted " + actual + " occurrences, the naive oracle counted "
                    + expected);
        }
    }
}
