package org.gpumatch.example;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CountPatternTest {

    @Test
    void countsOverlappingOccurrences() {
        byte[] text = "bananas and ananas".getBytes(StandardCharsets.UTF_8);
        assertEquals(4, CountPattern.count(text, "ana", new StringBuilder()));
        assertEquals(0, CountPattern.count(text, "xyz", new StringBuilder()));
    }

    @Test
    void theGpuModuleBringsAparapi() {
        // matcher-aparapi depends on gpu-core and Aparapi: both are on this project's class path
        assertDoesNotThrow(() -> Class.forName("com.aparapi.Kernel", false, getClass().getClassLoader()));
        assertDoesNotThrow(() -> Class.forName("org.gpumatch.gpu.runtime.GuardedKernel", false,
                getClass().getClassLoader()));
    }
}
