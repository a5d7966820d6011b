package org.gpumatch.suffixarray;

/**
 * Builds the suffix array of a byte text: the start offsets of all suffixes in lexicographic order over unsigned bytes,
 * a proper prefix first, no sentinel.
 *
 * <p>Implementations: {@link SaisBuilder} (CPU, SA-IS). A GPU builder joins later through this interface.
 */
public interface SuffixArrayBuilder {

    /** Receives progress of a build as a fraction in {@code [0, 1]}; called from the building thread. */
    @FunctionalInterface
    interface Progress {
        /** Ignores all progress. */
        Progress NONE = fraction -> { };

        /** @param fraction the part of the work done, non-decreasing, ending at 1 */
        void report(double fraction);
    }

    /** @return a short name for tables and messages, e.g. {@code sais-cpu} */
    String name();

    /**
     * @param text the text, any byte values, at most {@code Integer.MAX_VALUE - 8} bytes
     * @param progress receives the fraction done
     * @return the suffix array, {@code text.length} entries
     * @throws IllegalArgumentException if the text is too long for an {@code int} suffix array
     */
    int[] build(byte[] text, Progress progress);

    /**
     * @param text the text
     * @return {@link #build(byte[], Progress)} without progress
     */
    default int[] build(byte[] text) {
        return build(text, Progress.NONE);
    }
}
