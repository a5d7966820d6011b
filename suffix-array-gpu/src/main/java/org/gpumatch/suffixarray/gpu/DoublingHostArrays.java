package org.gpumatch.suffixarray.gpu;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.gpumatch.gpu.primitives.GridKernel;
import org.gpumatch.suffixarray.StageSpan;

/**
 * The Java arrays a {@link GpuPrefixDoublingBuilder} build binds to its kernel, each the mirror of a device buffer:
 * the four working arrays, the rank pieces and the max scan's levels. From the cheapest source: the arrays kept from
 * the last whole build (still bound to the kernel with their device buffers, so only the result, {@code int[n]}, is
 * new), those {@link #prepare} allocated on a thread of its own while the caller read the text, or new ones allocated
 * on all cores (zeroed by the JVM: about 20 bytes per character of a whole build). Not thread-safe.
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
     */
    record Taken(int[][] working, int[][] rankPieces, int[] scanParts, boolean reused, boolean prepared) {
    }

    private final int pieceShift;
    private final List<StageSpan> spans;
    /** Arrays {@link #prepare} is allocating for a one-piece whole build of {@link #preparedLength}, or null. */
    private CompletableFuture<int[][]> preparing;
    private int preparedLength;
    /** The arrays kept from the last whole build (keysAlt, suffixes, suffixesAlt; ranks; scan levels), or null. */
    private int[][] keptWorking;
    private int[][] keptRanks;
    private int[] keptParts;
    /** Whether the kept arrays are bound to the piece kernel. */
    private boolean keptPieced;

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
        // five threads of their own, not the common pool: the build's alphabet and packing run there meanwhile (on
        // the H200 the alphabet of 100 MB waited 0.2 s behind this allocation when it shared the pool)
        long start = System.nanoTime();
        java.util.List<CompletableFuture<int[]>> arrays = java.util.stream.IntStream.range(0, 5)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> new int[n], DoublingHostArrays::onThread)).toList();
        preparing = CompletableFuture.allOf(arrays.toArray(CompletableFuture[]::new)).thenApply(done -> {
            int[][] all = new int[][] {arrays.get(0).join(), arrays.get(1).join(), arrays.get(2).join(),
                arrays.get(3).join(), arrays.get(4).join(),
                new int[(int) Math.max(DoublingMemoryPlan.partsLength(n), GridKernel.pinnedLength(4))]};
            spans.add(new StageSpan("host arrays (5 x int[n])", start, System.nanoTime(), true));
            return all;
        });
    }

    private static void onThread(Runnable r) {
        Thread t = new Thread(r, "gpumatch-sa-prepare");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Whether the kept arrays serve a whole build of n on the kernel of this kind: the working arrays at least n long,
     * and as many rank pieces as n needs, each at least as long as n's.
     */
    boolean keptServe(int n, boolean pieced) {
        return keptPieced == pieced && fitsKept(n);
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
     * The arrays of a build of n: the kept ones plus a new result array when {@code reuse}, else (dropping the kept
     * ones) those prepared for n, else new ones, the working arrays {@code largest} long (the largest partition).
     */
    Taken take(int n, boolean reuse, boolean pieced, int largest) {
        if (reuse) { // only the result array is new: the others keep their device buffers
            takePrepared(-1, pieced); // nothing was prepared for a build the kept arrays serve
            return new Taken(new int[][] {new int[n], keptWorking[0], keptWorking[1], keptWorking[2]}, keptRanks,
                    keptParts, true, false);
        }
        keptWorking = null;
        keptRanks = null;
        keptParts = null;
        long mark = System.nanoTime();
        int[][] ready = takePrepared(n, pieced);
        if (ready != null) { // allocated while the caller read the text
            spans.add(StageSpan.until("wait for host arrays", mark));
            return new Taken(new int[][] {ready[0], ready[1], ready[2], ready[3]}, new int[][] {ready[4]}, ready[5],
                    false, true);
        }
        mark = System.nanoTime();
        int[][] working = IntPieces.arrays(4, largest);
        int[][] rankPieces = IntPieces.allocate(n, pieceShift);
        // at least half a G1 region: the collector never moves it and GuardedKernel never downloads it
        int[] scanParts = new int[(int) Math.max(DoublingMemoryPlan.partsLength(largest), GridKernel.pinnedLength(4))];
        spans.add(StageSpan.until("host arrays", mark));
        return new Taken(working, rankPieces, scanParts, false, false);
    }

    /** Keeps a whole build's arrays (bound to its kernel) for the next whole build of at most as many bytes. */
    void keep(int[][] working, int[][] rankPieces, int[] scanParts, boolean pieced) {
        keptWorking = working;
        keptRanks = rankPieces;
        keptParts = scanParts;
        keptPieced = pieced;
    }

    /** Drops the kept arrays and any prepared ones. */
    void drop() {
        preparing = null;
        keptWorking = null;
        keptRanks = null;
        keptParts = null;
    }

    /** The arrays {@link #prepare} allocated for a one-piece whole build of n, or null (dropping others). */
    private int[][] takePrepared(int n, boolean pieced) {
        CompletableFuture<int[][]> p = preparing;
        preparing = null;
        if (p == null || pieced || preparedLength != n) {
            return null;
        }
        return p.join();
    }

    private boolean fitsKept(int n) {
        if (keptWorking == null || keptWorking[0].length < n) {
            return false;
        }
        int count = IntPieces.count(n, pieceShift);
        if (keptRanks.length < count) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            if (keptRanks[i].length < Math.min(1L << pieceShift, n - ((long) i << pieceShift))) {
                return false;
            }
        }
        return true;
    }
}
