package org.gpumatch.gpu.primitives.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The example pipeline on OpenCL against a sequential dense rank: sizes around the work-group and chunk, key shapes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DenseRankTest {
    private DenseRank pipeline;

    @BeforeAll
    void open() {
        pipeline = new DenseRank(TestDevices.openCl());
    }

    @AfterAll
    void close() {
        if (pipeline != null) {
            pipeline.close();
        }
    }

    private void assertRanks(int[] values, String what) {
        int[] distinct = Arrays.stream(values).distinct().sorted().toArray();
        int[] ranks = Arrays.stream(values).map(v -> Arrays.binarySearch(distinct, v)).toArray();
        DenseRank.Result got = pipeline.rank(values);
        assertThat(got.distinct()).as(what + ": distinct").isEqualTo(distinct);
        assertThat(got.ranks()).as(what + ": ranks").isEqualTo(ranks);
    }

    @Test
    void ranksEveryShapeAndSize() {
        Random r = new Random(5);
        for (int n : new int[] {0, 1, 2, 15, 16, 17, 255, 256, 257, 4095, 4097, 100_003}) {
            assertRanks(r.ints(n).toArray(), "random n=" + n);
            assertRanks(r.ints(n, -3, 3).toArray(), "few distinct with negatives n=" + n);
            assertRanks(IntStream.range(0, n).map(i -> 42).toArray(), "all equal n=" + n);
            assertRanks(IntStream.range(0, n).map(i -> i - n / 2).toArray(), "sorted n=" + n);
            assertRanks(IntStream.range(0, n).map(i -> n - i).toArray(), "reverse sorted n=" + n);
            assertRanks(IntStream.range(0, n).map(i -> i % 2 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE).toArray(),
                    "extremes n=" + n);
        }
    }
}
