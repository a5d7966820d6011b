package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void sizesInBinaryUnits() {
        assertThat(Units.bytesOf("1000")).isEqualTo(OptionalLong.of(1000));
        assertThat(Units.bytesOf("64k")).isEqualTo(OptionalLong.of(64 << 10));
        assertThat(Units.bytesOf("64K")).isEqualTo(OptionalLong.of(64 << 10));
        assertThat(Units.bytesOf("64KiB")).isEqualTo(OptionalLong.of(64 << 10));
        assertThat(Units.bytesOf("64kb")).isEqualTo(OptionalLong.of(64 << 10));
        assertThat(Units.bytesOf("256m")).isEqualTo(OptionalLong.of(256L << 20));
        assertThat(Units.bytesOf(" 1g ")).isEqualTo(OptionalLong.of(1L << 30));
        assertThat(Units.bytesOf("2T")).isEqualTo(OptionalLong.of(2L << 40));
        assertThat(Units.bytesOf("0")).isEqualTo(OptionalLong.of(0));
    }

    @Test
    void notSizes() {
        for (String s : new String[] {"", "k", "-5", "+5", "1.5g", "12x", "1 2", "99999999999999999999", "9999999999t"}) {
            assertThat(Units.bytesOf(s)).as("\"%s\"", s).isEmpty();
        }
        assertThatThrownBy(() -> Units.parseBytes("12x", "--size")).isInstanceOf(CliException.class)
                .hasMessage("--size: not a size: \"12x\" (use bytes, or a k, m, g or t suffix: 64k, 256m, 1g)");
    }
}
