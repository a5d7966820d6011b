package org.gpumatch.suffixarray;

import org.junit.jupiter.api.Test;

class TmpProfileTest {
    @Test
    void source() throws Exception {
        java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/sagpu/k.cl"),
                org.gpumatch.gpu.runtime.GuardedKernel.openClSourceOf(new PrefixDoublingKernel()));
    }
}
