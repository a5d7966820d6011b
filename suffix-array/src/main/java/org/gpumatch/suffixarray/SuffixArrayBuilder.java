package org.gpumatch.suffixarray;

/**
 * Builds the suffix array of a byte text: the start offsets of all suffixes in lexicographic order over unsigned bytes,
 * a proper prefix first, no sentinel.
 *
 * <p>Implementations: {@link SaisBuilder} (CPU, SA-IS) and {@link GpuPrefixDoublingBuilder} (OpenCL, prefix
 * doubling); {@link SuffixArrayBuilders} picks one for a device choice.
 */
public interface SuffixArrayBuilder {

    /** Receives progress of a build as a fraction in {@code [0, 1]}; called from the building thread. */
    @FunctionalInterface
    interface Progress {
        /** Ignores all progress. */
        Progress NONE = fraction -> { };

        /** @param fraction the part of the work done, non-decreasing, ending at 1 */
        void report(double fraction);

        /**
         * Called by round-based builders ({@link GpuPrefixDoublingBuilder}) after each sorting round; ignored by
         * default.
         *
         * @param round    the round just finished, 0 for the initial sort
         * @param prefix   the prefix length the suffixes are now sorted by
         * @param unsorted suffixes still in buckets of more than one suffix
         */
        default void round(int round, long prefix, long unsorted) {
        }
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
