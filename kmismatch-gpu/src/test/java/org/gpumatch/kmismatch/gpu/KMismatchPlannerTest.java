package org.gpumatch.kmismatch.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.kmismatch.SymbolCodePacker;
import org.junit.jupiter.api.Test;

class KMismatchPlannerTest {
    @Test
    void noOpenClRunsCpu() {
        KMismatchPlanner.Choice c = KMismatchPlanner.choose(1L << 30, 256, 4, 2, 1, ComputeDevice.JAVA_THREADS);
        assertEquals(KMismatchVariant.CPU, c.variant());
        assertTrue(c.explain().startsWith("cpu: no OpenCL device"), c.explain());
    }

    /**
     * The end-to-end rule against the H200 host's measured rows: one pattern of 23 symbols runs on the CPU at 128 MiB
     * and 1 GiB (0.97-1.13 s and 3.33-3.45 s against 2.15-2.24 s and 7.84-7.92 s on the GPU); 200 patterns and strands
     * over 128 MiB run on the GPU; a device already set up moves the line; fewer cores move it towards the GPU. An
     * OpenCL CPU device (PoCL) runs the CPU matcher.
     */
    @Test
    void cpuFinishesFirstAgainstTheMeasuredRows() {
        long mib128 = 1L << 27;
        long gib = 1L << 30;
        assertTrue(KMismatchPlanner.cpuFinishesFirst(mib128 * 23, mib128, 16, false));
        assertTrue(KMismatchPlanner.cpuFinishesFirst(gib * 23, gib, 16, false));
        assertTrue(!KMismatchPlanner.cpuFinishesFirst(mib128 * 23 * 200, mib128, 16, false));
        long ten = mib128 * 23 * 10; // ten patterns over 128 MiB: 3.8 s on 16 cores against 1.9 s
        assertTrue(!KMismatchPlanner.cpuFinishesFirst(ten, mib128, 16, false));
        long small = 16L << 20;
        assertTrue(KMismatchPlanner.cpuFinishesFirst(small * 23 * 10, small, 16, false));
        assertTrue(!KMismatchPlanner.cpuFinishesFirst(small * 23 * 40, small, 16, true));
        assertTrue(!KMismatchPlanner.cpuFinishesFirst(gib * 23, gib, 2, false));
        ComputeDevice pocl = org.gpumatch.gpu.runtime.TestDevices.openCl();
        if (pocl.kind() == ComputeDevice.Kind.OPENCL_CPU) {
            KMismatchPlanner.Choice c = KMismatchPlanner.choose(1L << 30, 23, 4, 2, 100, pocl, true);
            assertEquals(KMismatchVariant.CPU, c.variant());
            assertTrue(c.reason().startsWith("the OpenCL device is a CPU"), c.reason());
        }
    }

    /** A CPU choice never asks for the text's alphabet (a pass over the text that the CPU search does not need). */
    @Test
    void cpuChoicesDoNotAskForTheAlphabet() {
        java.util.function.IntSupplier never = () -> {
            throw new AssertionError("the alphabet was asked for");
        };
        assertEquals(KMismatchVariant.CPU,
                KMismatchPlanner.choose(1L << 30, 23, 4, never, 1, ComputeDevice.JAVA_THREADS, false).variant());
        assertEquals(KMismatchVariant.CPU,
                KMismatchPlanner.choose(100, 23, 4, never, 1, org.gpumatch.gpu.runtime.TestDevices.openCl(), false)
                        .variant());
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

    /** The estimates the end-to-end rule prints choose exactly what the rule chooses, and the chosen one is marked. */
    @Test
    void endToEndEstimatesAgreeWithTheRule() {
        long[][] cases = {{23L << 27, 1L << 27}, {230L << 30, 1L << 30}, {23L << 20, 1L << 20}, {1L << 40, 1L << 30}};
        for (long[] c : cases) {
            for (boolean ready : new boolean[] {false, true}) {
                var e = KMismatchPlanner.endToEnd(c[0], c[1], 16, ready);
                assertEquals(KMismatchPlanner.cpuFinishesFirst(c[0], c[1], 16, ready) ? "cpu" : "gpu", e.candidate());
                assertEquals(3, e.explainLines().size());
                assertTrue(e.explainLines().get(1).startsWith("  * " + e.candidate() + " ("), e.explainLines().get(1));
            }
        }
    }
}
