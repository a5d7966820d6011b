package org.gpumatch.api.multi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The dense DFA scan of {@link AhoCorasick} against its failure-link scan (forced with a DFA limit of 0): random sets
 * over small alphabets and over all 256 byte values, occurrences reported in the same order, including those cut by
 * the {@code to} limit.
 */
class AhoCorasickDfaTest {
    @Test
    void denseScanEqualsFailureLinkScan() {
        Random r = new Random(7);
        for (int round = 0; round < 40; round++) {
            int sigma = round % 4 == 0 ? 256 : 2 + r.nextInt(6);
            byte[] t = new byte[1 + r.nextInt(3000)];
            for (int i = 0; i < t.length; i++) {
                t[i] = (byte) r.nextInt(sigma);
            }
            List<byte[]> list = new ArrayList<>();
            int k = 1 + r.nextInt(60);
            for (int i = 0; i < k; i++) {
                int m = 1 + r.nextInt(9);
                if (r.nextBoolean() && m <= t.length) {
                    int at = r.nextInt(t.length - m + 1);
                    list.add(Arrays.copyOfRange(t, at, at + m));
                } else {
                    byte[] p = new byte[m];
                    for (int j = 0; j < m; j++) {
                        p[j] = (byte) r.nextInt(sigma);
                    }
                    list.add(p);
                }
            }
            PatternSet set = PatternSet.of(list);
            AhoCorasick dense = new AhoCorasick(set);
            AhoCorasick links = new AhoCorasick(set, 0);
            assertThat(dense.dfaClasses()).isPositive();
            assertThat(links.dfaClasses()).isZero();
            int from = r.nextInt(t.length);
            int to = from + r.nextInt(t.length - from + 1);
            int end = Math.min(t.length, to + 9);
            assertThat(occurrences(dense, t, from, to, end)).isEqualTo(occurrences(links, t, from, to, end));
        }
    }

    private static List<Long> occurrences(AhoCorasick ac, byte[] t, int from, int to, int end) {
        List<Long> out = new ArrayList<>();
        ac.scan(t, from, to, end, (start, index) -> out.add(((long) start << 32) | index));
        return out;
    }
}
