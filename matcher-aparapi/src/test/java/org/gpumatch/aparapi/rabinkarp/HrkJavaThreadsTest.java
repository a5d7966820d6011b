package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.gpumatch.aparapi.runtime.ComputeDevice;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/** HRK's kernel in Aparapi's Java thread pool ({@code --device java}) gives the naive matcher's answers. */
class HrkJavaThreadsTest {
    @Test
    void javaThreadsMatchTheOracle() {
        Random r = new Random(6);
        byte[] t = new byte[700];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (r.nextInt(3) - 1); // -1, 0, 1: includes a negative Java byte
        }
        Text text = Text.wrap(t);
        NaiveMatcher naive = new NaiveMatcher();
        try (HrkMatcher m = new HrkMatcher(ComputeDevice.JAVA_THREADS, "test", 8, 2, 2, 7)) {
            for (int len : new int[] {1, 2, 3, 5, 9, 17, 40, 700}) {
                int at = 100 % (t.length - len + 1);
                Pattern p = Pattern.of(java.util.Arrays.copyOfRange(t, at, at + len));
                assertThat(m.count(text, p)).as("m=%d", len).isEqualTo(naive.count(text, p));
                assertThat(m.find(text, p)).as("m=%d", len).isEqualTo(naive.find(text, p));
            }
            assertThat(m.lastPlan().device()).isEqualTo("Java threads");
        }
    }
}
