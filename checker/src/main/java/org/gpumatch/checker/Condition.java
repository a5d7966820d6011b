package org.gpumatch.checker;

/**
 * The conditions a suffix array must meet, in the order the checker tests them at each index (see
 * {@link SuffixArrayChecker} for why together they are necessary and sufficient).
 */
public enum Condition {
    /** The array has exactly n entries (checked before any index). */
    ENTRY_COUNT("entry count"),
    /** {@code 0 <= SA[i] < n}. */
    RANGE("range"),
    /**
     * {@code T[SA[i]]} is the character whose bucket contains index i, the buckets being laid out from the character
     * counts of the text: first characters are non-decreasing and each occurs as often as in the text.
     */
    FIRST_CHARACTER("first character"),
    /** Suffix n-1 (one character, a proper prefix of every other suffix in its bucket) is first in its bucket. */
    LAST_SUFFIX("last suffix"),
    /**
     * For {@code SA[i] > 0}, suffix {@code SA[i]-1} is at the next index not yet handed out in the bucket of its first
     * character {@code T[SA[i]-1]}: within a bucket, suffixes are ordered as the suffixes that follow them are.
     */
    ORDER("suffix order");

    private final String label;

    Condition(final String label) {
        this.label = label;
    }

    /** @return the lowercase name printed in a {@code FAIL:} line */
    public String label() {
        return label;
    }
}
