package org.gpumatch.suffixarray;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Exact pattern search over a text and its suffix array by binary search.
 *
 * <p>Cost per pattern of length m: two binary searches, O(m log n) byte comparisons, random reads of SA and the text;
 * Patterns must be non-empty (as {@code org.gpumatch.api.Pattern} requires). {@link #find} then sorts the {@code occ} offsets (O(occ log occ)). No memory beyond the result.
 */
public final class SuffixArraySearch {
    private final byte[] text;
    private final int[] sa;

    /**
     * @param text the text
     * @param sa its suffix array (not verified; a wrong SA gives wrong answers: check it with the checker)
     * @throws IllegalArgumentException if the lengths differ
     */
    public SuffixArraySearch(final byte[] text, final int[] sa) {
        if (sa.length != text.length) {
            throw new IllegalArgumentException("suffix array has " + sa.length + " entries but the text has "
                    + text.length + " bytes");
        }
        this.text = text;
        this.sa = sa;
    }

    /**
     * @param pattern the pattern, non-empty
     * @return the SA interval {@code [lo, hi)} of suffixes starting with the pattern, as {@code {lo, hi}}
     */
    public int[] interval(final byte[] pattern) {
        return new int[] {bound(pattern, false), bound(pattern, true)};
    }

    /**
     * @param pattern the pattern
     * @return the number of occurrences (overlapping ones included)
     */
    public int count(final byte[] pattern) {
        return bound(pattern, true) - bound(pattern, false);
    }

    /**
     * @param pattern the pattern
     * @return the start offsets of all occurrences, ascending
     */
    public int[] find(final byte[] pattern) {
        final int lo = bound(pattern, false);
        final int hi = bound(pattern, true);
        final int[] out = Arrays.copyOfRange(sa, lo, hi);
        Arrays.sort(out);
        return out;
    }

    /**
     * Counts many patterns, in parallel over the common fork-join pool.
     *
     * @param patterns the patterns
     * @return {@code count(patterns[i])} at index i
     */
    public int[] countAll(final byte[][] patterns) {
        return IntStream.range(0, patterns.length).parallel().map(i -> count(patterns[i])).toArray();
    }

    /**
     * First SA index whose suffix is not smaller than the pattern ({@code upper = false}), or whose suffix's first m
     * bytes are greater than the pattern ({@code upper = true}).
     */
    private int bound(final byte[] pattern, final boolean upper) {
        if (pattern.length == 0) {
            throw new IllegalArgumentException("the pattern is empty");
        }
        int lo = 0;
        int hi = sa.length;
        while (lo < hi) {
            final int mid = (lo + hi) >>> 1;
            final int c = comparePrefix(sa[mid], pattern);
            if (c < 0 || (upper && c == 0)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Compares the suffix at p, cut to the pattern's length, with the pattern (unsigned bytes). */
    private int comparePrefix(final int p, final byte[] pattern) {
        final int len = Math.min(pattern.length, text.length - p);
        final int c = Arrays.compareUnsigned(text, p, p + len, pattern, 0, len);
        if (c != 0) {
            return c;
        }
        return len < pattern.length ? -1 : 0;
    }
}
