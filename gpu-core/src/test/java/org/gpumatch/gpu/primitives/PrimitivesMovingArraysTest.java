package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.Random;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * The stress kit with a full garbage collection before every launch under the Serial collector (gpu-core's
 * {@code moving-arrays} surefire execution sets {@code -XX:+UseSerialGC -Dgpumatch.test.collectBeforeLaunch=true}): the
 * kernels' small arrays move between every two launches, which Aparapi's explicit mode answers by rebuilding their
 * device buffers from the host copies. Every primitive must stay exact then; before the race fix of issue 21 the
 * select's count came back stale here on every run.
 */
class PrimitivesMovingArraysTest {
    @Test
    void exactWhileArraysMoveBetweenLaunches() {
        assumeThat(Boolean.getBoolean("gpumatch.test.collectBeforeLaunch"))
                .as("runs in the moving-arrays execution (-Dgpumatch.test.collectBeforeLaunch=true)").isTrue();
        Random r = new Random(22);
        try (PrimitivesStressKit kit = new PrimitivesStressKit(TestDevices.openCl())) {
            int[] sizes = PrimitivesStressTest.BOUNDARIES;
            for (int i = 0; i < sizes.length; i++) {
                kit.checkAll(r, sizes[i], i % 2 == 0 ? 1 : 50); // a sparse call, then a dense one of the next size
            }
        }
    }
}
