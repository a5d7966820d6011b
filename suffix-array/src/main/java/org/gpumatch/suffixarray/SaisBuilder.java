package org.gpumatch.suffixarray;

/**
 * CPU suffix array construction by induced sorting (SA-IS, Nong, Zhang and Chan 2009) with a virtual sentinel, so the
 * output has no sentinel entry and a proper prefix sorts first (identical to libdivsufsort's and libsais's output).
 * The work is done by {@link InducedSorting}: the text is read as unsigned bytes (no copy), suffix types are decided
 * while inducing (no type array), LMS substrings get compact names and the reduced problem reuses the result array.
 *
 * <p>Cost: O(n) time, sequential on one thread; on {@code t} threads, each inducing pass over at least a million
 * symbols runs {@code t - 1} {@link SymbolLookahead} helpers beside it (they load the symbols the scan will need; the
 * scan itself stays on one thread and the array is the one-thread array). See {@link InducedSorting} for the passes.
 * Memory besides the text: the 4n-byte result, n/8 bytes of LMS bits and the reduced string (4m bytes, m the LMS
 * count, at most n/2, about n/3 on real text) at the top level, less below. Measured with every allocation counted
 * ({@code -XX:+UseEpsilonGC}, 32 MB texts): 6.5 bytes per text byte on source code, 7.5 on protein-like text (the
 * former builder: 12).
 */
public final class SaisBuilder implements SuffixArrayBuilder {
    /** Largest text length: the Java array limit for the int result. */
    public static final int MAX_LENGTH = Integer.MAX_VALUE - 8;

    private final int threads;

    /**
     * The measured gain of SA-IS from its lookahead helpers: the build on {@code threads} threads is this many times
     * faster than on one (the cost models of {@link CpuSuffixArrayBuilder} and {@link LongSaisBuilder} divide their
     * one-thread time by it). 2 threads 1.2 (1.12 to 1.22 on source code, the 2-core development machine); on the
     * H200 host's 16 hardware threads (100 MB of DNA and of doubled random text, 2026-11-28 d, one run each): 3
     * threads 1.33 to 1.35, 5 threads 1.50 to 1.60, 9 threads 1.62 to 1.65 (source code: 9 threads 1.78 times 2
     * threads), 16 threads less than 9 (1.33 to 1.55). Counted here: 1.2, 1.33 from 3, 1.5 from 5, 1.6 from 9.
     *
     * @param threads threads of a build, at least 1
     * @return the predicted speed-up over one thread
     */
    public static double lookaheadSpeedup(final int threads) {
        return threads >= 9 ? 1.6 : threads >= 5 ? 1.5 : threads >= 3 ? 1.33 : threads == 2 ? 1.2 : 1.0;
    }

    /** A builder on one thread. */
    public SaisBuilder() {
        this(1);
    }

    /**
     * @param threads 1, or 2 and more: the inducing passes over a million symbols and more then run
     *                {@code threads - 1} {@link SymbolLookahead} helpers beside them, unless the text is locally so
     *                regular that they cannot pay ({@link SymbolLookahead#pays}; see the module README for what
     *                they gain where)
     */
    public SaisBuilder(final int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    @Override
    public String name() {
        return threads == 1 ? "sais-cpu" : "sais-cpu-" + threads + "t";
    }

    /**
     * @param text a text
     * @return the threads a build of it runs on: this builder's, or 1 where the text is shorter than
     *         {@link InducedSorting#LOOKAHEAD_MIN} or locally so regular that helpers cannot pay
     *         ({@link SymbolLookahead#pays})
     */
    public int threadsFor(final byte[] text) {
        return helpersMayRun(text) && SymbolLookahead.pays(text) ? threads : 1;
    }

    /** @return whether this builder has helpers and the text is long enough for them */
    private boolean helpersMayRun(final byte[] text) {
        return threads > 1 && text.length >= InducedSorting.LOOKAHEAD_MIN;
    }

    /**
     * @param text a text
     * @return what {@link #threadsFor} says, for an announcement: {@code "; 3 threads: the scan and 2 lookahead
     *         helpers"}, {@code "; one thread"}, or {@code "; one thread (a locally regular text: no lookahead)"}
     */
    public String describeThreads(final byte[] text) {
        final int t = threadsFor(text);
        if (t > 1) {
            return "; " + t + " threads: the scan and " + (t - 1) + " lookahead helper" + (t == 2 ? "" : "s");
        }
        return helpersMayRun(text) ? "; one thread (a locally regular text: no lookahead)" : "; one thread";
    }

    @Override
    public int[] build(final byte[] text, final Progress progress) {
        if (text.length > MAX_LENGTH) {
            throw new IllegalArgumentException("text of " + text.length + " bytes exceeds the int suffix array limit "
                    + MAX_LENGTH);
        }
        final int[] sa = new int[text.length];
        InducedSorting.sort(text, null, sa, text.length, 256, threadsFor(text) - 1, progress);
        progress.report(1.0);
        return sa;
    }
}
