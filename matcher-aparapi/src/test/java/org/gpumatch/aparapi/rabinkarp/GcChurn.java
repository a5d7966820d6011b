package org.gpumatch.aparapi.rabinkarp;

import java.util.List;
import java.util.Random;

/** Garbage and a forced collection between launches, so that the collector moves small arrays (the GC-move tests). */
final class GcChurn {
    private GcChurn() {
    }

    /** Allocates 200 small arrays into {@code garbage} (dropping the oldest half past 2000), then collects. */
    static void churn(List<byte[]> garbage, Random random) {
        for (int i = 0; i < 200; i++) {
            garbage.add(new byte[1 + random.nextInt(4096)]);
        }
        if (garbage.size() > 2000) {
            garbage.subList(0, 1000).clear();
        }
        System.gc();
    }
}
