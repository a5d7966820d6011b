package org.gpumatch.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class AlphabetTest {

    /** {@code size} distinct symbols spread over all 256 values (negative Java bytes included), each repeated. */
    private static byte[] distinct(int size) {
        byte[] b = new byte[2 * size];
        for (int i = 0; i < size; i++) {
            byte v = (byte) (0xFF - (i * 97) % 256); // 97 is odd: i -> i*97 mod 256 is a bijection
            b[2 * i] = v;
            b[2 * i + 1] = v;
        }
        return b;
    }

    @ParameterizedTest(name = "{0} symbols -> sigma {1}")
    @CsvSource({"0, 1", "1, 1", "2, 1", "3, 2", "4, 2", "5, 3", "8, 3", "9, 4", "16, 4", "17, 5", "32, 5", "33, 6",
        "128, 7", "129, 8", "255, 8", "256, 8"})
    void sigmaIsTheBitsNeededForTheDistinctSymbols(int size, int sigma) {
        Alphabet a = Alphabet.of(distinct(size));

        assertThat(a.size()).isEqualTo(size);
        assertThat(a.sigma()).isEqualTo(sigma);
        assertThat(a.toString()).contains("size=" + size, "sigma=" + sigma);
    }

    @Test
    void fullHasEveryByteValue() {
        Alphabet full = Alphabet.full();

        assertThat(full.size()).isEqualTo(256);
        assertThat(full.sigma()).isEqualTo(8);
        for (int v = -128; v < 256; v++) {
            assertThat(full.contains(v)).as("contains %d", v).isTrue();
        }
    }

    @Test
    void containsAcceptsSignedAndUnsignedForms() {
        Alphabet a = Alphabet.of(new byte[] {(byte) 0x80, (byte) 0xFF, 0x00, 0x7F});

        assertThat(a.contains(0x80)).isTrue();
        assertThat(a.contains(-128)).isTrue();
        assertThat(a.contains(0xFF)).isTrue();
        assertThat(a.contains(-1)).isTrue();
        assertThat(a.contains(0)).isTrue();
        assertThat(a.contains(0x7F)).isTrue();
        assertThat(a.contains(0x81)).isFalse();
        assertThat(a.contains(-127)).isFalse();
        assertThat(a.contains(0x01)).isFalse();
        assertThat(a.contains(0xFE)).isFalse();
    }

    @Test
    void unionHasTheSymbolsOfBothAndLeavesThemUnchanged() {
        Alphabet dna = Alphabet.of("ACGT".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        Alphabet high = Alphabet.of(new byte[] {(byte) 0x80, (byte) 0xFF, 'A'});

        Alphabet u = dna.union(high);

        assertThat(u.size()).isEqualTo(6);
        assertThat(u.sigma()).isEqualTo(3);
        for (int v : new int[] {'A', 'C', 'G', 'T', 0x80, 0xFF}) {
            assertThat(u.contains(v)).isTrue();
        }
        assertThat(high.union(dna).size()).isEqualTo(6);
        assertThat(dna.size()).isEqualTo(4);
        assertThat(dna.contains(0x80)).isFalse();
        assertThat(high.size()).isEqualTo(3);
        assertThat(dna.union(dna).size()).isEqualTo(4);
        assertThat(Alphabet.of(new byte[0]).union(high).size()).isEqualTo(3);
    }

    @Test
    void textAlphabetIsComputedOnceAndCached() {
        Text t = Text.wrap(new byte[] {1, 2, 3, (byte) 0xFF});

        Alphabet first = t.alphabet();

        assertThat(first.size()).isEqualTo(4);
        assertThat(t.alphabet()).isSameAs(first);
    }

    @org.junit.jupiter.api.Test
    void largeArraysAreScannedInParallelSlicesWithTheSameResult() {
        byte[] big = new byte[(1 << 25) + 12345];
        big[0] = 7;
        big[(1 << 24) - 1] = -1;
        big[1 << 24] = 100;
        big[big.length - 1] = -128;
        Alphabet a = Alphabet.of(big);
        org.assertj.core.api.Assertions.assertThat(a.size()).isEqualTo(5);
        for (int v : new int[] {0, 7, 255, 100, 128}) {
            org.assertj.core.api.Assertions.assertThat(a.contains(v)).as("byte %d", v).isTrue();
        }
    }
}
