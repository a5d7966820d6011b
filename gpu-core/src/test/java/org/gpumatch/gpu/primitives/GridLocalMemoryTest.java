package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Every launch of the grid's kernels fits the local memory NVIDIA's OpenCL gives a work-group (48 KiB, the H100's and
 * H200's too): PoCL, where CI runs the kernels, offers megabytes, so a tile layout that outgrew it would pass every
 * other test and fail only on the GPU. The sizing is the host side's arithmetic ({@link TileKernel#sizeLocalMemory}
 * after the launch's fields are set, as {@code GuardedKernel} does before each launch), so no device is needed.
 */
class GridLocalMemoryTest {
    /** CL_DEVICE_LOCAL_MEM_SIZE of NVIDIA's OpenCL on the H100 and H200 (bench/results: "local memory 48 KiB"). */
    static final long NVIDIA_LOCAL_BYTES = 48 * 1024;

    @Test
    void everyLaunchOfEveryGridKernelFitsNvidiasLocalMemory() {
        List<Supplier<GridKernel>> kernels = List.of(GridKernel::new, GridLongKernel::new, GridWideSortKernel::new,
                GridScanKernel::new, GridSelectKernel::new, GridSortKernel::new, GridSortPairsKernel::new,
                GridSortWideKernel::new, GridSegmentKernel::new);
        for (Supplier<GridKernel> make : kernels) {
            GridKernel k = make.get();
            long worst = 0;
            String worstLaunch = "";
            for (int localSize : new int[] {64, 128, 256}) {
                for (int op = 0; op <= GridKernel.OP_SCATTER; op++) {
                    for (int phase = GridKernel.PH_OFF; phase <= GridKernel.PH_READ; phase++) {
                        for (int flags = 0; flags < 4; flags++) {
                            k.gridOp = op;
                            k.gridPhase = phase;
                            k.gridWide = flags & 1;
                            k.gridWithValues = flags >> 1;
                            k.gridBins = GridKernel.LOCAL_BINS;
                            k.sizeLocalMemory(localSize);
                            long bytes = localBytes(k);
                            if (bytes > worst) {
                                worst = bytes;
                                worstLaunch = "L=" + localSize + " op " + op + " phase " + phase + " flags " + flags;
                            }
                        }
                    }
                }
            }
            assertThat(worst).as("%s, its largest launch %s", k.getClass().getSimpleName(), worstLaunch)
                    .isLessThanOrEqualTo(NVIDIA_LOCAL_BYTES);
        }
    }

    /** The pair sort's downsweep with work-groups of 256: the keys' tile, counters and scan, and the positions. */
    @Test
    void thePairSortsDownsweepTakesItsPositionsPlane() {
        GridKernel pairs = new GridSortPairsKernel();
        GridKernel keys = new GridSortKernel();
        for (GridKernel k : new GridKernel[] {pairs, keys}) {
            k.gridOp = GridKernel.OP_RADIX;
            k.gridPhase = GridKernel.PH_DOWN;
            k.gridWithValues = 1;
            k.sizeLocalMemory(256);
        }
        assertThat(pairs.tileShorts.length).isEqualTo(TileKernel.padded(256 * GridKernel.ITEMS));
        assertThat(keys.tileShorts.length).isEqualTo(1);
        assertThat(localBytes(pairs) - localBytes(keys)).isEqualTo(2L * TileKernel.padded(256 * GridKernel.ITEMS) - 2);
    }

    private static long localBytes(TileKernel k) {
        return 8L * k.tileScanLanes.length + 8L * k.tileScanSums.length + 4L * k.tileInts.length
                + 2L * k.tileShorts.length + 4L * k.tileCounters.length;
    }
}
