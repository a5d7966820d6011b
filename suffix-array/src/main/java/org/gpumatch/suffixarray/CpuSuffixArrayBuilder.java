package org.gpumatch.suffixarray;

/**
 * The project's CPU suffix array builder: {@link ParallelSuffixSorter} (multi-threaded prefix doubling) or
 * {@link SaisBuilder} (SA-IS: one scanning thread, and on two or more threads up to {@link #SAIS_THREADS} - 1
 * {@link SymbolLookahead} helpers that load its symbols ahead), whichever a cost model predicts faster for the text
 * and thread count.
 *
 * <p>The model ({@link #plan}): a {@link RepeatProfile} of the text (sampled, about 1 to 4% of an SA-IS build)
 * estimates how many suffixes doubling still has to sort at each depth, hence the work of its rounds {@code r} in
 * units of n. Predicted times per text byte: SA-IS {@link #SAIS_NS} ns (divided by {@link SaisBuilder#lookaheadSpeedup} of
 * its threads, at most {@link #SAIS_THREADS}); doubling
 * {@code (DOUBLING_FIRST_NS + DOUBLING_ROUND_NS * r) / min(threads, DOUBLING_SPEEDUP)}. Constants from the
 * measurements in the module README (32 MB texts, this project's 2-core development machine, one thread): doubling's
 * first sort costs about 45 ns per byte, a round 100 to 215 ns per unsorted suffix (code 107, repeated DNA 215), the
 * SA-IS build 85 to 120 ns per byte; doubling gains at most about 4 times from threads (the 16-thread H100 rows:
 * rounds over long repeats run at 42 ns per suffix, memory-bound). So on one thread random text, random DNA and
 * proteins without long repeats go to doubling, and natural text, source code and repeated genomes to SA-IS; on
 * many threads doubling unless the rounds exceed about 1.6n; a text concatenated with itself, long tandem repeats,
 * Fibonacci and Thue-Morse words and one repeated byte (every sample repeated to the deepest depth: about log2 n
 * rounds over all suffixes) always go to SA-IS.
 *
 * <p>As a safety net, doubling still hands the text to SA-IS when a group of equal prefixes grows beyond n /
 * {@link #GROUP_FRACTION} or when its rounds, done plus projected, would exceed {@link #WORK_BOUND} times n (see
 * {@code ParallelSuffixSorter.Limit}): the profile samples, and a repeat it misses is caught there.
 *
 * <p>Cost and memory: those of the chosen construction (doubling 8.125n bytes besides the text, SA-IS 6.5 to 7.5n;
 * see their classes), plus the profile (a pass over the text and 9 longs per 4096 bytes).
 */
public final class CpuSuffixArrayBuilder implements SuffixArrayBuilder {
    /**
     * Doubling gives up when the suffixes sorted over all rounds, done and projected, would exceed this many per text
     * byte, whatever the thread count.
     */
    public static final int WORK_BOUND = 6;
    /** Doubling gives up on a group of more than n / this many suffixes. */
    public static final int GROUP_FRACTION = 16;
    /** Texts shorter than this are built by SA-IS without a profile (a few milliseconds, no thread pool). */
    public static final int MIN_PLANNED_LENGTH = 1 << 16;
    /** Predicted SA-IS time per text byte, ns (one thread). */
    public static final double SAIS_NS = 100;
    /** Predicted time of doubling's first sort per text byte on one thread, ns. */
    public static final double DOUBLING_FIRST_NS = 45;
    /**
     * Predicted time of a doubling round per unsorted suffix (as the profile estimates them) on one thread, ns: the
     * larger of the two calibrations (source code 107, a genome in 8 mutated copies 215, where the sampled profile
     * sees fewer repeats than there are), so that doubling is only chosen where it clearly wins.
     */
    public static final double DOUBLING_ROUND_NS = 215;
    /** The most doubling gains from threads (memory-bound beyond). */
    public static final int DOUBLING_SPEEDUP = 4;
    /**
     * The most threads SA-IS takes (the scan and its lookahead helpers): on the H200 host's 16 hardware threads 9 were
     * faster than 5 on 100 MB of source code (5.89 against 7.02 s), DNA (7.93 / 8.03) and doubled random text (6.42 /
     * 7.03), and 16 slower than 9 (7.24, 9.62, 6.84 s; helpers a full ring ahead spin, and hyperthreads share a core);
     * 2026-11-28 d, {@code record-gpu-results.sh --steps sa-cpu}. Gains per thread count: {@link
     * SaisBuilder#lookaheadSpeedup}.
     */
    public static final int SAIS_THREADS = 9;

    /**
     * The construction the model picked for a text.
     *
     * @param doubling       true for doubling, false for SA-IS
     * @param rounds         the estimated work of doubling's rounds per text byte (0 when not profiled)
     * @param doublingNs     the predicted doubling time per byte on the builder's threads
     * @param saisNs         the predicted SA-IS time per byte
     */
    public record Plan(boolean doubling, double rounds, double doublingNs, double saisNs) {
        /** @return e.g. {@code doubling on 16 threads (estimated 12 ns/byte, SA-IS 100; rounds 0.3n)} */
        public String describe(final int threads) {
            final String what = doubling ? "doubling on " + threads + (threads == 1 ? " thread" : " threads") : "SA-IS";
            if (rounds == 0 && doublingNs == 0) {
                return what + " (short text)";
            }
            return String.format(java.util.Locale.ROOT, "%s (estimated ns/byte: doubling %.0f, SA-IS %.0f; doubling"
                    + " rounds %.2fn)", what, doublingNs, saisNs, rounds);
        }
    }

    private final int threads;
    private byte[] plannedText;
    private Plan plannedPlan;

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
     * the build, or when doubling hands over): for example {@code "doubling on 16 threads (estimated ...)"} or
     * {@code "SA-IS (estimated ...); 5 threads: the scan and 4 lookahead helpers"}, for a line on stderr.
     *
     * @param text any bytes, at most {@link ParallelSuffixSorter#MAX_LENGTH}
     * @param progress receives the fraction done, non-decreasing across a hand-over, ending at 1
     * @param announce receives one line per decision: one, or two when doubling hands over to SA-IS
     * @return the suffix array
     */
    public int[] build(final byte[] text, final Progress progress, final java.util.function.Consumer<String> announce) {
        final Plan plan = text == plannedText ? plannedPlan : plan(text, threads);
        plannedText = null;
        plannedPlan = null;
        announce.accept(describe(text, plan));
        if (!plan.doubling()) {
            return sais().build(text, progress);
        }
        final double[] reached = {0};
        final Progress tracked = f -> {
            reached[0] = f;
            progress.report(f);
        };
        final int[] sa = ParallelSuffixSorter.sortWithin(text, threads, tracked, limitFor(text.length));
        if (sa != null) {
            return sa;
        }
        announce.accept("SA-IS (doubling exceeded its bound on group size or projected work: long repeats)"
                + sais().describeThreads(text));
        final double base = reached[0];
        return sais().build(text, f -> progress.report(base + (1 - base) * f));
    }

    /**
     * @param text a text
     * @param plan its plan on this builder's threads
     * @return the plan's description, for SA-IS with the threads it runs on: e.g. {@code "SA-IS (estimated ...); 5
     *         threads: the scan and 4 lookahead helpers"}
     */
    public String describe(final byte[] text, final Plan plan) {
        return plan.describe(threads) + (plan.doubling() ? "" : sais().describeThreads(text));
    }

    /** @return SA-IS on this builder's threads, at most {@link #SAIS_THREADS} */
    private SaisBuilder sais() {
        return new SaisBuilder(Math.min(threads, SAIS_THREADS));
    }

    /**
     * Makes the next build of exactly this array (the same object) follow {@code plan} instead of profiling the text
     * again (for a caller that planned already, such as {@code SuffixArrayBuilders} under {@code auto}).
     *
     * @param text the text the plan was made for
     * @param plan its plan, made for this builder's thread count
     */
    public void usePlan(final byte[] text, final Plan plan) {
        plannedText = text;
        plannedPlan = plan;
    }

    /**
     * The cost model's choice for a text (see the class comment).
     *
     * @param text the text
     * @param threads worker threads
     * @return the plan
     */
    public static Plan plan(final byte[] text, final int threads) {
        if (text.length < MIN_PLANNED_LENGTH) {
            return new Plan(false, 0, 0, SAIS_NS);
        }
        final double rounds = RepeatProfile.of(text).doublingRounds();
        final double doublingNs = (DOUBLING_FIRST_NS + DOUBLING_ROUND_NS * rounds)
                / Math.min(threads, DOUBLING_SPEEDUP);
        final double saisNs = SAIS_NS / SaisBuilder.lookaheadSpeedup(Math.min(threads, SAIS_THREADS));
        return new Plan(doublingNs < saisNs, rounds, doublingNs, saisNs);
    }

    /** @return the limit under which doubling goes on for a text of length n (on any number of threads) */
    static ParallelSuffixSorter.Limit limitFor(final int n) {
        if (n < MIN_PLANNED_LENGTH) {
            return ParallelSuffixSorter.Limit.NONE;
        }
        return new ParallelSuffixSorter.Limit(n / GROUP_FRACTION, (long) WORK_BOUND * n);
    }

    /**
     * Whether {@link #build(byte[], Progress)} finishes this text by doubling (false: it hands it to SA-IS). Runs the
     * model and the doubling, so it costs as much as a build; meant for tests and measurements.
     *
     * @param text the text
     * @param threads worker threads
     * @return true when the plan is doubling and the doubling stays within the limits
     */
    public static boolean doublingFinishes(final byte[] text, final int threads) {
        return plan(text, threads).doubling()
                && ParallelSuffixSorter.sortWithin(text, threads, Progress.NONE, limitFor(text.length)) != null;
    }
}
