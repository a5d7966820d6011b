package org.gpumatch.api.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/** The shipped real-text samples load with the sizes and alphabets their README states. */
class RealCorporaTest {
    @Test
    void samplesHaveTheDocumentedSizesAndAlphabets() {
        RealCorpora.Corpus dna = RealCorpora.load("dna");
        assertThat(dna.n()).isEqualTo(250_001);
        assertThat(dna.alphabet().size()).isEqualTo(4);
        assertThat(dna.sigma()).isEqualTo(2);
        RealCorpora.Corpus protein = RealCorpora.load("protein");
        assertThat(protein.n()).isEqualTo(200_003);
        assertThat(protein.alphabet().size()).isEqualTo(21);
        assertThat(protein.sigma()).isEqualTo(5);
        RealCorpora.Corpus english = RealCorpora.load("english");
        assertThat(english.n()).isEqualTo(240_007);
        assertThat(english.sigma()).isEqualTo(7);
        assertThat(new String(english.bytes(), 0, 9, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo("Genesis 1");
        assertThat(RealCorpora.all()).extracting(RealCorpora.Corpus::name).containsExactly("english", "dna", "protein");
    }

    @Test
    void presentPatternsOccurAndUnknownNamesAreRefused() {
        RealCorpora.Corpus dna = RealCorpora.load("dna");
        Random rnd = new Random(1);
        byte[] p = RealCorpora.present(dna.bytes(), 12, rnd);
        assertThat(new NaiveMatcher().count(Text.wrap(dna.bytes()), Pattern.of(p))).isPositive();
        byte[] q = RealCorpora.mutated(p, dna.alphabet(), 5, rnd);
        assertThat(q).hasSize(12).isNotEqualTo(p);
        assertThat(dna.alphabet().contains(q[5])).isTrue();
        assertThatThrownBy(() -> RealCorpora.load("klingon")).hasMessageContaining("dna");
    }
}
