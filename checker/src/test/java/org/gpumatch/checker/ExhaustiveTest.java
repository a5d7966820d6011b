package org.gpumatch.checker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Soundness and completeness, exhaustively on small inputs: the checker says OK exactly when the array equals the
 * brute-force suffix array, for every candidate array (not only permutations), and the block-split scan that the
 * parallel mode uses returns the same verdict as the sequential scan.
 */
class ExhaustiveTest {
    /** Three letters, including the extremes of the unsigned order and a byte that is negative in Java. */
    private static final byte[] TERNARY = {0x00, (byte) 0x80, (byte) 0xFF};
    private static final byte[] BINARY = {'a', 'b'};

    private static final SuffixArrayChecker SEQUENTIAL = SuffixArrayChecker.sequential();
    /** Blocks of one and two entries, run in the calling thread: the parallel code path with its smallest blocks. */
    private static final SuffixArrayChecker BLOCKS_OF_1 = new SuffixArrayChecker(1, 1);
    private static final SuffixArrayChecker BLOCKS_OF_2 = new SuffixArrayChecker(1, 2);

    @Test
    void everyArrayInMinusOneToNForEveryTernaryStringUpToLength5() {
        long arrays = 0;
        long accepted = 0;
        for (int n = 1; n <= 5; n++) {
            for (final byte[] t : allStrings(TERNARY, n)) {
                final int[] expected = SuffixSorting.bruteForce(t);
                final int[] sa = new int[n];
                Arrays.fill(sa, -1);
                do {
                    accepted += judge(t, sa, expected, BLOCKS_OF_1) ? 1 : 0;
                    arrays++;
                } while (nextInRange(sa, -1, n));
            }
        }
        assertThat(accepted).as("exactly one accepted array per string").isEqualTo(3 + 9 + 27 + 81 + 243);
        assertThat(arrays).isEqualTo(3L * 3 + 9L * 16 + 27L * 125 + 81L * 1296 + 243L * 16807);
    }

    @Test
    void everyPermutationForEveryBinaryStringUpToLength7() {
        long arrays = 0;
        for (int n = 1; n <= 7; n++) {
            for (final byte[] t : allStrings(BINARY, n)) {
                final int[] expected = SuffixSorting.bruteForce(t);
                final int[] sa = new int[n];
                for (int i = 0; i < n; i++) {
                    sa[i] = i;
                }
                do {
                    judge(t, sa, expected, BLOCKS_OF_1, BLOCKS_OF_2);
                    arrays++;
                } while (nextPermutation(sa));
            }
        }
        assertThat(arrays).isEqualTo(2L * 1 + 4L * 2 + 8L * 6 + 16L * 24 + 32L * 120 + 64L * 720 + 128L * 5040);
    }

    @Test
    void wrongLengthsOfEveryTernaryStringUpToLength4AreEntryCountFailures() {
        for (int n = 0; n <= 4; n++) {
            for (final byte[] t : allStrings(TERNARY, n)) {
                final int[] sa = SuffixSorting.bruteForce(t);
                for (final int m : new int[] {n - 1, n + 1}) {
                    if (m < 0) {
                        continue;
                    }
                    final int[] wrong = Arrays.copyOf(sa, m);
                    final Verdict v = SEQUENTIAL.check(t, wrong);
                    assertThat(v.condition()).isEqualTo(Condition.ENTRY_COUNT);
                    assertThat(v.index()).isEqualTo(Math.min(n, m));
                }
            }
        }
    }

    /** @return whether the checker accepted; fails the test if that disagrees with the oracle or the block scans */
    private static boolean judge(final byte[] t, final int[] sa, final int[] expected,
                                 final SuffixArrayChecker... blocked) {
        final Verdict v = SEQUENTIAL.check(t, sa);
        if (v.isOk() != Arrays.equals(sa, expected)) {
            fail("T=" + Arrays.toString(t) + " SA=" + Arrays.toString(sa) + " expected " + Arrays.toString(expected)
                    + " but the checker said " + v);
        }
        if (!v.isOk() && (v.index() < 0 || v.index() >= t.length)) {
            fail("index out of range in " + v);
        }
        for (final SuffixArrayChecker checker : blocked) {
            final Verdict b = checker.check(t, sa);
            if (!b.equals(v)) {
                fail("T=" + Arrays.toString(t) + " SA=" + Arrays.toString(sa) + ": sequential " + v + ", in blocks " + b);
            }
        }
        return v.isOk();
    }

    static byte[][] allStrings(final byte[] alphabet, final int n) {
        final int sigma = alphabet.length;
        final int total = (int) Math.pow(sigma, n);
        final byte[][] strings = new byte[total][n];
        for (int s = 0; s < total; s++) {
            int code = s;
            for (int i = n - 1; i >= 0; i--) {
                strings[s][i] = alphabet[code % sigma];
                code /= sigma;
            }
        }
        return strings;
    }

    /** Odometer over {@code [lo, hi]^n}; false after the last array. */
    static boolean nextInRange(final int[] a, final int lo, final int hi) {
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] < hi) {
                a[i]++;
                return true;
            }
            a[i] = lo;
        }
        return false;
    }

    /** Next permutation in lexicographic order; false after the last. */
    static boolean nextPermutation(final int[] a) {
        int i = a.length - 2;
        while (i >= 0 && a[i] >= a[i + 1]) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        int j = a.length - 1;
        while (a[j] <= a[i]) {
            j--;
        }
        swap(a, i, j);
        for (int l = i + 1, r = a.length - 1; l < r; l++, r--) {
            swap(a, l, r);
        }
        return true;
    }

    private static void swap(final int[] a, final int i, final int j) {
        final int x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}
