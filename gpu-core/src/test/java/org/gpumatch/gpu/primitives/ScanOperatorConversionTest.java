package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.junit.jupiter.api.Test;

/**
 * How a scan operator reaches the device: the base classes call the abstract {@code combine}, {@code identity},
 * {@code scanLoad} and {@code scanStore}, and Aparapi writes the calls against the concrete kernel's overrides (it
 * translates the concrete class, resolving each virtual call on {@code this} there). The generated OpenCL shows it;
 * {@link DeviceScanTest} shows that it runs on OpenCL and computes the right thing.
 */
class ScanOperatorConversionTest {
    private static final String KERNEL = "org_gpumatch_gpu_primitives_ScanTestKernel__";

    @Test
    void baseClassHelpersCallTheSubclassOverrides() {
        String source = GuardedKernel.openClSourceOf(new ScanTestKernel());
        assertThat(source).doesNotStartWith("(no OpenCL");
        // the group scan of the base class combines through the override
        assertThat(body(source, "GroupScanKernel__groupScan(")).contains(KERNEL + "combine(this, op, 0,");
        // the device scan pass loads, stores and seeds with the overrides
        assertThat(body(source, "DeviceScanKernel__loadLane(")).contains(KERNEL + "scanLoad(this, op, i, lane)");
        assertThat(body(source, "DeviceScanKernel__scanTileFromCarry(")).contains(KERNEL + "identity(this, op, 0)");
        assertThat(body(source, "DeviceScanKernel__storeElement(")).contains(KERNEL + "scanStore(this, op, i,");
        // the operators' static helpers become plain C functions
        assertThat(source).contains("int org_gpumatch_gpu_primitives_Mat2ModP__productLane(int lane,");
        assertThat(source).contains("int org_gpumatch_gpu_primitives_IntAddOp__add(int a, int b)");
    }

    /** The text of the C function whose name ends with {@code nameSuffix}. */
    private static String body(String source, String nameSuffix) {
        int at = source.indexOf(nameSuffix + "This *this");
        assertThat(at).as("function %s in the generated OpenCL", nameSuffix).isGreaterThanOrEqualTo(0);
        int end = source.indexOf("\n}\n", at);
        return source.substring(at, end);
    }
}
