package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The DRK kernel in Aparapi's Java thread pool (the explicit {@code --device java} path) gives the same answers. Its
 * barriers are DRK-WOM's (staging, the count scan, the end of {@code run()}), which the thread pool handles; the
 * timeout turns a deadlock into a failure instead of a hung build.
 */
class DrkJavaThreadsTest {
    @Test
    @Timeout(120)
    void javaThreadsMatchTheOracle() {
        Random r = new Random(3);
        byte[] t = new byte[3001];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (r.nextInt(3) - 1); // -1, 0, 1: includes a negative Java byte
        }
        Text text = Text.wrap(t);
        NaiveMatcher naive = new NaiveMatcher();
        try (DrkMatcher m = new DrkMatcher(ComputeDevice.JAVA_THREADS, "test", 16, 3)) {
            for (int len : new int[] {1, 2, 5, 8, 13, 40, 100}) {
                Pattern p = Pattern.of(Arrays.copyOfRange(t, 100, 100 + len));
                assertThat(m.count(text, p)).as("m=" + len).isEqualTo(naive.count(text, p));
                assertThat(m.find(text, p)).as("m=" + len).isEqualTo(naive.find(text, p));
            }
            assertThat(m.lastPlan().device()).isEqualTo("Java threads");
        }
    }
}
