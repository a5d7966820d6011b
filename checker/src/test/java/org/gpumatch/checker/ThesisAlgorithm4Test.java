package org.gpumatch.checker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The thesis' printed Algorithm 4 is wrong, and this checker is right on the same inputs: counterexamples, and a count
 * over every array in {@code [-1, n]^n} for every string of length 1..4 over {a, b, c}.
 */
class ThesisAlgorithm4Test {
    private static final int PRINTED = 2;
    private static final int LINE_18_CORRECTED = 1;
    private static final SuffixArrayChecker CHECKER = SuffixArrayChecker.sequential();

    @Test
    void printedVersionRejectsACorrectSuffixArray() {
        // Line 18 skips SA[i] = 1, so suffix 0 is never handed out and the pointer of bucket 'a' falls behind.
        final byte[] t = bytes("aab");
        final int[] sa = {0, 1, 2};
        assertThat(SuffixSorting.bruteForce(t)).isEqualTo(sa);
        assertThat(ThesisAlgorithm4.sufcheck(t, sa, PRINTED)).isFalse();
        assertThat(ThesisAlgorithm4.sufcheck(t, sa, LINE_18_CORRECTED)).isTrue();
        assertThat(CHECKER.check(t, sa).isOk()).isTrue();
    }

    @Test
    void bothVersionsAcceptAnArrayWithADuplicate() {
        // Line 16 skips the first index of bucket T[n-1] without checking that it holds n-1.
        final byte[] t = bytes("aa");
        final int[] sa = {0, 0};
        assertThat(ThesisAlgorithm4.sufcheck(t, sa, PRINTED)).isTrue();
        assertThat(ThesisAlgorithm4.sufcheck(t, sa, LINE_18_CORRECTED)).isTrue();
        assertThat(CHECKER.check(t, sa).condition()).isEqualTo(Condition.LAST_SUFFIX);
    }

    @Test
    void printedVersionAcceptsAnArrayMissingASuffixWhoseFirstCharacterIsThen() {
        // Nothing ties the buckets to the text: 'a' occurs in T but starts no listed suffix.
        final byte[] t = bytes("ab");
        final int[] sa = {1, 1};
        assertThat(ThesisAlgorithm4.sufcheck(t, sa, PRINTED)).isTrue();
        assertThat(CHECKER.check(t, sa).condition()).isEqualTo(Condition.FIRST_CHARACTER);
    }

    @Test
    void countOfWrongVerdictsOverAllSmallArrays() {
        final long[] printed = new long[2];   // wrong arrays accepted, correct arrays rejected
        final long[] corrected = new long[2];
        final long[] ours = new long[2];
        for (int n = 1; n <= 4; n++) {
            for (final byte[] t : ExhaustiveTest.allStrings(bytes("abc"), n)) {
                final int[] expected = SuffixSorting.bruteForce(t);
                final int[] sa = new int[n];
                Arrays.fill(sa, -1);
                do {
                    final boolean right = Arrays.equals(sa, expected);
                    tally(printed, ThesisAlgorithm4.sufcheck(t, sa, PRINTED), right);
                    tally(corrected, ThesisAlgorithm4.sufcheck(t, sa, LINE_18_CORRECTED), right);
                    tally(ours, CHECKER.check(t, sa).isOk(), right);
                } while (ExhaustiveTest.nextInRange(sa, -1, n));
            }
        }
        // The counts quoted in the README and in SuffixArrayChecker's class comment.
        assertThat(printed).as("printed: wrong arrays accepted, correct arrays rejected").containsExactly(1557, 21);
        assertThat(corrected).as("line 18 corrected").containsExactly(441, 0);
        assertThat(ours).containsExactly(0, 0);
    }

    private static void tally(final long[] wrong, final boolean accepted, final boolean right) {
        if (accepted && !right) {
            wrong[0]++;
        } else if (!accepted && right) {
            wrong[1]++;
        }
    }

    private static byte[] bytes(final String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
