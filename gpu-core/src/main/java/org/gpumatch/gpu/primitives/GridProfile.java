package org.gpumatch.gpu.primitives;

import com.aparapi.exception.QueryFailedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Tuning tool: where the time of each grid primitive goes, per launch phase (upsweep, spine, downsweep), for several
 * geometries (work-group size and work-groups per compute unit), with the host's clock around each launch and around
 * the whole call. Usage (main class of the bundle's jar, e.g. {@code GPUMATCH_MAIN_CLASS=...GridProfile}):
 * {@code GridProfile [n] [L:groupsPerCU,...] [device] [layers]} (defaults 10^8, {@code 256:4},
 * {@code gpu}, {@code grid,scan,sort,segment}: the lean {@link GridKernel} and its int-scan-off twin,
 * {@link GridScanKernel}, {@link GridSortKernel} (keys), {@link GridSortPairsKernel} (pairs),
 * {@link GridSegmentKernel}). Prints one line per primitive and geometry: medians of 5 runs after one warm-up, in
 * microseconds; the results are checked against {@link PrimitivesReference} and {@link SortReference} once per
 * geometry. OpenCL event profiling is switched on.
 */
public final class GridProfile {
    private static final int RUNS = 5;

    private GridProfile() {
    }

    public static void main(String[] args) throws QueryFailedException {
        if (System.getProperty("com.aparapi.enableProfiling") == null) {
            System.setProperty("com.aparapi.enableProfiling", "true");
        }
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000_000;
        String[] geometries = (args.length > 1 ? args[1] : "256:4").split(",");
        DevicePolicy policy = DevicePolicy.parse(args.length > 2 ? args[2] : "gpu");
        String layers = args.length > 3 ? args[3] : "grid,scan,sort,segment";
        ComputeDevice device = DeviceCatalog.get().select(policy).device();
        System.out.println("device " + device.describe() + ", n = " + n);
        Random r = new Random(n);
        int[] ints = r.ints(n).toArray();
        int[] keys = r.ints(n).toArray();
        int[] wantScan = PrimitivesReference.scan(ints, false);
        int[] sortedKeys = keys.clone();
        SortReference.sortU32(sortedKeys, null, 0, 32);
        Inputs in = new Inputs(n, ints, keys, wantScan, sortedKeys, r);
        for (String geometry : geometries) {
            String[] p = geometry.split(":");
            int local = Integer.parseInt(p[0]);
            int perCu = Integer.parseInt(p[1]);
            if (layers.contains("grid")) {
                // the lean kernel, then the same with int scans on the 64-bit path (IntScanOffKernel: 40 registers fewer)
                profileGrid(new GridKernel(), device, local, perCu, in);
                profileGrid(new IntScanOffKernel(), device, local, perCu, in);
            }
            if (layers.contains("scan")) { // the lean layers GpuArrays runs
                profileScanLayer(new GridScanKernel(), device, local, perCu, in);
                profileScanLayer(new GridSelectKernel(), device, local, perCu, in);
            }
            if (layers.contains("sort")) { // the lean sorts GpuArraySorter runs: keys alone, and pairs
                profileSortLayer(new GridSortKernel(), device, local, perCu, in, false);
                profileSortLayer(new GridSortPairsKernel(), device, local, perCu, in, true);
            }
            if (layers.contains("segment")) { // the segmented sort runs on its own layer (GridSegmentKernel)
                profileSegmentLayer(device, local, perCu, in);
            }
        }
    }

    /** The profile's inputs: random ints, random keys, and what the scan and sort of them must give. */
    private record Inputs(int n, int[] ints, int[] keys, int[] wantScan, int[] sortedKeys, Random r) {
    }

    /** The label of a kernel's rows, after printing its work-group limit and private memory. */
    private static String describe(GuardedKernel<? extends GridKernel> launcher, int perCu, String what,
                                   ComputeDevice device) throws QueryFailedException {
        String g = "L=" + launcher.localSize() + " G/CU=" + perCu + " " + what;
        // a kernel whose private arrays spill (dynamic indexing, register pressure) reports private memory
        GridKernel k = launcher.kernel();
        System.out.println(g + " kernel: max work-group " + k.getKernelMaxWorkGroupSize(device.aparapiDevice())
                + ", private bytes per work-item " + k.getKernelMinimumPrivateMemSizeInUsePerWorkItem(
                device.aparapiDevice()) + ", local bytes " + k.getKernelLocalMemSizeInUse(device.aparapiDevice()));
        return g;
    }

    /** Every primitive of the lean grid kernel (or its int-scan-off twin). */
    private static void profileGrid(GridKernel lean, ComputeDevice device, int local, int perCu, Inputs in)
            throws QueryFailedException {
        int n = in.n();
        try (GuardedKernel<GridKernel> launcher = new GuardedKernel<>(lean, device, local)) {
            GridDriver d = new GridDriver(launcher, perCu * device.computeUnits());
            GridKernel k = launcher.kernel();
            String g = describe(launcher, perCu, lean instanceof IntScanOffKernel ? "int-scan-off" : "grid", device);
            k.in = in.ints();
            k.out = new int[n];
            k.put(k.in);
            d.flush();
            profile(g + " flush(empty)", d, d::flush);
            profile(g + " scan-exclusive", d, () -> d.scan(n, false));
            k.get(k.out);
            check(Arrays.equals(k.out, in.wantScan()), "scan");
            profile(g + " reduce-sum", d, () -> d.reduce(n, GridDriver.COMBINE_SUM));
            check(d.lastTotal() == PrimitivesReference.sum(in.ints()), "reduce");
            profile(g + " select-if", d, () -> d.selectIf(n, Comparison.LESS, 0));
            profile(g + " histogram-256", d, () -> d.histogram(n, 256, Integer.MIN_VALUE, 1L << 24));
            profileSort(g, d, k, in, false); // the grid kernel sorts on radixPass too
        }
    }

    /** The lean scan layer's scan, or the select layer's selects. */
    private static void profileScanLayer(GridScanKernel lean, ComputeDevice device, int local, int perCu, Inputs in)
            throws QueryFailedException {
        int n = in.n();
        try (GuardedKernel<GridScanKernel> launcher = new GuardedKernel<>(lean, device, local)) {
            GridDriver d = new GridDriver(launcher, perCu * device.computeUnits());
            GridKernel k = launcher.kernel();
            String g = describe(launcher, perCu, lean.scanLayer() ? "scan layer" : "select layer", device);
            k.in = in.ints();
            k.out = new int[n];
            k.aux = in.keys(); // flags: non-zero almost everywhere
            k.put(k.in).put(k.aux);
            d.flush();
            if (lean.scanLayer()) {
                profile(g + " scan-exclusive", d, () -> d.scan(n, false));
                k.get(k.out);
                check(Arrays.equals(k.out, in.wantScan()), "lean scan");
            } else {
                profile(g + " select-if", d, () -> d.selectIf(n, Comparison.LESS, 0));
                profile(g + " select-flagged", d, () -> d.selectFlagged(n, false));
                // the same downsweep with nothing, then everything selected: what the compaction costs
                profile(g + " select-if none", d, () -> d.selectIf(n, Comparison.LESS, Integer.MIN_VALUE));
                profile(g + " select-if all", d, () -> d.selectIf(n, Comparison.GREATER_OR_EQUAL, Integer.MIN_VALUE));
            }
        }
    }

    /**
     * The u32 key sort of {@code d}'s kernel, or with {@code pairs} the u32/u32 pair sort (values the keys' copies, so
     * the sorted keys check both), checked; its operand arrays are placeholders again afterwards.
     */
    private static void profileSort(String g, GridDriver d, GridKernel k, Inputs in, boolean pairs) {
        int n = in.n();
        int[] work = new int[n];
        int[] values = pairs ? new int[n] : null;
        k.in = work;
        k.out = new int[n];
        if (pairs) {
            k.aux = values;
            k.auxAlt = new int[n];
        }
        LaunchTiming[] t = new LaunchTiming[1];
        boolean[] inAlt = new boolean[1];
        profile(g + (pairs ? " sort-pairs-u32" : " sort-keys-u32"), d, () -> {
            System.arraycopy(in.keys(), 0, work, 0, n);
            k.put(k.in);
            if (pairs) {
                System.arraycopy(in.keys(), 0, values, 0, n);
                k.put(k.aux);
            }
            d.flush();
        }, () -> {
            inAlt[0] = d.sort(n, 0, 32, false, pairs, t);
            return t[0];
        });
        k.get(inAlt[0] ? k.out : k.in);
        check(Arrays.equals(inAlt[0] ? k.out : k.in, in.sortedKeys()), "sort");
        if (pairs) {
            k.get(inAlt[0] ? k.auxAlt : k.aux);
            check(Arrays.equals(inAlt[0] ? k.auxAlt : k.aux, in.sortedKeys()), "sort values");
            k.aux = new int[GridKernel.pinnedLength(4)];
            k.auxAlt = new int[GridKernel.pinnedLength(4)];
        }
        k.in = new int[GridKernel.pinnedLength(4)];
        k.out = new int[GridKernel.pinnedLength(4)];
    }

    /** The segmented sort of segments of 2..10 (its small path alone), keys from the unsorted copy. */
    /** One lean sort kernel's sort of u32 keys, or of u32/u32 pairs, in exactly this geometry. */
    private static void profileSortLayer(GridSortKernel lean, ComputeDevice device, int local, int perCu, Inputs in,
                                         boolean pairs) throws QueryFailedException {
        try (GuardedKernel<GridSortKernel> launcher = new GuardedKernel<>(lean, device, local)) {
            int groups = perCu * device.computeUnits();
            GridDriver d = new GridDriver(launcher, groups, groups, launcher.localSize());
            String g = describe(launcher, perCu, pairs ? "pairs sort layer" : "sort layer", device);
            profileSort(g, d, launcher.kernel(), in, pairs);
        }
    }

    private static void profileSegmentLayer(ComputeDevice device, int local, int perCu, Inputs in)
            throws QueryFailedException {
        int n = in.n();
        try (GuardedKernel<GridSegmentKernel> launcher = new GuardedKernel<>(new GridSegmentKernel(), device,
                local)) {
            GridDriver d = new GridDriver(launcher, perCu * device.computeUnits());
            GridKernel k = launcher.kernel();
            String g = describe(launcher, perCu, "segment layer", device);
            int[] heads = new int[n];
            for (int i = 0; i < n; i += 2 + in.r().nextInt(9)) {
                heads[i] = 1;
            }
            k.in = in.keys().clone();
            k.aux = new int[n];
            k.out = heads;
            k.auxAlt = new int[n];
            k.put(k.in).put(k.aux).put(k.out);
            d.flush();
            profile(g + " segmented-sort-2-10", d, () -> d.segmentedSort(n, 32));
        }
    }

    /**
     * The lean kernel with the int scan's own 32-bit path off ({@link GridKernel#intScanSteps}): int scans on the
     * 64-bit path, 94 registers in the proxy against 135. Measured beside the lean kernel (H200, 2026-11-25 b: scan
     * 11 % slower, the others within 3 %).
     */
    static final class IntScanOffKernel extends GridKernel {
        @Override
        protected boolean intScanSteps() {
            return false;
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what + ": the device result differs from the reference");
        }
    }

    private static void profile(String name, GridDriver d, Supplier<LaunchTiming> call) {
        profile(name, d, () -> { }, call);
    }

    /** Medians over {@link #RUNS} of the call's wall, device sum and each phase's device and wall sums. */
    private static void profile(String name, GridDriver d, Runnable prepare, Supplier<LaunchTiming> call) {
        prepare.run();
        call.get();
        List<Long> walls = new ArrayList<>();
        List<Long> devices = new ArrayList<>();
        Map<String, List<long[]>> phases = new LinkedHashMap<>();
        for (int i = 0; i < RUNS; i++) {
            prepare.run();
            long t0 = System.nanoTime();
            LaunchTiming t = call.get();
            walls.add(System.nanoTime() - t0);
            devices.add(t.kernelNanos());
            Map<String, long[]> sums = new LinkedHashMap<>();
            for (GridDriver.LaunchRecord rec : d.lastLaunchRecords()) {
                long[] s = sums.computeIfAbsent(rec.phase(), x -> new long[4]);
                s[0] += rec.deviceNanos();
                s[1] += rec.wallNanos();
                s[2]++;
                s[3] += rec.executeNanos();
            }
            sums.forEach((ph, s) -> phases.computeIfAbsent(ph, x -> new ArrayList<>()).add(s));
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-36s wall %9.1f us device %9.1f us |",
                name, median(walls) / 1e3, median(devices) / 1e3));
        phases.forEach((ph, list) -> sb.append(String.format(Locale.ROOT, " %s x%d dev %.1f exec %.1f wall %.1f;",
                ph, list.get(0)[2], median(list.stream().map(a -> a[0]).toList()) / 1e3,
                median(list.stream().map(a -> a[3]).toList()) / 1e3,
                median(list.stream().map(a -> a[1]).toList()) / 1e3)));
        sb.append(" calls ").append(d.lastCalls());
        System.out.println(sb);
    }

    private static double median(List<Long> v) {
        long[] a = v.stream().mapToLong(Long::longValue).sorted().toArray();
        return a[a.length / 2];
    }
}
