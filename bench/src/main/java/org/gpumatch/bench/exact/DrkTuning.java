package org.gpumatch.bench.exact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.gpumatch.aparapi.rabinkarp.DrkMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.bench.ceiling.DeviceCeilings;

/**
 * Measures DRK (modular Rabin-Karp, divide and conquer) on a resident random text for several work-group geometries
 * (work-items x g, the paper's windows per work-item) and pattern lengths, next to the device's read ceiling; every
 * count is checked against the CPU before it is reported. Used to pick {@link DrkMatcher#DEFAULT_LOCAL_SIZE} and
 * {@link DrkMatcher#DEFAULT_CHARS_PER_ITEM} per device by measurement (the paper found 12 < g < 44 best on a K40c).
 * Geometries or patterns whose tile plus overlap does not fit the device's local memory are reported and skipped.
 *
 * <p>Usage: {@code DrkTuning [--device D] [--size BYTES] [--reps N] [--symbols K] (random text over K byte values,
 * 2..256: sigma = ceil(log2 K)) [--geometry 256x32,256x16,128x32,...] (work-items x g) [--m 8,32,128,1024]}. Run with
 * {@code -Dcom.aparapi.enableProfiling=true} for device times.
 */
public final class DrkTuning {
    private DrkTuning() {
    }

    /** Checks {@code find} against the naive oracle's positions (single-threaded; a few seconds per GiB). */
    public static void main(String[] args) {
        String device = "auto";
        long size = 1L << 28;
        int reps = 10;
        int symbols = 256;
        String geometry = "256x8,256x12,256x16,256x24,256x32,256x44,256x64,128x32,512x16";
        String ms = "8,32,128,1024";
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--device" -> device = args[i + 1];
                case "--size" -> size = Long.parseLong(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--symbols" -> symbols = Integer.parseInt(args[i + 1]);
                case "--geometry" -> geometry = args[i + 1];
                case "--m" -> ms = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (symbols < 2 || symbols > 256) {
            throw new IllegalArgumentException("--symbols must be 2..256: " + symbols);
        }
        ComputeDevice dev = DeviceCatalog.get().select(DevicePolicy.parse(device)).device();
        System.out.printf("device: %s | %s | CUs %d | global %.1f GiB | max alloc %.1f GiB | local %d KiB%n",
                dev.describe(), dev.platformVersion(), dev.computeUnits(), dev.globalMemBytes() / 1073741824.0,
                dev.maxAllocBytes() / 1073741824.0, dev.localMemBytes() / 1024);
        DeviceCeilings.Measurement read = DeviceCeilings.readBandwidth(dev, size, reps);
        DeviceCeilings.Measurement launch = DeviceCeilings.emptyLaunch(dev, reps * 5);
        System.out.printf("ceiling read: device %.1f GB/s, wall %.1f GB/s | empty launch %.1f us wall%n",
                read.deviceGbps(), read.wallGbps(), launch.wall().median() / 1e3);

        byte[] t = new byte[(int) size];
        SplittableRandom textRandom = new SplittableRandom(2016);
        for (int i = 0; i < t.length; i++) {
            t[i] = (byte) textRandom.nextInt(symbols);
        }
        Text text = Text.wrap(t);
        System.out.printf("text: %d bytes over %d symbols (sigma %d)%n", t.length, symbols, text.alphabet().sigma());
        List<byte[]> patterns = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(7);
        for (String m : ms.split(",")) {
            int len = Integer.parseInt(m.trim());
            int at = r.nextInt(t.length - len);
            patterns.add(Arrays.copyOfRange(t, at, at + len)); // at least one match
        }
        long[] expected = patterns.stream().mapToLong(p -> CpuCount.count(t, p)).toArray();
        System.out.printf("%-10s %5s %12s %12s %10s %10s %8s%n", "geometry", "m", "count", "dev ms", "dev GB/s",
                "wall GB/s", "dev/ceil");
        for (String geo : geometry.split(",")) {
            String[] lg = geo.split("x");
            try (DrkMatcher matcher = new DrkMatcher(dev, "tuning", Integer.parseInt(lg[0]),
                    Integer.parseInt(lg[1]))) {
                boolean first = true;
                for (int pi = 0; pi < patterns.size(); pi++) {
                    Pattern p = Pattern.of(patterns.get(pi));
                    var refused = matcher.unsupportedReason(t.length, p.length(), text.alphabet().sigma());
                    if (refused.isPresent()) {
                        System.out.printf("%-10s %5d skipped: %s%n", geo, p.length(), refused.get());
                        continue;
                    }
                    if (first) {
                        long u0 = System.nanoTime();
                        matcher.count(text, p); // compile + pack + upload
                        System.out.printf("%-10s first call (compile + pack + upload): %.1f ms; local size %d, p = %d%n",
                                geo, (System.nanoTime() - u0) / 1e6, matcher.localSize(),
                                matcher.prime(text.alphabet().sigma()));
                        first = false;
                    }
                    TuningRow.measure(matcher, text, p, expected[pi], reps, pi == 0 || pi == patterns.size() - 1, geo,
                            read.deviceGbps());
                }
            }
        }
    }
}
