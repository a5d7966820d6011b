package org.gpumatch.suffixarray;

/**
 * Builds the suffix array of a byte text: the start offsets of all suffixes in lexicographic order over unsigned bytes,
 * a proper prefix first, no sentinel.
 *
 * <p>A builder is a resource: build as many texts as wanted, then {@link #close()} it (a GPU builder keeps its
 * compiled kernel and device context between builds and releases them there; CPU builders hold nothing). It reports
 * where the last build's time went ({@link #lastStages()}) and the device memory a build needs
 * ({@link #peakDeviceBytes(int)}), so callers never need to know the implementation.
 *
 * <p>Implementations: {@link SaisBuilder} (CPU, SA-IS), {@link ParallelSuffixSorter} (CPU, prefix doubling),
 * {@link CpuSuffixArrayBuilder} (the better of the two by a cost model) and {@code GpuPrefixDoublingBuilder}
 * (OpenCL, prefix doubling); {@code SuffixArrayBuilders} picks one for a device choice. Texts over
 * {@code Integer.MAX_VALUE - 8} bytes, which an {@code int[]} result cannot carry, are built by the long-indexed
 * sibling {@link LongSuffixArrayBuilder} ({@link LongSaisBuilder}).
 */
public interface SuffixArrayBuilder extends AutoCloseable {

    /** Receives progress of a build as a fraction in {@code [0, 1]}; called from the building thread. */
    @FunctionalInterface
    interface Progress {
        /** Ignores all progress. */
        Progress NONE = fraction -> { };

        /** @param fraction the part of the work done, non-decreasing, ending at 1 */
        void report(double fraction);

        /**
         * Called by round-based builders ({@code GpuPrefixDoublingBuilder}) after each sorting round; ignored by
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
     * Builds into the caller's array, the convention of libdivsufsort's {@code divsufsort(T, SA, n)} and of libsais: a
     * caller that builds many texts keeps one array for their results instead of receiving a new {@code int[n]} per
     * build (a new array's pages cost their first touch, about 0.4 ms per MB on the H200 host, on the build's path).
     * The default builds as {@link #build(byte[], Progress)} does and copies the result ({@code 4n} bytes more for a
     * while); the GPU builder downloads into {@code sa} without the intermediate array.
     *
     * @param text     the text, as for {@link #build(byte[], Progress)}
     * @param sa       receives the suffix array in its first {@code text.length} entries; the rest is left as it was
     * @param progress receives the fraction done
     * @return {@code sa}
     * @throws IllegalArgumentException if {@code sa} is shorter than the text, or as {@link #build(byte[], Progress)}
     */
    default int[] build(byte[] text, int[] sa, Progress progress) {
        requireRoom(text, sa);
        int[] built = build(text, progress);
        System.arraycopy(built, 0, sa, 0, built.length);
        return sa;
    }

    /**
     * @throws IllegalArgumentException if {@code sa} cannot hold the suffix array of {@code text}
     */
    static void requireRoom(byte[] text, int[] sa) {
        if (sa.length < text.length) {
            throw new IllegalArgumentException("the result array holds " + sa.length + " entries; the suffix array of "
                    + text.length + " bytes needs " + text.length);
        }
    }

    /**
     * @return where the last build's wall time went, stage by stage; {@link BuildStages#NONE} before the first build
     *         and for builders that do not time stages (the CPU builders)
     */
    default BuildStages lastStages() {
        return BuildStages.NONE;
    }

    /**
     * @return the last build's stages on the {@link System#nanoTime()} clock, in the order they began, including those
     *         that ran beside it on threads of their own (a kernel's compile, host arrays {@link #prepare} allocated);
     *         empty for builders that do not time their stages (the CPU builders)
     */
    default java.util.List<StageSpan> lastSpans() {
        return java.util.List.of();
    }

    /**
     * @param n a text length
     * @return the device memory a build of n bytes allocates at its peak, in bytes; 0 for CPU builders
     */
    default long peakDeviceBytes(int n) {
        return 0;
    }

    /**
     * Starts, in the background, what a build of a text of {@code length} bytes needs before the text is at hand (the
     * GPU builder: its kernel's compile and its host arrays), so that reading the text overlaps it; a later
     * {@link #build} of a text of that length uses it, one of another length drops it. Optional: the default does
     * nothing.
     */
    default void prepare(long length) {
    }

    /** Releases what the builder holds (a GPU builder: its compiled kernel and device buffers); idempotent. */
    @Override
    default void close() {
    }

    /**
     * @param text the text
     * @return {@link #build(byte[], Progress)} without progress
     */
    default int[] build(byte[] text) {
        return build(text, Progress.NONE);
    }
}
