package org.gpumatch.api.kmismatch;

import java.util.Objects;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;

/** The argument checks every {@link KMismatchMatcher} applies before searching. O(1). */
public final class KMismatchArguments {
    private KMismatchArguments() {
    }

    /**
     * Checks a query.
     *
     * @throws IllegalArgumentException when k is negative (an empty pattern cannot be built: {@link Pattern} rejects it)
     * @throws NullPointerException     when text or pattern is null
     */
    public static void check(Text text, Pattern pattern, int k) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(pattern, "pattern");
        if (k < 0) {
            throw new IllegalArgumentException("the number of mismatches k must be >= 0, got " + k);
        }
    }

    /** The number of candidate offsets {@code max(0, n - m + 1)}. */
    public static int windows(int n, int m) {
        return Math.max(0, n - m + 1);
    }
}
