package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.LcpArrays;
import org.gpumatch.suffixarray.NaiveLcp;
import org.gpumatch.suffixarray.SaisBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The GPU LCP builder on OpenCL (PoCL in CI) against {@link NaiveLcp}: work-groups of 64, chunks of 16 positions and
 * a cap of 8 bytes, so that sizes around the group (64, 1024 positions per group) and chunk boundaries and the host
 * step for chunk starts in long repeats are all reached by small texts.
 */
class GpuLcpBuilderTest {
    private static GpuLcpBuilder gpu;
    private static GpuLcpBuilder wide;

    @BeforeAll
    static void open() {
        // COPY buffers: on PoCL host pointers are the arrays themselves and would hide a missing get
        gpu = new GpuLcpBuilder(TestDevices.openCl(), 64, 16, 8, BufferCreation.COPY);
        wide = new GpuLcpBuilder(TestDevices.openCl(), 64, 7, 4096, BufferCreation.COPY);
        assertThat(TestDevices.openCl().isOpenCL()).isTrue(); // launches are checked to run there (GuardedKernel)
    }

    @AfterAll
    static void close() {
        gpu.close();
        wide.close();
    }

    private static void assertLcp(String what, byte[] text) {
        int[] sa = new SaisBuilder().build(text);
        int[] expected = NaiveLcp.of(text, sa);
        assertThat(gpu.build(text, sa)).as("%s n=%d", what, text.length).isEqualTo(expected);
        assertThat(wide.build(text, sa)).as("%s n=%d (chunks of 7, no host step)", what, text.length)
                .isEqualTo(expected);
    }

    @Test
    void tinyTexts() {
        assertLcp("empty", new byte[0]);
        assertLcp("one", new byte[] {3});
        assertLcp("banana", "banana".getBytes());
    }

    @Test
    void randomTextsAroundChunkAndGroupBoundaries() {
        for (int n : new int[] {2, 15, 16, 17, 63, 64, 65, 1023, 1024, 1025, 3000}) {
            for (int sigma : new int[] {1, 2, 4, 26, 256}) {
                assertLcp("random sigma " + sigma, HardTexts.random(n, sigma, 7L * n + sigma));
            }
        }
    }

    @Test
    void periodicAllBytesAndOneLetterTexts() {
        for (int n : new int[] {17, 1000, 2049}) {
            for (Map.Entry<String, byte[]> e : HardTexts.hard(n).entrySet()) {
                assertLcp(e.getKey(), e.getValue());
            }
        }
        byte[] all = new byte[256 * 9 + 5];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) (i * 7);
        }
        assertLcp("all 256 byte values, period 256", all);
    }

    @Test
    void longRepeatsGoThroughTheHostStepAndAgreeWithTheCpu() {
        byte[] text = HardTexts.doubled(HardTexts.random(20_001, 4, 5));
        int[] sa = new SaisBuilder().build(text);
        assertThat(gpu.build(text, sa)).isEqualTo(LcpArrays.build(text, sa, 2));
        assertThat(gpu.lastUnresolved()).isGreaterThan(1000);
        byte[] same = HardTexts.repeated(50_000, 'q');
        int[] lcp = gpu.build(same, new SaisBuilder().build(same));
        for (int i = 0; i < lcp.length; i++) {
            assertThat(lcp[i]).isEqualTo(i);
        }
        byte[] random = HardTexts.random(20_000, 256, 6);
        int[] rsa = new SaisBuilder().build(random);
        assertThat(gpu.build(random, rsa)).isEqualTo(LcpArrays.build(random, rsa, 1));
        assertThat(gpu.lastUnresolved()).isZero();
    }

    @Test
    void arraysBoundAgainWithNewContentAndHostPointerBuffers() {
        byte[] text = HardTexts.random(5000, 4, 8);
        int[] sa = new SaisBuilder().build(text);
        assertThat(gpu.build(text, sa)).isEqualTo(NaiveLcp.of(text, sa));
        byte[] other = HardTexts.tandem(5000, 7, 9); // the same two arrays with new content: no stale buffer
        System.arraycopy(other, 0, text, 0, text.length);
        System.arraycopy(new SaisBuilder().build(text), 0, sa, 0, sa.length);
        assertThat(gpu.build(text, sa)).isEqualTo(NaiveLcp.of(text, sa));
        try (GpuLcpBuilder hostPointer = new GpuLcpBuilder(TestDevices.openCl(), 64, 16, 8)) {
            for (byte[] t : new byte[][] {HardTexts.random(3000, 26, 10), HardTexts.doubled(HardTexts.random(900, 2,
                    11)), HardTexts.repeated(2000, 'z')}) {
                int[] s2 = new SaisBuilder().build(t);
                assertThat(hostPointer.build(t, s2)).isEqualTo(NaiveLcp.of(t, s2));
            }
        }
    }

    @Test
    void refusesMismatchedLengthsAndBadGeometry() {
        assertThatThrownBy(() -> gpu.build(new byte[4], new int[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3 entries");
        assertThatThrownBy(() -> new GpuLcpBuilder(TestDevices.openCl(), 64, 0, 8))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
