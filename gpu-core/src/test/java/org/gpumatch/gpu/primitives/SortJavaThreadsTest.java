package org.gpumatch.gpu.primitives;

import java.util.Random;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.junit.jupiter.api.Test;

/**
 * The grid's radix sort (work-groups of 8, tiles of 128) and segmented sort in Aparapi's
 * Java thread pool (the {@code --device java} path) agree with the reference.
 */
class SortJavaThreadsTest {
    @Test
    void javaThreadsMatchTheReference() {
        Random r = new Random(11);
        try (GpuArraySorter sorter = new GpuArraySorter(ComputeDevice.JAVA_THREADS, 8);
             GpuSegmentedSorter segmented = new GpuSegmentedSorter(ComputeDevice.JAVA_THREADS, 8)) {
            for (int n : new int[] {0, 1, 2, 25, 300}) {
                RadixSortTest.checkPairsU32(sorter, r.ints(n, 0, 50).toArray(), 0, 32, "java threads n=" + n);

                int[] keys = r.ints(n, 0, 50).toArray();
                int[] values = IntStream.range(0, n).toArray();
                int[] heads = SegmentedSortTest.heads(r, Math.max(n, 1), 1, 9);
                heads = java.util.Arrays.copyOf(heads, n);
                int[] ek = keys.clone();
                int[] ev = values.clone();
                SortReference.segmentedSortU32(ek, ev, heads);
                segmented.sortPairs(keys, values, heads);
                RadixSortTest.assertSameInts(keys, ek, "java threads segmented keys n=" + n);
                RadixSortTest.assertSameInts(values, ev, "java threads segmented values n=" + n);
            }
        }
    }
}
