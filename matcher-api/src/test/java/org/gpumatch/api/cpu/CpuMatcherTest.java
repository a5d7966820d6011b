package org.gpumatch.api.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

class CpuMatcherTest {

    @Test
    void everyPartSizeAndBothScanPathsAgreeWithTheOracle() {
        Random random = new Random(13);
        NaiveMatcher oracle = new NaiveMatcher();
        for (int trial = 0; trial < 300; trial++) {
            int sigma = 1 + random.nextInt(trial % 3 == 0 ? 256 : 4);
            byte[] t = new byte[random.nextInt(3000)];
            for (int i = 0; i < t.length; i++) {
                t[i] = (byte) (random.nextInt(sigma) + (trial % 2 == 0 ? 0 : 0x80));
            }
            int m = 1 + random.nextInt(trial % 5 == 0 ? 40 : 6);
            byte[] p = new byte[m];
            int at = t.length > m ? random.nextInt(t.length - m) : -1;
            for (int j = 0; j < m; j++) {
                p[j] = at >= 0 ? t[at + j] : (byte) random.nextInt(sigma);
            }
            Text text = Text.wrap(t);
            Pattern pattern = Pattern.of(p);
            int part = 1 + random.nextInt(200);
            CpuMatcher cpu = new CpuMatcher(part);
            assertThat(cpu.find(text, pattern)).as("trial %d part %d m %d", trial, part, m)
                    .containsExactly(oracle.find(text, pattern));
            assertThat(cpu.count(text, pattern)).isEqualTo(oracle.count(text, pattern));
        }
    }

    @Test
    void everyByteValueAsAProbeBesideItsCarryNeighbours() {
        // the SWAR filter's zero-lane test must not carry between lanes: texts of b, b+1, b-1 and b^0x80 only
        Random random = new Random(31);
        NaiveMatcher oracle = new NaiveMatcher();
        for (int b = 0; b < 256; b++) {
            byte[] alphabet = {(byte) b, (byte) (b + 1), (byte) (b - 1), (byte) (b ^ 0x80)};
            byte[] t = new byte[500 + random.nextInt(100)];
            for (int i = 0; i < t.length; i++) {
                t[i] = alphabet[random.nextInt(random.nextBoolean() ? 2 : 4)];
            }
            for (int m = 1; m <= 9; m += 2) {
                byte[] p = new byte[m];
                int at = random.nextInt(t.length - m);
                for (int j = 0; j < m; j++) {
                    p[j] = random.nextInt(8) == 0 ? alphabet[random.nextInt(4)] : t[at + j];
                }
                Text text = Text.wrap(t);
                Pattern pattern = Pattern.of(p);
                CpuMatcher cpu = new CpuMatcher(64 + random.nextInt(200));
                assertThat(cpu.find(text, pattern)).as("byte %d m %d", b, m).containsExactly(oracle.find(text, pattern));
                assertThat(cpu.count(text, pattern)).as("byte %d m %d", b, m).isEqualTo(oracle.count(text, pattern));
            }
        }
    }

    @Test
    void overlappingOccurrencesAcrossAllByteValuesCount() {
        byte[] t = new byte[1 << 16];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (i % 3 == 0 ? 0xFF : 0xFE);
        }
        Pattern p = Pattern.of(new byte[] {(byte) 0xFE, (byte) 0xFE, (byte) 0xFF, (byte) 0xFE, (byte) 0xFE});
        assertThat(new CpuMatcher(1000).count(Text.wrap(t), p)).isEqualTo(new NaiveMatcher().count(Text.wrap(t), p));
    }

    @Test
    void countStartingBeforeCountsOnlyStartsBelowTheLimit() {
        byte[] t = "abababababab".getBytes();
        byte[] p = "aba".getBytes();
        CpuMatcher cpu = new CpuMatcher(2);
        assertThat(cpu.countStartingBefore(t, p, 0)).isZero();
        assertThat(cpu.countStartingBefore(t, p, 1)).isEqualTo(1);
        assertThat(cpu.countStartingBefore(t, p, 5)).isEqualTo(3);
        assertThat(cpu.countStartingBefore(t, p, 100)).isEqualTo(5);
        assertThat(cpu.countStartingBeforeInThisThread(t, p, 5)).isEqualTo(3);
        assertThat(cpu.countStartingBeforeInThisThread(t, p, 100)).isEqualTo(5);
        assertThatThrownBy(() -> cpu.countStartingBefore(t, p, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void identifiesItselfAndRejectsBadPartSizes() {
        assertThat(new CpuMatcher().algorithm()).isEqualTo(Algorithm.CPU);
        assertThat(new CpuMatcher().unsupportedReason(1L << 31, 100_000, 8)).isEmpty();
        assertThatThrownBy(() -> new CpuMatcher(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("part size");
    }
}
