package org.gpumatch.bench.multi;

import java.util.Arrays;
import java.util.Locale;
import org.gpumatch.api.multi.AhoCorasickMatcher;
import org.gpumatch.aparapi.multi.MultiFusedMatcher;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * {@code bench multi} with {@code -Dgpumatch.bench.multi.fusedSweep=true}: the {@code multi-fused} variants in one
 * run instead of the suite's tables, on English-like text (k = 1,000 and 10,000) and DNA (k = 1,000) of 4..64-byte
 * patterns: work-group size ({@code gpumatch.bench.multi.sweep.localSizes}, default 128,256), starts per work-item
 * (8, 16, 32, 64), filter size (automatic, 2^16, 2^20 bits) and count replicas (1, automatic). Each variant is a new
 * matcher (a compile and a first upload), validated against {@code multi-cpu}, then timed resident; rows are named
 * {@code multi-fused-sweep k=K L=.. w=.. f=.. r=..} (mode "sweep") and a table is printed. Memory: the text.
 */
final class MultiFusedSweep {
    private static final int[] WINDOWS = {8, 16, 32, 64};
    private static final int[] FILTERS = {0, 16, 20};
    private static final int[] REPLICAS = {1, 0};

    private MultiFusedSweep() {
    }

    static void run(BenchContext ctx, ComputeDevice device, AhoCorasickMatcher cpu, RowFactory rows,
                    RunRecord record, int n, int reps) {
        int[] localSizes = Arrays.stream(System.getProperty("gpumatch.bench.multi.sweep.localSizes", "128,256")
                .split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
        ctx.out().println("multi-fused sweep: resident count, median ms of " + reps + " (GB/s)");
        for (String kind : new String[] {"english", "dna"}) {
            byte[] t = kind.equals("dna") ? MultiInputs.dna(n, 11) : MultiInputs.english(n, 11);
            Text text = Text.wrap(t);
            int sigma = kind.equals("dna") ? 2 : 8;
            for (int k : kind.equals("dna") ? new int[] {1_000} : new int[] {1_000, 10_000}) {
                PatternSet set = MultiInputs.cut(t, k, 4, 64, k);
                long[] expected = cpu.count(text, set);
                long matches = Arrays.stream(expected).sum();
                for (int localSize : localSizes) {
                    for (int windows : WINDOWS) {
                        for (int filter : FILTERS) {
                            for (int replicas : REPLICAS) {
                                try (MultiFusedMatcher m = new MultiFusedMatcher(device, localSize, windows, filter,
                                        replicas)) {
                                    MultiSuite.validate("multi-fused sweep", expected, m.count(text, set));
                                    Samples s = MultiSuite.time(m, text, set, expected, reps, false);
                                    String name = String.format(Locale.ROOT, "multi-fused-sweep k=%d L=%d w=%d f=%s r=%s",
                                            k, localSize, windows, filter == 0 ? "auto" : Integer.toString(filter),
                                            replicas == 0 ? "auto" : Integer.toString(replicas));
                                    record.add(rows.row(name, "sweep", kind, n, 64, sigma, matches, null, s,
                                            "k=" + k + " lengths 4..64, " + m.explain()));
                                    ctx.out().printf(Locale.ROOT, "%-8s %s: %.3f ms (%.1f GB/s)%n", kind, name,
                                            s.median() / 1e6, n / (s.median() / 1e9) / 1e9);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
