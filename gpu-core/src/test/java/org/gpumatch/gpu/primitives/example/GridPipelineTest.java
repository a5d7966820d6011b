package org.gpumatch.gpu.primitives.example;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.gpumatch.gpu.primitives.GridDriver;
import org.gpumatch.gpu.primitives.GridKernel;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * A pipeline on the grid layer from another package ({@link TileScanPipeline}): its own per-work-item launch (whose
 * hook calls a helper method), its own tile-staged launch through the grid's step loop (two steps per tile, additive
 * local memory, the one group scan), and a grid primitive on its operand arrays in the same kernel instance; checked
 * slots.
 */
class GridPipelineTest {
    @Test
    void ownLaunchesTileStepsAndAPrimitiveInOneKernel() {
        try (GuardedKernel<TileScanPipeline> launcher = new GuardedKernel<>(new TileScanPipeline(),
                TestDevices.openCl(), 32)) {
            GridDriver grid = new GridDriver(launcher, 3);
            int tile = grid.tile();
            Random r = new Random(3);
            for (int n : new int[] {0, 1, 2, tile - 1, tile, tile + 1, 3 * tile + 5, 7 * tile + 100, 10_007}) {
                TileScanPipeline.check(launcher.kernel(), grid, r.ints(n, -1000, 1000).toArray());
            }
            assertThatThrownBy(() -> grid.pipeline(7, 10)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("serves no slot 7");
            assertThatThrownBy(() -> grid.pipeline(GridKernel.SLOT, 10)).isInstanceOf(IllegalStateException.class);
        }
    }
}
