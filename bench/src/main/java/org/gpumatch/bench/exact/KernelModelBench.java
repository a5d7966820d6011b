package org.gpumatch.bench.exact;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;
import org.gpumatch.aparapi.multi.MultiFusedMatcher;
import org.gpumatch.aparapi.multi.MultiRkMatcher;
import org.gpumatch.aparapi.rabinkarp.CrkMatcher;
import org.gpumatch.aparapi.rabinkarp.DrkMatcher;
import org.gpumatch.aparapi.rabinkarp.DrkWomMatcher;
import org.gpumatch.aparapi.rabinkarp.HrkMatcher;
import org.gpumatch.aparapi.DeviceMatcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.kmismatch.gpu.KernelKMismatchMatcher;

/**
 * Times the kernels that issue 21 part 3 moved onto the one composition model (DRK, DRK-WOM-64, DRK-2S, HRK, CRK,
 * multi-rk, multi-fused, the k-mismatch variants) through their public matchers only, so that the same compiled class
 * runs against an older build's jar for a before/after comparison in one process per build:
 * {@code java -cp kernel-model-bench.jar:gpumatch.jar org.gpumatch.bench.exact.KernelModelBench LABEL OUT.csv}.
 * Inputs come from fixed seeds (identical in both runs); each row is the median of {@code reps} timed calls after one
 * untimed call on the resident text (compile and upload excluded): {@code count} and {@code find} wall time of the
 * host call, and for the Rabin-Karp matchers the device time of their launches (with
 * {@code -Dcom.aparapi.enableProfiling=true}). CRK also gets a row for its first query of a new text (its prefix
 * scans run once per text). Rows: label, algorithm, op, n, m, patterns, matches, wall and device medians in ms, GB/s of
 * text by wall time.
 */
public final class KernelModelBench {
    private final String label;
    private final PrintStream out;
    private final int reps;

    private KernelModelBench(String label, PrintStream out, int reps) {
        this.label = label;
        this.out = out;
        this.reps = reps;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: KernelModelBench LABEL OUT.csv [reps] [scale-shift]");
            System.exit(2);
        }
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        int shift = args.length > 3 ? Integer.parseInt(args[3]) : 0; // tests run it smaller
        ComputeDevice device = DeviceCatalog.get().autoDevice();
        System.out.println("device: " + device.describe());
        try (PrintStream ps = new PrintStream(Files.newOutputStream(Path.of(args[1])), true, StandardCharsets.UTF_8)) {
            ps.println("label,algorithm,op,n,m,patterns,matches,wall_median_ms,device_median_ms,wall_gbps");
            new KernelModelBench(args[0], ps, reps).runAll(device, shift);
        }
    }

    private void runAll(ComputeDevice device, int shift) {
        byte[] bytes = random(256L << 20 >> shift, 256, 1);
        byte[] dna = random(256L << 20 >> shift, 4, 2);
        byte[] small = Arrays.copyOf(bytes, (int) (64L << 20 >> shift));
        try (DrkMatcher drk = new DrkMatcher(device, "bench")) {
            for (int m : new int[] {8, 64, 1024}) {
                resident("drk", drk, bytes, m);
            }
        }
        try (DrkWomMatcher wom = new DrkWomMatcher(device, "bench", DrkWomMatcher.Variant.BITS_64,
                DrkWomMatcher.DEFAULT_LOCAL_SIZE, DrkWomMatcher.DEFAULT_WORDS_PER_ITEM)) {
            resident("drk-wom-64", wom, bytes, 8);
            resident("drk-wom-64 dna", wom, dna, 8);
        }
        try (DrkWomMatcher two = new DrkWomMatcher(device, "bench", DrkWomMatcher.Variant.TWO_STAGE,
                DrkWomMatcher.DEFAULT_LOCAL_SIZE, DrkWomMatcher.DEFAULT_WORDS_PER_ITEM)) {
            resident("drk-2s", two, bytes, 64);
            resident("drk-2s dna", two, dna, 16);
        }
        try (HrkMatcher hrk = new HrkMatcher(device, "bench")) {
            for (int m : new int[] {8, 64, 1024}) {
                resident("hrk", hrk, small, m);
            }
        }
        try (CrkMatcher crk = new CrkMatcher(device, "bench")) {
            for (int m : new int[] {8, 64}) {
                resident("crk", crk, small, m);
            }
            Text fresh = Text.wrap(Arrays.copyOf(small, small.length));
            Pattern p = Pattern.of(Arrays.copyOfRange(small, small.length / 2, small.length / 2 + 16));
            double[] wall = new double[reps];
            long matches = 0;
            for (int r = 0; r < reps; r++) {
                fresh = Text.wrap(fresh.bytes().clone()); // a new text: the prefix scans run again
                long t0 = System.nanoTime();
                matches = crk.count(fresh, p);
                wall[r] = (System.nanoTime() - t0) / 1e6;
            }
            row("crk", "first-query", small.length, 16, 1, matches, median(wall), -1);
        }
        multi(device, bytes);
        kmismatch(device, dna, shift);
    }

    private void multi(ComputeDevice device, byte[] text) {
        Random r = new Random(5);
        List<byte[]> fixed = new ArrayList<>();
        List<byte[]> mixed = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            int at = r.nextInt(text.length - 64);
            fixed.add(Arrays.copyOfRange(text, at, at + 16));
            mixed.add(Arrays.copyOfRange(text, at, at + 4 + r.nextInt(61)));
        }
        Text t = Text.wrap(text);
        try (MultiRkMatcher rk = new MultiRkMatcher(device)) {
            multiRows("multi-rk", rk, t, PatternSet.of(fixed), 16);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        try (MultiFusedMatcher fused = new MultiFusedMatcher(device)) {
            multiRows("multi-fused", fused, t, PatternSet.of(mixed), 0);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void multiRows(String name, org.gpumatch.api.multi.MultiPatternMatcher m, Text t, PatternSet set,
                           int length) {
        long count = Arrays.stream(m.count(t, set)).sum();
        row(name, "count", t.length(), length, set.size(), count,
                timed(() -> Arrays.stream(m.count(t, set)).sum()), -1);
        row(name, "find", t.length(), length, set.size(), count, timed(() -> m.find(t, set).size()), -1);
    }

    private void kmismatch(ComputeDevice device, byte[] dna, int shift) {
        for (KMismatchVariant v : new KMismatchVariant[] {KMismatchVariant.THREAD, KMismatchVariant.BLOCK_THREAD,
            KMismatchVariant.OPT_BLOCK_THREAD, KMismatchVariant.BIT_PARALLEL}) {
            int n = (int) ((v == KMismatchVariant.BLOCK_THREAD ? 4L << 20 : 32L << 20) >> shift);
            Text t = Text.wrap(Arrays.copyOf(dna, n));
            for (int m : new int[] {32, 256}) {
                Pattern p = Pattern.of(Arrays.copyOfRange(dna, n / 3, n / 3 + m));
                int k = m / 16;
                try (KernelKMismatchMatcher g = new KernelKMismatchMatcher(v, device)) {
                    long hits = g.count(t, p, k);
                    row("kmismatch " + v.cliName() + " k=" + k, "count", n, m, 1, hits,
                            timed(() -> g.count(t, p, k)), -1);
                    row("kmismatch " + v.cliName() + " k=" + k, "find", n, m, 1, hits,
                            timed(() -> g.find(t, p, k).size()), -1);
                }
            }
        }
    }

    private void resident(String name, DeviceMatcher matcher, byte[] bytes, int m) {
        Text text = Text.wrap(bytes);
        Pattern p = Pattern.of(Arrays.copyOfRange(bytes, bytes.length / 3, bytes.length / 3 + m));
        long matches = matcher.count(text, p); // compile, upload, derived state
        double[] device = new double[reps];
        double wall = timed(() -> matcher.count(text, p), device, matcher);
        row(name, "count", bytes.length, m, 1, matches, wall, median(device));
        matcher.find(text, p);
        wall = timed(() -> matcher.find(text, p).length, device, matcher);
        row(name, "find", bytes.length, m, 1, matches, wall, median(device));
    }

    private double timed(LongSupplier call) {
        return timed(call, new double[reps], null);
    }

    private double timed(LongSupplier call, double[] device, DeviceMatcher matcher) {
        call.getAsLong(); // warm-up
        double[] wall = new double[reps];
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            call.getAsLong();
            wall[r] = (System.nanoTime() - t0) / 1e6;
            device[r] = matcher == null ? -1 : matcher.lastTiming().kernelNanos() / 1e6;
        }
        return median(wall);
    }

    private void row(String name, String op, long n, int m, int patterns, long matches, double wallMs,
                     double deviceMs) {
        String line = String.format("%s,%s,%s,%d,%d,%d,%d,%.4f,%s,%.3f", label, name, op, n, m, patterns, matches,
                wallMs, deviceMs < 0 ? "" : String.format("%.4f", deviceMs), n / wallMs / 1e6);
        out.println(line);
        System.out.println(line);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static byte[] random(long n, int symbols, long seed) {
        byte[] b = new byte[(int) n];
        Random r = new Random(seed);
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (symbols == 256 ? r.nextInt(256) : "ACGT".charAt(r.nextInt(4)));
        }
        return b;
    }
}
