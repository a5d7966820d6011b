package org.gpumatch.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CpuSearchesTest {

    private static final byte[] TEXT = "bananas and ananas".getBytes(StandardCharsets.UTF_8);

    @Test
    void theFourSearchesAgree() {
        // "ana" starts at 1, 3, 12 and 14
        assertEquals(4, CpuSearches.countExact(TEXT, "ana"));
        assertArrayEquals(new long[] {4, 5, 2}, CpuSearches.countEach(TEXT, "ana", "an", "s"));
        assertArrayEquals(new int[] {1, 3, 12, 14}, CpuSearches.findWithSuffixArray(TEXT, "ana"));
        // with one mismatch: every window of 3 bytes at Hamming distance <= 1 from "ana", counted naively here
        long expected = 0;
        for (int i = 0; i + 3 <= TEXT.length; i++) {
            int diff = 0;
            for (int j = 0; j < 3; j++) {
                diff += TEXT[i + j] == "ana".charAt(j) ? 0 : 1;
            }
            expected += diff <= 1 ? 1 : 0;
        }
        assertEquals(expected, CpuSearches.countWithMismatches(TEXT, "ana", 1));
    }

    @Test
    void noAparapiNoGpuModuleOnTheClassPath() {
        // The pure-Java modules bring no Aparapi and none of gpumatch's GPU modules (the enforcer rule checks the
        // dependency tree at build time; this checks the class path the code really runs with).
        for (String name : new String[] {"com.aparapi.Kernel", "org.gpumatch.gpu.runtime.GuardedKernel",
                "org.gpumatch.aparapi.Search", "org.gpumatch.kmismatch.gpu.KMismatchMatchers",
                "org.gpumatch.suffixarray.gpu.SuffixArrayBuilders"}) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(name), name);
        }
    }

    @Test
    void mainRuns() {
        CpuSearches.main(new String[0]);
    }
}
