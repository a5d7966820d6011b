package org.gpumatch.gpu.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DeviceCatalogTest {
    private final DeviceCatalog catalog = DeviceCatalog.get();

    @Test
    void javaIsAlwaysAvailable() {
        assertThat(catalog.select(DevicePolicy.parse("java")).device()).isSameAs(ComputeDevice.JAVA_THREADS);
        assertThat(catalog.select(DevicePolicy.parse("java")).notice()).isEmpty();
    }

    @Test
    void unknownNameListsWhatIsAvailable() {
        assertThatThrownBy(() -> catalog.select(DevicePolicy.parse("no-such-device-xyz")))
                .isInstanceOf(DeviceUnavailableException.class)
                .hasMessageContaining("no-such-device-xyz")
                .hasMessageContaining("available:")
                .hasMessageContaining("java");
    }

    @Test
    void autoPrefersOpenClAndAnnouncesJavaThreads() {
        DeviceCatalog.Selection s = catalog.select(DevicePolicy.AUTO);
        if (catalog.openClDevices().isEmpty()) {
            assertThat(s.device()).isSameAs(ComputeDevice.JAVA_THREADS);
            assertThat(s.notice()).startsWith("no OpenCL device");
        } else {
            assertThat(s.device()).isEqualTo(catalog.openClDevices().get(0));
            assertThat(s.notice()).isEmpty();
        }
    }

    @Test
    void openClDevicesCanBeSelectedByNameSubstring() {
        ComputeDevice d = TestDevices.openCl();
        String part = d.name().substring(0, Math.min(6, d.name().length()));
        assertThat(catalog.select(DevicePolicy.parse(part)).device().name()).containsIgnoringCase(part);
        assertThat(catalog.select(DevicePolicy.parse("opencl")).device().isOpenCL()).isTrue();
    }

    @Test
    void gpuWithoutGpuIsAnErrorNamingTheDevices() {
        boolean hasGpu = catalog.openClDevices().stream().anyMatch(d -> d.kind() == ComputeDevice.Kind.OPENCL_GPU);
        if (hasGpu) {
            assertThat(catalog.select(DevicePolicy.parse("gpu")).device().kind()).isEqualTo(ComputeDevice.Kind.OPENCL_GPU);
        } else {
            assertThatThrownBy(() -> catalog.select(DevicePolicy.parse("gpu")))
                    .isInstanceOf(DeviceUnavailableException.class).hasMessageContaining("available:");
        }
    }
}
