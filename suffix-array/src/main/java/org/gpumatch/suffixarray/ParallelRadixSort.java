package org.gpumatch.suffixarray;

import org.gpumatch.checker.ThreadTeam;

/**
 * Stable LSD radix sort of {@code long} records by a bit field, split over the threads of a {@link ThreadTeam} team:
 * each pass counts 11-bit digits per thread block, turns the counts into per-thread offsets (digit-major, so equal
 * digits keep their order) and scatters. Cost per pass: the records read twice and written once (24 bytes per
 * record); passes = ceil(bits / 11). Memory: the caller's second buffer of the same length (8 bytes per record)
 * plus 8 KiB per thread.
 */
final class ParallelRadixSort {
    private static final int DIGIT_BITS = 11;
    private static final int RADIX = 1 << DIGIT_BITS;

    private ParallelRadixSort() {
    }

    /**
     * Sorts {@code a[0, length)} by the field {@code (x >>> shift) - base}, whose values lie in {@code [0, 2^bits)}.
     *
     * @return the buffer holding the sorted records: {@code a} or {@code spare}
     */
    static long[] sortByField(final long[] a, final long[] spare, final int length, final int shift, final long base,
                              final int bits, final ThreadTeam workers) {
        final int threads = workers.threads();
        final int[][] offsets = new int[threads][RADIX];
        long[] src = a;
        long[] dst = spare;
        for (int low = 0; low < bits; low += DIGIT_BITS) {
            final int digitShift = low;
            final long[] from = src;
            final long[] to = dst;
            workers.forEachThread((t, ignored) -> {
                final int[] count = offsets[t];
                java.util.Arrays.fill(count, 0);
                final int end = ThreadTeam.blockStart(length, t + 1, threads);
                for (int i = ThreadTeam.blockStart(length, t, threads); i < end; i++) {
                    count[digit(from[i], shift, base, digitShift)]++;
                }
            });
            int sum = 0;
            for (int d = 0; d < RADIX; d++) {
                for (int t = 0; t < threads; t++) {
                    final int c = offsets[t][d];
                    offsets[t][d] = sum;
                    sum += c;
                }
            }
            workers.forEachThread((t, ignored) -> {
                final int[] next = offsets[t];
                final int end = ThreadTeam.blockStart(length, t + 1, threads);
                for (int i = ThreadTeam.blockStart(length, t, threads); i < end; i++) {
                    final long x = from[i];
                    to[next[digit(x, shift, base, digitShift)]++] = x;
                }
            });
            src = to;
            dst = from;
        }
        return src;
    }

    private static int digit(final long x, final int shift, final long base, final int digitShift) {
        return (int) (((x >>> shift) - base) >>> digitShift) & (RADIX - 1);
    }
}
