package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * The old chain's {@link DeviceSegmentedSort} small path, which the suffix-array builder still uses until it moves
 * onto the grid layer ({@link GridDriver#segmentedSort}); deleted with the old chain.
 */
class DeviceSegmentedSortTest {
    static int[] keys(Random r, int n) {
        return SegmentedSortTest.keys(r, n);
    }

    static int[] heads(Random r, int n, int minLen, int maxLen) {
        return SegmentedSortTest.heads(r, n, minLen, maxLen);
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

}
