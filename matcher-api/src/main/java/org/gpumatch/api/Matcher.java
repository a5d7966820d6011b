package org.gpumatch.api;

import java.util.Optional;

/**
 * Exact single-pattern matching: every offset {@code i} with {@code text[i..i+m) == pattern}, overlapping occurrences
 * included, 0-based, ascending.
 *
 * <p>A pattern longer than the text has zero occurrences (not an error). Implementations may keep a text resident on a
 * device between calls with the same {@link Text} object, so close a matcher to release its device memory.
 */
public interface Matcher extends AutoCloseable {

    /** The algorithm this matcher runs. */
    Algorithm algorithm();

    /**
     * Why this matcher cannot search a text of length n with a pattern of length m over an alphabet of width sigma bits,
     * or empty when it can. Callers (the planner, the conformance kit) use this to skip with a stated reason.
     */
    Optional<String> unsupportedReason(long n, int m, int sigma);

    /** The number of occurrences of {@code pattern} in {@code text}; never materializes positions. */
    long count(Text text, Pattern pattern);

    /** The 0-based offsets of all occurrences, ascending. */
    int[] find(Text text, Pattern pattern);

    /** What the last call ran on, and why. */
    Plan lastPlan();

    /** Releases device resources; the default does nothing. */
    @Override
    default void close() {
    }
}
