package org.gpumatch.bench.exact;

import org.gpumatch.aparapi.DeviceMatcher;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.api.Matcher;

/**
 * Reads the device time of a matcher's last query: GPU matchers implement {@link DeviceMatcher}, whose
 * {@code lastTiming()} carries the kernels' OpenCL event times, so new GPU algorithms get device times in the tables
 * without bench changes. Other matchers (CPU references, test fakes) have none.
 */
public final class DeviceTimes {
    private DeviceTimes() {
    }

    /** The kernel time of the last query in ns (all its launches), or -1 when unknown. */
    public static long lastKernelNanos(Matcher matcher) {
        if (matcher instanceof DeviceMatcher d) {
            LaunchTiming t = d.lastTiming();
            return t.hasDeviceTimes() ? t.kernelNanos() : -1;
        }
        return -1;
    }
}
