package org.gpumatch.aparapi.plan;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.gpumatch.api.Algorithm;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Measured rates of one host and device, the inputs of {@link CostPlanner}: how fast a file is read into the heap,
 * how fast the CPU matcher and the host packing run, how fast bytes cross to the device (into an existing buffer and
 * as the first upload of a new one), what a kernel compile and a launch cost, and each device algorithm's search rate
 * on a resident text.
 *
 * <p>Where it comes from, in order: the file named by the system property {@value #PROPERTY}; else
 * {@code ~/.cache/gpumatch/calibration-<device slug>.properties} written by {@code gpumatch devices --calibrate};
 * else a built-in table of the nearest known device ({@link #builtIn}). Rates are bytes of text per second, times
 * are nanoseconds. Memory: a few dozen numbers.
 *
 * @param source       where the numbers come from, for {@code --explain}
 * @param table        the crossover table the device algorithms are chosen by ({@link CrossoverTable})
 * @param readRate     bytes per second from a file into the Java heap
 * @param cpuRate      bytes per second of the CPU matcher (every core), one query of a text in the heap
 * @param mappedRate   bytes per second of the CPU matcher searching a file in place (memory-mapped from the page
 *                     cache, every core, the reading included): what a one-shot CPU query of a file costs
 * @param packRate     bytes per second of packing a text to sigma-bit symbols on the host
 * @param copyRate     bytes per second host to device into an existing buffer
 * @param uploadRate   bytes per second of the first upload into a new device buffer
 * @param compileNanos one kernel compile
 * @param launchNanos  one kernel launch, the result read back included
 * @param kernelRates  search rate of a resident text per device algorithm (bytes of text per second); missing: not a
 *                     candidate on this device
 */
public record Calibration(String source, CrossoverTable table, double readRate, double cpuRate, double mappedRate,
                          double packRate,
                          double copyRate, double uploadRate, long compileNanos, long launchNanos,
                          Map<Algorithm, Double> kernelRates) {
    /** The system property naming a calibration file that overrides the cached one. */
    public static final String PROPERTY = "gpumatch.calibration";
    private static final double GB = 1e9;
    /**
     * CPU matcher rate per core assumed until measured: issue 13's target for the multi-core CPU matcher (4 GB/s per
     * core); {@code gpumatch devices --calibrate} measures the real one.
     */
    static final double CPU_RATE_PER_CORE = 4 * GB;
    /**
     * The CPU matcher over a memory-mapped file on the lent H100/H200 hosts (16 threads): 3.0 GB/s, from
     * bench/results/nvidia-h200/2026-11-23-e2e.csv ({@code gpumatch count -a cpu} as a process, 1 GiB of DNA and of
     * random bytes, m = 8..1024: 478-721 ms, less the 165-181 ms of a 1 KB query: 2.0-3.5 GB/s). Mapping and paging
     * the file in, not the search, bounds it: the same search of a heap text runs at {@link #CPU_RATE_PER_CORE} per
     * core.
     */
    static final double GPU_HOST_MAPPED_RATE = 3.0 * GB;
    /**
     * The same per core on the 2-core developer machine (PoCL;
     * bench/results/pthread-haswell-amd-epyc/2026-11-23-e2e-2.csv: 100 MB of random bytes in 352-428 ms, less 231-319
     * ms for 1 KB: about 0.4 GB/s per core), the default of hosts without a GPU table, at most
     * {@link #GPU_HOST_MAPPED_RATE} in all.
     */
    static final double MAPPED_RATE_PER_CORE = 0.4 * GB;

    public Calibration {
        kernelRates = Map.copyOf(kernelRates);
        for (double r : new double[] {readRate, cpuRate, mappedRate, packRate, copyRate, uploadRate}) {
            if (!(r > 0)) {
                throw new IllegalArgumentException("calibration " + source + ": rates must be positive, got " + r);
            }
        }
    }

    /** The search rate of {@code algorithm} on this device, if it is a candidate here. */
    public Optional<Double> kernelRate(Algorithm algorithm) {
        return Optional.ofNullable(kernelRates.get(algorithm));
    }

    /**
     * The calibration of {@code device}: the file of {@value #PROPERTY}, else the cached file of the device, else the
     * built-in table of the nearest known device. Reads at most one small file.
     */
    public static Calibration forDevice(ComputeDevice device) {
        Path file = location(device);
        if (Files.isRegularFile(file)) {
            try {
                return load(file, builtIn(device));
            } catch (IOException | IllegalArgumentException e) {
                return builtIn(device).withSource(builtIn(device).source() + " (" + file + " unreadable: "
                        + e.getMessage() + ")");
            }
        }
        return builtIn(device);
    }

    /** Where the calibration of {@code device} is read from and written to. */
    public static Path location(ComputeDevice device) {
        String override = System.getProperty(PROPERTY);
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "gpumatch",
                "calibration-" + (device.isOpenCL() ? device.slug() : "java") + ".properties");
    }

    /**
     * The built-in table of the nearest known device: an H200 by name, else an H100 for any other GPU or accelerator,
     * PoCL for a CPU OpenCL device, the Java table without OpenCL.
     */
    public static Calibration builtIn(ComputeDevice device) {
        int cores = Runtime.getRuntime().availableProcessors();
        return switch (device.kind()) {
            case JAVA_THREADS -> javaOnly(cores);
            case OPENCL_CPU -> pocl(cores);
            case OPENCL_GPU, OPENCL_ACCELERATOR -> device.name().toUpperCase(Locale.ROOT).contains("H200")
                    ? h200(cores) : h100(cores);
        };
    }

    /**
     * NVIDIA H100 80GB HBM3, from bench/results/nvidia-h100-80gb-hbm3/2026-11-22-exact.csv: host-to-device into an
     * existing buffer 6.97 GB/s (row 3: 154.1 ms per GiB), first upload 1.06 GB/s (row 4: 1016 ms per GiB), launch
     * 0.063 ms (row 5, empty-launch wall), sigma 8 resident device rates DRK-WOM-32 2665 GB/s (row 13), DRK-WOM-64
     * 2659 GB/s (row 15), DRK-2S 2655 GB/s (row 24, m = 8; 2509 GB/s at m = 1024, row 29). Read and pack rates and the
     * compile time: issue 13's H200 {@code --explain} (read 1.5 GB/s; 765 ms of search less 182 ms of launches for
     * the compile and first upload of 1 GiB), the same host type.
     */
    static Calibration h100(int cores) {
        return new Calibration("built-in NVIDIA H100 table (bench/results/nvidia-h100-80gb-hbm3, 2026-11-22)",
                CrossoverTable.H100, 1.5 * GB, CPU_RATE_PER_CORE * cores, GPU_HOST_MAPPED_RATE, 2 * GB, 6.97 * GB,
                1.06 * GB,
                250_000_000L, 63_000L, rates(2665, 2659, 2509));
    }

    /**
     * NVIDIA H200, from bench/results/nvidia-h200/2026-11-23-exact-2.csv (the DRK geometry of 128 x 64 words):
     * host-to-device 7.94 GB/s (row 3: 135.7 ms per GiB), first upload 1.00 GB/s (row 4: 1077 ms per GiB), launch 0.066
     * ms (row 5), sigma 8 resident device rates DRK-WOM-32 3552 GB/s (row 6), DRK-WOM-64 3583 GB/s (row 8, m = 8),
     * DRK-2S 3438 GB/s (row 15, m = 1024; 3261-3586 over rows 9-15, m = 4..1024). Compile: 380 ms
     * (2026-11-23-oneshot.log, DRK-2S 277-415 ms as the one-shot search measured it). Read and pack as for the H100.
     */
    static Calibration h200(int cores) {
        return new Calibration("built-in NVIDIA H200 table (bench/results/nvidia-h200, 2026-11-23)",
                CrossoverTable.H200, 1.5 * GB, CPU_RATE_PER_CORE * cores, GPU_HOST_MAPPED_RATE, 2 * GB, 7.94 * GB,
                1.00 * GB,
                380_000_000L, 66_000L, rates(3552, 3583, 3438));
    }

    /**
     * PoCL (a CPU OpenCL runtime): not recorded by the bench; the device is the host's own cores, so copies run at
     * memory-copy speed and kernels at a fraction of the CPU matcher's rate; a kernel class compiles in 1-3 s
     * (docs: PoCL compiles each kernel class once per JVM in about 1-3 s).
     */
    static Calibration pocl(int cores) {
        double kernel = 0.25 * GB * cores;
        return new Calibration("built-in PoCL table (estimates, not measured)", CrossoverTable.H100, 1.5 * GB,
                CPU_RATE_PER_CORE * cores, mappedRate(cores), 2 * GB, 5 * GB, 5 * GB, 2_000_000_000L, 50_000L,
                rates(kernel / GB, kernel / GB, kernel / GB));
    }

    /** No OpenCL: no device candidates, only the CPU matcher. */
    static Calibration javaOnly(int cores) {
        return new Calibration("built-in table without OpenCL", CrossoverTable.H100, 1.5 * GB,
                CPU_RATE_PER_CORE * cores, mappedRate(cores), 2 * GB, 1, 1, 0, 0, Map.of());
    }

    private static double mappedRate(int cores) {
        return Math.min(GPU_HOST_MAPPED_RATE, MAPPED_RATE_PER_CORE * cores);
    }

    private static Map<Algorithm, Double> rates(double wom32Gbps, double wom64Gbps, double twoStageGbps) {
        Map<Algorithm, Double> m = new EnumMap<>(Algorithm.class);
        m.put(Algorithm.DRK_WOM_32, wom32Gbps * GB);
        m.put(Algorithm.DRK_WOM_64, wom64Gbps * GB);
        m.put(Algorithm.DRK_2S, twoStageGbps * GB);
        return m;
    }

    /** This calibration with another {@link #source}. */
    public Calibration withSource(String newSource) {
        return new Calibration(newSource, table, readRate, cpuRate, mappedRate, packRate, copyRate, uploadRate,
                compileNanos, launchNanos, kernelRates);
    }

    /** This calibration as properties ({@link #fromProperties} reads them back). */
    public Properties toProperties() {
        Properties p = new Properties();
        p.setProperty("table", table.name());
        p.setProperty("read.bytes-per-s", Double.toString(readRate));
        p.setProperty("cpu.bytes-per-s", Double.toString(cpuRate));
        p.setProperty("mapped.bytes-per-s", Double.toString(mappedRate));
        p.setProperty("pack.bytes-per-s", Double.toString(packRate));
        p.setProperty("copy.bytes-per-s", Double.toString(copyRate));
        p.setProperty("upload.bytes-per-s", Double.toString(uploadRate));
        p.setProperty("compile.ns", Long.toString(compileNanos));
        p.setProperty("launch.ns", Long.toString(launchNanos));
        kernelRates.forEach((a, r) -> p.setProperty("kernel." + a.cliName() + ".bytes-per-s", Double.toString(r)));
        return p;
    }

    /**
     * A calibration from properties as {@link #toProperties} writes them; a missing key takes the value of
     * {@code defaults}.
     *
     * @throws IllegalArgumentException naming the key of a value that is not a number
     */
    public static Calibration fromProperties(Properties p, String source, Calibration defaults) {
        Map<Algorithm, Double> kernels = new EnumMap<>(Algorithm.class);
        kernels.putAll(defaults.kernelRates);
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith("kernel.") && key.endsWith(".bytes-per-s")) {
                String name = key.substring("kernel.".length(), key.length() - ".bytes-per-s".length());
                Algorithm a = Algorithm.fromCliName(name).orElseThrow(() ->
                        new IllegalArgumentException(key + ": unknown algorithm " + name));
                kernels.put(a, number(p, key, 0));
            }
        }
        String table = p.getProperty("table", defaults.table.name());
        CrossoverTable t;
        try {
            t = CrossoverTable.valueOf(table);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("table: unknown crossover table " + table);
        }
        return new Calibration(source, t, number(p, "read.bytes-per-s", defaults.readRate),
                number(p, "cpu.bytes-per-s", defaults.cpuRate), number(p, "mapped.bytes-per-s", defaults.mappedRate),
                number(p, "pack.bytes-per-s", defaults.packRate),
                number(p, "copy.bytes-per-s", defaults.copyRate), number(p, "upload.bytes-per-s", defaults.uploadRate),
                (long) number(p, "compile.ns", defaults.compileNanos), (long) number(p, "launch.ns", defaults.launchNanos),
                kernels);
    }

    /** Reads {@code file}; keys it lacks take the values of {@code defaults}. */
    public static Calibration load(Path file, Calibration defaults) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            p.load(r);
        }
        return fromProperties(p, "measured (" + file + ")", defaults);
    }

    /** Writes this calibration to {@code file}, creating its directory. */
    public void store(Path file, String comment) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
            toProperties().store(w, comment);
        }
    }

    private static double number(Properties p, String key, double fallback) {
        String v = p.getProperty(key);
        if (v == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": not a number: " + v);
        }
    }
}
