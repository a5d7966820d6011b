package org.gpumatch.aparapi.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.gpumatch.aparapi.rabinkarp.OneShotFileSearch;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Plan;
import org.gpumatch.api.plan.CostChoice;

/**
 * Chooses between the CPU matcher and the device by estimated end-to-end time, from a {@link Calibration} alone (no
 * device is touched, so the choices are testable from a table).
 *
 * <p>Candidates: the CPU matcher ({@link #cpuAlgorithm()}), and the device algorithm the calibration's
 * {@link CrossoverTable} puts first among those that take the input. Each is estimated as
 * <ul>
 *   <li>read: n / read rate when the text is in a file (both candidates), else 0; one query of a file on the CPU
 *       matcher: n / mapped rate for reading and searching together (it searches the file in place on every core);</li>
 *   <li>pack, transfer, compile (device only, 0 for a text already on the device): n / pack rate, the packed
 *       n * sigma / 8 bytes / first-upload rate, one compile;</li>
 *   <li>launch and search, per query: two launches, n / kernel rate on the device; n / CPU rate on the CPU.</li>
 * </ul>
 * A {@link Workload#overlapped() overlapped} workload (one query of a file through the one-shot search) overlaps
 * the device candidate's stages chunk by chunk instead ({@link Estimate.Overlap}): the first chunk's latency (its read
 * and pack, or the compile started with them if longer, then its upload into a new buffer and its search), plus each
 * further chunk at its slowest stage (read, pack, upload or search), plus the other lanes' first uploads into new
 * buffers.
 * The cheaper total wins; every device algorithm that takes the input is estimated too, for {@code --explain}. Cost:
 * a few multiplications per candidate, plus the capability checks.
 */
public final class CostPlanner {
    /**
     * Sequential Rabin-Karp on one core, a CPU candidate a caller may name instead of the CPU matcher:
     * 0.10 GB/s (bench/results/nvidia-h200/2026-11-22-exact.csv row 74: 664 ms per 64 MiB, cpu-1t).
     */
    static final double SRK_RATE = 0.101e9;
    /**
     * One-shot texts (in a file or the heap, not yet on a device) shorter than this go to the CPU matcher without
     * listing devices or reading a calibration: 256 MiB. On every built-in table (1, 2 and 16 cores) the CPU wins there
     * for any m and sigma (CostPlannerTest checks it; the tables keep the CPU ahead up to 1 GiB): the CPU matcher
     * searches 256 MiB in about 70 ms on one core at the assumed 4 GB/s, while every device candidate pays a kernel
     * compile (250 ms on the GPU tables, 2 s on PoCL), the pack and the transfer. Listing the OpenCL platforms costs
     * 0.15 s on the H200 host and 0.5 s with PoCL on the developer machine (bench e2e, 100 MB files, 2026-11-23), which
     * a search the CPU wins anyway should not pay. A calibration file that claimed otherwise is not consulted below
     * this size; name a device ({@code --device opencl}, {@code Search.on(device)}) or an algorithm to plan against it.
     */
    public static final long CPU_WITHOUT_DEVICE_BELOW = 256L << 20;
    /** Launches per query: the search and the count read-back (DRK-2S counts in one, DRK-WOM in up to two). */
    public static final int LAUNCHES_PER_QUERY = 2;

    /** Whether an algorithm takes (n, m, sigma) on the device planned for; empty when it does. */
    @FunctionalInterface
    public interface Capability {
        Optional<String> unsupportedReason(Algorithm algorithm, long n, int m, int sigma);
    }

    /**
     * The one-shot search's shape, for overlapped workloads: bytes of each lane's chunk buffer, lanes, read+pack
     * threads.
     */
    public record OneShotShape(int bufferBytes, int lanes, int threads) {
        /** The one-shot search {@code Search} runs: {@link OneShotFileSearch}'s defaults on this host. */
        public static OneShotShape defaults() {
            return new OneShotShape(OneShotFileSearch.configuredBufferBytes(), OneShotFileSearch.configuredLanes(),
                    OneShotFileSearch.defaultPackThreads());
        }
    }

    private final Calibration calibration;
    private final Capability capability;
    private OneShotShape oneShot = OneShotShape.defaults();
    private final String deviceName;
    private final Algorithm cpu;

    /**
     * A planner whose CPU candidate is {@link #cpuAlgorithm()}.
     *
     * @param calibration the rates of the device and host
     * @param capability  which algorithms take an input (for a real device, {@code ExactMatchers::unsupportedReason})
     * @param deviceName  how plans name the device
     */
    public CostPlanner(Calibration calibration, Capability capability, String deviceName) {
        this(calibration, capability, deviceName, cpuAlgorithm());
    }

    /**
     * A planner with the given CPU candidate: {@link Algorithm#SRK} runs at {@link #SRK_RATE}, any other at the
     * calibration's CPU rate.
     */
    public CostPlanner(Calibration calibration, Capability capability, String deviceName, Algorithm cpu) {
        this.calibration = calibration;
        this.capability = capability;
        this.deviceName = deviceName;
        this.cpu = cpu;
    }

    /** Plans overlapped workloads for {@code p} instead of {@link OneShotShape#defaults()}. */
    public CostPlanner withOneShot(OneShotShape p) {
        this.oneShot = p;
        return this;
    }

    /** The CPU candidate: the multi-core CPU matcher. */
    public static Algorithm cpuAlgorithm() {
        return Algorithm.CPU;
    }

    /** The cheapest candidate for {@code w}, with all estimates. */
    public CostPlan plan(Workload w) {
        Estimate cpuEstimate = cpu(w);
        List<Estimate> all = new ArrayList<>();
        all.add(cpuEstimate);
        Estimate device = null;
        for (Algorithm a : calibration.table().order(w.m(), w.sigma())) {
            Optional<Double> rate = calibration.kernelRate(a);
            if (rate.isEmpty() || capability.unsupportedReason(a, w.n(), w.m(), w.sigma()).isPresent()) {
                continue;
            }
            Estimate e = device(w, a, rate.get());
            all.add(e);
            if (device == null) {
                device = e; // the table's first capable algorithm is the device candidate
            }
        }
        all.sort(Comparator.comparingLong(Estimate::totalNanos));
        Estimate chosen = device != null && device.totalNanos() < cpuEstimate.totalNanos() ? device : cpuEstimate;
        Plan plan = chosen.onDevice()
                ? new Plan(chosen.algorithm(), deviceName, calibration.table().reason(chosen.algorithm(), w.m(), w.sigma())
                        + "; estimated " + Estimate.ms(chosen.totalNanos()) + " against " + Estimate.ms(cpuEstimate.totalNanos())
                        + " on the CPU")
                : new Plan(cpu, "CPU", cpuReason(w, device, cpuEstimate));
        return new CostPlan(plan, new CostChoice<>(chosen, all, calibration.source(), plan.reason()));
    }

    private String cpuReason(Workload w, Estimate device, Estimate cpuEstimate) {
        if (device == null) {
            return calibration.kernelRates().isEmpty() ? "no OpenCL device: the CPU matcher"
                    : "m = " + w.m() + ": no device algorithm takes this input";
        }
        return "estimated " + Estimate.ms(cpuEstimate.totalNanos()) + " on the CPU against "
                + Estimate.ms(device.totalNanos()) + " with " + device.algorithm().cliName() + " on the device"
                + (w.state() == Workload.TextState.DEVICE ? "" : " (its read, pack, upload and compile included)");
    }

    /**
     * The CPU candidate. The CPU matcher answers one query of a file in place (memory-mapped, every core reading and
     * searching at once: {@link Calibration#mappedRate()} for both, shown as the read), any other query or CPU
     * algorithm reads the file into the heap first and searches it there.
     */
    private Estimate cpu(Workload w) {
        if (cpu == Algorithm.CPU && w.state() == Workload.TextState.FILE && w.queries() == 1) {
            return new Estimate(cpu, false, nanos(w.n(), calibration.mappedRate()), 0, 0, 0, 0, 0);
        }
        double rate = cpu == Algorithm.SRK ? SRK_RATE : calibration.cpuRate();
        return new Estimate(cpu, false, read(w), 0, 0, 0, 0, nanos((double) w.n() * w.queries(), rate));
    }

    private Estimate device(Workload w, Algorithm a, double kernelRate) {
        if (w.overlapped()) {
            return overlapped(w, a, kernelRate);
        }
        boolean resident = w.state() == Workload.TextState.DEVICE;
        long pack = resident ? 0 : nanos(w.n(), calibration.packRate());
        long transfer = resident ? 0 : nanos((double) w.n() * w.sigma() / 8, calibration.uploadRate());
        long compile = resident ? 0 : calibration.compileNanos();
        long launch = (long) LAUNCHES_PER_QUERY * w.queries() * calibration.launchNanos();
        return new Estimate(a, true, read(w), pack, transfer, compile, launch,
                nanos((double) w.n() * w.queries(), kernelRate));
    }

    /**
     * The one-shot search ({@link Estimate.Overlap}): chunks of {@code bufferBytes * 8 / sigma} symbols; per chunk
     * read and pack by {@code threads} threads (the calibration's one-thread rates times the threads), upload into an
     * existing buffer at the copy rate, search at the kernel rate plus the launches. The first chunk waits for the
     * compile (started with the read) and uploads into a new buffer (the first-upload rate); so does the first chunk of
     * every other lane. Later chunks cost the slowest stage each.
     */
    private Estimate overlapped(Workload w, Algorithm a, double kernelRate) {
        double n = w.n();
        double chunk = Math.min(n, (double) oneShot.bufferBytes() * 8 / w.sigma());
        long chunks = Math.max(1, (long) Math.ceil(n / chunk));
        double threads = oneShot.threads();
        long read = nanos(chunk, calibration.readRate() * threads);
        long pack = nanos(chunk, calibration.packRate() * threads);
        double packed = chunk * w.sigma() / 8;
        long upload = nanos(packed, calibration.copyRate());
        long launch = (long) LAUNCHES_PER_QUERY * calibration.launchNanos();
        long search = nanos(chunk, kernelRate) + launch;
        long host = read + pack;
        long compile = calibration.compileNanos();
        long first = Math.max(compile, host) + nanos(packed, calibration.uploadRate()) + search;
        long bottleneck = Math.max(Math.max(read, pack), Math.max(upload, search));
        String stage = bottleneck == upload ? "upload" : bottleneck == search ? "search" : bottleneck == pack ? "pack"
                : "read";
        long lanes = Math.min(chunks, oneShot.lanes());
        long newBuffers = (lanes - 1) * Math.max(0, nanos(packed, calibration.uploadRate()) - upload);
        Estimate.Overlap overlap = new Estimate.Overlap(chunks, first, bottleneck, stage, newBuffers,
                Math.max(0, compile - host));
        return new Estimate(a, true, read * chunks, pack * chunks, upload * chunks, compile, launch * chunks,
                (search - launch) * chunks, overlap);
    }

    private long read(Workload w) {
        return w.state() == Workload.TextState.FILE ? nanos(w.n(), calibration.readRate()) : 0;
    }

    private static long nanos(double bytes, double bytesPerSecond) {
        return (long) Math.ceil(bytes / bytesPerSecond * 1e9);
    }
}
