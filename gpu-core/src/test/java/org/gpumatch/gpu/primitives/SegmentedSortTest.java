package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The segmented sort on OpenCL against {@link SortReference#segmentedSortU32}: values carry the original index, so an
 * exact match also checks stability. Many tiny segments (small path only), one huge segment and mixed lengths (large
 * path), single-element segments, n = 0, 1, 2, work-group non-multiples, equal and top-bit-set keys.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SegmentedSortTest {
    /** Work-groups of 32, large path by tiles of 4-bit digits and 4 items per work-item, small segments up to 8. */
    private GpuSegmentedSorter sorter;
    /** The same with the large path's radix sort by per-work-item chunks of 4. */
    private GpuSegmentedSorter chunkSorter;

    @BeforeAll
    void open() {
        sorter = new GpuSegmentedSorter(TestDevices.openCl(), 32, 4, 4, 8);
        chunkSorter = new GpuSegmentedSorter(TestDevices.openCl(), RadixSortAlgorithm.CHUNK, 32, 4, 4, 8);
    }

    @AfterAll
    void close() {
        if (sorter != null) {
            sorter.close();
        }
        if (chunkSorter != null) {
            chunkSorter.close();
        }
    }

    /** Heads of segments whose lengths are drawn from {@code [minLen, maxLen]}. */
    static int[] heads(Random r, int n, int minLen, int maxLen) {
        int[] heads = new int[n];
        for (int i = 0; i < n; i += minLen + r.nextInt(maxLen - minLen + 1)) {
            heads[i] = 1 + r.nextInt(3); // any non-zero flag starts a segment
        }
        return heads;
    }

    static int[] keys(Random r, int n) {
        int shape = r.nextInt(3);
        return shape == 0 ? r.ints(n).toArray() : shape == 1 ? r.ints(n, 0, 3).map(x -> x << 30).toArray()
                : r.ints(n, 0, 5).toArray();
    }

    private boolean check(int[] keys, int[] heads, String what) {
        return check(sorter, keys, heads, what);
    }

    private static boolean check(GpuSegmentedSorter sorter, int[] keys, int[] heads, String what) {
        int[] values = IntStream.range(0, keys.length).toArray();
        int[] expectedKeys = keys.clone();
        int[] expectedValues = values.clone();
        SortReference.segmentedSortU32(expectedKeys, expectedValues, heads);
        sorter.sortPairs(keys, values, heads);
        RadixSortTest.assertSameInts(keys, expectedKeys, "keys " + what);
        RadixSortTest.assertSameInts(values, expectedValues, "values " + what);
        return sorter.lastUsedLargePath();
    }

    @Test
    void manyTinySegmentsTakeTheSmallPath() {
        Random r = new Random(1);
        for (int n : new int[] {0, 1, 2, 31, 33, 1000, 100_003}) {
            assertThat(check(keys(r, n), heads(r, n, 2, 8), "tiny n=" + n)).as("large path n=" + n).isFalse();
        }
        int n = 4099;
        assertThat(check(keys(r, n), heads(r, n, 1, 1), "single-element segments")).isFalse();
    }

    @Test
    void hugeAndMixedSegmentsTakeTheLargePath() {
        Random r = new Random(2);
        for (int n : new int[] {9, 257, 5000, 70_001}) {
            assertThat(check(keys(r, n), new int[n], "one segment n=" + n)).as("large path n=" + n).isTrue();
            assertThat(check(chunkSorter, keys(r, n), new int[n], "chunks, one segment n=" + n)).isTrue();
            if (n < 100) {
                continue; // too short for a long segment among short ones
            }
            int[] mixed = heads(r, n, 1, 12);
            mixed[n / 2] = 1;
            for (int i = n / 2 + 1; i < Math.min(n, n / 2 + 40); i++) {
                mixed[i] = 0; // one long segment among short ones
            }
            assertThat(check(keys(r, n), mixed, "mixed n=" + n)).isTrue();
        }
    }

    @Test
    void residentUseSortsOnTheDevice() {
        Random r = new Random(3);
        int n = 3000;
        int[] keys = keys(r, n);
        int[] values = IntStream.range(0, n).toArray();
        int[] heads = heads(r, n, 1, 50);
        int[] ek = keys.clone();
        int[] ev = values.clone();
        SortReference.segmentedSortU32(ek, ev, heads);
        sorter.load(keys, values, heads).sortLoaded();
        sorter.download();
        RadixSortTest.assertSameInts(keys, ek, "keys");
        RadixSortTest.assertSameInts(values, ev, "values");
    }

    /** The small path alone: short segments sorted, a long one left as it was, and the answer says so. */
    @Test
    void smallPathAloneLeavesLongSegmentsUntouched() {
        Random r = new Random(4);
        int n = 1001;
        int[] heads = heads(r, n, 1, 8);
        heads[500] = 1;
        for (int i = 501; i < 530; i++) {
            heads[i] = 0; // one segment of at least 30 elements, longer than maxSmall = 8
        }
        heads[530] = 1;
        int[] keys = keys(r, n);
        int[] values = IntStream.range(0, n).toArray();
        int[] ek = keys.clone();
        int[] ev = values.clone();
        SortReference.segmentedSortU32(ek, ev, heads);
        try (GuardedKernel<RadixSortPipeline> launcher = new GuardedKernel<>(new RadixSortPipeline(),
                TestDevices.openCl(), 32)) {
            DeviceSegmentedSort sort = new DeviceSegmentedSort(launcher, new DeviceRadixSort(launcher), 8);
            RadixSortPipeline k = launcher.kernel();
            k.keys32 = keys.clone();
            k.values = values.clone();
            k.heads = heads;
            k.put(k.keys32).put(k.values).put(k.heads);
            assertThat(sort.sortSmallSegments(RadixSortPipeline.SLOT_SEGMENTED, n, k.keys32, k.values)).isFalse();
            k.get(k.keys32).get(k.values);
            for (int i = 0; i < n; i++) {
                boolean inLong = i >= 500 && i < 530;
                assertThat(k.keys32[i]).as("key %d", i).isEqualTo(inLong ? keys[i] : ek[i]);
                assertThat(k.values[i]).as("value %d", i).isEqualTo(inLong ? values[i] : ev[i]);
            }
            heads[508] = 1; // now every segment has at most 8 elements
            heads[516] = 1;
            heads[524] = 1;
            ek = keys.clone();
            ev = values.clone();
            SortReference.segmentedSortU32(ek, ev, heads);
            k.keys32 = keys.clone();
            k.values = values.clone();
            k.put(k.keys32).put(k.values).put(k.heads);
            assertThat(sort.sortSmallSegments(RadixSortPipeline.SLOT_SEGMENTED, n, k.keys32, k.values)).isTrue();
            k.get(k.keys32).get(k.values);
            RadixSortTest.assertSameInts(k.keys32, ek, "keys");
            RadixSortTest.assertSameInts(k.values, ev, "values");
        }
    }

    @Test
    void badInputIsRejected() {
        assertThatThrownBy(() -> sorter.sortPairs(new int[4], new int[4], new int[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lengths differ");
        assertThatThrownBy(() -> sorter.sortPairs(new int[4], null, new int[4]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("null");
        assertThatThrownBy(() -> new GpuSegmentedSorter(TestDevices.openCl(), 32, 4, 4, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxSmall");
    }
}
