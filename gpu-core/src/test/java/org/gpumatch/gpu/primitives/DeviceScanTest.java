package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Device-wide scans on OpenCL against {@link ScanReference}: int add and the 2x2 matrix product mod p multiplied from
 * the right and from the left (not commutative, so any reordering of the combines shows), inclusive and exclusive,
 * on lengths around the tile size T and T^2 (1, T-1, T, T+1, T^2+1 and more), with one and with three items per
 * work-item, and on a few million elements.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeviceScanTest {
    private static final int LOCAL = 32;
    private static final int BIG_PRIME = Integer.MAX_VALUE; // 2^31 - 1: the largest entries, the largest products

    private GuardedKernel<ScanTestKernel> launcher;

    @BeforeAll
    void open() {
        launcher = new GuardedKernel<>(new ScanTestKernel(), TestDevices.openCl(), LOCAL);
    }

    @AfterAll
    void close() {
        if (launcher != null) {
            launcher.close();
        }
    }

    static int[] lengths(int tile) {
        return new int[] {1, 2, tile - 1, tile, tile + 1, 2 * tile + 3, tile * tile - 1, tile * tile, tile * tile + 1,
                tile * tile + tile + 5};
    }

    @Test
    void intAddAroundTileSizes() {
        Random r = new Random(1);
        for (int items : new int[] {1, 3}) {
            DeviceScan scan = new DeviceScan(launcher, items);
            for (int n : lengths(scan.tileElements())) {
                int[] in = r.ints(n, -1000, 1000).toArray();
                check(scan, ScanTestKernel.OP_ADD, IntAddOp.OPERATOR, in, "add items=" + items + " n=" + n);
            }
        }
    }

    @Test
    void matrixProductsAroundTileSizes() {
        Random r = new Random(2);
        for (int items : new int[] {1, 3}) {
            DeviceScan scan = new DeviceScan(launcher, items);
            for (int p : new int[] {BIG_PRIME, 7}) {
                for (int n : lengths(scan.tileElements())) {
                    int[] in = randomMatrices(r, n, p);
                    String what = "items=" + items + " p=" + p + " n=" + n;
                    launcher.kernel().prime = p;
                    check(scan, ScanTestKernel.OP_RIGHT, Mat2ModP.right(p), in, "right " + what);
                    check(scan, ScanTestKernel.OP_LEFT, Mat2ModP.left(p), in, "left " + what);
                }
            }
        }
    }

    @Test
    void aFewMillionElements() {
        Random r = new Random(3);
        DeviceScan scan = new DeviceScan(launcher, 8); // tile 256: 3 levels of partials for 3M elements
        int n = 3_000_017;
        int[] in = r.ints(n, 0, 500).toArray();
        check(scan, ScanTestKernel.OP_ADD, IntAddOp.OPERATOR, in, "add n=" + n);
        int m = 2_000_003;
        launcher.kernel().prime = BIG_PRIME;
        check(scan, ScanTestKernel.OP_RIGHT, Mat2ModP.right(BIG_PRIME), randomMatrices(r, m, BIG_PRIME),
                "right n=" + m);
    }

    /** The array-argument int scan ({@code scanIntsPass}), out of place and in place, against the reference. */
    @Test
    void arrayArgumentIntScan() {
        Random r = new Random(5);
        ScanTestKernel k = launcher.kernel();
        for (int items : new int[] {1, 4}) {
            DeviceScan scan = new DeviceScan(launcher, items);
            int tile = scan.tileElements();
            for (int n : new int[] {1, tile - 1, tile, tile + 1, tile * tile + 7, 1_000_003}) {
                int[] in = r.ints(n, -1000, 1000).toArray();
                for (boolean inclusive : new boolean[] {true, false}) {
                    int[] expected = inclusive ? ScanReference.inclusive(in, IntAddOp.OPERATOR)
                            : ScanReference.exclusive(in, IntAddOp.OPERATOR);
                    k.input = in;
                    k.output = new int[n];
                    k.put(k.input).put(k.output);
                    if (inclusive) {
                        scan.inclusiveInts(ScanTestKernel.SLOT_INTS, n);
                    } else {
                        scan.exclusiveInts(ScanTestKernel.SLOT_INTS, n);
                    }
                    k.get(k.output);
                    assertThat(k.output).as("inclusive=%s items=%d n=%d", inclusive, items, n).isEqualTo(expected);
                }
            }
        }
    }

    /** The work-group scan alone, inclusive, exclusive and total, on a partial last group. */
    @Test
    void groupScanAlone() {
        Random r = new Random(4);
        int p = 1_000_003;
        int n = 5 * LOCAL + 7;
        int[] in = randomMatrices(r, n, p);
        ScanTestKernel k = launcher.kernel();
        k.prime = p;
        checkGroupScan(launcher, ScanTestKernel.OP_LEFT, Mat2ModP.left(p), in);
        checkGroupScan(launcher, ScanTestKernel.OP_ADD, IntAddOp.OPERATOR, r.ints(n, -50, 50).toArray());
    }

    /** Runs the kernel's work-group scan phase on {@code in} and compares every group with the sequential scan. */
    static void checkGroupScan(GuardedKernel<ScanTestKernel> launcher, int op, ScanOperator reference, int[] in) {
        ScanTestKernel k = launcher.kernel();
        int w = reference.width();
        int n = in.length / w;
        int local = launcher.localSize();
        int groups = (n + local - 1) / local;
        k.phase = ScanTestKernel.PHASE_GROUP;
        k.groupOp = op;
        k.count = n;
        k.input = in;
        k.output = new int[in.length];
        k.exclusiveOut = new int[in.length];
        k.totals = new int[groups * w];
        k.put(k.input);
        try {
            launcher.launch(groups);
        } finally {
            k.phase = ScanTestKernel.PHASE_NONE;
        }
        k.get(k.output).get(k.exclusiveOut).get(k.totals);
        for (int g = 0; g < groups; g++) {
            int from = g * local * w;
            int to = Math.min(n, (g + 1) * local) * w;
            int[] slice = Arrays.copyOfRange(in, from, to);
            int[] incl = ScanReference.inclusive(slice, reference);
            int[] excl = ScanReference.exclusive(slice, reference);
            assertThat(Arrays.copyOfRange(k.output, from, to)).as("inclusive, group %d, %s", g, reference)
                    .isEqualTo(incl);
            assertThat(Arrays.copyOfRange(k.exclusiveOut, from, to)).as("exclusive, group %d", g).isEqualTo(excl);
            int[] total = Arrays.copyOfRange(k.totals, g * w, g * w + w);
            if (to - from == local * w) { // a full group: the total is the last inclusive prefix
                assertThat(total).as("total, group %d", g).isEqualTo(Arrays.copyOfRange(incl, incl.length - w,
                        incl.length));
            }
        }
    }

    static int[] randomMatrices(Random r, int n, int p) {
        int[] in = new int[4 * n];
        for (int i = 0; i < in.length; i++) {
            in[i] = r.nextInt(p);
        }
        return in;
    }

    private void check(DeviceScan scan, int op, ScanOperator reference, int[] in, String what) {
        check(scan, launcher.kernel(), op, reference, in, what);
    }

    static void check(DeviceScan scan, ScanTestKernel k, int op, ScanOperator reference, int[] in, String what) {
        int n = in.length / reference.width();
        for (boolean inclusive : new boolean[] {true, false}) {
            k.input = in;
            k.output = new int[in.length];
            k.put(k.input);
            if (inclusive) {
                scan.inclusive(op, reference.width(), n);
            } else {
                scan.exclusive(op, reference.width(), n);
            }
            k.get(k.output);
            int[] expected = inclusive ? ScanReference.inclusive(in, reference)
                    : ScanReference.exclusive(in, reference);
            if (!Arrays.equals(expected, k.output)) {
                int i = Arrays.mismatch(expected, k.output);
                throw new AssertionError((inclusive ? "inclusive " : "exclusive ") + what + " (" + reference
                        + "): first difference at int " + i + " (element " + i / reference.width() + "): expected "
                        + expected[i] + ", got " + k.output[i]);
            }
        }
        assertThat(k.output).hasSize(in.length);
    }
}
