package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;

/** out[i] = in[i] + 1 for i < n: a kernel small enough to test launching and fallback detection. */
public final class CopyKernel extends Kernel {
    int[] in;
    int[] out;
    int n;

    public CopyKernel(int n) {
        this.n = n;
        this.in = new int[n];
        this.out = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 7;
        }
    }

    @Override
    public void run() {
        int i = getGlobalId();
        if (i < n) {
            out[i] = in[i] + 1;
        }
    }
}
