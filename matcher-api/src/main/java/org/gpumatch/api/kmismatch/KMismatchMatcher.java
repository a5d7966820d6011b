package org.gpumatch.api.kmismatch;

import java.util.List;
import java.util.Optional;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/**
 * Approximate single-pattern matching under the Hamming distance: every offset {@code j} with
 * {@code ham(pattern, text[j..j+m)) <= k}, with that distance, 0-based, ascending.
 *
 * <p>{@code k >= m} reports every offset {@code 0..n-m}; a pattern longer than the text has no hits (not an error); a
 * negative {@code k} is an {@link IllegalArgumentException} (see {@link KMismatchArguments#check}). Implementations may
 * keep a text resident on a device between calls with the same {@link Text} object; close a matcher to release it.
 */
public interface KMismatchMatcher extends AutoCloseable {

    /** The algorithm name as the CLI spells it ({@code thread}, {@code bit-parallel}, ...). */
    String name();

    /** Why this matcher cannot search a text of length n with a pattern of length m at k, or empty when it can. */
    default Optional<String> unsupportedReason(long n, int m, int k) {
        return Optional.empty();
    }

    /** Every hit with its distance, ascending offsets. Memory: 8 bytes per hit on the host. */
    KMismatchHits find(Text text, Pattern pattern, int k);

    /** The number of hits; never materializes offsets on the host. */
    long count(Text text, Pattern pattern, int k);

    /**
     * What the last search ran and why, in lines for {@code --explain}; the default: the matcher's name. A matcher
     * that chooses per call ({@code auto}) gives its last choice and the estimates behind it.
     */
    default List<String> explainLines() {
        return List.of(name());
    }

    /** Releases device resources; the default does nothing. */
    @Override
    default void close() {
    }
}
