package org.gpumatch.checker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real suffix arrays of multi-megabyte texts, unmutated (must pass) and mutated (must fail), in sequential mode and in
 * two parallel configurations that must return the same verdict. The suffix array is unique, so every mutation that
 * changes the array must be rejected.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MutationTest {
    private static final int N = 3 << 20;
    private static final int REPEATS = 10;

    private static final SuffixArrayChecker SEQUENTIAL = SuffixArrayChecker.sequential();
    private static final SuffixArrayChecker PARALLEL = SuffixArrayChecker.parallel(4);
    private static final SuffixArrayChecker MANY_BLOCKS = new SuffixArrayChecker(3, 4099);

    private final Case[] cases = {
        new Case("dna-like", Texts.dnaLike(N, 11)),
        new Case("random-256", Texts.randomBytes(N, 12)),
        new Case("periodic-7", Texts.periodic(N, 7, 13)),
        new Case("source-like", Texts.sourceLike(N, 14)),
    };

    Stream<Arguments> cases() {
        return Arrays.stream(cases).map(c -> Arguments.of(c.name, c));
    }

    Stream<Arguments> casesAndMutations() {
        return Arrays.stream(cases).flatMap(c -> Arrays.stream(Mutation.values()).map(m -> Arguments.of(c.name, m, c)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void unmutatedSuffixArrayPasses(final String name, final Case c) {
        for (final SuffixArrayChecker checker : new SuffixArrayChecker[] {SEQUENTIAL, PARALLEL, MANY_BLOCKS}) {
            assertThat(checker.check(c.text, c.sa)).isEqualTo(Verdict.OK);
        }
        final long[] wide = Arrays.stream(c.sa).asLongStream().toArray();
        assertThat(PARALLEL.check(c.text, wide)).isEqualTo(Verdict.OK);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("casesAndMutations")
    void mutatedSuffixArrayFailsTheSameWayInEveryMode(final String name, final Mutation mutation, final Case c) {
        final Random random = new Random(name.hashCode() * 31L + mutation.ordinal());
        for (int rep = 0; rep < REPEATS; rep++) {
            final int[] wrong = mutation.apply(c.sa, c.text, random);
            assertThat(wrong).isNotEqualTo(c.sa);
            final Verdict sequential = SEQUENTIAL.check(c.text, wrong);
            assertThat(sequential.isOk()).as("%s accepted after %s", name, mutation).isFalse();
            mutation.expectCondition(sequential);
            assertThat(PARALLEL.check(c.text, wrong)).isEqualTo(sequential);
            assertThat(MANY_BLOCKS.check(c.text, wrong)).isEqualTo(sequential);
        }
    }

    @Test
    void testSuffixArraysAreSortedOnSampledAdjacentPairs() {
        final Random random = new Random(5);
        for (final Case c : cases) {
            if (c.name.startsWith("periodic")) {
                continue; // adjacent suffixes share ~n bytes; the prefix-doubling oracle is tested on small inputs
            }
            for (int s = 0; s < 2000; s++) {
                final int k = random.nextInt(N - 1);
                assertThat(Arrays.compareUnsigned(c.text, c.sa[k], N, c.text, c.sa[k + 1], N)).isNegative();
            }
        }
    }

    /** A text and its suffix array, built once. */
    static final class Case {
        final String name;
        final byte[] text;
        final int[] sa;

        Case(final String name, final byte[] text) {
            this.name = name;
            this.text = text;
            this.sa = SuffixSorting.prefixDoubling(text);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Ways to damage a suffix array; each returns a changed copy. */
    enum Mutation {
        SWAP_INSIDE_BUCKET {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                while (true) {
                    final int i = r.nextInt(sa.length);
                    final int[] bucket = bucketOf(sa, t, i);
                    if (bucket[1] - bucket[0] > 1) {
                        int j;
                        do {
                            j = bucket[0] + r.nextInt(bucket[1] - bucket[0]);
                        } while (j == i);
                        return swapped(sa, i, j);
                    }
                }
            }
        },
        SWAP_ADJACENT {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                final int i = r.nextInt(sa.length - 1);
                return swapped(sa, i, i + 1);
            }
        },
        SWAP_ACROSS_BUCKETS {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                while (true) {
                    final int i = r.nextInt(sa.length);
                    final int j = r.nextInt(sa.length);
                    if (t[sa[i]] != t[sa[j]]) {
                        return swapped(sa, i, j);
                    }
                }
            }
        },
        DUPLICATE_ENTRY {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                final int[] m = sa.clone();
                final int i = r.nextInt(sa.length);
                final int j = r.nextBoolean() ? (i + 1) % sa.length : r.nextInt(sa.length);
                m[j == i ? (i + 1) % sa.length : j] = sa[i];
                return m;
            }
        },
        OFF_BY_ONE {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                final int[] m = sa.clone();
                final int i = r.nextInt(sa.length);
                m[i] += r.nextBoolean() ? 1 : -1;
                return m;
            }
        },
        OUT_OF_RANGE {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                final int[] m = sa.clone();
                final int[] bad = {-1, sa.length, sa.length + 1, Integer.MIN_VALUE, Integer.MAX_VALUE};
                m[r.nextInt(sa.length)] = bad[r.nextInt(bad.length)];
                return m;
            }
        },
        MOVE_SUFFIX {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                final int from = r.nextInt(sa.length);
                int to = r.nextBoolean() ? from + r.nextInt(5) - 2 : r.nextInt(sa.length);
                to = Math.max(0, Math.min(sa.length - 1, to == from ? from + 1 : to));
                if (to == from) {
                    to = from - 1;
                }
                final int[] m = sa.clone();
                final int moved = sa[from];
                if (from < to) {
                    System.arraycopy(sa, from + 1, m, from, to - from);
                } else {
                    System.arraycopy(sa, to, m, to + 1, from - to);
                }
                m[to] = moved;
                return m;
            }
        },
        REVERSE_RUN {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                final int len = 2 + r.nextInt(30);
                final int from = r.nextInt(sa.length - len);
                final int[] m = sa.clone();
                for (int k = 0; k < len; k++) {
                    m[from + k] = sa[from + len - 1 - k];
                }
                return m;
            }
        },
        TRUNCATE {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                return Arrays.copyOf(sa, sa.length - 1 - r.nextInt(3));
            }

            @Override
            void expectCondition(final Verdict v) {
                assertThat(v.condition()).isEqualTo(Condition.ENTRY_COUNT);
                assertThat(v.index()).isEqualTo(v.actual());
            }
        },
        EXTEND {
            @Override
            int[] apply(final int[] sa, final byte[] t, final Random r) {
                final int[] m = Arrays.copyOf(sa, sa.length + 1);
                m[sa.length] = r.nextInt(sa.length);
                return m;
            }

            @Override
            void expectCondition(final Verdict v) {
                assertThat(v.condition()).isEqualTo(Condition.ENTRY_COUNT);
                assertThat(v.index()).isEqualTo(v.expected());
            }
        };

        abstract int[] apply(int[] sa, byte[] t, Random r);

        void expectCondition(final Verdict v) {
            assertThat(v.condition()).isNotEqualTo(Condition.ENTRY_COUNT);
        }

        private static int[] swapped(final int[] sa, final int i, final int j) {
            final int[] m = sa.clone();
            m[i] = sa[j];
            m[j] = sa[i];
            return m;
        }

        /** @return {@code [start, end)} of the bucket holding index i of a correct suffix array */
        private static int[] bucketOf(final int[] sa, final byte[] t, final int i) {
            int start = i;
            while (start > 0 && t[sa[start - 1]] == t[sa[i]]) {
                start--;
            }
            int end = i + 1;
            while (end < sa.length && t[sa[end]] == t[sa[i]]) {
                end++;
            }
            return new int[] {start, end};
        }
    }
}
