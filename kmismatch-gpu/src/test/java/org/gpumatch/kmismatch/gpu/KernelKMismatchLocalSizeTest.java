package org.gpumatch.kmismatch.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.KMismatchCases;
import org.gpumatch.api.kmismatch.NaiveKMismatchMatcher;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.junit.jupiter.api.Test;

/** Every kernel variant at work-group sizes other than the default agrees with the oracle (the bench's thread sweep). */
class KernelKMismatchLocalSizeTest {
    private static final KMismatchVariant[] KERNELS = {KMismatchVariant.THREAD, KMismatchVariant.BLOCK_THREAD,
        KMismatchVariant.OPT_BLOCK_THREAD, KMismatchVariant.BIT_PARALLEL};

    @Test
    void otherWorkGroupSizesAgreeWithTheOracle() {
        Random r = new Random(11);
        // 1100 > PATTERN_TILE: opt-block-thread stages two pattern tiles; n not a multiple of any group size
        Text text = Text.wrap(KMismatchCases.randomBytes(r, 5_003, 4));
        Pattern shortP = Pattern.of(KMismatchCases.randomBytes(r, 7, 4));
        Pattern longP = Pattern.of(java.util.Arrays.copyOfRange(text.bytes(), 1_234, 1_234 + 1_100));
        NaiveKMismatchMatcher oracle = new NaiveKMismatchMatcher();
        for (int local : new int[] {32, 1024}) {
            for (KMismatchVariant v : KERNELS) {
                try (KernelKMismatchMatcher g = new KernelKMismatchMatcher(v, TestDevices.openCl(), local)) {
                    assertThat(g.localSize()).as(v + " " + local).isBetween(1, local);
                    assertThat(g.find(text, shortP, 2)).as(v + " wg " + local + " m 7")
                            .isEqualTo(oracle.find(text, shortP, 2));
                    assertThat(g.find(text, longP, 800)).as(v + " wg " + local + " m 1100")
                            .isEqualTo(oracle.find(text, longP, 800));
                    assertThat(g.count(text, longP, 800)).isEqualTo(oracle.count(text, longP, 800));
                }
            }
        }
    }

    @Test
    void theDefaultIsLocalSize() {
        try (KernelKMismatchMatcher g = new KernelKMismatchMatcher(KMismatchVariant.THREAD, TestDevices.openCl())) {
            assertThat(g.localSize()).isEqualTo(KernelKMismatchMatcher.LOCAL_SIZE);
        }
    }

    @Test
    void badWorkGroupSizesAreRejected() {
        for (int bad : new int[] {0, -4, 48, 2048}) {
            assertThatThrownBy(() -> new KernelKMismatchMatcher(KMismatchVariant.THREAD, TestDevices.openCl(), bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("power of two");
        }
    }
}
