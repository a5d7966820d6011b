package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;

/**
 * Valid Java that Aparapi converts but OpenCL C rejects: a local variable named {@code half} (an OpenCL type name).
 * Aparapi's default would run it in Java threads without a word; GuardedKernel must refuse.
 */
public final class ReservedNameKernel extends Kernel {
    int[] out = new int[64];

    @Override
    public void run() {
        int half = getGlobalId() >> 1;
        out[getGlobalId()] = half;
    }
}
