package org.gpumatch.gpu.primitives;

import java.util.Random;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * Every scan, select and compaction entry point of gpu-core on every size from 0 to 1100 (one density per size,
 * cycling through {@link PrimitivesStressKit#DENSITIES}; the sorts on every seventh size) and every entry point on the
 * chunk, work-group and level boundaries with every density, twice over, on the same instances in the JVM the rest of the module's tests ran in. Guards against state a
 * call leaves behind on the device (the intermittent select of issue 21: a grand total that a garbage collection
 * between two launches reset to a stale value).
 */
class PrimitivesStressTest {
    /** Sizes around the chunk (16), the work-group (256 x 16) and the second chunk level. */
    static final int[] BOUNDARIES = {0, 1, 2, 15, 16, 17, 31, 33, 255, 256, 257, 271, 272, 273, 1023, 1024, 1025,
        4095, 4096, 4097, 4111};

    @Test
    void everySizeTo1100AndEveryBoundaryTwice() {
        Random r = new Random(21);
        try (PrimitivesStressKit kit = new PrimitivesStressKit(TestDevices.openCl())) {
            for (int round = 0; round < 2; round++) {
                for (int n = 0; n <= 1100; n++) {
                    int density = PrimitivesStressKit.DENSITIES[(n + round) % PrimitivesStressKit.DENSITIES.length];
                    kit.checkAll(r, n, density, n % 7 == round); // the sorts on every seventh size
                }
                for (int n : BOUNDARIES) {
                    for (int density : PrimitivesStressKit.DENSITIES) {
                        kit.checkAll(r, n, density);
                    }
                }
            }
        }
    }
}
