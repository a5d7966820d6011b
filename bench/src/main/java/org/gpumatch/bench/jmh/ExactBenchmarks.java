package org.gpumatch.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.gpumatch.aparapi.ExactMatchers;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.api.Algorithm;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.bench.exact.CpuCount;
import org.gpumatch.bench.exact.DeviceTimes;
import org.gpumatch.bench.exact.PatternPicker;
import org.gpumatch.bench.exact.RandomText;
import org.gpumatch.bench.peers.CpuPeer;
import org.gpumatch.bench.peers.CpuPeers;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH benchmarks of the exact family: one count query of a random text of n symbols over 2^sigma, the cases of the
 * SPAA 2016 paper's Tables 2-4. The {@code algorithm} parameter takes the paper's table rows by their command-line
 * names (DRK-WOM-64bit = {@code drk-wom-64}, SRK = {@code srk}; later {@code drk}, {@code drk-wom-32},
 * {@code drk-2s}, {@code crk}, {@code hrk}) or a CPU peer of the bench ({@code naive}, {@code horspool},
 * {@code indexof}); {@code m} and {@code sigma} pick the column and the table.
 *
 * <ul>
 *   <li>{@link #prebuilt}: the text is resident (GPU) or prepared (CPU peer) once per trial; one query per call;</li>
 *   <li>{@link #oneshot}: a new matcher per call: upload (GPU), kernel compile (binary cached after the first) and the
 *       query.</li>
 * </ul>
 * Each call returns the count (so the JIT keeps the work) and checks it against the oracle's, aborting the trial on
 * a mismatch. {@link KernelTime} adds the kernels' OpenCL event time (needs {@code -Dcom.aparapi.enableProfiling=true},
 * set in the fork) as auxiliary counters: {@code kernelNanos / queries} is the mean device time per prebuilt query.
 *
 * <p>Run: {@code java -cp bench/target/gpumatch-bench.jar org.openjdk.jmh.Main ExactBenchmarks -p m=1,4,8
 * -p sigma=1,8}; see bench/README.md. Heap: about 3n bytes for the trial's text and packed copies.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-XX:MaxRAMPercentage=75", "-Dcom.aparapi.enableProfiling=true"})
@State(Scope.Benchmark)
public class ExactBenchmarks {
    /** Text length (2^30 as the bench suite; the paper used 2^25). */
    @Param("1073741824")
    public int n;
    /** Pattern length: the table column. */
    @Param({"1", "2", "4", "8"})
    public int m;
    /** Alphabet bits of the random text: Table 2 is sigma = 1, Table 3 sigma = 8, Table 4 all of 1..8. */
    @Param("8")
    public int sigma;
    /** The table row. */
    @Param("drk-wom-64")
    public String algorithm;
    /** Device policy for GPU algorithms: auto, gpu, opencl or a device-name substring. */
    @Param("auto")
    public String device;

    private Text text;
    private Pattern pattern;
    private byte[] patternBytes;
    private long expected;
    private ComputeDevice computeDevice;
    private Algorithm gpuAlgorithm;
    private Matcher resident;
    private CpuPeer peer;
    private CpuPeer.Searcher prepared;

    /** Device time of the prebuilt queries, per iteration. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class KernelTime {
        /** Sum of the kernels' OpenCL event times (ns); 0 without profiling or for CPU algorithms. */
        public long kernelNanos;
        /** Queries the sum is over. */
        public long queries;

        @Setup(Level.Iteration)
        public void reset() {
            kernelNanos = 0;
            queries = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        byte[] t = RandomText.generate(n, sigma, RandomText.SEED);
        text = Text.wrap(t);
        patternBytes = PatternPicker.pick(t, m, PatternPicker.SEED);
        pattern = Pattern.of(patternBytes);
        expected = CpuCount.count(t, patternBytes);
        java.util.Optional<Algorithm> a = Algorithm.fromCliName(algorithm);
        if (a.isPresent()) {
            gpuAlgorithm = a.get();
            computeDevice = DeviceCatalog.get().select(DevicePolicy.parse(device)).device();
            ExactMatchers.unsupportedReason(gpuAlgorithm, n, m, sigma, computeDevice).ifPresent(why -> {
                throw new IllegalArgumentException(algorithm + " cannot run m=" + m + ": " + why);
            });
            resident = ExactMatchers.create(gpuAlgorithm, computeDevice, "jmh");
            check(resident.count(text, pattern)); // compile and upload outside the measurement
        } else {
            peer = CpuPeers.byName(algorithm).orElseThrow(() -> new IllegalArgumentException("unknown algorithm "
                    + algorithm + "; exact: " + ExactMatchers.names(Algorithm.FAMILY.algorithms())
                    + "; CPU peers: naive, srk, horspool, indexof"));
            prepared = peer.prepare(t);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (resident != null) {
            resident.close();
        }
    }

    /** One count query on the resident (GPU) or prepared (CPU) text. */
    @Benchmark
    public long prebuilt(KernelTime time) {
        long c;
        if (resident != null) {
            c = resident.count(text, pattern);
            long k = DeviceTimes.lastKernelNanos(resident);
            time.kernelNanos += Math.max(0, k);
        } else {
            c = prepared.count(patternBytes, n);
        }
        time.queries++;
        return check(c);
    }

    /** A new matcher (upload and compile included) and one count query. */
    @Benchmark
    public long oneshot() {
        if (gpuAlgorithm != null) {
            try (Matcher fresh = ExactMatchers.create(gpuAlgorithm, computeDevice, "jmh")) {
                return check(fresh.count(text, pattern));
            }
        }
        return check(peer.prepare(text.bytes()).count(patternBytes, n));
    }

    private long check(long count) {
        if (count != expected) {
            throw new IllegalStateException(algorithm + " counted " + count + " occurrences, the oracle " + expected
                    + " (n=" + n + " m=" + m + " sigma=" + sigma + ")");
        }
        return count;
    }
}
