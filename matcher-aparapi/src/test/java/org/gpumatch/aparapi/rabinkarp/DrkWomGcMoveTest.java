package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/**
 * Aparapi's explicit mode rebuilds a device buffer from the host copy when the GC moved the Java array between two
 * launches (aparapi-guide.md section 5). DRK-WOM-64 is built so that this is harmless: the only array that stays on the
 * device across launches is the immutable text, and every other array is put before and read after the launch that
 * uses it. This test moves small arrays around with forced collections between queries; the build runs it a second time
 * under -XX:+UseSerialGC, the collector that moved arrays most often in the guide's experiment.
 */
class DrkWomGcMoveTest {
    @Test
    void resultsSurviveCollectionsBetweenLaunches() {
        ComputeDevice device = TestDevices.openCl();
        Random random = new Random(15);
        byte[] t = new byte[20_011];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) ("acgt".charAt(random.nextInt(4)));
        }
        Text text = Text.wrap(t);
        NaiveMatcher naive = new NaiveMatcher();
        List<byte[]> garbage = new ArrayList<>();
        try (DrkWomMatcher gpu = new DrkWomMatcher(device, "test", 64, 3)) {
            for (int round = 0; round < 20; round++) {
                int m = 1 + round % 8;
                int at = random.nextInt(t.length - m);
                Pattern p = Pattern.of(java.util.Arrays.copyOfRange(t, at, at + m));
                assertThat(gpu.count(text, p)).as("round %d count", round).isEqualTo(naive.count(text, p));
                GcChurn.churn(garbage, random);
                assertThat(gpu.find(text, p)).as("round %d find", round).isEqualTo(naive.find(text, p));
                GcChurn.churn(garbage, random);
            }
        }
    }
}
