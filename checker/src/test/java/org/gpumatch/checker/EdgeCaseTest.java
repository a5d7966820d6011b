package org.gpumatch.checker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Tiny texts, extreme bytes, one-letter texts, and the exact content of each kind of verdict. */
class EdgeCaseTest {
    private static final SuffixArrayChecker SEQUENTIAL = SuffixArrayChecker.sequential();
    private static final SuffixArrayChecker PARALLEL = new SuffixArrayChecker(2, 3);

    @Test
    void emptyText() {
        assertThat(check(new byte[0], new int[0])).isEqualTo(Verdict.OK);
        final Verdict v = check(new byte[0], new int[] {0});
        assertThat(v.condition()).isEqualTo(Condition.ENTRY_COUNT);
        assertThat(v.line()).isEqualTo("FAIL: entry count at index 0: the suffix array has 1 entries but the text has 0 bytes");
    }

    @Test
    void oneByte() {
        for (final byte b : new byte[] {0, 'x', (byte) 0x80, (byte) 0xFF}) {
            assertThat(check(new byte[] {b}, new int[] {0})).isEqualTo(Verdict.OK);
            assertThat(check(new byte[] {b}, new int[] {1}).condition()).isEqualTo(Condition.RANGE);
            assertThat(check(new byte[] {b}, new int[] {-1}).condition()).isEqualTo(Condition.RANGE);
            assertThat(check(new byte[] {b}, new int[0]).condition()).isEqualTo(Condition.ENTRY_COUNT);
        }
    }

    @Test
    void twoBytes() {
        assertThat(check(bytes("ab"), new int[] {0, 1})).isEqualTo(Verdict.OK);
        assertThat(check(bytes("ba"), new int[] {1, 0})).isEqualTo(Verdict.OK);
        assertThat(check(bytes("aa"), new int[] {1, 0})).isEqualTo(Verdict.OK);
        assertThat(check(bytes("aa"), new int[] {0, 1}).isOk()).isFalse();
        assertThat(check(bytes("aa"), new int[] {0, 0}).isOk()).isFalse();
        assertThat(check(bytes("aa"), new int[] {1, 1}).isOk()).isFalse();
        assertThat(check(new byte[] {(byte) 0xFF, 0}, new int[] {1, 0})).isEqualTo(Verdict.OK);
        assertThat(check(new byte[] {0, (byte) 0xFF}, new int[] {0, 1})).isEqualTo(Verdict.OK);
    }

    @Test
    void textsOfZeroAndFfBytesMatchBruteForce() {
        final Random r = new Random(8);
        for (int rep = 0; rep < 200; rep++) {
            final byte[] t = new byte[1 + r.nextInt(300)];
            for (int i = 0; i < t.length; i++) {
                t[i] = (byte) (r.nextInt(3) == 0 ? 0xFF : r.nextInt(5) == 0 ? 0x80 : 0x00);
            }
            final int[] sa = SuffixSorting.bruteForce(t);
            assertThat(check(t, sa)).isEqualTo(Verdict.OK);
            final int i = r.nextInt(t.length);
            final int j = r.nextInt(t.length);
            if (i != j) {
                final int[] wrong = sa.clone();
                wrong[i] = sa[j];
                wrong[j] = sa[i];
                assertThat(check(t, wrong).isOk()).isFalse();
            }
        }
    }

    @Test
    void singleLetterTexts() {
        for (final byte letter : new byte[] {0, 'a', (byte) 0xFF}) {
            final int n = 100_000;
            final byte[] t = new byte[n];
            Arrays.fill(t, letter);
            final int[] sa = new int[n];
            for (int i = 0; i < n; i++) {
                sa[i] = n - 1 - i;
            }
            assertThat(check(t, sa)).isEqualTo(Verdict.OK);
            assertThat(SuffixArrayChecker.parallel(3).check(t, sa)).isEqualTo(Verdict.OK);
            final int[] ascending = new int[n];
            for (int i = 0; i < n; i++) {
                ascending[i] = i;
            }
            final Verdict v = check(t, ascending);
            assertThat(v.condition()).isEqualTo(Condition.LAST_SUFFIX);
            assertThat(v.index()).isZero();
        }
    }

    @Test
    void longEntriesAreCheckedLikeIntEntries() {
        final byte[] t = bytes("mississippi");
        final int[] sa = SuffixSorting.bruteForce(t);
        assertThat(SEQUENTIAL.check(t, Arrays.stream(sa).asLongStream().toArray())).isEqualTo(Verdict.OK);
        final long[] wrong = Arrays.stream(sa).asLongStream().toArray();
        wrong[3] = 1L << 40;
        final Verdict v = SEQUENTIAL.check(t, wrong);
        assertThat(v.condition()).isEqualTo(Condition.RANGE);
        assertThat(v.entry()).isEqualTo(1L << 40);
    }

    // banana: SA = [5, 3, 1, 0, 4, 2]; buckets a = [0, 3), b = [3, 4), n = [4, 6).

    @Test
    void rangeVerdict() {
        final Verdict v = check(bytes("banana"), new int[] {9, 3, 1, 0, 4, 2});
        assertThat(v.condition()).isEqualTo(Condition.RANGE);
        assertThat(v.index()).isZero();
        assertThat(v.entry()).isEqualTo(9);
        assertThat(v.expected()).isEqualTo(6);
        assertThat(v.line()).isEqualTo("FAIL: range at index 0: SA[0] = 9 is not in [0, 6)");
        // An entry out of range that an earlier index reads as its predecessor's place is an order failure there.
        final Verdict earlier = check(bytes("banana"), new int[] {5, 3, 1, 0, 4, 7});
        assertThat(earlier.condition()).isEqualTo(Condition.ORDER);
        assertThat(earlier.index()).isEqualTo(1);
        assertThat(earlier.relatedIndex()).isEqualTo(5);
    }

    @Test
    void firstCharacterVerdict() {
        final Verdict v = check(bytes("banana"), new int[] {5, 3, 0, 1, 4, 2});
        assertThat(v.condition()).isEqualTo(Condition.FIRST_CHARACTER);
        assertThat(v.index()).isEqualTo(2);
        assertThat(v.expected()).isEqualTo('a');
        assertThat(v.actual()).isEqualTo('b');
        assertThat(v.line()).isEqualTo(
                "FAIL: first character at index 2: suffix SA[2] = 0 starts with 'b' but index 2 is in the bucket of 'a' [0, 3)");
    }

    @Test
    void firstCharacterVerdictCatchesWrongCountsEvenIfSorted() {
        // First characters are non-decreasing (a, a, b) but the text has one 'a' and two 'b's.
        final Verdict v = check(bytes("abb"), new int[] {0, 0, 2});
        assertThat(v.condition()).isEqualTo(Condition.FIRST_CHARACTER);
        assertThat(v.index()).isEqualTo(1);
    }

    @Test
    void lastSuffixVerdict() {
        final Verdict v = check(bytes("banana"), new int[] {3, 5, 1, 0, 4, 2});
        assertThat(v.condition()).isEqualTo(Condition.LAST_SUFFIX);
        assertThat(v.index()).isZero();
        assertThat(v.expected()).isEqualTo(5);
        assertThat(v.actual()).isEqualTo(3);
        assertThat(v.line()).isEqualTo("FAIL: last suffix at index 0: SA[0] = 3 but suffix 5 (the single character 'a')"
                + " must be first in its bucket, at index 0");
    }

    @Test
    void orderVerdict() {
        final Verdict v = check(bytes("banana"), new int[] {5, 1, 3, 0, 4, 2});
        assertThat(v.condition()).isEqualTo(Condition.ORDER);
        assertThat(v.index()).isEqualTo(4);
        assertThat(v.relatedIndex()).isEqualTo(1);
        assertThat(v.expected()).isEqualTo(3);
        assertThat(v.actual()).isEqualTo(1);
        assertThat(v.line()).isEqualTo("FAIL: suffix order at index 4: SA[4] = 4 so suffix 3 must be at index 1,"
                + " the next free index of the bucket of 'a', but SA[1] = 1");
    }

    @Test
    void orderVerdictWhenTheBucketIsFull() {
        final Verdict v = check(bytes("aba"), new int[] {2, 2, 1});
        assertThat(v.condition()).isEqualTo(Condition.ORDER);
        assertThat(v.index()).isEqualTo(1);
        assertThat(v.relatedIndex()).isEqualTo(-1);
        assertThat(v.line()).isEqualTo("FAIL: suffix order at index 1: SA[1] = 2 so suffix 1 must come next in the bucket"
                + " of 'b' [2, 3), which has no free index left");
    }

    @Test
    void nonPrintableBytesAreShownInHex() {
        final Verdict v = check(new byte[] {(byte) 0xFF, 0x00}, new int[] {0, 1});
        assertThat(v.message()).contains("0xff").contains("0x00");
    }

    /** Implementations that define only the per-element methods get the interfaces' default bulk methods. */
    @Test
    void minimalImplementationsWorkThroughTheDefaultBulkMethods() {
        final byte[] t = Texts.sourceLike(50_000, 3);
        final int[] sa = SuffixSorting.prefixDoubling(t);
        final ByteSequence text = new ByteSequence() {
            @Override
            public long length() {
                return t.length;
            }

            @Override
            public int byteAt(final long index) {
                return t[(int) index] & 0xFF;
            }
        };
        final IndexSequence entries = new IndexSequence() {
            @Override
            public long length() {
                return sa.length;
            }

            @Override
            public long valueAt(final long index) {
                return sa[(int) index];
            }
        };
        assertThat(SEQUENTIAL.check(text, entries)).isEqualTo(Verdict.OK);
        assertThat(new SuffixArrayChecker(3, 1000).check(text, entries)).isEqualTo(Verdict.OK);
        final int[] wrong = sa.clone();
        wrong[0] = -5;
        wrong[30_000] = t.length;
        final Verdict expected = SEQUENTIAL.check(t, wrong);
        final IndexSequence wrongEntries = new IndexSequence() {
            @Override
            public long length() {
                return wrong.length;
            }

            @Override
            public long valueAt(final long index) {
                return wrong[(int) index];
            }
        };
        assertThat(SEQUENTIAL.check(text, wrongEntries)).isEqualTo(expected);
        assertThat(new SuffixArrayChecker(3, 1000).check(text, wrongEntries)).isEqualTo(expected);
    }

    @Test
    void checkersReportTheirThreads() {
        assertThat(SuffixArrayChecker.sequential().threads()).isEqualTo(1);
        assertThat(SuffixArrayChecker.parallel(7).threads()).isEqualTo(7);
        assertThat(SuffixArrayChecker.parallel().threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    /** Checks sequentially and in blocks of three on two threads; both must agree. */
    private static Verdict check(final byte[] t, final int[] sa) {
        final Verdict v = SEQUENTIAL.check(t, sa);
        assertThat(PARALLEL.check(t, sa)).isEqualTo(v);
        return v;
    }

    private static byte[] bytes(final String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
