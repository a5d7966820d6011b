package org.gpumatch.suffixarray;

/** The suffix array kit on the planning CPU builder with two threads (kit texts are short: the plan picks SA-IS). */
class CpuSuffixArrayBuilderConformanceTest extends SuffixArrayBuilderConformanceTest {
    @Override
    protected SuffixArrayBuilder createBuilder() {
        return new CpuSuffixArrayBuilder(2);
    }
}
