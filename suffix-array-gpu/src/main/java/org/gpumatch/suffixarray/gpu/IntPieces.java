package org.gpumatch.suffixarray.gpu;

import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

/**
 * Host arrays of a GPU build that may pass the size of one device buffer, as pieces of {@code 2^pieceShift} ints
 * (the kernels' rank and stash pieces), and the n-sized Java arrays that mirror device buffers, allocated (so zeroed,
 * page by page first-touched) on threads of their own, one per array, while the caller goes on. Cost: 4 bytes per
 * int, written once.
 */
final class IntPieces {
    /** Ints per task of {@link #copyInto}. */
    private static final int COPY_CHUNK = 1 << 22;

    private IntPieces() {
    }

    /** Pieces of {@code 2^pieceShift} ints that hold n ints (at least 1). */
    static int count(int n, int pieceShift) {
        return Math.max(1, (int) ((n + (1L << pieceShift) - 1) >>> pieceShift));
    }

    /** The length of piece i of an array of n ints in pieces of {@code 2^pieceShift}. */
    static int pieceLength(int n, int pieceShift, int i) {
        return (int) Math.min(1L << pieceShift, n - ((long) i << pieceShift));
    }

    /**
     * Whether {@code pieces} hold an array of n ints in pieces of {@code 2^pieceShift}: enough pieces, each long
     * enough.
     */
    static boolean hold(int[][] pieces, int n, int pieceShift) {
        int count = count(n, pieceShift);
        if (pieces.length < count) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            if (pieces[i].length < pieceLength(n, pieceShift, i)) {
                return false;
            }
        }
        return true;
    }

    /** An array of n ints as pieces of {@code 2^pieceShift} ints (the last one shorter; one piece for n = 0). */
    static int[][] allocate(int n, int pieceShift) {
        return await(allocateAsync(n, pieceShift));
    }

    /** {@link #allocate} on threads of their own (one per piece), started now. */
    static CompletableFuture<int[][]> allocateAsync(int n, int pieceShift) {
        int count = count(n, pieceShift);
        return all(IntStream.range(0, count).mapToObj(i -> arrayAsync(pieceLength(n, pieceShift, i))).toList());
    }

    /** {@code count} zeroed arrays of {@code length} ints, each allocated on a thread of its own, started now. */
    static CompletableFuture<int[][]> arraysAsync(int count, int length) {
        return all(IntStream.range(0, count).mapToObj(i -> arrayAsync(length)).toList());
    }

    /** A zeroed array of {@code length} ints, allocated (and so zeroed by the JVM) on a thread of its own. */
    static CompletableFuture<int[]> arrayAsync(int length) {
        return CompletableFuture.supplyAsync(() -> new int[length], IntPieces::onThread);
    }

    private static CompletableFuture<int[][]> all(java.util.List<CompletableFuture<int[]>> arrays) {
        return CompletableFuture.allOf(arrays.toArray(CompletableFuture[]::new))
                .thenApply(done -> arrays.stream().map(CompletableFuture::join).toArray(int[][]::new));
    }

    /**
     * A daemon thread of its own, not the common pool: the build's alphabet, partition plan and packing run there
     * meanwhile (on the H200 the alphabet of 100 MB waited 0.2 s behind an allocation when they shared the pool).
     */
    private static void onThread(Runnable r) {
        Thread t = new Thread(r, "gpumatch-sa-arrays");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The value of a build's future (an allocation started here, the kernel's compile), its failure rethrown as it was
     * ({@code OutOfMemoryError}, {@code KernelCompilationException} included), not wrapped.
     */
    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Copies {@code piece} into {@code joined} from index {@code at}, in chunks of 2^22 ints on all cores. */
    static void copyInto(int[] piece, int[] joined, long at) {
        copyInto(piece, piece.length, joined, at);
    }

    /** Copies the first {@code length} ints of {@code piece} into {@code joined} from index {@code at}, likewise. */
    static void copyInto(int[] piece, int length, int[] joined, long at) {
        IntStream.range(0, (length + COPY_CHUNK - 1) / COPY_CHUNK).parallel().forEach(c -> {
            int from = c * COPY_CHUNK;
            System.arraycopy(piece, from, joined, (int) (at + from), Math.min(COPY_CHUNK, length - from));
        });
    }
}
