package org.gpumatch.gpu.primitives;

import java.util.Random;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.junit.jupiter.api.Test;

/** The scan kernels in Aparapi's Java thread pool (the {@code --device java} path) agree with the reference. */
class DeviceScanJavaThreadsTest {
    @Test
    void javaThreadsMatchTheReference() {
        Random r = new Random(9);
        try (GuardedKernel<ScanTestKernel> launcher = new GuardedKernel<>(new ScanTestKernel(),
                ComputeDevice.JAVA_THREADS, 8)) {
            DeviceScan scan = new DeviceScan(launcher, 2); // 16-element tiles
            int p = 1_000_003;
            launcher.kernel().prime = p;
            for (int n : new int[] {1, 15, 16, 17, 257, 300}) {
                DeviceScanTest.check(scan, launcher.kernel(), ScanTestKernel.OP_ADD, IntAddOp.OPERATOR,
                        r.ints(n, -100, 100).toArray(), "java threads add n=" + n);
                DeviceScanTest.check(scan, launcher.kernel(), ScanTestKernel.OP_LEFT, Mat2ModP.left(p),
                        DeviceScanTest.randomMatrices(r, n, p), "java threads left n=" + n);
            }
            DeviceScanTest.checkGroupScan(launcher, ScanTestKernel.OP_RIGHT, Mat2ModP.right(p),
                    DeviceScanTest.randomMatrices(r, 29, p));
        }
    }
}
