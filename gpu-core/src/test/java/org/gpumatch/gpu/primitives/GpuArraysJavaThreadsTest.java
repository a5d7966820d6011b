package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * The tests of {@link GpuArraysTest} in Aparapi's Java threads (small sizes): the layer has no local memory and no
 * barriers, so the Java-thread mode runs it as it is (the former tile layer failed there on its first gather, most
 * likely because its {@code @Local} arrays kept their one-element default size while every work-item indexed them by
 * local id).
 */
class GpuArraysJavaThreadsTest extends GpuArraysTest {
    @Override
    ComputeDevice device() {
        return ComputeDevice.JAVA_THREADS;
    }

    @Override
    int[] sizes() {
        return new int[] {0, 1, 17, 257, 4097};
    }
}
