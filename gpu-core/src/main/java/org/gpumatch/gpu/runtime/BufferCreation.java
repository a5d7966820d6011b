package org.gpumatch.gpu.runtime;

import com.aparapi.device.OpenCLDevice;

/**
 * How Aparapi creates a kernel's device buffers from their Java arrays on the first launch that sees each array
 * (Aparapi 3.0.2 takes the choice from the device's shared-memory setting when the kernel's OpenCL context is made).
 */
public enum BufferCreation {
    /**
     * {@code CL_MEM_COPY_HOST_PTR}: the driver copies the array at creation (the default, and right for kernels that
     * create few or small buffers; on the NVIDIA driver about 1 GB/s, measured on an H100 for 2 GB of new buffers).
     */
    COPY,
    /**
     * {@code CL_MEM_USE_HOST_PTR}: the buffer is backed by the pinned Java array, the driver moves the data to the
     * device when a kernel first uses it; {@code put} and {@code get} still copy explicitly. For pipelines that create
     * buffers of many bytes per input character.
     */
    HOST_POINTER;

    /** Runs {@code compile} (which makes the kernel's OpenCL context) with this setting on the device. */
    void compileWith(ComputeDevice device, Runnable compile) {
        if (this == COPY || !(device.aparapiDevice() instanceof OpenCLDevice d)) {
            compile.run();
            return;
        }
        synchronized (d) {
            boolean was = d.isSharedMemory();
            d.setSharedMemory(true);
            try {
                compile.run();
            } finally {
                d.setSharedMemory(was);
            }
        }
    }
}
