package org.gpumatch.kmismatch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.KMismatchCases;
import org.gpumatch.api.kmismatch.NaiveKMismatchMatcher;
import org.junit.jupiter.api.Test;

class IupacKMismatchMatcherTest {
    @Test
    void plainBasesAgreeWithTheOracle() {
        Random r = new Random(8);
        try (IupacKMismatchMatcher iupac = new IupacKMismatchMatcher(2)) {
            for (int t = 0; t < 60; t++) {
                Text text = Text.wrap(KMismatchCases.randomBytes(r, r.nextInt(40_000), 4));
                Pattern p = Pattern.of(KMismatchCases.randomBytes(r, 1 + r.nextInt(30), 4));
                int k = r.nextInt(p.length() + 1);
                assertEquals(new NaiveKMismatchMatcher().find(text, p, k), iupac.find(text, p, k), "trial " + t);
            }
        }
    }

    @Test
    void codesMatchTheirSetsAndTextNMismatches() {
        try (IupacKMismatchMatcher iupac = new IupacKMismatchMatcher(1)) {
            Text text = Text.wrap("AGGTGGCNGG".getBytes());
            assertArrayEquals(new int[] {0, 3}, iupac.find(text, Pattern.utf8("NGG"), 0).offsets());
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 6, 7}, iupac.find(text, Pattern.utf8("NGG"), 1).offsets());
            assertArrayEquals(new int[] {0, 1, 1, 0, 1, 1, 1}, iupac.find(text, Pattern.utf8("NGG"), 1).distances());
            assertArrayEquals(new int[] {0}, iupac.find(text, Pattern.utf8("RGG"), 0).offsets());
        }
    }

    @Test
    void reverseComplementAndMultiPatternOrder() {
        assertArrayEquals("CCN".getBytes(), Iupac.reverseComplement("NGG".getBytes()));
        assertArrayEquals("RYacgt".getBytes(), Iupac.reverseComplement("acgtRY".getBytes()));
        MultiPatternKMismatch multi = new MultiPatternKMismatch(List.of(Pattern.utf8("AC"), Pattern.utf8("GT")), true);
        List<MultiPatternKMismatch.Hit> hits = multi.find(new NaiveKMismatchMatcher(), Text.wrap("ACGT".getBytes()), 100, 0);
        assertEquals(List.of(new MultiPatternKMismatch.Hit(100, 0, '+', 0), new MultiPatternKMismatch.Hit(100, 1, '-', 0),
                new MultiPatternKMismatch.Hit(102, 0, '-', 0), new MultiPatternKMismatch.Hit(102, 1, '+', 0)), hits);
    }
}
