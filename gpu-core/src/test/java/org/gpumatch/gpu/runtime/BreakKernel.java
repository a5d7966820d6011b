package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;

/** Valid Java that Aparapi cannot convert to OpenCL at all ({@code break} is unsupported). */
public final class BreakKernel extends Kernel {
    int[] out = new int[64];

    @Override
    public void run() {
        int i = 0;
        for (int k = 0; k < 10; k++) {
            if (k == getGlobalId()) {
                break;
            }
            i++;
        }
        out[getGlobalId()] = i;
    }
}
