package org.gpumatch.gpu.devices;

import java.util.List;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.TestDevices;

/**
 * The device sets the split tests run on. {@link #pair()}: two distinct OpenCL devices where the runtime lists them
 * (PoCL with {@code POCL_DEVICES="pthread pthread"} exposes two CPU devices), else the test device twice (two kernel
 * instances and two host threads on one device); {@link #sameTwice()} always the latter.
 */
public final class TestDeviceSets {
    private TestDeviceSets() {
    }

    /** Two members: two devices when there are two, else one device twice. */
    public static DeviceSet pair() {
        List<ComputeDevice> all = DeviceCatalog.get().openClDevices();
        ComputeDevice first = TestDevices.openCl();
        ComputeDevice other = all.stream().filter(d -> !d.equals(first)).findFirst().orElse(first);
        if (Boolean.getBoolean("gpumatch.test.distinctDevices") && other.equals(first)) {
            // The build's two-devices execution promises two devices: never let it pass on one listed twice.
            throw new IllegalStateException("two distinct OpenCL devices expected (POCL_DEVICES=\"pthread pthread\"), found "
                    + all);
        }
        return DeviceSet.of(List.of(first, other));
    }

    /** The test device listed twice. */
    public static DeviceSet sameTwice() {
        ComputeDevice d = TestDevices.openCl();
        return DeviceSet.of(List.of(d, d));
    }

    /** Whether {@link #pair()} holds two distinct devices. */
    public static boolean distinctPair() {
        DeviceSet p = pair();
        return !p.get(0).equals(p.get(1));
    }
}
