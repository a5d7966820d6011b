package org.gpumatch.bench.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/** The measurement tool compiles kernel classes on OpenCL and reports what OpenCL says of each (PoCL in CI). */
class KernelRegistersTest {
    @Test
    void everyListedClassLoadsAndTheSortCompiles() throws Exception {
        for (String name : KernelRegisters.KERNELS) {
            assertThat(Class.forName(name).getDeclaredConstructor()).as(name).isNotNull();
        }
        String line = KernelRegisters.compile("org.gpumatch.gpu.primitives.GridSortKernel", TestDevices.openCl());
        assertThat(line).matches("max work-group \\d+, private bytes per work-item \\d+, local bytes \\d+, local size \\d+");
    }

    @Test
    void aKernelWithoutConstructorOfNoArgumentsIsAnError() {
        assertThatThrownBy(() -> KernelRegisters.compile("org.gpumatch.aparapi.rabinkarp.DrkWomKernel",
                TestDevices.openCl())).isInstanceOf(NoSuchMethodException.class);
    }
}
