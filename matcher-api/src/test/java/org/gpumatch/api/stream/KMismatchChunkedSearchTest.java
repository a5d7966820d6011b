package org.gpumatch.api.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.KMismatchCases;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.NaiveKMismatchMatcher;
import org.junit.jupiter.api.Test;

class KMismatchChunkedSearchTest {
    @Test
    void anyChunkSizeGivesTheWholeTextAnswer() throws Exception {
        Random r = new Random(11);
        NaiveKMismatchMatcher naive = new NaiveKMismatchMatcher();
        for (int trial = 0; trial < 40; trial++) {
            byte[] text = KMismatchCases.randomBytes(r, r.nextInt(3000), 4);
            byte[] p = KMismatchCases.randomBytes(r, 1 + r.nextInt(20), 4);
            int k = r.nextInt(p.length + 1);
            KMismatchHits want = naive.find(Text.wrap(text), Pattern.of(p), k);
            long chunk = 1 + r.nextInt(500);
            KMismatchChunkedSearch search = new KMismatchChunkedSearch(naive, chunk);
            List<long[]> got = new ArrayList<>();
            long n = search.find(ChunkSource.of(new ByteArrayInputStream(text)), Pattern.of(p), k,
                    (o, d) -> got.add(new long[] {o, d}));
            assertEquals(want.size(), n, "trial " + trial + " chunk " + chunk);
            for (int i = 0; i < want.size(); i++) {
                assertEquals(want.offset(i), got.get(i)[0], "trial " + trial + " hit " + i);
                assertEquals(want.mismatches(i), got.get(i)[1], "trial " + trial + " hit " + i);
            }
            assertEquals(want.size(), search.count(ChunkSource.of(new ByteArrayInputStream(text)), Pattern.of(p), k));
        }
    }
}
