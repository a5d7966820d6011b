package org.gpumatch.aparapi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.gpumatch.aparapi.plan.Calibration;
import org.gpumatch.aparapi.plan.CostPlanner;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.cpu.CpuMatcher;
import org.gpumatch.api.Text;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Measures the rates of a {@link Calibration} on this host and {@code device} in a few seconds ({@code gpumatch devices
 * --calibrate}): the read rate of a temporary file of {@code bytes} random bytes (through the page cache, as a file
 * just written or often read) and of the CPU matcher searching it in place (memory-mapped), the CPU matcher's rate
 * on the heap (when the build has one; sequential Rabin-Karp is rated by a
 * constant; {@code cpu} is measured), and for each device algorithm of the crossover table, on a resident text of {@code bytes} bytes: the
 * first query (compile, pack, upload, search), a second query of the same text (launches and search: the kernel rate),
 * a query of a new text of the same size (pack and upload: the upload rate, the host packing counted in it), and two
 * queries of a 4 KiB text (the launch overhead). The copy rate into an existing buffer and the pack rate keep the
 * built-in values ({@code bench ceiling} measures the copy). Memory: three texts of {@code bytes} bytes.
 */
public final class Calibrator {
    private Calibrator() {
    }

    /** Measures, telling {@code log} each result; keys it cannot measure keep the values of {@code defaults}. */
    public static Calibration measure(ComputeDevice device, int bytes, Calibration defaults, Consumer<String> log)
            throws IOException {
        if (bytes < (1 << 20)) {
            throw new IllegalArgumentException("calibrate with at least 1 MiB: " + bytes);
        }
        byte[] text = random(bytes, 1);
        Algorithm cpu = CostPlanner.cpuAlgorithm();
        Pattern pattern = Pattern.of(java.util.Arrays.copyOfRange(text, bytes / 2, bytes / 2 + 16));
        double cpuRate;
        try (Matcher m = ExactMatchers.create(cpu, device, "calibrate")) {
            m.count(Text.wrap(text), pattern); // warm-up
            cpuRate = rate(bytes, timed(() -> m.count(Text.wrap(text), pattern)));
            log.accept(line(cpu.cliName() + " (CPU matcher)", cpuRate));
        }
        double[] fileRates = fileRates(text, pattern, log);
        double readRate = fileRates[0];
        double mappedRate = fileRates[1];
        long launch = defaults.launchNanos();
        long compile = defaults.compileNanos();
        double upload = defaults.uploadRate();
        Map<Algorithm, Double> kernels = new EnumMap<>(Algorithm.class);
        kernels.putAll(defaults.kernelRates());
        if (device.isOpenCL()) {
            for (Algorithm a : kernels.keySet().toArray(new Algorithm[0])) {
                Pattern p = Pattern.of(java.util.Arrays.copyOf(pattern.toByteArray(), a == Algorithm.DRK_WOM_32 ? 4
                        : a == Algorithm.DRK_WOM_64 ? 8 : 16));
                try (Matcher m = ExactMatchers.create(a, device, "calibrate")) {
                    Text first = Text.wrap(text);
                    long t1 = timed(() -> m.count(first, p));
                    long t2 = timed(() -> m.count(first, p));
                    long t3 = timed(() -> m.count(Text.wrap(random(bytes, 2)), p));
                    Text small = Text.wrap(random(4096, 3));
                    m.count(small, p);
                    long l = timed(() -> m.count(small, p)) / CostPlanner.LAUNCHES_PER_QUERY;
                    launch = Math.min(launch, l);
                    kernels.put(a, rate(bytes, Math.max(1, t2 - CostPlanner.LAUNCHES_PER_QUERY * l)));
                    upload = rate(bytes / 1.0, Math.max(1, t3 - t2)); // 8-bit symbols: n bytes cross
                    compile = Math.max(0, t1 - t3);
                    log.accept(String.format(Locale.ROOT, "%s: first query %.1f ms, again %.3f ms, new text %.1f ms, "
                            + "launch %.3f ms; kernel %.1f GB/s", a.cliName(), t1 / 1e6, t2 / 1e6, t3 / 1e6, l / 1e6,
                            kernels.get(a) / 1e9));
                }
            }
            log.accept(line("pack and first upload", upload));
            log.accept(String.format(Locale.ROOT, "compile: %.1f ms, launch: %.3f ms", compile / 1e6, launch / 1e6));
        }
        return new Calibration("measured " + java.time.Instant.now() + " with " + bytes + " bytes", defaults.table(),
                readRate, cpuRate, mappedRate, defaults.packRate(), defaults.copyRate(), upload, compile, launch,
                kernels);
    }

    /**
     * Writes {@code text} to a temporary file and measures, through the page cache, the read rate into the heap and
     * the CPU matcher's in-place rate over the mapped file (after one warm-up); returns both.
     */
    private static double[] fileRates(byte[] text, Pattern pattern, Consumer<String> log) throws IOException {
        Path f = Files.createTempFile("gpumatch-calibrate", ".bin");
        try {
            Files.write(f, text);
            double read = rate(text.length, timed(() -> Files.readAllBytes(f).length));
            log.accept(line("read (page cache)", read));
            CpuMatcher cpu = new CpuMatcher();
            cpu.count(f, pattern); // warm-up
            double mapped = rate(text.length, timed(() -> cpu.count(f, pattern)));
            log.accept(line("CPU matcher on the mapped file", mapped));
            return new double[] {read, mapped};
        } finally {
            Files.deleteIfExists(f);
        }
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Work timed by {@link #timed}: a count, or a file read. */
    private interface Work {
        long run() throws IOException;
    }

    private static long timed(Work work) throws IOException {
        long t0 = System.nanoTime();
        work.run();
        return System.nanoTime() - t0;
    }

    private static double rate(double bytes, long nanos) {
        return bytes / Math.max(1, nanos) * 1e9;
    }

    private static String line(String what, double rate) {
        return String.format(Locale.ROOT, "%s: %.2f GB/s", what, rate / 1e9);
    }
}
