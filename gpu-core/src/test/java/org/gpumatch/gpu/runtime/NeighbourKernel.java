package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;

/**
 * {@code out[i]} = the global id of the next work-item of i's group (cyclically), passed through local memory across
 * a barrier, for {@code rounds} barriers: a kernel whose every work-item must reach each barrier.
 */
public final class NeighbourKernel extends Kernel {
    int[] out;
    int rounds;
    @Local int[] slots;

    public NeighbourKernel(int n, int groupSize, int rounds) {
        this.out = new int[n];
        this.slots = new int[groupSize];
        this.rounds = rounds;
    }

    @Override
    public void run() {
        int l = getLocalId();
        int size = getLocalSize();
        int v = getGlobalId();
        for (int r = 0; r < rounds; r++) {
            slots[l] = v;
            localBarrier();
            v = slots[(l + 1) % size];
            localBarrier();
        }
        out[getGlobalId()] = v;
    }
}
