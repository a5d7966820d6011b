package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * Select-if on longs at the extremes of the range. Aparapi 3.0.2 emits a Java {@code long} comparison as
 * {@code (x - b) < 0}, which overflows for values more than 2^63 apart; PoCL's compiler folds that back into a
 * comparison (signed overflow is undefined in C), NVIDIA's need not, so the behavioural check alone could pass here
 * and fail on a GPU: the generated OpenCL of the predicate is checked too.
 */
class ExtremeLongPredicateTest {
    private static final long[] EXTREMES = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1,
        Long.MAX_VALUE - 1, 1L << 32, -(1L << 32), 0xFFFF_FFFFL};

    @Test
    void everyComparisonAtTheExtremes() {
        try (GpuArrays gpu = new GpuArrays(TestDevices.openCl())) {
            for (Comparison c : Comparison.values()) {
                for (long operand : EXTREMES) {
                    assertThat(gpu.selectIf(EXTREMES, c, operand)).as("%s %d", c, operand)
                            .isEqualTo(PrimitivesReference.selectIf(EXTREMES, c, operand));
                }
            }
        }
    }

    @Test
    void thePredicateComparesWithoutASubtraction() {
        String source = GuardedKernel.openClSourceOf(new GridLongKernel());
        int start = source.indexOf("GridKernel__compare(");
        assertThat(start).as("the grid's compare in the OpenCL").isPositive();
        String compare = source.substring(start, source.indexOf('}', start));
        assertThat(compare).doesNotContain(" - ");
        for (long x : EXTREMES) {
            for (long b : EXTREMES) {
                assertThat(GridKernel.compare(x, Comparison.LESS.code(), b)).as("%d < %d", x, b).isEqualTo(x < b);
                assertThat(GridKernel.compare(x, Comparison.EQUAL.code(), b)).as("%d == %d", x, b)
                        .isEqualTo(x == b);
            }
        }
    }
}
