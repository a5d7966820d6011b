package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sigma-bit packing (SPAA 2016 section 7.1): texts over 2..256 distinct symbols, so every sigma from 1 to 8 and the
 * alphabets that do not fill their codes (3, 5, 6, 7 bits), patterns at every length around one and two packed words,
 * long DRK-2S patterns on periodic text (every window a candidate), and pattern bytes that the text lacks.
 */
class DrkWomAlphabetTest {
    private final NaiveMatcher naive = new NaiveMatcher();

    @ParameterizedTest(name = "{0} distinct symbols")
    @ValueSource(ints = {2, 3, 4, 5, 8, 9, 16, 20, 32, 33, 64, 100, 128, 129, 256})
    void everyLengthAroundThePackedWordsMatchesTheOracle(int distinct) {
        Random r = new Random(distinct);
        byte[] t = new byte[5000 + r.nextInt(300)];
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) (17 + 3 * r.nextInt(distinct)); // not 0-based: the codes are ranks, not byte values
        }
        Text text = Text.wrap(t);
        int sigma = text.alphabet().sigma();
        int spw = 32 / sigma;
        try (DrkWomMatcher w32 = matcher(DrkWomMatcher.Variant.BITS_32);
             DrkWomMatcher w64 = matcher(DrkWomMatcher.Variant.BITS_64);
             DrkWomMatcher two = matcher(DrkWomMatcher.Variant.TWO_STAGE)) {
            for (int m = 1; m <= 3 * spw + 2; m++) {
                int at = r.nextInt(t.length - m);
                Pattern present = Pattern.of(Arrays.copyOfRange(t, at, at + m));
                for (DrkWomMatcher matcher : new DrkWomMatcher[] {w32, w64, two}) {
                    if (matcher.unsupportedReason(t.length, m, sigma).isEmpty()) {
                        check(matcher, text, present, "sigma=" + sigma + " m=" + m);
                    }
                }
            }
            assertThat(w32.unsupportedReason(t.length, spw + 1, sigma)).isPresent();
            assertThat(w64.unsupportedReason(t.length, 2 * spw, sigma)).isEmpty();
            assertThat(w64.unsupportedReason(t.length, 2 * spw + 1, sigma)).isPresent();
        }
    }

    @Test
    void dnaPacksSixteenBasesPerWordAndDrkWom64TakesThirtyTwo() {
        byte[] t = "ACGTTGCAACGGTACCAGTA".repeat(400).getBytes();
        Text text = Text.wrap(t);
        assertThat(text.alphabet().sigma()).isEqualTo(2);
        try (DrkWomMatcher w64 = matcher(DrkWomMatcher.Variant.BITS_64)) {
            Pattern p = Pattern.of(Arrays.copyOfRange(t, 5, 37));
            assertThat(w64.unsupportedReason(t.length, 32, 2)).isEmpty();
            check(w64, text, p, "32 bases");
        }
    }

    @Test
    void aPatternByteTheTextLacksMatchesNothing() {
        Text text = Text.wrap("abababababababab".repeat(100).getBytes());
        try (DrkWomMatcher two = matcher(DrkWomMatcher.Variant.TWO_STAGE)) {
            assertThat(two.count(text, Pattern.utf8("abz"))).isZero();
            assertThat(two.find(text, Pattern.utf8("ababababababababababababababababz"))).isEmpty();
            assertThat(two.count(text, Pattern.utf8("ab"))).isEqualTo(800);
        }
    }

    @Test
    void longPatternsOnPeriodicTextVerifyEveryWindowCooperatively() {
        byte[] t = "abcabcd".repeat(11_000).getBytes(); // 77,000 bytes, period 7
        Text text = Text.wrap(t);
        try (DrkWomMatcher two = matcher(DrkWomMatcher.Variant.TWO_STAGE);
             DrkWomMatcher ranged = new DrkWomMatcher(TestDevices.openCl(), "test", DrkWomMatcher.Variant.TWO_STAGE,
                     64, 4, 16, 1000, 0)) {
            for (int m : new int[] {9, 17, 100, 1000, 4097, 65_536}) {
                byte[] p = Arrays.copyOfRange(t, 3, 3 + m);
                check(two, text, Pattern.of(p), "m=" + m);
                check(ranged, text, Pattern.of(p), "ranged m=" + m);
                p[m - 1] = 'a'; // a mismatch in the last symbol only
                check(ranged, text, Pattern.of(p), "ranged, last symbol wrong, m=" + m);
            }
        }
    }

    @Test
    void textsOfSimilarSizeReuseTheDeviceBufferAndStillMatch() {
        Random r = new Random(5);
        try (DrkWomMatcher two = matcher(DrkWomMatcher.Variant.TWO_STAGE)) {
            for (int trial = 0; trial < 12; trial++) {
                int distinct = trial % 3 == 0 ? 256 : 2 + trial;
                byte[] t = new byte[20_000 - 700 * trial]; // shrinking: each packs into the previous buffer
                for (int i = 0; i < t.length; i++) {
                    t[i] = (byte) r.nextInt(distinct);
                }
                Text text = Text.wrap(t);
                for (int m : new int[] {3, 12, 40}) {
                    check(two, text, Pattern.of(Arrays.copyOfRange(t, t.length - m, t.length)), "trial " + trial);
                }
            }
        }
    }

    @Test
    void packingReusesAnArrayThatFitsAndZeroesItsTail() {
        SymbolPacking bytes = SymbolPacking.of(Alphabet.full());
        int[] old = new int[12];
        Arrays.fill(old, -1);
        assertThat(bytes.packText(new byte[] {1, 2, 3, 4, 5}, 4, 2, old)).isSameAs(old)
                .containsExactly(0x04030201, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        assertThat(bytes.packText(new byte[] {1}, 4, 2, new int[13])).hasSize(6);
    }

    @Test
    void packingUsesTheTextsAlphabet() {
        SymbolPacking protein = SymbolPacking.of(Alphabet.of("ACDEFGHIKLMNPQRSTVWY".getBytes()));
        assertThat(protein.sigma()).isEqualTo(5);
        assertThat(protein.symbolsPerWord()).isEqualTo(6);
        assertThat(protein.packPattern("AC".getBytes())).containsExactly(0 | 1 << 5, 0);
        assertThat(protein.packPattern("AB".getBytes())).isNull();
        int[] words = protein.packText("ACDEFGH".getBytes(), 4, 2, null);
        assertThat(words).hasSize(6);
        assertThat(words[0]).isEqualTo(0 | 1 << 5 | 2 << 10 | 3 << 15 | 4 << 20 | 5 << 25);
        assertThat(words[1]).isEqualTo(6);
        assertThat(SymbolPacking.funnel(words[0], words[1], 5, 30)).isEqualTo(1 | 2 << 5 | 3 << 10 | 4 << 15 | 5 << 20
                | 6 << 25);
    }

    @Test
    void aPatternWithASymbolTheTextLacksHasNoOccurrenceEvenWhenItWouldWidenSigma() {
        byte[] t = "ACGTTGCAACGGTACCAGTA".repeat(50).getBytes();
        Text text = Text.wrap(t);
        int m = 32; // DRK-WOM-64 takes 32 DNA bases (sigma 2) but only 6 symbols of 5 bits
        byte[] p = Arrays.copyOfRange(t, 3, 3 + m);
        p[m - 1] = 'Z';
        try (DrkWomMatcher w64 = matcher(DrkWomMatcher.Variant.BITS_64);
             DrkWomMatcher w32 = matcher(DrkWomMatcher.Variant.BITS_32)) {
            assertThat(w64.unsupportedReason(t.length, m, text.alphabet().sigma())).isEmpty();
            assertThat(w64.count(text, Pattern.of(p))).isZero();
            assertThat(w64.find(text, Pattern.of(p))).isEmpty();
            byte[] q = Arrays.copyOf(p, 16);
            q[15] = 'Z';
            assertThat(w32.count(text, Pattern.of(q))).isZero();
            assertThat(w32.find(text, Pattern.of(q))).isEmpty();
        }
    }

    private static DrkWomMatcher matcher(DrkWomMatcher.Variant variant) {
        return new DrkWomMatcher(TestDevices.openCl(), "test", variant, 16, 3);
    }

    private void check(DrkWomMatcher matcher, Text text, Pattern p, String what) {
        assertThat(matcher.count(text, p)).as(what).isEqualTo(naive.count(text, p));
        assertThat(matcher.find(text, p)).as(what).isEqualTo(naive.find(text, p));
    }
}
