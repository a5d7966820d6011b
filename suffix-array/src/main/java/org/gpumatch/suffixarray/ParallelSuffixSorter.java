package org.gpumatch.suffixarray;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.gpumatch.checker.ThreadTeam;

/**
 * Multi-threaded CPU suffix array construction by prefix doubling (Larsson-Sadakane style), for any byte values and
 * no sentinel: plain lexicographic order over unsigned bytes, a proper prefix first (the same array as
 * {@link SaisBuilder}, libdivsufsort and libsais).
 *
 * <p>Steps. The bytes present are mapped to dense codes of {@code b = ceil(log2 sigma)} bits. A parallel counting sort
 * by the first {@code 16 / b} codes (at most 2^16 buckets) fills the suffix array and parks the next {@code 32 / b}
 * codes of each suffix in the (not yet used) rank array at the same index, both from one sequential pass over the
 * text; each bucket is then sorted by that key. The first sort thus reaches depth 6 for 8-bit text, 6 for English
 * (7 bits), 24 for DNA and 48 for binary text. Then rounds of doubling: every group of suffixes that still share a
 * prefix of length {@code h} is sorted by the rank of suffix {@code i + h} (one {@code long} record: rank, position),
 * split where the rank changes, and {@code h} doubles. Only unsorted groups are touched: sorted stretches of the suffix
 * array hold their negated length and are skipped in one step, group starts are kept in a bit set, so a round costs
 * O(unsorted suffixes + sorted stretches). Groups of up to 2^16 suffixes are sorted by one thread each
 * ({@link Arrays#sort(long[], int, int)}), larger ones by all threads with a parallel LSD radix sort. Ranks are read
 * only while sorting and written only after all groups of a round are sorted, so no thread sees a half-updated rank
 * array. Positions past the end read as the smallest code; this is exact because a suffix that ends inside its
 * group's prefix gets, in the next round, a key below every rank, the shorter suffix the smaller.
 *
 * <p>Cost: two sequential passes over the text and one scatter for the first sort, then per round and per unsorted
 * suffix one random read of the rank array, a sort of 8-byte records and one random rank write; a final random
 * scatter inverts the ranks. The number of rounds is about {@code log2(longest repeat / first depth)}: none or one for
 * random text, four or five over a shrinking part of English, but {@code log2 n} rounds over almost all suffixes for
 * one repeated byte or a short period (O(n log n) work; {@link CpuSuffixArrayBuilder} hands such texts to
 * {@link SaisBuilder}).
 *
 * <p>Memory besides the text: the 4n-byte result, a 4n-byte rank array and n/8 bytes of group-start bits (8.125n
 * bytes), plus 256 KiB of bucket counts and up to 512 KiB of sort buffer per thread, plus, while a group of more than
 * 2^16 suffixes is sorted, 16 bytes per member (up to 24n for one repeated byte; at most 1n more under
 * {@link CpuSuffixArrayBuilder}'s bound on group size).
 */
public final class ParallelSuffixSorter implements SuffixArrayBuilder {
    /** Largest text length: the Java array limit for the int result and rank arrays. */
    public static final int MAX_LENGTH = Integer.MAX_VALUE - 8;
    /** Groups larger than this are sorted by all threads together (radix sort) instead of one thread each. */
    static final int BIG_GROUP = 1 << 16;

    private final int threads;

    /** @param threads worker threads, at least 1 */
    public ParallelSuffixSorter(final int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    /** @return a sorter with one thread per available processor */
    public static ParallelSuffixSorter allCores() {
        return new ParallelSuffixSorter(Runtime.getRuntime().availableProcessors());
    }

    /** @return the number of worker threads */
    public int threads() {
        return threads;
    }

    @Override
    public String name() {
        return "doubling-cpu-" + threads + "t";
    }

    @Override
    public int[] build(final byte[] text, final Progress progress) {
        return sort(text, threads, progress);
    }

    /**
     * @param text any bytes, at most {@link #MAX_LENGTH}
     * @param threads worker threads, at least 1
     * @return the suffix array
     */
    public static int[] sort(final byte[] text, final int threads) {
        return sort(text, threads, Progress.NONE);
    }

    /**
     * @param text any bytes, at most {@link #MAX_LENGTH}
     * @param threads worker threads, at least 1
     * @param progress receives the fraction of suffixes in final position after each round, ending at 1
     * @return the suffix array
     */
    public static int[] sort(final byte[] text, final int threads, final Progress progress) {
        return sortWithin(text, threads, progress, Limit.NONE);
    }

    /**
     * Work and size bounds under which the doubling goes on; beyond them it gives up (returns {@code null}).
     *
     * <p>Before each round the work of all rounds still to come is projected from the last round: if the unsorted
     * count keeps shrinking by the factor {@code r = unsorted / previous} of the last round, the rounds to come sort
     * {@code unsorted / (1 - r)} suffixes (a geometric series); and they are at most {@code ceil(log2(n / h))} rounds
     * of at most {@code unsorted} each, since {@code h} doubles up to n. The smaller of the two, plus the work done, must
     * stay within {@code maxWork}. A text whose unsorted count does not shrink (one long repeat covering it, a short
     * period: {@code r} near 1) is thus given up after one round at that depth, while one whose count keeps
     * shrinking (English, source code, proteins: {@code r} 0.2 to 0.8 from depth 24 on) goes on. Before the first
     * round (no factor yet) and while {@code h} is below {@link #PROJECTION_DEPTH} only the next round is counted:
     * natural text keeps most suffixes unsorted up to the length of a few words (an English-like text: 0.998, 0.969 at
     * depths 6 and 12, then 0.58 and 0.12 at 24 and 48).
     *
     * @param maxGroup the largest group of equal prefixes that may be sorted
     * @param maxWork  the most suffix sortings summed over all rounds, done and projected
     */
    record Limit(long maxGroup, long maxWork) {
        static final Limit NONE = new Limit(Long.MAX_VALUE, Long.MAX_VALUE);
        /** The sorted depth from which the rounds to come are projected from the last round's shrink factor. */
        static final long PROJECTION_DEPTH = 32;

        /**
         * @param done      suffixes sorted in the rounds so far
         * @param unsorted  suffixes the next round sorts
         * @param previous  suffixes the last round sorted, or 0 before the first round
         * @param h         the prefix length the suffixes are sorted by now, at least 1
         * @param n         the text length
         * @return whether the work done plus the projected work of the rounds to come stays within {@link #maxWork}
         */
        boolean allowsRound(final long done, final long unsorted, final long previous, final long h, final long n) {
            final long q = (n + h - 1) / h;
            final long roundsLeft = Math.max(1, 64 - Long.numberOfLeadingZeros(q - 1));
            double projected = (double) unsorted * roundsLeft;
            if (previous <= 0 || h < PROJECTION_DEPTH) {
                projected = unsorted;
            } else if (unsorted < previous) {
                projected = Math.min(projected, unsorted / (1 - (double) unsorted / previous));
            }
            return done + projected <= maxWork;
        }
    }

    /** As {@link #sort(byte[], int, Progress)}, but returns {@code null} as soon as {@code limit} is exceeded. */
    static int[] sortWithin(final byte[] text, final int threads, final Progress progress, final Limit limit) {
        if (text.length > MAX_LENGTH) {
            throw new IllegalArgumentException("text of " + text.length + " bytes exceeds the int suffix array limit "
                    + MAX_LENGTH);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        if (text.length <= 1) {
            progress.report(1.0);
            return new int[text.length];
        }
        try (ThreadTeam workers = new ThreadTeam(threads, "gpumatch-sa-cpu")) {
            return new Doubling(text, workers, progress, limit).run();
        }
    }

    /**
     * The fraction of suffixes of {@code text[0, length)} that the first sort leaves in groups of equal prefixes
     * (near 0 for random text and DNA, near 1 for English): a cheap predictor of the doubling rounds to come.
     *
     * @param text the text
     * @param length the prefix to look at, at least 2
     * @return unsorted suffixes after the first sort over {@code length}
     */
    static double unsortedAfterFirstSort(final byte[] text, final int length) {
        try (ThreadTeam one = new ThreadTeam(1, "gpumatch-sa-cpu")) {
            final Doubling d = new Doubling(Arrays.copyOf(text, length), one, Progress.NONE, Limit.NONE);
            d.firstSort();
            return (double) d.totalUnsorted() / length;
        }
    }

    /** The state of one construction. */
    private static final class Doubling {
        private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
        private static final int PIECES_PER_THREAD = 64;

        private final byte[] text;
        private final int n;
        private final ThreadTeam workers;
        private final int threads;
        private final Progress progress;
        private final Limit limit;
        private final int[] code = new int[256];
        private int bits;
        private int firstSymbols;
        private int keySymbols;
        private final int posBits;
        private final long posMask;
        private int[] sa;
        private int[] rank;
        private final long[] heads;
        private long h;
        private final long[][] smallBuffers;
        private final long[] unsortedOf;
        private final long[] maxGroupOf;
        private final List<int[]> bigGroups = new ArrayList<>();

        Doubling(final byte[] text, final ThreadTeam workers, final Progress progress, final Limit limit) {
            this.text = text;
            this.n = text.length;
            this.workers = workers;
            this.threads = workers.threads();
            this.progress = progress;
            this.limit = limit;
            this.posBits = 32 - Integer.numberOfLeadingZeros(n - 1);
            this.posMask = (1L << posBits) - 1;
            this.heads = new long[(n >>> 6) + 1];
            this.smallBuffers = new long[threads][];
            this.unsortedOf = new long[threads];
            this.maxGroupOf = new long[threads];
        }

        int[] run() {
            progress.report(0.0);
            if (!firstSort()) {
                return null;
            }
            long work = 0;
            long previous = 0;
            long unsorted = totalUnsorted();
            while (unsorted > 0) {
                progress.report(0.1 + 0.85 * (n - unsorted) / n);
                if (maxGroup() > limit.maxGroup() || !limit.allowsRound(work, unsorted, previous, h, n)) {
                    return null;
                }
                work += unsorted;
                doublingRound();
                previous = unsorted;
                unsorted = totalUnsorted();
                h = Math.min(2 * h, n);
            }
            final int[] result = sa;
            final int[] ranks = rank;
            workers.forEachThread((t, ignored) -> {
                final int end = ThreadTeam.blockStart(n, t + 1, threads);
                for (int i = ThreadTeam.blockStart(n, t, threads); i < end; i++) {
                    result[ranks[i]] = i;
                }
            });
            progress.report(1.0);
            return result;
        }

        /**
         * Sorts by the first {@code firstSymbols + keySymbols} codes and ranks the groups; false (nothing sorted) when
         * a bucket exceeds the limit's group size.
         */
        boolean firstSort() {
            chooseCodes();
            final int[] bucketStart = bucketByFirstSymbols();
            long maxBucket = 0;
            for (int c = 0; c + 1 < bucketStart.length; c++) {
                maxBucket = Math.max(maxBucket, bucketStart[c + 1] - bucketStart[c]);
            }
            if (maxBucket > limit.maxGroup()) {
                return false;
            }
            sortBuckets(bucketStart);
            h = firstSymbols + keySymbols;
            return true;
        }

        /** Dense order-preserving codes of the bytes present, and the packing widths derived from them. */
        private void chooseCodes() {
            final long[][] hist = new long[threads][256];
            workers.forEachThread((t, ignored) -> {
                final long[] count = hist[t];
                final int end = ThreadTeam.blockStart(n, t + 1, threads);
                for (int i = ThreadTeam.blockStart(n, t, threads); i < end; i++) {
                    count[text[i] & 0xFF]++;
                }
            });
            int sigma = 0;
            for (int c = 0; c < 256; c++) {
                long count = 0;
                for (int t = 0; t < threads; t++) {
                    count += hist[t][c];
                }
                if (count > 0) {
                    code[c] = sigma++;
                }
            }
            bits = sigma <= 2 ? 1 : 32 - Integer.numberOfLeadingZeros(sigma - 1);
            firstSymbols = 16 / bits;
            keySymbols = 32 / bits;
        }

        /** The code of {@code text[v + offset]}, 0 past the end. */
        private int symbol(final int v, final int offset) {
            return v < n - offset ? code[text[v + offset] & 0xFF] : 0;
        }

        /** Counting sort of all positions by their first {@code firstSymbols} codes; returns the bucket starts. */
        private int[] bucketByFirstSymbols() {
            final int buckets = 1 << (firstSymbols * bits);
            final int mask = buckets - 1;
            final int[][] next = new int[threads][buckets];
            workers.forEachThread((t, ignored) -> {
                final int[] count = next[t];
                final int start = ThreadTeam.blockStart(n, t, threads);
                final int end = ThreadTeam.blockStart(n, t + 1, threads);
                int id = firstBucket(start);
                for (int i = start; i < end; i++) {
                    count[id]++;
                    id = (id << bits | symbol(i, firstSymbols)) & mask;
                }
            });
            final int[] bucketStart = new int[buckets + 1];
            int sum = 0;
            for (int c = 0; c < buckets; c++) {
                bucketStart[c] = sum;
                for (int t = 0; t < threads; t++) {
                    final int count = next[t][c];
                    next[t][c] = sum;
                    sum += count;
                }
            }
            bucketStart[buckets] = sum;
            sa = new int[n];
            rank = new int[n];
            final int[] out = sa;
            final int[] keys = rank;
            final int window = firstSymbols + keySymbols;
            final long windowMask = (1L << (window * bits)) - 1;
            final int keyBits = keySymbols * bits;
            workers.forEachThread((t, ignored) -> {
                final int[] slot = next[t];
                final int start = ThreadTeam.blockStart(n, t, threads);
                final int end = ThreadTeam.blockStart(n, t + 1, threads);
                long w = 0;
                for (int k = 0; k < window; k++) {
                    w = w << bits | symbol(start, k);
                }
                for (int i = start; i < end; i++) {
                    final int at = slot[(int) (w >>> keyBits)]++;
                    out[at] = i;
                    keys[at] = (int) w;
                    w = (w << bits | symbol(i, window)) & windowMask;
                }
            });
            return bucketStart;
        }

        private int firstBucket(final int i) {
            int id = 0;
            for (int k = 0; k < firstSymbols; k++) {
                id = id << bits | symbol(i, k);
            }
            return id;
        }

        /**
         * Sorts every bucket by its next {@code keySymbols} codes, then splits buckets into ranked groups. The rank
         * array holds the keys until every bucket is sorted; only then are ranks written.
         */
        private void sortBuckets(final int[] bucketStart) {
            final int buckets = bucketStart.length - 1;
            final int chunk = Math.max(1, buckets / (PIECES_PER_THREAD * threads));
            final int items = (buckets + chunk - 1) / chunk;
            workers.forEachItem(items, (t, item) -> {
                final int last = Math.min(buckets, (item + 1) * chunk);
                for (int c = item * chunk; c < last; c++) {
                    if (bucketStart[c + 1] > bucketStart[c]) {
                        setHead(bucketStart[c]);
                        sortGroup(t, bucketStart[c], bucketStart[c + 1] - 1, true);
                    }
                }
            });
            sortBigGroups(true);
            resetStats();
            workers.forEachItem(items, (t, item) -> {
                final int last = Math.min(buckets, (item + 1) * chunk);
                for (int c = item * chunk; c < last; c++) {
                    int a = bucketStart[c];
                    while (a < bucketStart[c + 1]) {
                        final int next = nextHead(a + 1, bucketStart[c + 1]);
                        finishGroup(t, a, next - 1, false);
                        a = next;
                    }
                }
            });
            mergeSortedRuns(pieces());
        }

        /** One doubling step: sort every unsorted group by the rank at distance h, then re-rank and split. */
        private void doublingRound() {
            final int[] start = pieces();
            forEachUnsortedGroup(start, (t, s, e) -> sortGroup(t, s, e, false));
            sortBigGroups(false);
            resetStats();
            forEachUnsortedGroup(start, (t, s, e) -> finishGroup(t, s, e, true));
            mergeSortedRuns(start);
        }

        /** Receives one group {@code [s, e]} of the suffix array. */
        @FunctionalInterface
        private interface GroupBody {
            void run(int thread, int s, int e);
        }

        /**
         * Calls {@code body} for every unsorted group (as the group-start bits delimit them now), pieces in parallel,
         * skipping sorted stretches in one step each.
         */
        private void forEachUnsortedGroup(final int[] start, final GroupBody body) {
            workers.forEachItem(start.length - 1, (t, k) -> {
                final int end = start[k + 1];
                int j = start[k];
                while (j < end) {
                    final int v = sa[j];
                    if (v < 0) {
                        j -= v;
                    } else {
                        final int next = nextHead(j + 1, end);
                        body.run(t, j, next - 1);
                        j = next;
                    }
                }
            });
        }

        /**
         * Splits {@code [0, n)} into pieces that start at group starts, about {@link #PIECES_PER_THREAD} per thread.
         * No group crosses a piece start, so pieces can be walked by different threads.
         */
        private int[] pieces() {
            final int count = (int) Math.min(n, (long) PIECES_PER_THREAD * threads);
            final int[] start = new int[count + 1];
            int cur = 0;
            for (int k = 0; k < count; k++) {
                cur = nextHead(Math.max(cur, ThreadTeam.blockStart(n, k, count)), n);
                start[k] = cur;
            }
            start[count] = n;
            return start;
        }

        /**
         * The sort key of the suffix at index {@code at} of the suffix array: in the first sort the next
         * {@code keySymbols} codes, parked by the bucket sort in the (not yet used) rank array at the same index; in a
         * round the rank of suffix {@code v + h}, or for a suffix that ends before, a smaller key the shorter it is.
         */
        private long key(final int at, final int v, final boolean initial) {
            if (initial) {
                return rank[at] & 0xFFFFFFFFL;
            }
            final long p = v + h;
            return p < n ? h + rank[(int) p] : n - 1L - v;
        }

        /** Sorts group {@code [s, e]} by key (one thread), or queues it for all threads when large. */
        private void sortGroup(final int thread, final int s, final int e, final boolean initial) {
            final int g = e - s + 1;
            if (g == 1) {
                return;
            }
            if (g > BIG_GROUP) {
                synchronized (bigGroups) {
                    bigGroups.add(new int[] {s, e});
                }
                return;
            }
            if (g == 2) {
                sortPair(s, initial);
                return;
            }
            long[] buf = smallBuffers[thread];
            if (buf == null || buf.length < g) {
                buf = new long[Math.max(g, 1024)];
                smallBuffers[thread] = buf;
            }
            for (int j = 0; j < g; j++) {
                final int v = sa[s + j];
                buf[j] = key(s + j, v, initial) << posBits | v;
            }
            Arrays.sort(buf, 0, g);
            writeBack(buf, 0, g, s);
        }

        /** Sorts a group of two and marks the second as a group start when the keys differ. */
        private void sortPair(final int s, final boolean initial) {
            final int v = sa[s];
            final int w = sa[s + 1];
            final long kv = key(s, v, initial);
            final long kw = key(s + 1, w, initial);
            if (kv != kw) {
                if (kw < kv) {
                    sa[s] = w;
                    sa[s + 1] = v;
                }
                setHead(s + 1);
            }
        }

        /** Sorts the queued large groups one after another, each with all threads. */
        private void sortBigGroups(final boolean initial) {
            for (int[] group : bigGroups) {
                final int s = group[0];
                final int g = group[1] - s + 1;
                final long[] records = new long[g];
                final long[] minOf = new long[threads];
                final long[] maxOf = new long[threads];
                workers.forEachThread((t, ignored) -> {
                    long min = Long.MAX_VALUE;
                    long max = Long.MIN_VALUE;
                    final int end = ThreadTeam.blockStart(g, t + 1, threads);
                    for (int j = ThreadTeam.blockStart(g, t, threads); j < end; j++) {
                        final int v = sa[s + j];
                        final long key = key(s + j, v, initial);
                        min = Math.min(min, key);
                        max = Math.max(max, key);
                        records[j] = key << posBits | v;
                    }
                    minOf[t] = min;
                    maxOf[t] = max;
                });
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                for (int t = 0; t < threads; t++) {
                    min = Math.min(min, minOf[t]);
                    max = Math.max(max, maxOf[t]);
                }
                final int keyBits = 64 - Long.numberOfLeadingZeros(max - min);
                final long[] sorted = ParallelRadixSort.sortByField(records, new long[g], g, posBits, min, keyBits,
                        workers);
                workers.forEachThread((t, ignored) -> writeBack(sorted, ThreadTeam.blockStart(g, t, threads),
                        ThreadTeam.blockStart(g, t + 1, threads), s));
            }
            bigGroups.clear();
        }

        /**
         * Writes sorted records {@code [from, to)} of a group starting at {@code s} back into the suffix array and marks
         * where the key changes as a new group start.
         */
        private void writeBack(final long[] sorted, final int from, final int to, final int s) {
            long word = 0;
            int wordIndex = -1;
            for (int j = from; j < to; j++) {
                final long x = sorted[j];
                final int at = s + j;
                sa[at] = (int) (x & posMask);
                if (j > 0 && (x >>> posBits) != (sorted[j - 1] >>> posBits)) {
                    if (at >>> 6 != wordIndex) {
                        flushHeads(wordIndex, word);
                        wordIndex = at >>> 6;
                        word = 0;
                    }
                    word |= 1L << at;
                }
            }
            flushHeads(wordIndex, word);
        }

        private void flushHeads(final int wordIndex, final long word) {
            if (word != 0) {
                LONGS.getAndBitwiseOr(heads, wordIndex, word);
            }
        }

        private void setHead(final int at) {
            LONGS.getAndBitwiseOr(heads, at >>> 6, 1L << at);
        }

        /** The first group start in {@code [from, limit)}, else {@code limit}. */
        private int nextHead(final int from, final int limit) {
            if (from >= limit) {
                return limit;
            }
            int w = from >>> 6;
            long word = heads[w] & (-1L << from);
            while (word == 0) {
                w++;
                if ((long) w << 6 >= limit) {
                    return limit;
                }
                word = heads[w];
            }
            return (int) Math.min(limit, ((long) w << 6) + Long.numberOfTrailingZeros(word));
        }

        /**
         * Gives every member of the group {@code [s, e]} (as split by the last sort) the rank {@code e}, and marks a
         * singleton as sorted. After a round ({@code ranked}), a group whose first member already has rank {@code e}
         * is the tail of its old group, whose members all have rank {@code e}: no writes.
         */
        private void finishGroup(final int thread, final int s, final int e, final boolean ranked) {
            if (!ranked || rank[sa[s]] != e) {
                for (int x = s; x <= e; x++) {
                    rank[sa[x]] = e;
                }
            }
            if (s == e) {
                sa[s] = -1;
            } else {
                unsortedOf[thread] += e - s + 1;
                maxGroupOf[thread] = Math.max(maxGroupOf[thread], e - s + 1);
            }
        }

        /** Joins adjacent sorted stretches inside each piece into one negated length. */
        private void mergeSortedRuns(final int[] start) {
            workers.forEachItem(start.length - 1, (t, k) -> {
                final int end = start[k + 1];
                int j = start[k];
                while (j < end) {
                    if (sa[j] >= 0) {
                        j = nextHead(j + 1, end);
                    } else {
                        final int run = j;
                        while (j < end && sa[j] < 0) {
                            j -= sa[j];
                        }
                        sa[run] = run - j;
                    }
                }
            });
        }

        private void resetStats() {
            Arrays.fill(unsortedOf, 0);
            Arrays.fill(maxGroupOf, 0);
        }

        long totalUnsorted() {
            long sum = 0;
            for (long u : unsortedOf) {
                sum += u;
            }
            return sum;
        }

        private long maxGroup() {
            long max = 0;
            for (long g : maxGroupOf) {
                max = Math.max(max, g);
            }
            return max;
        }
    }
}
