package org.gpumatch.kmismatch.gpu;

import org.gpumatch.api.conformance.KMismatchConformanceTest;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.gpu.runtime.TestDevices;

/** The k-mismatch kit through the planner on OpenCL. */
class AutoKMismatchConformanceTest extends KMismatchConformanceTest {
    @Override
    protected KMismatchMatcher createMatcher() {
        return new AutoKMismatchMatcher(TestDevices.openCl());
    }
}
