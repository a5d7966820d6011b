package org.gpumatch.gpu.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DeviceUnavailableException;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

class DeviceSetTest {
    private final DeviceCatalog catalog = DeviceCatalog.get();

    @Test
    void allIsEveryGpuElseEveryOpenClDevice() {
        TestDevices.openCl();
        DeviceSet all = DeviceSet.parse("all", catalog);
        boolean gpus = catalog.openClDevices().stream().anyMatch(d -> d.kind() == ComputeDevice.Kind.OPENCL_GPU);
        List<ComputeDevice> expected = catalog.openClDevices().stream()
                .filter(d -> !gpus || d.kind() == ComputeDevice.Kind.OPENCL_GPU).toList();
        assertThat(all.devices()).isEqualTo(expected);
        assertThat(DeviceSet.parse(" ALL ", catalog).devices()).isEqualTo(expected);
    }

    @Test
    void indexesAndNamesSelectAsDevicesListsThem() {
        ComputeDevice first = TestDevices.openCl();
        int index = catalog.openClDevices().indexOf(first);
        DeviceSet twice = DeviceSet.parse(index + "," + index, catalog);
        assertThat(twice.size()).isEqualTo(2);
        assertThat(twice.get(0)).isEqualTo(first);
        assertThat(twice.get(1)).isEqualTo(first);
        assertThat(twice.catalogIndex(1)).isEqualTo(index);
        assertThat(twice.label(0)).isEqualTo("device " + index + " (" + first.describe() + ")");
        assertThat(twice.label(1)).isEqualTo("device " + index + ", instance 2 (" + first.describe() + ")");
        String word = first.name().substring(0, Math.min(6, first.name().length()));
        DeviceSet named = DeviceSet.parse(word.toUpperCase(java.util.Locale.ROOT), catalog);
        assertThat(named.devices()).allMatch(d -> d.name().toLowerCase(java.util.Locale.ROOT)
                .contains(word.toLowerCase(java.util.Locale.ROOT)) || d.nameContains(word.toLowerCase(java.util.Locale.ROOT)));
        assertThat(named.devices()).contains(first);
    }

    @Test
    void unknownIndexOrNameIsAnErrorListingTheDevices() {
        TestDevices.openCl();
        int n = catalog.openClDevices().size();
        assertThatThrownBy(() -> DeviceSet.parse("0," + n, catalog)).isInstanceOf(DeviceUnavailableException.class)
                .hasMessageContaining("no device " + n).hasMessageContaining("available: 0 ");
        assertThatThrownBy(() -> DeviceSet.parse("no-such-device-xyz", catalog))
                .isInstanceOf(DeviceUnavailableException.class).hasMessageContaining("no-such-device-xyz")
                .hasMessageContaining("available: 0 ");
        assertThatThrownBy(() -> DeviceSet.parse("99999999999999", catalog))
                .isInstanceOf(DeviceUnavailableException.class);
    }

    @Test
    void javaAndEmptyItemsAreRefused() {
        TestDevices.openCl();
        assertThatThrownBy(() -> DeviceSet.parse("0,java", catalog)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java is not an OpenCL device");
        assertThatThrownBy(() -> DeviceSet.parse("0,,1", catalog)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty item");
        assertThatThrownBy(() -> DeviceSet.of(ComputeDevice.JAVA_THREADS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DeviceSet.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
