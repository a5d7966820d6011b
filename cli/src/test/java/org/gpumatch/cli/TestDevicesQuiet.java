package org.gpumatch.cli;

import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.TestDevices;

/** For tests that run their OpenCL variants only when there is OpenCL (and must have it in CI). */
final class TestDevicesQuiet {
    private TestDevicesQuiet() {
    }

    /** Whether to leave out OpenCL variants: no OpenCL device and CI does not demand one. */
    static boolean openClMissing() {
        if (TestDevices.openClRequired()) {
            TestDevices.openCl(); // fails with the reason when there is none
            return false;
        }
        return DeviceCatalog.get().openClUnavailableReason().isPresent();
    }
}
