package org.gpumatch.suffixarray.gpu;

import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.CHAIN_FIRST_STEPS_SHARE;
import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.CHAIN_MIN_CHAINED_SHARE;
import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.CHAIN_MIN_LENGTH;
import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.CHAIN_MIN_SHARE;
import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.CHAIN_STEPS_SHARE;
import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.PHASE_ITEMS;
import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.SEGMENT_CAPACITY_SHARE;

import org.gpumatch.gpu.primitives.GridDriver;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * The device side of one {@link GpuPrefixDoublingBuilder} build, on its compiled kernel with the build's arrays bound:
 * the initial sort of every partition ({@link #initialSorts}), the doubling rounds ({@link #round}: keys from the rank
 * of {@code s + h}, the sort of each bucket by insertion, the grid's segmented sort, LSD or a chain round, head flags,
 * new ranks and the select of the suffixes still unsorted) and the final inverse ({@link #invert}). The builder's
 * javadoc gives the algorithm, its cost per round and the partitioned case; here are the launches. It counts what it
 * ran into a {@link DoublingCounters}. One per build; not thread-safe.
 */
final class DoublingRounds {
    private final GuardedKernel<PrefixDoublingKernel> launcher;
    private final GridDriver grid;
    private final SuffixPartitions parts;
    private final DoublingCounters counters;
    /** Whether the text is built whole (one partition, chain rounds allowed). */
    private final boolean whole;
    /** Per partition: its suffixes still unsorted. */
    private final int[] unsorted;
    /** The partition whose unsorted suffixes are in {@code suffixesAlt} (-1: none). */
    private int resident;
    /**
     * Whether a chain measurement found too few positions in chains of {@link GpuPrefixDoublingBuilder#CHAIN_MIN_LENGTH}
     * steps for a chain round ({@link GpuPrefixDoublingBuilder#CHAIN_MIN_CHAINED_SHARE}). A round measures only where
     * its keys' launch counted chain steps among one suffix in {@link PrefixDoublingKernel#SELF_CHAIN_SAMPLE}
     * ({@link PrefixDoublingKernel#countSelfChains}, one gather more per sampled suffix): a sixteenth of them for the
     * first measurement ({@link GpuPrefixDoublingBuilder#CHAIN_FIRST_STEPS_SHARE}), half after one missed (on real
     * text chained positions are few, and a measurement costs about four passes over n).
     */
    private boolean chainsMissed;
    /** During a round: whether some partition had a bucket over {@link GpuPrefixDoublingBuilder#MAX_SMALL_BUCKET}. */
    private boolean roundLarge;
    /** When the first launch (which creates every buffer) ended, 0 before it. */
    private long firstLaunchEnd;
    /** Words of packed text in the keys array that the first launch copies into the ranks (0: none). */
    private final int textWordsInKeys;

    /**
     * @param launcher the compiled kernel, the build's arrays and parameters bound
     * @param grid     its grid driver
     * @param parts    the build's partitions ({@link SuffixPartitions#whole} for a whole build)
     * @param whole    whether the text is built whole (its suffixes 0..n-1 need no stash; chain rounds allowed),
     *                 else partitioned
     * @param counters where the build's launches, downloads and rounds are counted
     * @param textWordsInKeys the words of packed text that came in the keys array (a reused whole build), which the
     *                        first launch copies into the ranks; 0 when the ranks hold it
     */
    DoublingRounds(GuardedKernel<PrefixDoublingKernel> launcher, GridDriver grid, SuffixPartitions parts,
                   boolean whole, DoublingCounters counters, int textWordsInKeys) {
        this.textWordsInKeys = textWordsInKeys;
        this.launcher = launcher;
        this.grid = grid;
        this.parts = parts;
        this.counters = counters;
        this.whole = whole;
        this.unsorted = new int[parts.partitions()];
        this.resident = whole ? 0 : -1; // a whole build's suffixes 0..n-1 need no stash
    }

    /**
     * The initial sort of every partition by the packed first symbols of its suffixes ({@code keyBits} bits of codes);
     * returns how many suffixes are still in buckets of more than one.
     */
    long initialSorts(int keyBits) {
        launcher.kernel().ranked = 0; // the ranks hold the packed text (or nothing): the first settle writes them all
        if (textWordsInKeys > 0) {
            phase(PrefixDoublingKernel.PHASE_TEXT_TO_RANKS, textWordsInKeys);
        }
        if (!whole) {
            stashPositions();
        }
        long m = 0;
        for (int j = 0; j < unsorted.length; j++) {
            unsorted[j] = initialSort(parts, j, unsorted, keyBits);
            m += unsorted[j];
        }
        counters.roundLaunches.add(counters.launchCount);
        return m;
    }

    /**
     * A partitioned build's stash: every position in its partition's SA range, ascending, written on the device from
     * the packed text (3 launches and the grid's scan: each range of {@link PieceDoublingKernel#STASH_RANGE}
     * positions counts its positions per partition into {@code in}, partition-major, the exclusive scan of those counts
     * into {@code out} is each range's first stash index per partition, and each range writes its positions from
     * there). Reads the text twice per partition (cached per range), writes 4 bytes per position.
     */
    private void stashPositions() {
        PieceDoublingKernel k = (PieceDoublingKernel) launcher.kernel();
        int range = PieceDoublingKernel.STASH_RANGE;
        int ranges = (int) ((k.textLength + (long) range - 1) / range);
        long counts = (long) ranges * parts.partitions();
        if (counts > k.working()[0].length) {
            throw new IllegalStateException("the stash counts (" + counts + ") exceed the working arrays ("
                    + k.working()[0].length + ")");
        }
        k.stashRanges = ranges;
        k.stashPartitions = parts.partitions();
        launchOwn(PrefixDoublingKernel.PHASE_STASH_COUNT, ranges, 1);
        account("stash positions", grid.scan((int) counts, false), grid.lastLaunches());
        launchOwn(PrefixDoublingKernel.PHASE_STASH_WRITE, ranges, 1);
    }

    /**
     * One doubling round, from prefix {@code h} to {@code 2h}, of every partition in lockstep (every partition's round
     * r before any round r + 1: see the builder's javadoc); returns how many suffixes are still unsorted.
     *
     * @param rankBits   bits of a rank plus one ({@code bits(n)})
     * @param bucketBits bits of a bucket's rank ({@code bits(n - 1)})
     */
    long round(long h, int rankBits, int bucketBits) {
        launcher.kernel().h = (int) h;
        launcher.kernel().ranked = 1;
        roundLarge = false;
        long m = 0;
        for (int j = 0; j < unsorted.length; j++) {
            if (unsorted[j] > 0) {
                unsorted[j] = partitionRound(parts, j, unsorted, whole, rankBits, bucketBits);
                m += unsorted[j];
            }
        }
        counters.largeRounds += roundLarge ? 1 : 0;
        counters.roundLaunches.add(counters.launchCount
                - counters.roundLaunches.stream().mapToInt(Integer::intValue).sum());
        counters.rounds++;
        return m;
    }

    /**
     * The suffix array from the final ranks, {@code SA[rank[i]] = i}: into the keys array of a whole build, else into
     * the stash pieces (one launch over n).
     */
    void invert(int n) {
        phase(PrefixDoublingKernel.PHASE_INVERT, n);
    }

    /** When the first launch (which creates every device buffer from its Java array) ended; 0 before it. */
    long firstLaunchEnd() {
        return firstLaunchEnd;
    }

    /**
     * The most suffixes in large buckets (over a quarter tile) for which a round of m uses the segmented sort: its
     * large path allocates 16 bytes per such suffix (u64 composite keys and their alternate), so at most
     * {@code w / SEGMENT_CAPACITY_SHARE} of the working size (4 bytes per character).
     */
    private long segmentCapacity(int m) {
        return launcher.kernel().working()[0].length / SEGMENT_CAPACITY_SHARE;
    }

    /**
     * The initial sort of partition j by the packed first symbols: its suffixes (0..n-1 in a whole build, else its
     * stash segment), two radix sorts of {@code keyBits} in all, head flags, ranks {@code start(j)} plus the head's
     * index; returns how many of its suffixes are still unsorted (they stay in {@code suffixesAlt}).
     */
    private int initialSort(SuffixPartitions parts, int j, int[] unsorted, int keyBits) {
        bringIn(parts, j, unsorted);
        int size = parts.size(j);
        phase(PrefixDoublingKernel.PHASE_INIT_LOW, size); // also clears the partition's large flag
        sort(size, Math.min(32, keyBits));
        if (keyBits > 32) {
            phase(PrefixDoublingKernel.PHASE_INIT_HIGH, size);
            sort(size, keyBits - 32);
        }
        phase(PrefixDoublingKernel.PHASE_INIT_HEADS, size);
        return settle(size);
    }

    /**
     * One round of partition j over its {@code unsorted[j]} suffixes (prefix h to 2h): keys from the rank of
     * {@code s + h}, the small or the large sort (or, when {@code chains}, a chain round), heads and new ranks;
     * returns how many stay unsorted.
     */
    private int partitionRound(SuffixPartitions parts, int j, int[] unsorted, boolean chains, int rankBits,
                               int bucketBits) {
        int n = parts.textLength();
        int m = unsorted[j];
        PrefixDoublingKernel k = launcher.kernel();
        // the large flag and count of the partition's last settle: GuardedKernel downloaded the small state array
        // after every launch since
        boolean large = k.state[1 + 2 * j] != 0;
        int largeElements = k.state[2 + 2 * j];
        boolean segmented = large && parts.partitions() == 1 && largeElements <= segmentCapacity(m);
        int bucketFrom = parts.partitions() == 1 ? smallestKeptClass() : 0;
        bringIn(parts, j, unsorted);
        boolean mayChain = chains && large && (long) CHAIN_MIN_SHARE * m >= n;
        k.countSelfChains = mayChain ? 1 : 0;
        phase(PrefixDoublingKernel.PHASE_ROUND_KEYS, m); // also clears the partition's large flag
        k.countSelfChains = 0;
        // a measurement only where this round's keys found chain steps: a sixteenth of the sampled suffixes for the
        // first, half after a measurement missed (a period dividing this h)
        boolean measureChains = mayChain && (long) (chainsMissed ? CHAIN_STEPS_SHARE : CHAIN_FIRST_STEPS_SHARE)
                * PrefixDoublingKernel.SELF_CHAIN_SAMPLE * k.state[k.chainedSlot + 1] >= m;
        counters.chainMeasurements += measureChains ? 1 : 0;
        int longestChain = measureChains ? chainLengths(n) : 1;
        // downloaded with the state after the measurement's last launch: positions in chains of CHAIN_MIN_LENGTH
        long chained = measureChains ? k.state[k.chainedSlot] : 0;
        boolean chaining = longestChain >= CHAIN_MIN_LENGTH && CHAIN_MIN_CHAINED_SHARE * chained >= m;
        chainsMissed |= measureChains && !chaining;
        if (chaining) {
            chainRound(m, n, longestChain, rankBits, bucketFrom, bucketBits);
        } else {
            if (measureChains) {
                phase(PrefixDoublingKernel.PHASE_RANK_AFTER, m); // the chain search overwrote the keys and heads
            }
            if (segmented) { // buckets up to a quarter tile in local memory, only the large ones radix-sorted
                account("segmented sort", grid.segmentedSort(m, rankBits), grid.lastLaunches());
                counters.explicitDownloads++;
                counters.segmentedRounds++;
                counters.segmentedLarge += grid.lastLargeElements();
            } else if (large) { // LSD over the whole working set: by the key, then stably by the bucket
                sort(m, rankBits);
            } else { // every bucket has at most MAX_SMALL_BUCKET suffixes
                phase(PrefixDoublingKernel.PHASE_SMALL_SORT, m);
            }
            if (large && !segmented) {
                phase(PrefixDoublingKernel.PHASE_ROUND_BUCKETS, m);
                sort(m, bucketFrom, bucketBits);
                phase(PrefixDoublingKernel.PHASE_ROUND_HEADS, m);
            } else { // buckets kept their places: bucket ranks and heads in one launch
                phase(PrefixDoublingKernel.PHASE_BUCKET_HEADS, m);
            }
        }
        roundLarge |= large;
        return settle(m);
    }

    /**
     * The smallest size class {@code t} of the buckets the last settle kept (each has at least {@code 2^t} suffixes,
     * downloaded with the state after its launches; {@link PrefixDoublingKernel#sizeClassSlot}): their ranks, first SA
     * positions, are at least {@code 2^t} apart, so the sort by bucket skips bits below t (on periodic and Fibonacci
     * texts, whose buckets are few and large, one to three of a round's eight passes). Whole builds only: the
     * partitions of a partitioned build share the slots.
     */
    private int smallestKeptClass() {
        PrefixDoublingKernel k = launcher.kernel();
        for (int c = 0; c < PrefixDoublingKernel.SIZE_CLASSES; c++) {
            if (k.state[k.sizeClassSlot + c] != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Makes partition j the one in the working arrays: first stores the resident partition's unsorted suffixes
     * (in {@code suffixesAlt}) into its stash segment, then points the next load at j's segment ({@code stashed}),
     * unless j is resident already (then its set is read from {@code suffixesAlt} and nothing moves).
     */
    private void bringIn(SuffixPartitions parts, int j, int[] unsorted) {
        PrefixDoublingKernel k = launcher.kernel();
        if (resident != j && resident >= 0 && unsorted[resident] > 0) {
            k.base = parts.start(resident);
            phase(PrefixDoublingKernel.PHASE_STASH_STORE, unsorted[resident]);
        }
        k.stashed = resident == j ? 0 : 1;
        k.base = parts.start(j);
        k.part = j;
        resident = j;
    }

    /**
     * The chain length of every position into {@code auxAlt} (by a max scan over the positions in reversed chain
     * order; overwrites {@code in} and {@code out}) and the longest one: the chain length of p is how many of
     * {@code p, p + h, p + 2h, ...} lie in the bucket of p before one does not. About 3 passes over n with reads
     * h apart (uncoalesced), plus a reduce.
     */
    private int chainLengths(int n) {
        PrefixDoublingKernel k = launcher.kernel();
        phase(PrefixDoublingKernel.PHASE_CHAIN_ENDS, n);
        maxScan(PrefixDoublingKernel.OP_CHAIN, n);
        phase(PrefixDoublingKernel.PHASE_CHAIN_PLACE, n);
        maxScan(PrefixDoublingKernel.OP_CHAIN_MAX, n);
        return k.state[0]; // downloaded by GuardedKernel after the reduce's last launch
    }

    /**
     * A round that sorts each bucket B by (side, chain length k, rank of the suffix after the chain): a suffix
     * {@code w^k S} (w the h symbols of B, S outside B) sorts by S against B first, then by k (ascending when S is
     * below B, descending when above), then by S. Three LSD radix sorts; afterwards every bucket agrees on at least
     * {@code 2h} symbols, so h doubles as usual, and one repeated letter is sorted in this single round. The chain
     * lengths (in {@code auxAlt}, which each sort uses as its ping-pong buffer) are recomputed after each sort.
     */
    private void chainRound(int m, int n, int longestChain, int rankBits, int bucketFrom, int bucketBits) {
        PrefixDoublingKernel k = launcher.kernel();
        int chainBits = 32 - Integer.numberOfLeadingZeros(longestChain);
        k.chainBits = chainBits;
        k.chainMask = (1 << chainBits) - 1;
        phase(PrefixDoublingKernel.PHASE_CHAIN_AFTER, m);
        sort(m, rankBits);
        chainLengths(n);
        phase(PrefixDoublingKernel.PHASE_CHAIN_SIDE, m);
        sort(m, chainBits + 1);
        phase(PrefixDoublingKernel.PHASE_ROUND_BUCKETS, m);
        sort(m, bucketFrom, bucketBits);
        chainLengths(n);
        phase(PrefixDoublingKernel.PHASE_CHAIN_HEADS, m);
        phase(PrefixDoublingKernel.PHASE_ROUND_BUCKETS, m); // the old bucket ranks for the head-index scan
        counters.chainRounds++;
    }

    /**
     * New ranks from the head flags in {@code out} and the old bucket ranks in {@code in}: the two-lane max scan's
     * bottom level scatters each changed rank and writes the select's values and flags (elements of buckets with more
     * than one suffix) into {@code in} and {@code aux}, the kept buckets' size classes and the large flag and count; the
     * grid's select keeps those suffixes, in order, in {@code out}. Returns how many (the round's one explicit
     * download).
     */
    private int settle(int m) {
        maxScan(PrefixDoublingKernel.OP_MAX2, m);
        account("select", grid.selectFlagged(m, false), grid.lastLaunches());
        counters.explicitDownloads++;
        return (int) grid.lastTotal();
    }

    /**
     * The max scan of {@code op} over {@code size} elements (or, for {@link PrefixDoublingKernel#OP_CHAIN_MAX}, the
     * maximum into {@code state[0]}): up-sweeps level by level into {@code parts}, the top, the down-sweeps. For
     * 10^8 elements 3 levels: 7 launches (the reduce 4); 8 to 12 bytes per element read, 8 written.
     */
    private void maxScan(int op, int size) {
        PrefixDoublingKernel k = launcher.kernel();
        k.scanOp = op;
        int[] sizes = new int[8];
        int[] offsets = new int[8];
        sizes[0] = size;
        int level = 0;
        int used = 0;
        do {
            int chunk = PrefixDoublingKernel.scanChunkOf(level);
            int chunks = (sizes[level] + chunk - 1) / chunk;
            offsets[level + 1] = used;
            sizes[level + 1] = chunks;
            used += 2 * chunks;
            scanLevel(PrefixDoublingKernel.PHASE_SCAN_UP, level, offsets, sizes, chunks);
            level++;
        } while (sizes[level] > PrefixDoublingKernel.SCAN_TOP);
        scanLevel(PrefixDoublingKernel.PHASE_SCAN_TOP, level, offsets, sizes, 1);
        for (int l = level - 1; op != PrefixDoublingKernel.OP_CHAIN_MAX && l >= 0; l--) {
            scanLevel(PrefixDoublingKernel.PHASE_SCAN_DOWN, l, offsets, sizes, sizes[l + 1]);
        }
    }

    private void scanLevel(int phase, int level, int[] offsets, int[] sizes, int items) {
        PrefixDoublingKernel k = launcher.kernel();
        k.scanLevel = level;
        k.scanFrom = offsets[level];
        k.scanTo = offsets[level + 1];
        k.scanSize = sizes[level];
        k.scanChunk = PrefixDoublingKernel.scanChunkOf(level);
        launchOwn(phase, items, 1);
    }

    /**
     * Stable sort of the first {@code count} (in, aux) pairs on key bits {@code [0, bits)} by the grid's radix sort
     * (8-bit digits, 3 launches per pass); a sort that ended in the alternates is copied back by one launch.
     */
    private void sort(int count, int bits) {
        sort(count, 0, bits);
    }

    /** The same on key bits {@code [from, bits)} (keys that differ below {@code from} also differ above it). */
    private void sort(int count, int from, int bits) {
        LaunchTiming[] timing = new LaunchTiming[1];
        boolean alternate = grid.sort(count, from, bits, false, true, timing);
        account("radix sort", timing[0], grid.lastLaunches());
        if (alternate) {
            phase(PrefixDoublingKernel.PHASE_COPY_BACK, count);
        }
    }

    private void phase(int phase, int count) {
        launchOwn(phase, count, PHASE_ITEMS);
    }

    /** One own launch of {@code phase} over {@code count} elements, {@code perItem} per work-item. */
    private void launchOwn(int phase, int count, int perItem) {
        PrefixDoublingKernel k = launcher.kernel();
        k.phase = phase;
        k.count = count;
        k.perItem = perItem;
        int items = (int) ((count + (long) perItem - 1) / perItem);
        k.stride = Math.max(1, items);
        try {
            account(PrefixDoublingKernel.phaseName(phase), grid.pipeline(PrefixDoublingKernel.SLOT_OWN, items), items > 0 ? 1 : 0);
        } finally {
            k.phase = PrefixDoublingKernel.PHASE_NONE;
        }
    }

    /** Counts a step's launches and device time, in all and under {@code step}'s name. */
    private void account(String step, LaunchTiming t, int launches) {
        if (firstLaunchEnd == 0 && launches > 0) {
            firstLaunchEnd = System.nanoTime();
        }
        counters.launchCount += launches;
        if (counters.deviceNanos >= 0 && t.hasDeviceTimes()) {
            counters.deviceNanos += t.kernelNanos();
            long[] sum = counters.deviceBySteps.computeIfAbsent(step, s -> new long[2]);
            sum[0] += t.kernelNanos();
            sum[1] += launches;
        } else if (launches > 0) {
            counters.deviceNanos = -1;
            counters.deviceBySteps.clear();
        }
    }
}
