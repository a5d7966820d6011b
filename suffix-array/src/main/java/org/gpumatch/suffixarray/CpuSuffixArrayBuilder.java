package org.gpumatch.suffixarray;

/**
 * The project's CPU suffix array builder: {@link ParallelSuffixSorter} (multi-threaded prefix doubling) on all given
 * threads, handing the text to {@link SaisBuilder} (sequential SA-IS) when doubling would be slow, which is decided
 * while it runs:
 * <ul>
 *   <li>a group of suffixes sharing their first 7 to 60 bytes (the first sort's depth) or any later prefix is larger
 *       than {@code n / 16} (one repeated byte, a short period, a binary text of long runs), or</li>
 *   <li>the suffixes sorted over all rounds exceed {@link #WORK_PER_THREAD} times n per thread (long repeats such as
 *       a text concatenated with itself or a Fibonacci word need about log2 n rounds over most suffixes).</li>
 * </ul>
 * Both checks apply from {@link #MIN_CHECKED_LENGTH} bytes on; shorter texts always go through doubling. The bounds
 * come from the measurements in the module README (doubling is several times faster than SA-IS on random, DNA and
 * English-like text even on one thread; SA-IS wins on one repeated letter by an order of magnitude).
 *
 * <p>Cost and memory: those of {@link ParallelSuffixSorter} (8.2n bytes besides the text, at most 1n more for a group
 * near the size bound) when it finishes; when it gives up, the work done so far plus {@link SaisBuilder}'s (12n bytes
 * besides the text, after the doubling arrays are released).
 */
public final class CpuSuffixArrayBuilder implements SuffixArrayBuilder {
    /** Doubling gives up beyond this many sorted suffixes per text byte and thread, summed over all rounds. */
    public static final int WORK_PER_THREAD = 8;
    /** Doubling gives up on a group of more than n / this many suffixes. */
    public static final int GROUP_FRACTION = 16;
    /** Texts shorter than this are never handed to SA-IS. */
    public static final int MIN_CHECKED_LENGTH = 1 << 20;

    private final int threads;

    /** @param threads worker threads for the doubling, at least 1 */
    public CpuSuffixArrayBuilder(final int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    /** @return a builder with one thread per available processor */
    public static CpuSuffixArrayBuilder allCores() {
        return new CpuSuffixArrayBuilder(Runtime.getRuntime().availableProcessors());
    }

    /** @return the number of worker threads */
    public int threads() {
        return threads;
    }

    @Override
    public String name() {
        return "cpu-" + threads + "t";
    }

    /**
     * @param text any bytes, at most {@link ParallelSuffixSorter#MAX_LENGTH}
     * @param threads worker threads, at least 1
     * @return the suffix array
     */
    public static int[] build(final byte[] text, final int threads) {
        return new CpuSuffixArrayBuilder(threads).build(text, Progress.NONE);
    }

    @Override
    public int[] build(final byte[] text, final Progress progress) {
        final double[] reached = {0};
        final Progress tracked = f -> {
            reached[0] = f;
            progress.report(f);
        };
        final int[] sa = ParallelSuffixSorter.sortWithin(text, threads, tracked, limitFor(text.length, threads));
        if (sa != null) {
            return sa;
        }
        final double base = reached[0];
        return new SaisBuilder().build(text, f -> progress.report(base + (1 - base) * f));
    }

    /** @return the limit under which doubling goes on for a text of length n on the given threads */
    static ParallelSuffixSorter.Limit limitFor(final int n, final int threads) {
        if (n < MIN_CHECKED_LENGTH) {
            return ParallelSuffixSorter.Limit.NONE;
        }
        return new ParallelSuffixSorter.Limit(n / GROUP_FRACTION, (long) WORK_PER_THREAD * threads * n);
    }

    /**
     * Whether {@link #build(byte[], Progress)} finishes this text by doubling (false: it hands it to SA-IS). Runs the
     * doubling, so it costs as much as a build; meant for tests and measurements.
     *
     * @param text the text
     * @param threads worker threads
     * @return true when the doubling stays within the limits
     */
    public static boolean doublingFinishes(final byte[] text, final int threads) {
        return ParallelSuffixSorter.sortWithin(text, threads, Progress.NONE, limitFor(text.length, threads)) != null;
    }
}
