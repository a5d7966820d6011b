package org.gpumatch.kmismatch;

import org.gpumatch.api.conformance.KMismatchConformanceTest;
import org.gpumatch.api.kmismatch.KMismatchMatcher;

/** The k-mismatch kit for the multi-core CPU peer (slices of 16384 windows). */
class CpuKMismatchConformanceTest extends KMismatchConformanceTest {
    @Override
    protected KMismatchMatcher createMatcher() {
        return new CpuKMismatchMatcher(2);
    }

    @Override
    protected int[] boundaries() {
        return new int[] {64, 16384};
    }
}
