package org.gpumatch.suffixarray.gpu;

import java.util.stream.IntStream;

/**
 * Host arrays of a GPU build that may pass the size of one device buffer, as pieces of {@code 2^pieceShift} ints
 * (the kernels' rank and stash pieces), and the n-sized Java arrays that mirror device buffers, allocated (so zeroed,
 * page by page first-touched) on all cores. Cost: 4 bytes per int, written once.
 */
final class IntPieces {
    private IntPieces() {
    }

    /** Pieces of {@code 2^pieceShift} ints that hold n ints (at least 1). */
    static int count(int n, int pieceShift) {
        return Math.max(1, (int) ((n + (1L << pieceShift) - 1) >>> pieceShift));
    }

    /** An array of n ints as pieces of {@code 2^pieceShift} ints (the last one shorter; one piece for n = 0). */
    static int[][] allocate(int n, int pieceShift) {
        int count = count(n, pieceShift);
        int[][] pieces = new int[count][];
        IntStream.range(0, count).parallel().forEach(i ->
                pieces[i] = new int[(int) Math.min(1L << pieceShift, n - ((long) i << pieceShift))]);
        return pieces;
    }

    /** {@code count} zeroed arrays of {@code length} ints, allocated (and so zeroed) in parallel. */
    static int[][] arrays(int count, int length) {
        int[][] arrays = new int[count][];
        IntStream.range(0, count).parallel().forEach(i -> arrays[i] = new int[length]);
        return arrays;
    }

    /** The first {@code used} pieces of {@code 2^pieceShift} ints joined into one array of n ints (in parallel). */
    static int[] join(int[][] pieces, int used, int n, int pieceShift) {
        int[] joined = new int[n];
        IntStream.range(0, used).parallel().forEach(i ->
                System.arraycopy(pieces[i], 0, joined, i << pieceShift, pieces[i].length));
        return joined;
    }
}
