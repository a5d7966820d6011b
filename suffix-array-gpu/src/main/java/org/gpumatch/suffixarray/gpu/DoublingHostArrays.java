package org.gpumatch.suffixarray.gpu;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.gpumatch.gpu.primitives.GridKernel;
import org.gpumatch.suffixarray.StageSpan;

/**
 * The Java arrays a {@link GpuPrefixDoublingBuilder} build binds to its kernel, each the mirror of a device buffer:
 * the four working arrays, the rank pieces and the max scan's levels. From the cheapest source: the arrays kept from
 * the last whole build (still bound to the kernel with their device buffers; after a first build the keys array went
 * to the caller as its result, so the next build binds a new one, and from then on a reused build keeps the keys
 * array too and copies its result into the caller's {@code int[n]}, allocated on a thread of its own meanwhile: no
 * new device buffer, whose making from a new 400 MB array took about 35 ms of a 100 MB build on the H200; a
 * partitioned build into the caller's array keeps its stash pieces and packed text with the rest), those
 * {@link #prepare} allocated on threads of their own while the caller read the text, or new ones that {@link #begin}
 * starts allocating on threads of their own (zeroed by the JVM: about 20 bytes per character of a whole build) while
 * the build computes its alphabet, partitions and packed text; {@link Pending#take} waits for them. Not
 * thread-safe.
 */
final class DoublingHostArrays {
    /**
     * One build's arrays.
     *
     * @param working    keys, keysAlt, suffixes, suffixesAlt
     * @param rankPieces the ranks in pieces of {@code 2^pieceShift} ints (a whole build packs the text into them)
     * @param scanParts  the max scan's levels
     * @param reused     whether they are the kept arrays of the build before
     * @param prepared   whether {@link #prepare} allocated them
     * @param keysKept   whether the keys array ({@code working[0]}) is the kept one, with its device buffer (a reused
     *                   build's packed text reaches it by a put)
     * @param result     the caller's array, which the keys are copied into at the end (they stay with the builder),
     *                   or null when the keys array itself goes to the caller
     */
    record Taken(int[][] working, int[][] rankPieces, int[] scanParts, boolean reused, boolean prepared,
                 boolean keysKept, CompletableFuture<int[]> result) {
    }

    private final int pieceShift;
    private final List<StageSpan> spans;
    /** Arrays {@link #prepare} is allocating for a one-piece whole build of {@link #preparedLength}, or null. */
    private CompletableFuture<int[][]> preparing;
    private int preparedLength;
    /** The arrays kept from the last whole build (keysAlt, suffixes, suffixesAlt; ranks; scan levels), or null. */
    private int[][] keptWorking;
    /** The keys array kept from the last whole build (a reused one, whose result was copied out), or null. */
    private int[] keptKeys;
    private int[][] keptRanks;
    private int[] keptParts;
    /** Whether the kept arrays are bound to the piece kernel. */
    private boolean keptPieced;
    /**
     * The stash pieces and the packed text kept from the last partitioned build (one into the caller's array), with
     * its working arrays ({@link #keptKeys} and {@link #keptWorking}), rank pieces and scan levels; else null.
     */
    private int[][] keptStash;
    private int[] keptWords;

    /**
     * @param pieceShift the rank pieces hold {@code 2^pieceShift} ints
     * @param spans      where the allocations are recorded as stages
     */
    DoublingHostArrays(int pieceShift, List<StageSpan> spans) {
        this.pieceShift = pieceShift;
        this.spans = spans;
    }

    /**
     * Starts allocating the arrays of a one-piece whole build of n on a thread of its own, unless the kept arrays
     * serve it or an allocation is under way.
     */
    void prepare(int n) {
        if (preparing != null || keptWorking != null && !keptPieced && fitsKept(n)) {
            return;
        }
        preparedLength = n;
        long start = System.nanoTime();
        preparing = IntPieces.arraysAsync(5, n).thenApply(arrays -> {
            int[][] all = java.util.Arrays.copyOf(arrays, 6);
            all[5] = new int[scanPartsLength(n)];
            spans.add(new StageSpan("host arrays (5 x int[n])", start, System.nanoTime(), true));
            return all;
        });
    }

    /** The max scan's levels for a working set of {@code largest}. */
    private static int scanPartsLength(int largest) {
        // at least half a G1 region: the collector never moves it and GuardedKernel never downloads it
        return (int) Math.max(DoublingMemoryPlan.partsLength(largest), GridKernel.pinnedLength(4));
    }

    /**
     * Whether the kept arrays serve a whole build of n on the kernel of this kind: the working arrays at least n long,
     * and as many rank pieces as n needs, each at least as long as n's.
     */
    boolean keptServe(int n, boolean pieced) {
        return keptStash == null && keptPieced == pieced && fitsKept(n);
    }

    /**
     * Whether the arrays kept from a partitioned build serve a partitioned build of n whose largest partition has
     * {@code largest} suffixes: stash and rank pieces that hold n, the packed text's {@code (n + 3) / 4} words, working
     * arrays of at least {@code largest}.
     */
    boolean keptServePartitioned(int n, int largest) {
        return keptStash != null && keptKeys.length >= largest && keptWorking[0].length >= largest
                && keptWords.length >= (n + 3L) / 4 && IntPieces.hold(keptStash, n, pieceShift)
                && IntPieces.hold(keptRanks, n, pieceShift);
    }

    /** The stash pieces kept from the last partitioned build ({@link #keptServePartitioned}), or null. */
    int[][] keptStash() {
        return keptStash;
    }

    /** The packed-text array kept from the last partitioned build, or null. */
    int[] keptWords() {
        return keptWords;
    }

    /** Whether arrays of an earlier build are kept (bound to a kernel, which must let them go before new ones). */
    boolean hasKept() {
        return keptWorking != null;
    }

    /** Whether the kept arrays are bound to the piece kernel (else to the one-piece kernel). */
    boolean keptPieced() {
        return keptPieced;
    }

    /**
     * Starts gathering the arrays of a build of n: when {@code reuse} the kept ones, the caller's result array
     * ({@code into} where the caller gave one, else a new one) and, where no keys array is kept yet, a new one, else
     * (dropping the kept ones) those prepared for n, else new ones allocated on threads of their own from now on: the
     * rank pieces at once, the working arrays at {@link Pending#startWorking} (a whole build's {@code n} long, a
     * partitioned one's the largest partition's length, known after its plan).
     */
    Pending begin(int n, boolean reuse, boolean pieced, int[] into) {
        if (reuse && keptStash != null) { // a partitioned build on the kept arrays: nothing to allocate
            return new Pending(n, new Taken(new int[][] {keptKeys, keptWorking[0], keptWorking[1], keptWorking[2]},
                    keptRanks, keptParts, true, false, false, null));
        }
        if (reuse) { // only the caller's result array may be new (and a keys array where none is kept yet)
            takePrepared(-1, pieced); // nothing was prepared for a build the kept arrays serve
            if (keptKeys == null) { // the keys array first; the caller's array once it is there (take)
                return new Pending(n, into, null, IntPieces.arrayAsync(keptWorking[0].length), null, null);
            }
            return new Pending(n, into, resultArray(n, into), null, null, null);
        }
        dropKept();
        CompletableFuture<int[][]> ready = takePrepared(n, pieced);
        if (ready != null) { // allocated while the caller read the text
            return new Pending(n, null, null, null, ready, null);
        }
        return new Pending(n, null, null, null, null, IntPieces.allocateAsync(n, pieceShift));
    }

    /** The caller's array when it gave one, else a new one allocated on a thread of its own. */
    private static CompletableFuture<int[]> resultArray(int n, int[] into) {
        return into != null ? CompletableFuture.completedFuture(into) : IntPieces.arrayAsync(n);
    }

    /** The arrays of one build on their way ({@link #begin}). */
    final class Pending {
        private final int n;
        /** The array the caller builds into, or null. */
        private final int[] into;
        private final long start = System.nanoTime();
        /** The caller's new result array of a build the kept arrays serve, else null. */
        private final CompletableFuture<int[]> result;
        /**
         * A reused build's new keys array, as long as the kept arrays, where no keys array is kept yet (the second
         * build: allocated on a thread of its own from the build's start; the caller's array is started once it is
         * there, so that the two new arrays' pages are not first touched at once on the build's path), else null.
         */
        private final CompletableFuture<int[]> newKeys;
        /** The arrays {@link #prepare} allocated (keys, keysAlt, suffixes, suffixesAlt, ranks, scan levels), or null. */
        private final CompletableFuture<int[][]> prepared;
        /** New rank pieces, or null. */
        private final CompletableFuture<int[][]> ranks;
        /** New working arrays once {@link #startWorking} ran, else null. */
        private CompletableFuture<int[][]> working;
        /** When the new arrays were all allocated (the end of their stage), once {@link #startWorking} ran. */
        private CompletableFuture<Long> allocated;
        /** The kept arrays of a partitioned build, or null. */
        private final Taken kept;

        private Pending(int n, Taken kept) {
            this.n = n;
            this.into = null;
            this.result = null;
            this.newKeys = null;
            this.prepared = null;
            this.ranks = null;
            this.kept = kept;
        }

        private Pending(int n, int[] into, CompletableFuture<int[]> result, CompletableFuture<int[]> newKeys,
                        CompletableFuture<int[][]> prepared, CompletableFuture<int[][]> ranks) {
            this.n = n;
            this.into = into;
            this.result = result;
            this.newKeys = newKeys;
            this.prepared = prepared;
            this.ranks = ranks;
            this.kept = null;
        }

        /** Starts allocating four working arrays of {@code largest} ints (new arrays only; once). */
        void startWorking(int largest) {
            if (ranks != null && working == null) {
                working = IntPieces.arraysAsync(4, largest);
                allocated = CompletableFuture.allOf(ranks, working).thenApply(done -> System.nanoTime());
            }
        }

        /** Waits for the arrays (starting the working ones, n long, when nothing started them). */
        Taken take() {
            long mark = System.nanoTime();
            Taken taken;
            if (kept != null) {
                taken = kept;
            } else if (result != null || newKeys != null) { // the kept keys array, else a new one as long as the others
                boolean keysKept = newKeys == null;
                int[] keys = keysKept ? keptKeys : IntPieces.await(newKeys);
                taken = new Taken(new int[][] {keys, keptWorking[0], keptWorking[1], keptWorking[2]}, keptRanks,
                        keptParts, true, false, keysKept, keysKept ? result : resultArray(n, into));
            } else if (prepared != null) {
                int[][] ready = IntPieces.await(prepared);
                taken = new Taken(new int[][] {ready[0], ready[1], ready[2], ready[3]}, new int[][] {ready[4]},
                        ready[5], false, true, false, null);
            } else {
                startWorking(n);
                int[][] arrays = IntPieces.await(working);
                taken = new Taken(arrays, IntPieces.await(ranks), new int[scanPartsLength(arrays[0].length)], false,
                        false, false, null);
                spans.add(new StageSpan("host arrays (ranks, working arrays)", start, IntPieces.await(allocated),
                        true));
            }
            spans.add(StageSpan.until("wait for host arrays", mark));
            return taken;
        }
    }

    /**
     * Keeps a whole build's arrays (bound to its kernel) for the next whole build of at most as many bytes: its keys
     * array too when the build copied its result out ({@code keys}), else null (the keys went to the caller).
     */
    void keep(int[] keys, int[][] working, int[][] rankPieces, int[] scanParts, boolean pieced) {
        keptKeys = keys;
        keptWorking = working;
        keptRanks = rankPieces;
        keptParts = scanParts;
        keptPieced = pieced;
        keptStash = null;
        keptWords = null;
    }

    /**
     * Keeps a partitioned build's arrays (bound to the piece kernel) for the next partitioned build they serve
     * ({@link #keptServePartitioned}): its four working arrays, rank pieces, scan levels, stash pieces and packed text.
     */
    void keepPartitioned(int[][] working, int[][] rankPieces, int[] scanParts, int[][] stash, int[] words) {
        keep(working[0], new int[][] {working[1], working[2], working[3]}, rankPieces, scanParts, true);
        keptStash = stash;
        keptWords = words;
    }

    /** Drops the kept arrays and any prepared ones. */
    void drop() {
        preparing = null;
        dropKept();
    }

    /** Drops the kept arrays (the kernel they were bound to let them go). */
    void dropKept() {
        keptWorking = null;
        keptKeys = null;
        keptRanks = null;
        keptParts = null;
        keptStash = null;
        keptWords = null;
    }

    /** The arrays {@link #prepare} is allocating for a one-piece whole build of n, or null (dropping others). */
    private CompletableFuture<int[][]> takePrepared(int n, boolean pieced) {
        CompletableFuture<int[][]> p = preparing;
        preparing = null;
        return p == null || pieced || preparedLength != n ? null : p;
    }

    private boolean fitsKept(int n) {
        return keptWorking != null && keptWorking[0].length >= n && (keptKeys == null || keptKeys.length >= n)
                && IntPieces.hold(keptRanks, n, pieceShift);
    }
}
