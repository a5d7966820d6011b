package org.gpumatch.api.kmismatch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.junit.jupiter.api.Test;

class NaiveKMismatchMatcherTest {
    private final NaiveKMismatchMatcher m = new NaiveKMismatchMatcher();

    @Test
    void handCheckedDistances() {
        KMismatchHits h = m.find(Text.wrap("ACGTACGA".getBytes()), Pattern.utf8("ACG"), 1);
        assertArrayEquals(new int[] {0, 4}, h.offsets());
        assertArrayEquals(new int[] {0, 0}, h.distances());
        h = m.find(Text.wrap("ACGTACGA".getBytes()), Pattern.utf8("ACGA"), 1);
        assertArrayEquals(new int[] {0, 4}, h.offsets());
        assertArrayEquals(new int[] {1, 0}, h.distances());
    }

    @Test
    void kAtLeastMReportsEveryOffset() {
        assertEquals(6, m.count(Text.wrap("ACGTACGA".getBytes()), Pattern.utf8("XYZ"), 3));
        assertEquals(0, m.count(Text.wrap("ACGTACGA".getBytes()), Pattern.utf8("XYZ"), 2));
        assertEquals(0, m.count(Text.wrap("AC".getBytes()), Pattern.utf8("XYZ"), 9));
    }

    @Test
    void badArguments() {
        assertThrows(IllegalArgumentException.class, () -> m.find(Text.wrap(new byte[3]), Pattern.utf8("A"), -1));
        assertThrows(IllegalArgumentException.class, () -> Pattern.of(new byte[0]));
    }
}
