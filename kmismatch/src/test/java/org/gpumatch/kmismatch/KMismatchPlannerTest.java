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

    /**
     * The end-to-end rule: all cores run a job that ends before a GPU's set-up; the line scales with the cores; twice
     * the line is the GPU's. An OpenCL CPU device (PoCL) runs the CPU matcher.
     */
    @Test
    void cpuFinishesFirstBelowTheGpuSetUp() {
        double line = KMismatchPlanner.GPU_SETUP_SECONDS * KMismatchPlanner.CPU_COMPARISONS_PER_CORE_SECOND;
        assertTrue(KMismatchPlanner.cpuFinishesFirst((long) (line * 16) - 1, 16));
        assertTrue(!KMismatchPlanner.cpuFinishesFirst((long) (line * 16) + 1, 16));
        assertTrue(!KMismatchPlanner.cpuFinishesFirst((long) (line * 2) * 2, 2));
        // 128 MiB of DNA, one pattern of 23: the CPU on 16 cores (measured: 1.15 s against 3.89 s on the GPU)
        assertTrue(KMismatchPlanner.cpuFinishesFirst((1L << 27) * 23, 16));
        // the same text for 100 patterns on both strands: the GPU
        assertTrue(!KMismatchPlanner.cpuFinishesFirst((1L << 27) * 23 * 200, 16));
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
}
