package org.gpumatch.checker;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Decides whether an array is the suffix array of a text: the Burkhardt-Kärkkäinen checker (CPM 2003; thesis in
 * {@code shared/seeds}, section 5.3), corrected, for byte texts with no sentinel. Suffixes are ordered by plain
 * lexicographic order of unsigned bytes, a proper prefix first (the libdivsufsort and libsais convention).
 *
 * <h2>Conditions</h2>
 * Let the bucket of byte c be the index range {@code [C(c), C(c) + count(c))}, where {@code count(c)} is the number of
 * occurrences of c in T and {@code C(c)} the number of bytes smaller than c. SA is the suffix array of T if and only if
 * <ol start="0">
 *   <li>{@link Condition#ENTRY_COUNT}: SA has exactly n entries;</li>
 *   <li>{@link Condition#RANGE}: {@code 0 <= SA[i] < n};</li>
 *   <li>{@link Condition#FIRST_CHARACTER}: {@code T[SA[i]]} is the byte whose bucket contains i;</li>
 *   <li>{@link Condition#LAST_SUFFIX}: {@code SA[C(T[n-1])] = n-1};</li>
 *   <li>{@link Condition#ORDER}: scanning i = 0..n-1 with {@code next[c]} starting at {@code C(c)} (at
 *       {@code C(c) + 1} for {@code c = T[n-1]}), every i with {@code SA[i] > 0} finds, for {@code c = T[SA[i]-1]},
 *       {@code next[c]} still inside the bucket of c and {@code SA[next[c]] = SA[i]-1}, then advances {@code next[c]}.</li>
 * </ol>
 * <b>Necessary</b>: in the suffix array, suffix n-1 (one byte) is a proper prefix of every other suffix starting with
 * T[n-1]; any other suffix {@code j} in a bucket is {@code c} followed by suffix {@code j+1}, so the bucket lists them in
 * the order in which their successors {@code j+1} appear in SA, which is the order in which the scan meets them.
 * <br><b>Sufficient</b>: (4) hands out each index at most once, never index {@code C(T[n-1])}. Start at that index,
 * which holds n-1 by (3); the entry {@code SA[i]=v>0} names an index holding {@code v-1}; following these links gives
 * indices holding n-1, n-2, ..., 0, all distinct, so SA is a permutation of {@code [0, n)} (duplicates, missing
 * suffixes and wrong counts cannot pass). Then every index is accounted for, and within a bucket the suffixes
 * {@code j} appear in the order of the ranks of {@code j+1}, with n-1 first. By induction on the shorter length of two
 * suffixes: if their first bytes differ, (2) orders them; if not, either one is n-1 (a proper prefix, first) or their
 * successors, which are shorter, are ordered the same way. So SA is sorted.
 *
 * <h2>The flaw in the thesis' Algorithm 4</h2>
 * Its Theorem 1 asks only that entries lie in {@code [0, n-1]}, not that they form a permutation, and is false as
 * stated: T = {@code aa}, SA = [1,1] meets its three conditions (condition 3 exempts i = 1 because SA[0] = n-1). The
 * printed pseudo-code inherits that and adds its own errors; it accepts wrong arrays and rejects right ones.
 * <ul>
 *   <li>Line 18 tests {@code SA[i] > 1} instead of {@code SA[i] > 0}, so the index of suffix 0 is never handed out:
 *       the pointer of bucket T[0] falls behind and correct arrays are rejected (T = {@code aab}, SA = [0,1,2]).</li>
 *   <li>Line 16 skips the first index of bucket T[n-1], assuming it holds n-1, and never checks it: T = {@code aa},
 *       SA = [0,0] is accepted, with line 18 corrected or not.</li>
 *   <li>Lines 13-15 take bucket starts from SA itself, so nothing ties the buckets to the text's byte counts, and
 *       {@code L[c]} is undefined for a byte c that occurs in T but starts no listed suffix (T = {@code ab},
 *       SA = [1,1] is accepted as printed).</li>
 *   <li>Line 20 reads {@code SA[L[c]]} with no bound on {@code L[c]}, which runs past its bucket and past n on
 *       non-permutations.</li>
 * </ul>
 * Over every array in {@code [-1, n]^n} for every string of length 1..4 over {a, b, c}, the printed algorithm
 * accepts 1557 wrong arrays and rejects 21 correct ones; with line 18 corrected it still accepts 441 wrong arrays
 * ({@code ThesisAlgorithm4Test}). This class ties the buckets to the text's counts (2), checks the skipped index (3),
 * bounds every pointer (4) and hands out the index of every suffix but n-1, suffix 0 included; the tests check it
 * against brute force on every array in {@code [-1, n]^n} for strings of length 1..5 over three letters.
 *
 * <h2>Cost</h2>
 * Sequential: one pass over T (counting bytes) and one over SA; per entry, one random read of T (two adjacent
 * bytes) and one read of SA at a bucket pointer (at most 256 ascending streams). O(n) time. Extra memory, whatever n
 * is: 3 * 256 longs and a scratch of 28 KiB (entries are read in chunks of 1024 so that the random reads overlap).
 * No inverse suffix array, no bitmap.
 * <br>Parallel ({@link #parallel(int)} with 3 threads or more, n of at least 2 * 65536): SA is cut into blocks (4 per
 * thread); a first parallel pass counts, per block, the bytes {@code T[SA[i]-1]} that precede its suffixes, so that
 * each block knows where its bucket pointers start; a second pass verifies the blocks independently. Twice the random
 * reads of T in total, spread over the threads. Extra memory: 256 longs per block plus 256 longs and 28 KiB per
 * thread, O(sigma * blocks).
 *
 * <h2>Determinism</h2>
 * The verdict names the violation with the smallest index (conditions at one index in the order above;
 * {@link Condition#ENTRY_COUNT} first of all). A block whose predecessors pass starts from exactly the pointers the
 * sequential scan has there, so sequential and parallel checks return equal verdicts.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class SuffixArrayChecker {
    /** Blocks per thread in parallel mode: more than one so that a slow block does not leave threads idle. */
    static final int BLOCKS_PER_THREAD = 4;
    /** Below this many entries per block, splitting costs more than it saves. */
    static final long MIN_BLOCK_ENTRIES = 1L << 16;
    /**
     * Fewest threads for which splitting pays: the parallel mode reads the text at random twice (count, verify), so
     * two threads only break even. Bench rows (CheckerBench, 100 MB uniform ACGT, 16-core Xeon, 2026-11-22): 2 threads
     * 1.07x (heap arrays) and 0.83x (mapped files) of sequential, 4 threads 2.64x and 2.23x.
     */
    static final int MIN_PARALLEL_THREADS = 3;

    private final int threads;
    private final long blockEntries;

    /**
     * @param threads threads to use, at least 1
     * @param blockEntries entries per block, or 0 to choose from n and threads; tests force small blocks
     */
    SuffixArrayChecker(final int threads, final long blockEntries) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        if (blockEntries < 0) {
            throw new IllegalArgumentException("blockEntries must not be negative: " + blockEntries);
        }
        this.threads = threads;
        this.blockEntries = blockEntries;
    }

    /** @return a checker that scans in the calling thread only */
    public static SuffixArrayChecker sequential() {
        return new SuffixArrayChecker(1, 0);
    }

    /**
     * @param threads threads to use (the calling thread included), at least 1; below {@value #MIN_PARALLEL_THREADS}
     *                the check runs sequentially, since two threads do not recover the second pass
     * @return a checker that splits large arrays into blocks checked in parallel
     */
    public static SuffixArrayChecker parallel(final int threads) {
        return new SuffixArrayChecker(threads, 0);
    }

    /** @return a parallel checker using all available processors */
    public static SuffixArrayChecker parallel() {
        return parallel(Runtime.getRuntime().availableProcessors());
    }

    /** @return the number of threads this checker uses */
    public int threads() {
        return threads;
    }

    /**
     * @param text T[0..n-1], in
     * @param sa SA[0..n-1], in
     * @return OK, or the first violation
     */
    public Verdict check(final byte[] text, final int[] sa) {
        return check(ByteSequence.of(text), IndexSequence.of(sa));
    }

    /**
     * @param text T[0..n-1], in
     * @param sa SA[0..n-1], in
     * @return OK, or the first violation
     */
    public Verdict check(final byte[] text, final long[] sa) {
        return check(ByteSequence.of(text), IndexSequence.of(sa));
    }

    /**
     * @param text T[0..n-1], in; any length
     * @param sa SA[0..n-1], in; any values
     * @return OK, or the first violation
     */
    public Verdict check(final ByteSequence text, final IndexSequence sa) {
        final long n = text.length();
        if (sa.length() != n) {
            return Verdict.entryCount(sa.length(), n);
        }
        if (n == 0) {
            return Verdict.OK;
        }
        final int blocks = blockCount(n);
        return blocks == 1 ? checkOneBlock(text, sa) : checkBlocks(text, sa, blocks);
    }

    private int blockCount(final long n) {
        if (blockEntries > 0) {
            return Math.toIntExact((n + blockEntries - 1) / blockEntries);
        }
        if (threads < MIN_PARALLEL_THREADS) {
            return 1;
        }
        return (int) Math.max(1, Math.min((long) threads * BLOCKS_PER_THREAD, n / MIN_BLOCK_ENTRIES));
    }

    private static Verdict checkOneBlock(final ByteSequence text, final IndexSequence sa) {
        final long n = text.length();
        final long[] counts = new long[Buckets.SIGMA];
        Buckets.countBytes(text, 0, n, counts);
        final Buckets buckets = Buckets.fromCounts(counts);
        final long[] next = firstPointers(buckets, text.byteAt(n - 1));
        final Verdict v = new BlockScan(text, sa, n).verify(buckets, 0, n, next, new AtomicLong(Long.MAX_VALUE));
        return v == null ? Verdict.OK : v;
    }

    private Verdict checkBlocks(final ByteSequence text, final IndexSequence sa, final int blocks) {
        final long n = text.length();
        final long maxBlock = blockStart(1, blocks, n);
        final int workers = ThreadTeam.threadsFor(threads, blocks);
        final BlockScan[] scans = new BlockScan[workers];
        final long[][] byteCounts = new long[workers][Buckets.SIGMA];
        final long[][] next = new long[blocks][Buckets.SIGMA];
        // Pass 1: byte counts of the text, and per block the bytes that precede its suffixes.
        ThreadTeam.run(threads, blocks, "sa-check", (w, b) -> {
            final long from = blockStart(b, blocks, n);
            final long to = blockStart(b + 1, blocks, n);
            Buckets.countBytes(text, from, to, byteCounts[w]);
            scan(scans, w, text, sa, maxBlock).countPredecessors(from, to, next[b]);
        });
        final long[] total = new long[Buckets.SIGMA];
        for (final long[] counts : byteCounts) {
            for (int c = 0; c < Buckets.SIGMA; c++) {
                total[c] += counts[c];
            }
        }
        final Buckets buckets = Buckets.fromCounts(total);
        // Exclusive prefix sums over the blocks: where each block's bucket pointers start.
        final long[] running = firstPointers(buckets, text.byteAt(n - 1));
        for (int b = 0; b < blocks; b++) {
            for (int c = 0; c < Buckets.SIGMA; c++) {
                final long advances = next[b][c];
                next[b][c] = running[c];
                running[c] += advances;
            }
        }
        // Pass 2: verify the blocks independently; the first failure in block order is the smallest index.
        final Verdict[] found = new Verdict[blocks];
        final AtomicLong firstFailure = new AtomicLong(Long.MAX_VALUE);
        ThreadTeam.run(threads, blocks, "sa-check", (w, b) -> {
            final Verdict v = scan(scans, w, text, sa, maxBlock).verify(buckets, blockStart(b, blocks, n),
                    blockStart(b + 1, blocks, n), next[b], firstFailure);
            if (v != null) {
                found[b] = v;
                firstFailure.accumulateAndGet(v.index(), Math::min);
            }
        });
        for (final Verdict v : found) {
            if (v != null) {
                return v;
            }
        }
        return Verdict.OK;
    }

    /** The scratch of worker {@code w}, made on first use. */
    private static BlockScan scan(final BlockScan[] scans, final int w, final ByteSequence text, final IndexSequence sa,
                                  final long maxBlock) {
        if (scans[w] == null) {
            scans[w] = new BlockScan(text, sa, maxBlock);
        }
        return scans[w];
    }

    /** The bucket pointers at index 0: each bucket's start, past suffix n-1 in the bucket of {@code lastChar}. */
    private static long[] firstPointers(final Buckets buckets, final int lastChar) {
        final long[] next = new long[Buckets.SIGMA];
        for (int c = 0; c < Buckets.SIGMA; c++) {
            next[c] = buckets.start(c);
        }
        next[lastChar]++;
        return next;
    }

    private static long blockStart(final int b, final int blocks, final long n) {
        return n / blocks * b + Math.min(b, n % blocks);
    }
}
