package org.gpumatch.gpu.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A kernel that does not compile on the OpenCL device is an error carrying the reason, never a quiet Java run. (Kernels
 * whose compilation failed are deliberately not disposed: Aparapi 3.0.2 crashes the JVM in clReleaseCommandQueue then.)
 */
class NoSilentFallbackTest {

    @Test
    void openClCompileErrorThrowsWithGeneratedSource() {
        ComputeDevice device = TestDevices.openCl();
        ReservedNameKernel kernel = new ReservedNameKernel();
        assertThatThrownBy(() -> new GuardedKernel<>(kernel, device, 64).close())
                .isInstanceOf(KernelCompilationException.class)
                .hasMessageContaining("ReservedNameKernel")
                .hasMessageContaining(device.describe())
                .satisfies(e -> assertThat(((KernelCompilationException) e).openClSource()).contains("half"));
    }

    @Test
    void conversionFailureThrowsWithTheReason() {
        ComputeDevice device = TestDevices.openCl();
        BreakKernel kernel = new BreakKernel();
        assertThatThrownBy(() -> new GuardedKernel<>(kernel, device, 64).close())
                .isInstanceOf(KernelCompilationException.class)
                .hasMessageContaining("break");
    }

    @Test
    void launchRunsOnThePlannedOpenClDevice() {
        ComputeDevice device = TestDevices.openCl();
        int n = 1000; // not a multiple of the work-group size
        try (GuardedKernel<CopyKernel> k = new GuardedKernel<>(new CopyKernel(n), device, 64)) {
            k.kernel().put(k.kernel().in);
            k.launch((n + k.localSize() - 1) / k.localSize());
            k.kernel().get(k.kernel().out);
            assertThat(k.kernel().isRunningCL()).isTrue();
            assertThat(k.kernel().getTargetDevice()).isEqualTo(device.aparapiDevice());
            for (int i = 0; i < n; i++) {
                assertThat(k.kernel().out[i]).isEqualTo(i * 7 + 1);
            }
        }
    }

    @Test
    void hostPointerBuffersGiveTheSameResultAndLeaveTheDeviceSettingAlone() {
        ComputeDevice device = TestDevices.openCl();
        boolean shared = ((com.aparapi.device.OpenCLDevice) device.aparapiDevice()).isSharedMemory();
        int n = 777;
        try (GuardedKernel<CopyKernel> k = new GuardedKernel<>(new CopyKernel(n), device, 64,
                BufferCreation.HOST_POINTER)) {
            assertThat(((com.aparapi.device.OpenCLDevice) device.aparapiDevice()).isSharedMemory()).isEqualTo(shared);
            k.launch((n + k.localSize() - 1) / k.localSize());
            k.kernel().get(k.kernel().out);
            assertThat(k.kernel().isRunningCL()).isTrue();
            for (int i = 0; i < n; i++) {
                assertThat(k.kernel().out[i]).isEqualTo(i * 7 + 1);
            }
        }
    }

    @Test
    void aKernelThatFailsInJavaThreadsNamesItsOwnException() {
        int n = 100;
        try (GuardedKernel<CopyKernel> k = new GuardedKernel<>(new CopyKernel(n), ComputeDevice.JAVA_THREADS, 32)) {
            k.kernel().n = n + 20; // past the arrays: the kernel itself throws
            assertThatThrownBy(() -> k.launch((n + 20 + 31) / 32))
                    .isInstanceOf(DeviceFallbackException.class)
                    .hasMessageContaining("CopyKernel")
                    .hasMessageContaining("ArrayIndexOutOfBoundsException")
                    .hasRootCauseInstanceOf(ArrayIndexOutOfBoundsException.class);
        }
    }

    @Test
    void javaThreadsRunOnlyWhenAskedFor() {
        int n = 300;
        try (GuardedKernel<CopyKernel> k = new GuardedKernel<>(new CopyKernel(n), ComputeDevice.JAVA_THREADS, 32)) {
            k.launch((n + 31) / 32);
            assertThat(k.kernel().isRunningCL()).isFalse();
            assertThat(k.kernel().out[n - 1]).isEqualTo((n - 1) * 7 + 1);
        }
    }

    @Test
    void localSizeIsFittedToTheDevice() {
        ComputeDevice device = TestDevices.openCl();
        try (GuardedKernel<CopyKernel> k = new GuardedKernel<>(new CopyKernel(8), device, 1 << 20)) {
            assertThat(k.localSize()).isLessThanOrEqualTo(device.maxWorkGroupSize()).isPositive();
            assertThat(Integer.bitCount(k.localSize())).isEqualTo(1);
        }
    }
}
