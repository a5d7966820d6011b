package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.NaiveMultiMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.aparapi.multi.MultiRkMatcher;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/**
 * CRK and multi-rk keep their prefix sums on the device across launches and across queries. When the GC moves their
 * Java array, Aparapi rebuilds the device buffer from the host copy, which GuardedKernel keeps current (it downloads
 * every bound array that may move after each launch). This test moves small arrays around with forced collections
 * between queries (the build runs it a second time under -XX:+UseSerialGC), checks every answer and that CRK computed
 * the text's prefix sums once.
 */
class PrefixSumsGcMoveTest {
    @Test
    void resultsSurviveCollectionsBetweenLaunches() {
        Random random = new Random(15);
        byte[] t = new byte[20_011];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) ("acgt".charAt(random.nextInt(4)));
        }
        Text text = Text.wrap(t);
        NaiveMatcher naive = new NaiveMatcher();
        List<byte[]> garbage = new ArrayList<>();
        try (CrkMatcher crk = new CrkMatcher(TestDevices.openCl(), "test", 64, 3)) {
            for (int round = 0; round < 20; round++) {
                int m = 1 + round % 13;
                int at = random.nextInt(t.length - m);
                Pattern p = Pattern.of(java.util.Arrays.copyOfRange(t, at, at + m));
                assertThat(crk.count(text, p)).as("round %d count", round).isEqualTo(naive.count(text, p));
                GcChurn.churn(garbage, random);
                assertThat(crk.find(text, p)).as("round %d find", round).isEqualTo(naive.find(text, p));
                GcChurn.churn(garbage, random);
            }
            assertThat(crk.scans()).as("prefix sums computed once for 40 queries").isEqualTo(1);
        }
    }

    @Test
    void multiRkResultsSurviveCollectionsBetweenLaunches() {
        Random random = new Random(16);
        byte[] t = new byte[20_011];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) ("acgt".charAt(random.nextInt(4)));
        }
        Text text = Text.wrap(t);
        NaiveMultiMatcher naive = new NaiveMultiMatcher();
        List<byte[]> garbage = new ArrayList<>();
        try (MultiRkMatcher rk = new MultiRkMatcher(TestDevices.openCl())) {
            for (int round = 0; round < 20; round++) {
                List<byte[]> patterns = new ArrayList<>();
                for (int j = 0; j < 5; j++) {
                    int m = 1 + (round + j) % 13;
                    int at = random.nextInt(t.length - m);
                    patterns.add(java.util.Arrays.copyOfRange(t, at, at + m));
                }
                PatternSet set = PatternSet.of(patterns);
                assertThat(rk.count(text, set)).as("round %d count", round).isEqualTo(naive.count(text, set));
                GcChurn.churn(garbage, random);
                assertThat(rk.find(text, set)).as("round %d find", round).isEqualTo(naive.find(text, set));
                GcChurn.churn(garbage, random);
            }
        }
    }
}
