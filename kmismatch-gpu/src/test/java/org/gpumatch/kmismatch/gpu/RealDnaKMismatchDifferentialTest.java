package org.gpumatch.kmismatch.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.RealCorpora;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.NaiveKMismatchMatcher;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.junit.jupiter.api.Test;

/**
 * Every k-mismatch variant on the real E. coli sample (250,001 bases of the conformance test-jar) against the naive
 * oracle: guides taken from the genome (so each occurs at least once), the same guides with planted mismatches, and
 * lengths 23 (a CRISPR guide with its PAM), 64 and 300, with k from 0 to past the planted mismatches. block-thread
 * (one work-group per position, slow on PoCL) runs on the first 40,000 bases.
 */
class RealDnaKMismatchDifferentialTest {
    private static final int BLOCK_THREAD_BASES = 40_000;

    @Test
    void everyVariantAgreesWithTheOracleOnRealDna() {
        byte[] genome = RealCorpora.load("dna").bytes();
        Random r = new Random(23);
        List<Pattern> patterns = new ArrayList<>();
        List<Integer> ks = new ArrayList<>();
        for (int m : new int[] {23, 64, 300}) {
            int at = r.nextInt(BLOCK_THREAD_BASES - m);
            byte[] guide = Arrays.copyOfRange(genome, at, at + m);
            byte[] mutated = guide.clone();
            for (int j = 0; j < 3; j++) {
                int p = r.nextInt(m);
                mutated[p] = (byte) (mutated[p] == 'A' ? 'C' : 'A');
            }
            for (int k : new int[] {0, 3, m / 8}) {
                patterns.add(Pattern.of(guide));
                ks.add(k);
                patterns.add(Pattern.of(mutated));
                ks.add(k);
            }
        }
        NaiveKMismatchMatcher oracle = new NaiveKMismatchMatcher();
        Text whole = Text.wrap(genome);
        Text slice = Text.wrap(Arrays.copyOf(genome, BLOCK_THREAD_BASES));
        for (KMismatchVariant v : KMismatchVariant.values()) {
            Text text = v == KMismatchVariant.BLOCK_THREAD ? slice : whole;
            try (var matcher = KMismatchMatchers.create(v, TestDevices.openCl())) {
                for (int i = 0; i < patterns.size(); i++) {
                    KMismatchHits want = oracle.find(text, patterns.get(i), ks.get(i));
                    assertThat(matcher.find(text, patterns.get(i), ks.get(i)))
                            .as(v + " m=" + patterns.get(i).length() + " k=" + ks.get(i)).isEqualTo(want);
                }
            }
        }
    }
}
