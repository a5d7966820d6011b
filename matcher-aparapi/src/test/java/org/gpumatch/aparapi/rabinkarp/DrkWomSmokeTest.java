package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

class DrkWomSmokeTest {
    @Test
    void matchesNaive() {
        ComputeDevice dev = TestDevices.openCl();
        Random r = new Random(1);
        try (DrkWomMatcher gpu = new DrkWomMatcher(dev, "test", 64, 3)) {
            NaiveMatcher naive = new NaiveMatcher();
            for (int trial = 0; trial < 200; trial++) {
                int n = r.nextInt(5000);
                byte[] t = new byte[n];
                for (int i = 0; i < n; i++) {
                    t[i] = (byte) ('a' + r.nextInt(3));
                }
                int m = 1 + r.nextInt(8);
                byte[] p = new byte[m];
                for (int i = 0; i < m; i++) {
                    p[i] = (byte) ('a' + r.nextInt(3));
                }
                Text text = Text.wrap(t);
                Pattern pat = Pattern.of(p);
                assertThat(gpu.count(text, pat)).as("n=%d m=%d", n, m).isEqualTo(naive.count(text, pat));
                assertThat(gpu.find(text, pat)).as("n=%d m=%d", n, m).isEqualTo(naive.find(text, pat));
            }
        }
    }
}
