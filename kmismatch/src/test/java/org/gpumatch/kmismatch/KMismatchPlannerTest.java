package org.gpumatch.kmismatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.junit.jupiter.api.Test;

class KMismatchPlannerTest {
    @Test
    void noOpenClRunsCpu() {
        KMismatchPlanner.Choice c = KMismatchPlanner.choose(1L << 30, 256, 4, 2, 1, ComputeDevice.JAVA_THREADS);
        assertEquals(KMismatchVariant.CPU, c.variant());
        assertTrue(c.explain().startsWith("cpu: no OpenCL device"), c.explain());
    }

    @Test
    void variantNamesParse() {
        for (KMismatchVariant v : KMismatchVariant.values()) {
            assertEquals(v, KMismatchVariant.parse(v.cliName()));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KMismatchVariant.parse("x"));
        assertTrue(e.getMessage().contains("opt-block-thread"), e.getMessage());
    }

    @Test
    void packerWidths() {
        assertEquals(2, new SymbolCodePacker(org.gpumatch.api.Alphabet.of("ACGT".getBytes())).bits());
        assertEquals(4, new SymbolCodePacker(org.gpumatch.api.Alphabet.of("ACGTN".getBytes())).bits());
        assertEquals(8, new SymbolCodePacker(org.gpumatch.api.Alphabet.full()).bits());
        assertEquals(1, new SymbolCodePacker(org.gpumatch.api.Alphabet.of("A".getBytes())).bits());
    }
}
