package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/** The same kernel in Aparapi's Java thread pool (the explicit {@code --device java} path) gives the same answers. */
class DrkWomJavaThreadsTest {
    @Test
    void javaThreadsMatchTheOracle() {
        Random r = new Random(3);
        byte[] t = new byte[3001];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (r.nextInt(3) - 1); // -1, 0, 1: includes a negative Java byte
        }
        Text text = Text.wrap(t);
        NaiveMatcher naive = new NaiveMatcher();
        try (DrkWomMatcher m = new DrkWomMatcher(ComputeDevice.JAVA_THREADS, "test", 16, 3)) {
            for (int len = 1; len <= 8; len++) {
                Pattern p = Pattern.of(java.util.Arrays.copyOfRange(t, 100, 100 + len));
                assertThat(m.count(text, p)).isEqualTo(naive.count(text, p));
                assertThat(m.find(text, p)).isEqualTo(naive.find(text, p));
            }
            assertThat(m.lastPlan().device()).isEqualTo("Java threads");
        }
    }
}
