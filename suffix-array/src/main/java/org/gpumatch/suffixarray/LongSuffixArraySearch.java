package org.gpumatch.suffixarray;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.gpumatch.checker.ByteSequence;
import org.gpumatch.checker.IndexSequence;

/**
 * Exact pattern search by binary search over a text and its suffix array of any length: both read through the
 * checker's {@code long}-indexed views, so they may be heap arrays ({@link ByteSequence#of}, {@link IndexSequence#of})
 * or memory-mapped files in segments ({@code MappedByteSequence}, {@code MappedIndexSequence}: texts and arrays over
 * 2^31 - 1 bytes or entries, int32, int64 or int40), without reading them into the heap. Same answers as
 * {@link SuffixArraySearch}, in {@code long}.
 *
 * <p>Cost per pattern of length m: two binary searches, O(m log n) byte comparisons and random reads of SA and the
 * text (page faults on first touch of a mapped file); {@link #find} then copies and sorts the occurrences. An entry
 * that is not an offset of the text, met on the way, is an {@link IllegalArgumentException} naming its index (the
 * array is not verified as a whole: run the checker on untrusted files).
 */
public final class LongSuffixArraySearch {
    private final ByteSequence text;
    private final IndexSequence sa;
    private final long n;

    /**
     * @param text the text
     * @param sa its suffix array
     * @throws IllegalArgumentException if the lengths differ
     */
    public LongSuffixArraySearch(final ByteSequence text, final IndexSequence sa) {
        if (sa.length() != text.length()) {
            throw new IllegalArgumentException("suffix array has " + sa.length() + " entries but the text has "
                    + text.length() + " bytes");
        }
        this.text = text;
        this.sa = sa;
        this.n = text.length();
    }

    /**
     * @param pattern the pattern, non-empty
     * @return the SA interval {@code [lo, hi)} of suffixes starting with the pattern, as {@code {lo, hi}}
     */
    public long[] interval(final byte[] pattern) {
        return new long[] {bound(pattern, false), bound(pattern, true)};
    }

    /**
     * @param pattern the pattern, non-empty
     * @return the number of occurrences (overlapping ones included)
     */
    public long count(final byte[] pattern) {
        return bound(pattern, true) - bound(pattern, false);
    }

    /**
     * @param pattern the pattern, non-empty
     * @return the start offsets of all occurrences, ascending
     * @throws IllegalArgumentException if there are more than {@code Integer.MAX_VALUE - 8} (use {@link #interval})
     */
    public long[] find(final byte[] pattern) {
        final long lo = bound(pattern, false);
        final long hi = bound(pattern, true);
        if (hi - lo > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(hi - lo + " occurrences are too many to list; count them instead");
        }
        final long[] out = new long[(int) (hi - lo)];
        sa.copyTo(lo, out, out.length);
        Arrays.sort(out);
        return out;
    }

    /**
     * Counts many patterns, in parallel over the common fork-join pool.
     *
     * @param patterns the patterns, each non-empty
     * @return {@code count(patterns[i])} at index i
     */
    public long[] countAll(final byte[][] patterns) {
        return IntStream.range(0, patterns.length).parallel().mapToLong(i -> count(patterns[i])).toArray();
    }

    /** As {@link SuffixArraySearch}'s: the first SA index not below the pattern (or, upper, not above its prefix). */
    private long bound(final byte[] pattern, final boolean upper) {
        if (pattern.length == 0) {
            throw new IllegalArgumentException("the pattern is empty");
        }
        long lo = 0;
        long hi = n;
        while (lo < hi) {
            final long mid = (lo + hi) >>> 1;
            final int c = comparePrefix(suffixAt(mid), pattern);
            if (c < 0 || (upper && c == 0)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private long suffixAt(final long index) {
        final long p = sa.valueAt(index);
        if (p < 0 || p >= n) {
            throw new IllegalArgumentException("suffix array entry " + index + " = " + p + " is not an offset of the "
                    + n + "-byte text");
        }
        return p;
    }

    /** Compares the suffix at p, cut to the pattern's length, with the pattern (unsigned bytes). */
    private int comparePrefix(final long p, final byte[] pattern) {
        final int len = (int) Math.min(pattern.length, n - p);
        for (int d = 0; d < len; d++) {
            final int a = text.byteAt(p + d);
            final int b = pattern[d] & 0xFF;
            if (a != b) {
                return a - b;
            }
        }
        return len < pattern.length ? -1 : 0;
    }
}
