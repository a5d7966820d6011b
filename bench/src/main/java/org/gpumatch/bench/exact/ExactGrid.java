package org.gpumatch.bench.exact;

import java.util.List;
import org.gpumatch.api.Algorithm;
import org.gpumatch.bench.BenchOptions;

/**
 * What the exact suite measures: pattern lengths, alphabets, text size and repetitions, full or quick.
 *
 * <p>Full: m in {1, 2, 4, 8, 16, 32, 64, 256, 1024}, sigma in 1..8, n = 2^30, resident reps 20, one-shot reps 5 for
 * every m, CPU reps 3 on at most the first 256 MiB. Quick: m in {1, 4, 8, 16, 1024}, sigma in {1, 8} (the paper's
 * Tables 2 and 3), n = 4 MiB, resident reps 3, one-shot reps 2 for the first m each algorithm supports only (a
 * one-shot run compiles its kernels: the dominant cost on PoCL), CPU reps 2 on the whole text.
 *
 * @param ms           pattern lengths
 * @param sigmas       alphabet bits of the random texts (empty: no random text, only {@code --text} files)
 * @param n            random text size in bytes
 * @param residentReps timed queries per resident GPU row
 * @param oneShotReps  timed one-shot runs per row
 * @param oneShotAllMs whether one-shot rows are measured for every m (else only the first m an algorithm supports)
 * @param cpuReps      timed runs per CPU or external row
 * @param cpuBytes     the CPU peers measure on a prefix of at most this many bytes
 * @param algorithms   the device algorithms to measure, or empty for all
 */
public record ExactGrid(List<Integer> ms, List<Integer> sigmas, int n, int residentReps, int oneShotReps,
                        boolean oneShotAllMs, int cpuReps, int cpuBytes, List<Algorithm> algorithms) {
    static final List<Integer> FULL_MS = List.of(1, 2, 4, 8, 16, 32, 64, 256, 1024);
    static final List<Integer> QUICK_MS = List.of(1, 4, 8, 16, 1024);
    static final int FULL_N = 1 << 30;
    static final int QUICK_N = 4 << 20;
    /** CPU peers on huge texts take minutes; they measure on a prefix of this size and report GB/s of that prefix. */
    static final int CPU_CAP = 256 << 20;

    /** The grid for these options ({@code --size} and {@code --reps} override n and the resident reps). */
    public static ExactGrid of(BenchOptions o) {
        boolean q = o.quick();
        long size = o.size().orElse(q ? QUICK_N : FULL_N);
        if (size > Integer.MAX_VALUE - 64) {
            throw new org.gpumatch.bench.UsageException("--size for exact is at most " + (Integer.MAX_VALUE - 64)
                    + " bytes (one resident Java array)");
        }
        int reps = o.reps().orElse(q ? 3 : 20);
        List<Integer> ms = !o.ms().isEmpty() ? o.ms() : q ? QUICK_MS : FULL_MS;
        List<Integer> sigmas = o.sigmas().orElse(q ? List.of(1, 8) : List.of(1, 2, 3, 4, 5, 6, 7, 8));
        int cpuBytes = (int) Math.min(Integer.MAX_VALUE, o.cpuSize().orElse(q ? Integer.MAX_VALUE : CPU_CAP));
        return new ExactGrid(ms, sigmas, (int) size, reps, Math.max(2, reps / 4), !q, Math.max(2, Math.min(reps, 3)),
                cpuBytes, o.algorithms());
    }

    /** Whether the grid measures {@code algorithm} (all algorithms when none were named). */
    public boolean includes(Algorithm algorithm) {
        return algorithms.isEmpty() || algorithms.contains(algorithm);
    }

    /** The longest pattern: the overlap the all-cores split needs. */
    public int maxM() {
        return ms.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /**
     * Bytes of Java heap a text of n bytes needs: the text, a packed copy for the resident matcher and one for a
     * one-shot matcher that may overlap its collection, plus the CPU prefix, its split copies and two Latin-1 strings.
     */
    public static long heapNeeded(long n, long cpuBytes) {
        return 3 * n + 4 * Math.min(n, cpuBytes) + (256L << 20);
    }
}
