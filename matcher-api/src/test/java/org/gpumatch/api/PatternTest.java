package org.gpumatch.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PatternTest {

    @Test
    void anEmptyPatternIsRejected() {
        assertThatThrownBy(() -> Pattern.of(new byte[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> Pattern.utf8("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Pattern.hex("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Pattern.hex("  \n ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hexParsesEveryByteValueInEitherCaseIgnoringWhitespace() {
        Pattern p = Pattern.hex("00 ff\n7F 80\t01");

        assertThat(p.toByteArray()).containsExactly(0x00, -1, 0x7F, -128, 0x01);
        assertThat(p.length()).isEqualTo(5);
        assertThat(p.byteAt(1)).isEqualTo((byte) -1);
        assertThat(Pattern.hex("FFfe")).isEqualTo(Pattern.of(new byte[] {-1, -2}));
    }

    @Test
    void badHexIsRejectedWithTheInputInTheMessage() {
        assertThatThrownBy(() -> Pattern.hex("0g")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a hex byte string").hasMessageContaining("\"0g\"");
        assertThatThrownBy(() -> Pattern.hex("abc")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"abc\"");
        assertThatThrownBy(() -> Pattern.hex("0x41")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void utf8UsesTheUtf8Bytes() {
        assertThat(Pattern.utf8("caf\u00e9").toByteArray()).containsExactly('c', 'a', 'f', 0xC3 - 256, 0xA9 - 256);
        assertThat(Pattern.utf8("\u20ac").length()).isEqualTo(3);
        assertThat(Pattern.utf8("ACGT").toByteArray()).containsExactly('A', 'C', 'G', 'T');
    }

    @Test
    void theBytesAreCopiedInAndOut() {
        byte[] source = {1, 2, 3};
        Pattern p = Pattern.of(source);
        source[0] = 9;
        byte[] out = p.toByteArray();
        out[1] = 9;

        assertThat(p.toByteArray()).containsExactly(1, 2, 3);
    }

    @Test
    void equalityIsByContentAndToStringIsBounded() {
        assertThat(Pattern.utf8("ab")).isEqualTo(Pattern.hex("6162")).hasSameHashCodeAs(Pattern.hex("6162"));
        assertThat(Pattern.utf8("ab")).isNotEqualTo(Pattern.utf8("abc"));
        assertThat(Pattern.hex("00ff").toString()).contains("m=2", "00ff");
        String longOne = Pattern.of(new byte[100]).toString();
        assertThat(longOne).contains("m=100", "...");
        assertThat(longOne.length()).isLessThan(100);
    }
}
