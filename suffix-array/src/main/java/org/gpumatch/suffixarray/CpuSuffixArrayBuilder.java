package org.gpumatch.suffixarray;

/**
 * The project's CPU suffix array builder: {@link ParallelSuffixSorter} (multi-threaded prefix doubling) on the given
 * threads, or {@link SaisBuilder} (sequential SA-IS) where doubling would be slower. The choice, from the measurements
 * in the module README:
 * <ul>
 *   <li>On up to {@link #PREDICT_UP_TO_THREADS} threads, the first sort of doubling is tried on the first
 *       {@link #PREDICTOR_BYTES} of the text (about 5% of an SA-IS build of 8 MiB); when it leaves more than
 *       {@link #PREDICTOR_UNSORTED} of the suffixes unsorted (English: 0.94 to 1.0; proteins: 0.14; random text,
 *       random and real DNA: under 0.01), SA-IS builds the text, because doubling then needs several rounds over many
 *       suffixes and costs 1.2 to 1.6 times SA-IS's CPU time, which one or two cores cannot make up.</li>
 *   <li>Otherwise doubling runs and hands the text to SA-IS when a group of equal prefixes grows beyond n /
 *       {@link #GROUP_FRACTION} (one repeated byte, a short period: caught at the first sort, before any sorting) or
 *       when the suffixes sorted over all rounds, done and projected from the last round's shrink factor, would exceed
 *       {@link #WORK_BOUND} times n (see {@code ParallelSuffixSorter.Limit}): long repeats such as a text
 *       concatenated with itself, Fibonacci words or tandem repeats keep nearly all suffixes unsorted for about
 *       log2 n rounds and are handed over after one round; English, source code and proteins shrink by a factor 0.4
 *       to 0.8 per round and need 1 to 2.5 times n in all. The bound does not grow with the threads: a round over
 *       all n suffixes costs about a fifth of a sequential SA-IS build on 16 threads (measured: 24.5 s for 17.5n of
 *       work on 32 MiB against 6 s of SA-IS) and more on fewer, so a bound that grew with the threads (the former
 *       2n per thread, 32n on 16 threads) let doubling run four times longer than SA-IS on such texts.</li>
 * </ul>
 * Texts shorter than {@link #MIN_CHECKED_LENGTH} always go through doubling.
 *
 * <p>Cost and memory: those of {@link ParallelSuffixSorter} (8.125n bytes besides the text, at most 1n more for a
 * group near the size bound) when doubling finishes; otherwise the doubling work done so far plus
 * {@link SaisBuilder}'s (12n bytes besides the text, after the doubling arrays are released).
 */
public final class CpuSuffixArrayBuilder implements SuffixArrayBuilder {
    /**
     * Doubling gives up when the suffixes sorted over all rounds, done and projected, would exceed this many per text
     * byte, whatever the thread count.
     */
    public static final int WORK_BOUND = 6;
    /** Up to this many threads, texts whose first sort leaves most suffixes unsorted go to SA-IS. */
    public static final int PREDICT_UP_TO_THREADS = 2;
    /** The prefix of the text on which the first sort is tried. */
    public static final int PREDICTOR_BYTES = 1 << 20;
    /** The unsorted fraction after the first sort above which SA-IS is chosen on few threads. */
    public static final double PREDICTOR_UNSORTED = 0.1;
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
        return build(text, progress, choice -> { });
    }

    /**
     * As {@link #build(byte[], Progress)}, telling {@code announce} which construction ran, once it is known (before
     * the build, or when doubling hands over): for example {@code "doubling on 16 threads"} or
     * {@code "SA-IS (natural text on 2 threads)"}, for a line on stderr.
     *
     * @param text any bytes, at most {@link ParallelSuffixSorter#MAX_LENGTH}
     * @param progress receives the fraction done, non-decreasing across a hand-over, ending at 1
     * @param announce receives one line per decision: one, or two when doubling hands over to SA-IS
     * @return the suffix array
     */
    public int[] build(final byte[] text, final Progress progress, final java.util.function.Consumer<String> announce) {
        if (prefersSais(text, threads)) {
            announce.accept("SA-IS (natural text on " + threads + (threads == 1 ? " thread)" : " threads)"));
            return new SaisBuilder().build(text, progress);
        }
        announce.accept("doubling on " + threads + (threads == 1 ? " thread" : " threads"));
        final double[] reached = {0};
        final Progress tracked = f -> {
            reached[0] = f;
            progress.report(f);
        };
        final int[] sa = ParallelSuffixSorter.sortWithin(text, threads, tracked, limitFor(text.length));
        if (sa != null) {
            return sa;
        }
        announce.accept("SA-IS (doubling exceeded its bound on group size or projected work: long repeats)");
        final double base = reached[0];
        return new SaisBuilder().build(text, f -> progress.report(base + (1 - base) * f));
    }

    /**
     * @param text the text
     * @param threads worker threads
     * @return whether {@link #build(byte[], Progress)} gives the text to SA-IS without trying doubling
     */
    public static boolean prefersSais(final byte[] text, final int threads) {
        return text.length >= MIN_CHECKED_LENGTH && threads <= PREDICT_UP_TO_THREADS
                && ParallelSuffixSorter.unsortedAfterFirstSort(text, Math.min(text.length, PREDICTOR_BYTES))
                > PREDICTOR_UNSORTED;
    }

    /** @return the limit under which doubling goes on for a text of length n (on any number of threads) */
    static ParallelSuffixSorter.Limit limitFor(final int n) {
        if (n < MIN_CHECKED_LENGTH) {
            return ParallelSuffixSorter.Limit.NONE;
        }
        return new ParallelSuffixSorter.Limit(n / GROUP_FRACTION, (long) WORK_BOUND * n);
    }

    /**
     * Whether {@link #build(byte[], Progress)} finishes this text by doubling (false: it hands it to SA-IS). Runs the
     * predictor and the doubling, so it costs as much as a build; meant for tests and measurements.
     *
     * @param text the text
     * @param threads worker threads
     * @return true when the doubling stays within the limits
     */
    public static boolean doublingFinishes(final byte[] text, final int threads) {
        return !prefersSais(text, threads)
                && ParallelSuffixSorter.sortWithin(text, threads, Progress.NONE, limitFor(text.length)) != null;
    }
}
