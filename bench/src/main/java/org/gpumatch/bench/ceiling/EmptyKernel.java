package org.gpumatch.bench.ceiling;

import com.aparapi.Kernel;

/** A kernel that does nothing but exist, for launch latency; it references one array so uploads can be timed too. */
public final class EmptyKernel extends Kernel {
    int[] data;
    int[] sink;

    public EmptyKernel(int[] data) {
        this.data = data;
        this.sink = new int[1];
    }

    @Override
    public void run() {
        if (getGlobalId() < 0) {
            sink[0] = data[0];
        }
    }
}
