package org.gpumatch.suffixarray;

/** The suffix array kit on the parallel CPU prefix-doubling sorter with three threads (uneven thread ranges). */
class ParallelSuffixSorterConformanceTest extends SuffixArrayBuilderConformanceTest {
    @Override
    protected SuffixArrayBuilder createBuilder() {
        return new ParallelSuffixSorter(3);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {8, 64, 256};
    }
}
