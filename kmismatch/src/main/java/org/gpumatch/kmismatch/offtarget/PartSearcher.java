package org.gpumatch.kmismatch.offtarget;

/**
 * Finds the sites of a {@link SiteMasks} in one part of a packed genome: the sites starting at {@code [from, from +
 * count)} (their bases may run m - 1 past the part). Hits go to {@code out} as (position, {@code query << 8 | strand << 7 |
 * mismatches}) in any order; they may span two records (the caller drops those).
 */
public interface PartSearcher extends AutoCloseable {
    /**
     * Searches one part of {@code genome}'s words; {@code from} is a multiple of 32. The words of the sites' bases are
     * final; {@code settled} says whether the arrays are complete (a whole genome may then stay on the device), else
     * later bases are still being written (a genome being read: the part is copied).
     */
    void search(int[] baseWords, int[] exceptionWords, boolean settled, long from, int count, HitList out);

    /** The largest part this searcher takes at once. */
    int maxPart();

    /** Device time of the searches so far in nanoseconds (-1 where unknown). */
    long deviceNanos();

    /** What runs where, in words. */
    String describe();

    @Override
    void close();
}
