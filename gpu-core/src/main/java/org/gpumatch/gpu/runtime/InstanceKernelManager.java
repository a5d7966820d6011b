package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;
import com.aparapi.device.OpenCLDevice;
import com.aparapi.internal.kernel.KernelManager;
import com.aparapi.internal.kernel.KernelPreferences;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Aparapi's {@link KernelManager} with device preferences per kernel <em>instance</em> instead of per kernel class, so
 * that two instances of one kernel class can be bound to two devices and run at the same time (a
 * {@link org.gpumatch.gpu.devices.DeviceSet}: one instance per device, each fed by its own thread).
 *
 * <p>Why: Aparapi 3.0.2 keeps one {@code KernelPreferences} per kernel class. {@code Kernel.getTargetDevice()} is the
 * class's preferred device, and {@code KernelRunner.execute} refuses a range bound to any other device ("user supplied
 * Device incompatible with current EXECUTION_MODE or getTargetDevice()"), so binding a second instance to a second
 * device breaks the first (seen on PoCL with {@code POCL_DEVICES="pthread pthread"}); and {@code execute} holds the
 * preferences object's lock for the whole launch, uploads included, so instances of one class never run at once, even
 * on two devices. With preferences per instance, each instance keeps its own device, its own failure record (what
 * {@link GuardedKernel} checks after a launch) and its own lock. Aparapi's profiles (per class) are thread-safe.
 *
 * <p>Memory: one small preferences object per live kernel, held weakly (a disposed, unreachable kernel's entry goes).
 * Installed by {@link AparapiSetup} at Aparapi's first use in this JVM.
 */
final class InstanceKernelManager extends KernelManager {
    private final Map<Kernel, KernelPreferences> byInstance = Collections.synchronizedMap(new WeakHashMap<>());

    private InstanceKernelManager() {
    }

    @Override
    public KernelPreferences getPreferences(Kernel kernel) {
        return byInstance.computeIfAbsent(kernel, k -> new KernelPreferences(this, k.getClass()));
    }

    /**
     * Makes this Aparapi's kernel manager. Where Aparapi cannot start (no native library), nothing is installed and the
     * first real use reports the problem as before.
     */
    static void install() {
        try {
            // as DeviceCatalog: before the manager's first device enumeration, every OpenCL device without zero copy
            OpenCLDevice.setConfigurator(d -> d.setSharedMemory(false));
            KernelManager.setKernelManager(new InstanceKernelManager());
        } catch (RuntimeException | LinkageError e) {
            // Aparapi's classes cannot initialise here; DeviceCatalog and GuardedKernel report it when they are used
        }
    }
}
