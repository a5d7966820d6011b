package org.gpumatch.gpu.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.aparapi.Kernel;
import org.junit.jupiter.api.Test;

/**
 * What a launch writes survives the garbage collector moving the array before the next launch (gpu-core's
 * {@code moving-arrays} execution: G1 with every {@code System.gc()} a young collection and nothing ever tenured, so
 * every small array moves before every launch). Twenty launches each add one to small int and long arrays and to an
 * array that only a method parameter writes (Aparapi's own write analysis misses those); without
 * {@link GuardedKernel}'s download of movable arrays the counts come back as 1.
 */
class LaunchStateMovingArraysTest {
    /** Adds one to every element of its arrays, one work-item per element. */
    static final class Increments extends Kernel {
        int[] ints = new int[64];
        long[] longs = new long[3];
        int[] throughParameter = new int[5];

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < 64) {
                ints[i] += 1;
            }
            if (i < 3) {
                longs[i] += 1;
            }
            addOne(throughParameter, i);
        }

        private void addOne(int[] a, int i) {
            if (i < 5) {
                a[i] += 1;
            }
        }
    }

    @Test
    void twentyLaunchesCountTwentyWhileArraysMove() {
        assumeThat(Boolean.getBoolean("gpumatch.test.collectBeforeLaunch"))
                .as("runs in the moving-arrays execution (-Dgpumatch.test.collectBeforeLaunch=true)").isTrue();
        Increments k = new Increments();
        try (GuardedKernel<Increments> launcher = new GuardedKernel<>(k, TestDevices.openCl(), 64)) {
            k.put(k.ints).put(k.longs).put(k.throughParameter);
            for (int i = 0; i < 20; i++) {
                launcher.launch(1);
            }
            k.get(k.ints).get(k.longs).get(k.throughParameter);
            assertThat(k.ints).containsOnly(20);
            assertThat(k.longs).containsOnly(20L);
            assertThat(k.throughParameter).containsOnly(20);
        }
    }

    @Test
    void theBoundArraysAreTheRunMethodsGlobalArrays() {
        Increments k = new Increments();
        try (GuardedKernel<Increments> launcher = new GuardedKernel<>(k, TestDevices.openCl(), 64)) {
            assertThat(DeviceArrayFields.of(k).names()).containsExactlyInAnyOrder("ints", "longs", "throughParameter");
        }
    }
}
