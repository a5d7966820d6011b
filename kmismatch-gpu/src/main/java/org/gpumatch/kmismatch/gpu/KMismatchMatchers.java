package org.gpumatch.kmismatch.gpu;

import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.kmismatch.CpuKMismatchMatcher;
import org.gpumatch.kmismatch.KMismatchVariant;

/** Creates k-mismatch matchers by variant. */
public final class KMismatchMatchers {
    private KMismatchMatchers() {
    }

    /**
     * A matcher for {@code variant} on {@code device}: cpu uses all available processors; the kernel variants compile
     * on the device (Java threads only when the device is {@link ComputeDevice#JAVA_THREADS}).
     */
    public static KMismatchMatcher create(KMismatchVariant variant, ComputeDevice device) {
        switch (variant) {
            case CPU:
                return new CpuKMismatchMatcher(Runtime.getRuntime().availableProcessors());
            case AUTO:
                return new AutoKMismatchMatcher(device);
            default:
                return new KernelKMismatchMatcher(variant, device);
        }
    }

    /** {@link #create(KMismatchVariant, ComputeDevice)} with the device a policy selects. */
    public static KMismatchMatcher create(KMismatchVariant variant, DevicePolicy policy) {
        return create(variant, DeviceCatalog.get().select(policy).device());
    }
}
