package org.gpumatch.example;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.gpumatch.checker.SuffixArrayChecker;
import org.junit.jupiter.api.Test;

class CheckSuffixArrayTest {

    private static final byte[] TEXT = "mississippi".getBytes(StandardCharsets.UTF_8);

    @Test
    void acceptsTheSuffixArray() {
        assertTrue(SuffixArrayChecker.sequential().check(TEXT, CheckSuffixArray.naiveSuffixArray(TEXT)).isOk());
    }

    @Test
    void rejectsASwappedPair() {
        int[] sa = CheckSuffixArray.naiveSuffixArray(TEXT);
        int t = sa[3];
        sa[3] = sa[4];
        sa[4] = t;
        assertFalse(SuffixArrayChecker.sequential().check(TEXT, sa).isOk());
    }

    @Test
    void aCpuOnlyDependencyBringsNoAparapi() {
        // checker is pure Java: nothing of Aparapi (or of gpumatch's GPU modules) is on this project's class path
        for (String name : new String[] {"com.aparapi.Kernel", "org.gpumatch.gpu.runtime.GuardedKernel"}) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(name), name);
        }
    }

    @Test
    void mainRuns() {
        CheckSuffixArray.main(new String[] {"banana"});
    }
}
