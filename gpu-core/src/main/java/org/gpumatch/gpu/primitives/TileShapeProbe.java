package org.gpumatch.gpu.primitives;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Tuning tool (issue 21): where a tile-staged downsweep's device time goes, by kernels that each do one part of it
 * alone, in the grid's shape (work-group {@code g} walks its contiguous tiles of {@code 16 L} elements):
 * <ul>
 *   <li>{@code copy}: 16 coalesced loads and stores per work-item and tile, no local memory (the shape's floor);</li>
 *   <li>{@code kogge-long-scan}: the int scan downsweep alone (staged tile, each work-item's 16 consecutive
 *       elements, one {@link TileKernel#groupScanLong}, written back, stored coalesced);</li>
 *   <li>{@link GridScanKernel}'s downsweep launched alone, and {@link GridKernel}'s scan per phase.</li>
 * </ul>
 * Usage: {@code TileShapeProbe [n] [groupsPerCU,...] [device]} (defaults 10^8, {@code 2,4,8}, {@code gpu}); prints the
 * median device time of 5 launches after a warm-up and the kernel's limits; the scans are checked against
 * {@link PrimitivesReference}. Its first version (commit "TileShapeProbe (issue 21)") also timed the tile through
 * local memory without a group scan, the grid's serial-segment group scan and a 32-bit Kogge-Stone scan: their H200
 * rows are in bench/results/nvidia-h200/2026-11-28-primitives-probe.log and gpu-core/README.md.
 */
public final class TileShapeProbe {
    static final int ITEMS = GridKernel.ITEMS;
    private static final int RUNS = 5;

    private TileShapeProbe() {
    }

    /** The probes' common fields: data, the per-group carry, the grid's geometry. */
    abstract static class Probe extends TileKernel {
        int[] src = new int[1];
        int[] dst = new int[1];
        int[] carry = new int[1];
        int count;
        int tilesPerGroup;

        @Override
        protected int localInts(int localSize) {
            return super.localInts(localSize) + padded(localSize * ITEMS) + 2 * localSize;
        }
    }

    /** 16 coalesced loads and stores per work-item and tile. */
    static final class CopyProbe extends Probe {
        @Override
        public void run() {
            int t = getLocalId();
            int size = getLocalSize();
            int tile = size * ITEMS;
            int first = getGroupId() * tilesPerGroup;
            int end = Math.min(first + tilesPerGroup, (count + tile - 1) / tile);
            int[] e = new int[ITEMS];
            for (int tl = first; tl < end; tl++) {
                int base = tl * tile;
                int valid = Math.min(tile, count - base);
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    e[i] = j < valid ? src[base + j] : 0;
                }
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    if (j < valid) {
                        dst[base + j] = e[i];
                    }
                }
            }
        }
    }

    /** The Kogge-Stone downsweep on TileKernel's 64-bit core ({@link TileKernel#groupScanLong}). */
    static final class KoggeLongScanProbe extends Probe {
        @Override
        public void run() {
            int t = getLocalId();
            int size = getLocalSize();
            int tile = size * ITEMS;
            int g = getGroupId();
            int first = g * tilesPerGroup;
            int tiles = Math.max(0, Math.min(tilesPerGroup, (count + tile - 1) / tile - first));
            long running = carry[g];
            for (int s = 0; s < tiles; s++) {
                int base = (first + s) * tile;
                int valid = Math.min(tile, count - base);
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    if (j < valid) {
                        tileInts[pad(j)] = src[base + j];
                    }
                }
                localBarrier();
                int sum = 0;
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    sum += q < valid ? tileInts[pad(q)] : 0;
                }
                long inclusive = groupScanLong(sum);
                int run = (int) (running + inclusive) - sum;
                long total = groupScanLongTotal();
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    if (q < valid) {
                        int next = run + tileInts[pad(q)];
                        tileInts[pad(q)] = run;
                        run = next;
                    }
                }
                localBarrier();
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    if (j < valid) {
                        dst[base + j] = tileInts[pad(j)];
                    }
                }
                running += total;
                localBarrier();
            }
        }
    }

    public static void main(String[] args) throws com.aparapi.exception.QueryFailedException {
        if (System.getProperty("com.aparapi.enableProfiling") == null) {
            System.setProperty("com.aparapi.enableProfiling", "true");
        }
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000_000;
        String[] perCus = (args.length > 1 ? args[1] : "2,4,8").split(",");
        ComputeDevice device = DeviceCatalog.get().select(DevicePolicy.parse(args.length > 2 ? args[2] : "gpu"))
                .device();
        System.out.println("device " + device.describe() + ", n = " + n + ", compute units " + device.computeUnits());
        int[] data = new Random(n).ints(n, -1000, 1000).toArray();
        int[] want = PrimitivesReference.scan(data, false);
        int local = 256;
        for (Probe probe : List.of(new CopyProbe(), new KoggeLongScanProbe())) {
            try (GuardedKernel<Probe> k = new GuardedKernel<>(probe, device, local)) {
                Probe p = k.kernel();
                System.out.printf(Locale.ROOT, "%s: max work-group %d, private bytes %d, local bytes %d%n",
                        p.getClass().getSimpleName(), p.getKernelMaxWorkGroupSize(device.aparapiDevice()),
                        p.getKernelMinimumPrivateMemSizeInUsePerWorkItem(device.aparapiDevice()),
                        p.getKernelLocalMemSizeInUse(device.aparapiDevice()));
                p.src = data;
                p.dst = new int[n];
                p.count = n;
                p.put(p.src);
                for (String perCu : perCus) {
                    int tile = k.localSize() * ITEMS;
                    int tiles = (n + tile - 1) / tile;
                    int groups = Math.min(Integer.parseInt(perCu) * device.computeUnits(), tiles);
                    p.tilesPerGroup = (tiles + groups - 1) / groups;
                    groups = (tiles + p.tilesPerGroup - 1) / p.tilesPerGroup;
                    p.carry = carries(data, groups, p.tilesPerGroup * tile);
                    p.put(p.carry);
                    List<Long> dev = new ArrayList<>();
                    List<Long> wall = new ArrayList<>();
                    for (int r = 0; r <= RUNS; r++) {
                        LaunchTiming t = k.launch(groups);
                        if (r > 0) {
                            dev.add(t.kernelNanos());
                            wall.add(t.wallNanos());
                        }
                    }
                    p.get(p.dst);
                    String check = !(p instanceof CopyProbe)
                            ? (java.util.Arrays.equals(p.dst, want) ? " scan exact" : " SCAN WRONG") : "";
                    double d = median(dev);
                    System.out.printf(Locale.ROOT, "  %-15s G/CU %s groups %5d: device %8.1f us (%6.1f G el/s, %6.0f GB/s"
                            + " moved) wall %8.1f us%s%n", p.getClass().getSimpleName(), perCu, groups, d / 1e3,
                            n / d, 8.0 * n / d, median(wall) / 1e3, check);
                }
            }
        }
        // the lean scan layer's downsweep launched alone, as the probes are (its carries set on the host)
        try (GuardedKernel<GridScanKernel> k = new GuardedKernel<>(new GridScanKernel(), device, local)) {
            GridScanKernel sk = k.kernel();
            sk.in = data;
            sk.out = new int[n];
            sk.put(sk.in);
            for (String perCu : perCus) {
                int tile = k.localSize() * ITEMS;
                int tiles = (n + tile - 1) / tile;
                int groups = Math.min(Integer.parseInt(perCu) * device.computeUnits(), tiles);
                sk.gridTilesPerGroup = (tiles + groups - 1) / groups;
                groups = (tiles + sk.gridTilesPerGroup - 1) / sk.gridTilesPerGroup;
                int[] c = carries(data, groups, sk.gridTilesPerGroup * tile);
                sk.spine = new long[Math.max(groups, GridKernel.pinnedLength(8))];
                for (int g = 0; g < groups; g++) {
                    sk.spine[g] = c[g];
                }
                sk.put(sk.spine);
                sk.gridPhase = GridKernel.PH_DOWN;
                sk.gridOp = GridKernel.OP_SCAN_EXCLUSIVE;
                sk.gridCount = n;
                sk.gridGroups = groups;
                List<Long> dev = new ArrayList<>();
                for (int r = 0; r <= RUNS; r++) {
                    LaunchTiming t = k.launch(groups);
                    if (r > 0) {
                        dev.add(t.kernelNanos());
                    }
                }
                sk.get(sk.out);
                System.out.printf(Locale.ROOT, "  %-15s G/CU %s groups %5d: device %8.1f us%s%n", "GridScanKernel.down",
                        perCu, groups, median(dev) / 1e3, java.util.Arrays.equals(sk.out, want) ? " scan exact"
                        : " SCAN WRONG");
            }
            sk.gridPhase = GridKernel.PH_OFF;
        }
        for (String perCu : perCus) { // the production scan, per phase
            try (GuardedKernel<GridKernel> k = new GuardedKernel<>(new GridKernel(), device, local)) {
                GridDriver d = new GridDriver(k, Integer.parseInt(perCu) * device.computeUnits());
                GridKernel gk = k.kernel();
                gk.in = data;
                gk.out = new int[n];
                gk.put(gk.in);
                d.flush();
                d.scan(n, false);
                List<Long> dev = new ArrayList<>();
                List<Long> down = new ArrayList<>();
                for (int r = 0; r < RUNS; r++) {
                    dev.add(d.scan(n, false).kernelNanos());
                    long x = 0;
                    for (GridDriver.LaunchRecord rec : d.lastLaunchRecords()) {
                        x += rec.phase().contains("down") ? rec.deviceNanos() : 0;
                    }
                    down.add(x);
                }
                gk.get(gk.out);
                System.out.printf(Locale.ROOT, "  %-15s G/CU %s: device %8.1f us, downsweep %8.1f us%s%n",
                        "GridKernel.scan", perCu, median(dev) / 1e3, median(down) / 1e3,
                        java.util.Arrays.equals(gk.out, want) ? " scan exact" : " SCAN WRONG");
                gk.in = new int[GridKernel.pinnedLength(4)];
                gk.out = new int[GridKernel.pinnedLength(4)];
            }
        }
    }

    /** The exclusive prefix of each group's first element, groups of {@code span} elements. */
    private static int[] carries(int[] data, int groups, int span) {
        int[] c = new int[groups];
        int run = 0;
        for (int i = 0, g = 0; i < data.length; i++) {
            if (i % span == 0) {
                c[g++] = run;
            }
            run += data[i];
        }
        return c;
    }

    private static double median(List<Long> v) {
        long[] a = v.stream().mapToLong(Long::longValue).sorted().toArray();
        return a[a.length / 2];
    }
}
