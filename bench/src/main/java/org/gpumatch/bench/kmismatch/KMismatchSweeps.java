package org.gpumatch.bench.kmismatch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchMatcher;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.kmismatch.CpuKMismatchMatcher;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.gpumatch.kmismatch.gpu.KernelKMismatchMatcher;

/**
 * The kmismatch suite's sweeps at m = 256, k = 16 (Liu et al.'s time-versus-threads and time-versus-text-length
 * figures), every count validated against the all-core cpu peer:
 * <ul>
 * <li>{@link #threads}: thread, opt-block-thread and bit-parallel at work-group sizes 32..1024 (quick: 64, 256; lowered
 * to what the device allows, a size reached twice measured once), rows {@code VARIANT wg=L}; the cpu peer at 1, 2, 4,
 * 8, 16 threads up to the available processors (quick: 1 and 2), rows {@code cpu Tt};</li>
 * <li>{@link #lengths}: the two fastest variants of the thread sweep, each at its fastest work-group size, and the
 * all-core cpu peer at n = 16 MiB, 64 MiB (those below the suite's n) and the suite's n (quick: n/4 and n), rows
 * {@code VARIANT wg=L n=SIZE} and {@code cpu Tt n=SIZE}.</li>
 * </ul>
 * The RESULTS.md merge keys on algorithm, mode, text, n, sigma and m, so work-group size and threads are part of the
 * algorithm name (n too, so that a row names its size). CPU rows use min(reps, 3) repetitions. Host memory: the text plus 4 bytes per window.
 */
final class KMismatchSweeps {
    /** Pattern length and mismatches of the sweeps. */
    static final int M = 256;
    static final int K = 16;
    private static final KMismatchVariant[] VARIANTS = {KMismatchVariant.THREAD, KMismatchVariant.OPT_BLOCK_THREAD,
        KMismatchVariant.BIT_PARALLEL};

    /** A measured GPU configuration of the thread sweep. */
    record Config(KMismatchVariant variant, int localSize, double medianMs) {
    }

    private final BenchContext ctx;
    private final KMismatchTimer timer;
    private final CpuKMismatchMatcher cpu;
    private final int reps;
    private final boolean quick;

    KMismatchSweeps(BenchContext ctx, KMismatchTimer timer, CpuKMismatchMatcher cpu, int reps, boolean quick) {
        this.ctx = ctx;
        this.timer = timer;
        this.cpu = cpu;
        this.reps = reps;
        this.quick = quick;
    }

    /** The sweep pattern: the M bases at n/3 (n at least M). */
    static Pattern pattern(byte[] dna) {
        int at = Math.min(dna.length / 3, dna.length - M);
        return Pattern.of(Arrays.copyOfRange(dna, at, at + M));
    }

    /** Time versus work-group size and CPU threads on the whole text; appends the rows, returns the GPU configs. */
    List<Config> threads(Text text, Pattern p, List<ResultRow> out) {
        long want = cpu.count(text, p, K);
        List<Config> configs = new ArrayList<>();
        int[] sizes = quick ? new int[] {64, 256} : new int[] {32, 64, 128, 256, 512, 1024};
        for (KMismatchVariant v : VARIANTS) {
            Set<Integer> seen = new LinkedHashSet<>();
            for (int asked : sizes) {
                try (KernelKMismatchMatcher g = new KernelKMismatchMatcher(v, ctx.device(), asked)) {
                    int local = g.localSize();
                    if (seen.add(local)) {
                        ResultRow row = timer.time(v.cliName() + " wg=" + local, text, p, K, reps, want,
                                () -> g.count(text, p, K));
                        out.add(row);
                        configs.add(new Config(v, local, row.wallMedianMs()));
                    }
                }
            }
        }
        for (int t : threadCounts(Runtime.getRuntime().availableProcessors(), quick)) {
            try (KMismatchMatcher c = new CpuKMismatchMatcher(t)) {
                out.add(timer.time("cpu " + t + "t", text, p, K, cpuReps(), want, () -> c.count(text, p, K)));
            }
        }
        return configs;
    }

    /** Time versus text length for the two fastest configs and the all-core cpu peer; appends the rows. */
    void lengths(byte[] dna, Pattern p, List<Config> configs, List<ResultRow> out) {
        List<Config> best = fastestPerVariant(configs).stream().limit(2).toList();
        List<KernelKMismatchMatcher> gpus = new ArrayList<>();
        try {
            for (Config c : best) {
                gpus.add(new KernelKMismatchMatcher(c.variant(), ctx.device(), c.localSize()));
            }
            for (int n : textLengths(dna.length, quick)) {
                Text t = Text.wrap(n == dna.length ? dna : Arrays.copyOf(dna, n));
                long want = cpu.count(t, p, K);
                String size = " n=" + sizeName(n);
                for (KernelKMismatchMatcher g : gpus) {
                    out.add(timer.time(g.name() + " wg=" + g.localSize() + size, t, p, K, reps, want,
                            () -> g.count(t, p, K)));
                }
                out.add(timer.time("cpu " + cpu.threads() + "t" + size, t, p, K, cpuReps(), want,
                        () -> cpu.count(t, p, K)));
            }
        } finally {
            gpus.forEach(KernelKMismatchMatcher::close);
        }
    }

    private int cpuReps() {
        return Math.min(reps, 3);
    }

    /** Each variant's fastest config, fastest first. */
    static List<Config> fastestPerVariant(List<Config> configs) {
        List<Config> out = new ArrayList<>();
        for (Config c : configs.stream().sorted(Comparator.comparingDouble(Config::medianMs)).toList()) {
            if (out.stream().noneMatch(o -> o.variant() == c.variant())) {
                out.add(c);
            }
        }
        return out;
    }

    /** 1, 2, 4, 8, 16 up to {@code cores} (and {@code cores} itself when below 16); quick: 1 and 2 (up to cores). */
    static List<Integer> threadCounts(int cores, boolean quick) {
        Set<Integer> out = new LinkedHashSet<>();
        int top = Math.min(quick ? 2 : 16, cores);
        for (int t = 1; t <= top; t *= 2) {
            out.add(t);
        }
        out.add(top);
        return List.copyOf(out);
    }

    /** 16 MiB, 64 MiB (those below n) and n; quick: n/4 and n. Each at least M. */
    static List<Integer> textLengths(int n, boolean quick) {
        Set<Integer> out = new LinkedHashSet<>();
        if (quick) {
            out.add(Math.max(M, n / 4));
        } else {
            for (int s : new int[] {16 << 20, 64 << 20}) {
                if (s < n) {
                    out.add(s);
                }
            }
        }
        out.add(n);
        return List.copyOf(out);
    }

    /** {@code 16M}, {@code 64k} for exact multiples of 2^20 or 2^10, else the byte count. */
    static String sizeName(long n) {
        if (n % (1 << 20) == 0) {
            return (n >> 20) + "M";
        }
        return n % 1024 == 0 ? (n >> 10) + "k" : Long.toString(n);
    }
}
