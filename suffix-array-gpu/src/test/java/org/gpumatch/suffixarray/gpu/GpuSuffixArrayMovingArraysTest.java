package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.List;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.NaiveLcp;
import org.gpumatch.suffixarray.SaisBuilder;
import org.junit.jupiter.api.Test;

/**
 * The GPU suffix array and LCP builders with a full garbage collection before every launch (suffix-array's
 * {@code moving-arrays} surefire execution sets {@code -Dgpumatch.test.collectBeforeLaunch=true} and a small young
 * generation): the kernels' small arrays (the builder's state, the grid's result, and at these sizes the working
 * arrays themselves) move between launches and Aparapi rebuilds their buffers from the host copies, which
 * GuardedKernel keeps current by downloading them after every launch. Every kind of round must stay exact: small
 * buckets, the segmented sort, LSD, chain rounds, partitioned builds, arrays kept for the next build.
 */
class GpuSuffixArrayMovingArraysTest {
    @Test
    void exactWhileArraysMoveBetweenLaunches() {
        assumeThat(Boolean.getBoolean("gpumatch.test.collectBeforeLaunch"))
                .as("runs in the moving-arrays execution (-Dgpumatch.test.collectBeforeLaunch=true)").isTrue();
        SaisBuilder sais = new SaisBuilder();
        byte[] blocks = HardTexts.random(40_000, 26, 5);
        byte[] large = HardTexts.random(15, 4, 7);
        for (int c = 0; c < 120; c++) {
            System.arraycopy(large, 0, blocks, c * 300 + 7 * (c % 13), large.length);
        }
        List<byte[]> texts = List.of(HardTexts.random(3000, 4, 1), blocks, HardTexts.tandem(6000, 7, 2),
                HardTexts.repeated(3000, 'a'), HardTexts.doubled(HardTexts.random(2000, 2, 3)),
                HardTexts.random(2500, 256, 4));
        try (GpuPrefixDoublingBuilder gpu = new GpuPrefixDoublingBuilder(TestDevices.openCl(), 64, 3)
                .withBufferCreation(BufferCreation.COPY);
             GpuPrefixDoublingBuilder split = new GpuPrefixDoublingBuilder(TestDevices.openCl(), 64, 3, 12, 3000,
                     3000).withBufferCreation(BufferCreation.COPY);
             GpuLcpBuilder lcp = new GpuLcpBuilder(TestDevices.openCl(), 64, 16, 8, BufferCreation.COPY)) {
            for (byte[] text : texts) {
                int[] expected = sais.build(text);
                assertThat(gpu.build(text)).as("whole n=%d", text.length).isEqualTo(expected);
                assertThat(lcp.build(text, expected)).isEqualTo(NaiveLcp.of(text, expected));
            }
            assertThat(gpu.lastReusedArrays()).isTrue();
            byte[] parted = HardTexts.random(9000, 3, 6);
            assertThat(split.build(parted)).isEqualTo(sais.build(parted));
            assertThat(split.lastPartitions()).isGreaterThan(1);
        }
    }
}
