package org.gpumatch.suffixarray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RepeatProfileTest {

    @Test
    void randomTextHasNoLongRepeats() {
        RepeatProfile p = RepeatProfile.of(HardTexts.random(1 << 20, 256, 3));
        assertThat(p.repeatedAt(64)).isZero();
        assertThat(p.doublingRounds()).isLessThan(0.05);
        assertThat(p.firstDepth()).isEqualTo(6);
    }

    @Test
    void aDoubledTextIsRepeatedAtEveryDepth() {
        RepeatProfile p = RepeatProfile.of(HardTexts.doubled(HardTexts.random(1 << 19, 4, 5)));
        assertThat(p.repeatedAt(RepeatProfile.MAX_DEPTH)).isCloseTo(1.0, within(0.05));
        assertThat(p.firstDepth()).isEqualTo(24);
        assertThat(p.doublingRounds()).isGreaterThan(10);
    }

    @Test
    void aPlantedRepeatIsFoundAtItsLengthAndNotBeyond() {
        // 8 copies of a 4096-byte block inside random text: 32 KiB of 1 MiB (3%) repeated up to 4096 bytes
        byte[] text = HardTexts.random(1 << 20, 256, 7);
        byte[] block = HardTexts.random(4096, 256, 8);
        for (int k = 0; k < 8; k++) {
            System.arraycopy(block, 0, text, 10_000 + k * 100_003, block.length);
        }
        RepeatProfile p = RepeatProfile.of(text);
        assertThat(p.repeatedAt(256)).isGreaterThan(0).isLessThan(0.2);
        assertThat(p.repeatedAt(8)).isGreaterThanOrEqualTo(p.repeatedAt(256));
    }

    @Test
    void shortAndEmptyTexts() {
        assertThat(RepeatProfile.of(new byte[0]).doublingRounds()).isZero();
        assertThat(RepeatProfile.of(new byte[] {1, 2, 3}).fractions()).containsOnly(0.0);
    }
}
