package org.gpumatch.bench.exact;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.bench.ceiling.DeviceCeilings;

/**
 * Measures DRK-WOM-64 on a resident random 8-bit text for several work-group geometries and pattern lengths, next to
 * the device's read ceiling; every count is checked against the CPU before it is reported. Used to pick the default
 * geometry ({@link DrkWomMatcher#DEFAULT_LOCAL_SIZE}, {@link DrkWomMatcher#DEFAULT_CHARS_PER_ITEM}).
 *
 * <p>Usage: {@code DrkWomTuning [--device D] [--size BYTES] [--reps N] [--geometry 256x5,128x7,...] (work-items x words per item) [--m 1,4,8]}.
 * Run with {@code -Dcom.aparapi.enableProfiling=true} for device times.
 */
public final class DrkWomTuning {
    private DrkWomTuning() {
    }

    /** Checks {@code find} against the naive oracle's positions (single-threaded; a few seconds per GiB). */
    public static void main(String[] args) {
        String device = "auto";
        long size = 1L << 30;
        int reps = 20;
        String geometry = "256x5";
        String ms = "1,2,4,8";
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--device" -> device = args[i + 1];
                case "--size" -> size = Long.parseLong(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--geometry" -> geometry = args[i + 1];
                case "--m" -> ms = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        ComputeDevice dev = DeviceCatalog.get().select(DevicePolicy.parse(device)).device();
        System.out.printf("device: %s | %s | CUs %d | global %.1f GiB | max alloc %.1f GiB%n", dev.describe(),
                dev.platformVersion(), dev.computeUnits(), dev.globalMemBytes() / 1073741824.0,
                dev.maxAllocBytes() / 1073741824.0);
        DeviceCeilings.Measurement read = DeviceCeilings.readBandwidth(dev, size, reps);
        DeviceCeilings.Measurement h2d = DeviceCeilings.hostToDevice(dev, size, Math.max(3, reps / 4));
        DeviceCeilings.Measurement launch = DeviceCeilings.emptyLaunch(dev, reps * 5);
        System.out.printf("ceiling read: device %.1f GB/s, wall %.1f GB/s | h2d: device %.1f GB/s, wall %.1f GB/s"
                        + " | empty launch %.1f us wall%n", read.deviceGbps(), read.wallGbps(), h2d.deviceGbps(),
                h2d.wallGbps(), launch.wall().median() / 1e3);

        byte[] t = new byte[(int) size];
        new SplittableRandom(2016).nextBytes(t);
        Text text = Text.wrap(t);
        List<byte[]> patterns = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(7);
        for (String m : ms.split(",")) {
            int len = Integer.parseInt(m.trim());
            int at = r.nextInt(t.length - len);
            patterns.add(java.util.Arrays.copyOfRange(t, at, at + len)); // at least one match
        }
        long[] expected = patterns.stream().mapToLong(p -> CpuCount.count(t, p)).toArray();
        System.out.printf("%-10s %3s %12s %12s %10s %10s %8s%n", "geometry", "m", "count", "dev ms", "dev GB/s",
                "wall GB/s", "dev/ceil");
        for (String geo : geometry.split(",")) {
            String[] lg = geo.split("x");
            try (DrkWomMatcher matcher = new DrkWomMatcher(dev, "tuning", Integer.parseInt(lg[0]),
                    Integer.parseInt(lg[1]))) {
                long u0 = System.nanoTime();
                matcher.count(text, Pattern.of(patterns.get(0))); // compile + upload
                long firstCall = System.nanoTime() - u0;
                System.out.printf("%-10s first call (compile + pack + upload): %.1f ms%n", geo, firstCall / 1e6);
                for (int pi = 0; pi < patterns.size(); pi++) {
                    Pattern p = Pattern.of(patterns.get(pi));
                    TuningRow.measure(matcher, text, p, expected[pi], reps, pi == 0 || pi == patterns.size() - 1, geo,
                            read.deviceGbps());
                }
            }
        }
    }
}
