package org.gpumatch.gpu.runtime;

import org.junit.jupiter.api.Assumptions;

/**
 * The device kernel tests run on: {@code -Dgpumatch.test.device} (default {@code auto}). With
 * {@code -Dgpumatch.test.requireOpenCL=true} (CI) a missing OpenCL device fails the test; otherwise kernel tests are
 * skipped with the reason when there is no OpenCL device.
 */
public final class TestDevices {
    private TestDevices() {
    }

    /** Whether CI demands OpenCL. */
    public static boolean openClRequired() {
        return Boolean.getBoolean("gpumatch.test.requireOpenCL");
    }

    /** The OpenCL device to test on; fails (CI) or skips (elsewhere) when there is none. */
    public static ComputeDevice openCl() {
        DeviceCatalog catalog = DeviceCatalog.get();
        String wanted = System.getProperty("gpumatch.test.device", "auto");
        if (catalog.openClUnavailableReason().isPresent()) {
            String reason = "no OpenCL device: " + catalog.openClUnavailableReason().get();
            if (openClRequired()) {
                throw new AssertionError(reason + " (gpumatch.test.requireOpenCL=true)");
            }
            Assumptions.abort(reason);
        }
        DevicePolicy policy = DevicePolicy.parse(wanted);
        if (policy.kind() == DevicePolicy.Kind.AUTO || policy.kind() == DevicePolicy.Kind.JAVA) {
            policy = DevicePolicy.parse("opencl");
        }
        return catalog.select(policy).device();
    }
}
