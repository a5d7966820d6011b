package org.gpumatch.suffixarray;

/** The suffix array kit on SA-IS, one thread; LMS naming blocks of 256. */
class SaisBuilderConformanceTest extends SuffixArrayBuilderConformanceTest {
    @Override
    protected SuffixArrayBuilder createBuilder() {
        return new SaisBuilder();
    }

    @Override
    protected int[] boundaries() {
        return new int[] {256, 512, 1024};
    }
}
