package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;

import org.gpumatch.checker.SuffixArrayChecker;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GpuPartitionedBuildTest {
    private GpuPrefixDoublingBuilder gpu;
    private final SaisBuilder sais = new SaisBuilder();

    @BeforeAll
    void open() {
        gpu = new GpuPrefixDoublingBuilder(TestDevices.openCl(), 64, 4, 16, 12, 3000, 3000);
    }

    @AfterAll
    void close() {
        if (gpu != null) {
            gpu.close();
        }
    }

    private void assertBuilds(String what, byte[] text) {
        long t0 = System.nanoTime();
        int[] sa = gpu.build(text);
        System.err.printf("%s n=%d partitions %d rounds %d: %.0f ms%n", what, text.length, gpu.lastPartitions(),
                gpu.lastRounds(), (System.nanoTime() - t0) / 1e6);
        assertThat(sa).as("%s n=%d", what, text.length).isEqualTo(sais.build(text));
        assertThat(SuffixArrayChecker.parallel().check(text, sa).line()).as(what).isEqualTo("OK");
    }

    @Test
    void randomTexts() {
        assertBuilds("random 256", HardTexts.random(20_000, 256, 1));
        assertBuilds("random 26", HardTexts.random(30_000, 26, 2));
        assertBuilds("random 4", HardTexts.random(30_000, 4, 3));
    }
}
