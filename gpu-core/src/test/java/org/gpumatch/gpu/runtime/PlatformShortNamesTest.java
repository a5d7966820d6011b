package org.gpumatch.gpu.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code --device pocl} must find PoCL's {@code cpu-skylake-...} device under "Portable Computing Language". */
class PlatformShortNamesTest {

    @Test
    void knownPlatformsHaveTheirShortNames() {
        assertThat(ComputeDevice.platformShortNames("Portable Computing Language")).contains("pocl", "pcl");
        assertThat(ComputeDevice.platformShortNames("NVIDIA CUDA")).contains("nvidia", "cuda");
        assertThat(ComputeDevice.platformShortNames("AMD Accelerated Parallel Processing")).contains("amd");
        assertThat(ComputeDevice.platformShortNames("Intel(R) OpenCL HD Graphics")).contains("intel");
        assertThat(ComputeDevice.platformShortNames("Mystery")).isEmpty();
    }

    @Test
    void poclFindsThePoclDeviceWhateverItsName() {
        for (ComputeDevice d : DeviceCatalog.get().openClDevices()) {
            if (d.platform().equals("Portable Computing Language")) {
                assertThat(d.nameContains("pocl")).as(d.describe()).isTrue();
            }
        }
    }
}
