package org.gpumatch.gpu.primitives.example;

import static org.assertj.core.api.Assertions.assertThat;

import org.gpumatch.gpu.primitives.GridDriver;
import org.gpumatch.gpu.primitives.GridKernel;

/**
 * A test pipeline on the grid layer from another package (only the protected and public API): per-tile exclusive
 * scans of {@link #values} (step 0) and of their squares (step 1) through the grid's step loop (additive local
 * memory, the one group scan), and a per-item launch whose hook calls a helper method. Used by
 * {@link GridPipelineTest} and gpu-core's stress kit.
 */
public final class TileScanPipeline extends GridKernel {
    static final int SLOT_TWICE = 2;
    static final int SLOT_TILE_SCANS = 3;
    int[] values = new int[1];
    int[] scans = new int[1];
    int[] squareScans = new int[1];
    int[] tileTotals = new int[1];

    public TileScanPipeline() {
        registerSlot(SLOT_TWICE);
        registerSlot(SLOT_TILE_SCANS);
    }

    void bind(int[] v) {
        int n = Math.max(1, v.length);
        values = v.length == 0 ? new int[1] : v;
        scans = new int[n];
        squareScans = new int[n];
        tileTotals = new int[2 * n];
        in = new int[n];
        out = new int[n];
        put(values);
    }

    @Override
    protected int localInts(int localSize) {
        boolean mine = pipelineLaunch() && pipelineSlot() == SLOT_TILE_SCANS;
        return super.localInts(localSize) + (mine ? padded(localSize * ITEMS) : 0); // region at 0 in own phase
    }

    int[] downloadOut() {
        get(out);
        return out;
    }

    private int twice(int x) {
        return 2 * x;
    }

    @Override
    protected void pipelineItem(int slot, int i) {
        if (slot == SLOT_TWICE) {
            in[i] = twice(values[i]);
        }
    }

    private int staged(int x, int sub) {
        return sub == 0 ? x : x * x;
    }

    @Override
    protected void pipelineTileStage(int slot, int tileBase, int valid, int sub) {
        int size = getLocalSize();
        for (int i = 0; i < ITEMS; i++) {
            int j = getLocalId() + i * size;
            if (j < valid) {
                tileInts[pad(j)] = staged(values[tileBase + j], sub);
            }
        }
    }

    @Override
    protected long pipelineTileScanLane(int slot, int tileBase, int valid, int sub, int lane) {
        long sum = 0;
        for (int i = 0; lane == 1 && i < ITEMS; i++) {
            int q = getLocalId() * ITEMS + i;
            if (q < valid) {
                sum += tileInts[pad(q)];
            }
        }
        return sum;
    }

    @Override
    protected void pipelineTileScanned(int slot, int tileBase, int valid, int sub) {
        long running = groupScanPrefix(1);
        for (int i = 0; i < ITEMS; i++) {
            int q = getLocalId() * ITEMS + i;
            if (q < valid) {
                int v = tileInts[pad(q)];
                tileInts[pad(q)] = (int) running;
                running += v;
            }
        }
        if (getLocalId() == 0) {
            tileTotals[2 * (tileBase / (getLocalSize() * ITEMS)) + sub] = (int) groupScanTotal(1);
        }
    }

    @Override
    protected void pipelineTileStore(int slot, int tileBase, int valid, int sub) {
        for (int i = 0; i < ITEMS; i++) {
            int j = getLocalId() + i * getLocalSize();
            if (j < valid && sub == 0) {
                scans[tileBase + j] = tileInts[pad(j)];
            }
            if (j < valid && sub == 1) {
                squareScans[tileBase + j] = tileInts[pad(j)];
            }
        }
    }

    /**
     * Runs the tile launch (two steps per tile), the per-item launch and a grid scan on {@code v} with {@code grid}
     * (a driver of this pipeline's launcher) and asserts every result against a sequential computation.
     */
    public static void check(TileScanPipeline k, GridDriver grid, int[] v) {
        int n = v.length;
        int tile = grid.tile();
        k.bind(v);
        grid.pipelineTiles(SLOT_TILE_SCANS, n, 2);
        assertThat(grid.lastLaunches()).isEqualTo(n == 0 ? 0 : 1);
        if (n == 0) {
            return;
        }
        k.get(k.scans).get(k.squareScans).get(k.tileTotals);
        for (int b = 0; b < n; b += tile) {
            int run = 0;
            int squares = 0;
            for (int j = b; j < Math.min(n, b + tile); j++) {
                assertThat(k.scans[j]).as("n=%d scan at %d", n, j).isEqualTo(run);
                assertThat(k.squareScans[j]).as("n=%d square scan at %d", n, j).isEqualTo(squares);
                run += v[j];
                squares += v[j] * v[j];
            }
            assertThat(k.tileTotals[2 * (b / tile)]).as("n=%d tile total", n).isEqualTo(run);
            assertThat(k.tileTotals[2 * (b / tile) + 1]).as("n=%d tile square total", n).isEqualTo(squares);
        }
        grid.pipeline(SLOT_TWICE, n);
        grid.scan(n, true); // the grid's primitive on the operand arrays the own launch wrote
        int[] out = k.downloadOut();
        long run = 0;
        for (int j = 0; j < n; j++) {
            run += 2 * v[j];
            assertThat(out[j]).as("n=%d scan of twice at %d", n, j).isEqualTo((int) run);
        }
        assertThat(grid.lastTotal()).isEqualTo(run);
    }
}
