package org.gpumatch.gpu.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Kernels in Java threads get a thread per work-item of their largest group ({@link JavaThreadPool}): Aparapi's own
 * pool has as many workers as the host has processors and left a group of 8 waiting at a barrier on a 2-core machine.
 */
class JavaThreadPoolTest {
    @Test
    void groupsWiderThanTheProcessorsPassTheirBarriersEveryTime() {
        int group = 4 * Runtime.getRuntime().availableProcessors() + 4;
        int groups = 3;
        int rounds = 5;
        java.util.concurrent.ForkJoinPool pool;
        try (GuardedKernel<NeighbourKernel> k = new GuardedKernel<>(new NeighbourKernel(groups * group, group, rounds),
                ComputeDevice.JAVA_THREADS, group)) {
            for (int launch = 0; launch < 40; launch++) {
                java.util.Arrays.fill(k.kernel().out, -1);
                k.launch(groups, group);
                for (int i = 0; i < groups * group; i++) {
                    int base = i - i % group;
                    assertThat(k.kernel().out[i]).as("launch %d item %d", launch, i)
                            .isEqualTo(base + (i % group + rounds) % group);
                }
            }
            pool = JavaThreadPool.poolOf(k.kernel());
            assertThat(pool.getParallelism()).isGreaterThanOrEqualTo(group);
            assertThat(pool.isShutdown()).isFalse();
        }
        assertThat(pool.isShutdown()).as("close() ends the pool's workers").isTrue();
    }
}
