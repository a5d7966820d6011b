package org.gpumatch.api.multi;

import org.gpumatch.api.Text;

/**
 * Finds all occurrences of k patterns at once in a text. Every (offset, index) with
 * {@code text[offset .. offset + |P_index|) == P_index} is an occurrence, overlaps included; equal patterns are
 * reported under each of their indices.
 *
 * <p>Implementations state their cost in their own javadoc. Not thread-safe unless an implementation says so.
 */
public interface MultiPatternMatcher extends AutoCloseable {
    /** Short name of the method, as the CLI spells it ({@code multi-rk}, {@code multi-cpu}, ...). */
    String name();

    /** Occurrences per pattern: element i is the number of occurrences of pattern i. */
    long[] count(Text text, PatternSet patterns);

    /** All occurrences, ordered by offset, then pattern index. */
    MultiMatches find(Text text, PatternSet patterns);

    /** One line on how the last query ran (device, method, why); empty before the first query. */
    default String explain() {
        return name();
    }

    /** Releases device resources; the default does nothing. */
    @Override
    default void close() {
    }
}
