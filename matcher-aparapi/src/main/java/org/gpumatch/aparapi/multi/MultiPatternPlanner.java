package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.MultiPatternAlgorithm;
import java.util.List;
import org.gpumatch.api.multi.AhoCorasick;
import org.gpumatch.api.multi.AhoCorasickMatcher;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.plan.CostChoice;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Chooses the multi-pattern method: {@code multi-fused} (device, one pass), {@code multi-rk} (device, the paper's
 * method), {@code multi-cpu} (Aho-Corasick on all cores), or {@code auto}. Without an OpenCL GPU {@code auto} takes
 * {@code multi-cpu} (a CPU OpenCL runtime such as PoCL is slower than the Java automaton on the same cores). On a GPU
 * it estimates both {@code multi-cpu} and {@code multi-fused} from a {@link MultiCalibration} and takes the cheaper
 * ({@link #plan}):
 * <ul>
 *   <li>{@code multi-cpu}: in a new process the automaton's build, {@code automatonNanosPerCell} per (node, class)
 *       entry of its DFA ({@code (pattern bytes + 1) x classes} at most, and at most 2^28); then n times the scan
 *       rate at k.</li>
 *   <li>{@code multi-fused}: in a new process the compile and the first upload into a new buffer, else the copy into
 *       the kept buffer; the launches; n times the kernel rate at k.</li>
 * </ul>
 * {@code multi-rk} is never chosen: a pass per distinct length and 33 bytes moved per character for its sums, where
 * multi-fused reads the text once (H200, 2026-11-23: multi-rk's 4..64-byte sets ran 2-10x slower).
 *
 * <p>The rule before (2026-11-25): {@code multi-cpu} below 8 MiB of text whatever the patterns; 20,000 mixed
 * patterns over 2 MB took 6.6 s through it where {@code -a multi-fused} took 1.1 s (H200, issue 25), since building
 * the automaton of a large set costs more than compiling the kernel. {@code MultiPatternPlannerCalibrationTest}
 * holds every choice on the recorded inputs within 1.2x of the fastest method recorded. Cost: O(k) to count the
 * patterns' distinct bytes, nothing else before the matcher is made.
 */
public final class MultiPatternPlanner {
    /** The automaton's largest DFA in entries (see {@code AhoCorasick.MAX_DFA_ENTRIES}). */
    private static final long MAX_CELLS = AhoCorasick.MAX_DFA_ENTRIES;

    /**
     * A chosen matcher, the one-line reason, and for {@code auto} on a GPU the estimates it was chosen from (else
     * null).
     */
    public record Choice(MultiPatternMatcher matcher, String reason, CostChoice<MultiEstimate> estimates) {
        /** The lines {@code --explain} prints: the reason, then the estimates where there are any. */
        public List<String> explainLines() {
            List<String> lines = new java.util.ArrayList<>();
            lines.add(reason);
            if (estimates != null) {
                lines.addAll(estimates.explainLines());
            }
            return lines;
        }
    }

    private MultiPatternPlanner() {
    }

    /**
     * The matcher for {@code name} ({@code auto} or a {@link MultiPatternAlgorithm#FAMILY} name) on {@code device}
     * for {@code work}.
     *
     * @throws IllegalArgumentException for an unknown name, or a device method without an OpenCL device
     */
    public static Choice choose(String name, ComputeDevice device, MultiWorkload work) {
        return MultiPatternAlgorithm.FAMILY.parse(name).map(a -> forced(a, device)).orElseGet(() -> auto(device, work));
    }

    private static Choice forced(MultiPatternAlgorithm a, ComputeDevice device) {
        MultiPatternMatcher matcher = switch (a) {
            case MULTI_RK -> new MultiRkMatcher(device);
            case MULTI_FUSED -> new MultiFusedMatcher(device);
            case MULTI_CPU -> new AhoCorasickMatcher();
        };
        return new Choice(matcher, a.cliName() + ": asked for", null);
    }

    private static Choice auto(ComputeDevice device, MultiWorkload work) {
        if (device.kind() != ComputeDevice.Kind.OPENCL_GPU) {
            return new Choice(new AhoCorasickMatcher(), "auto: multi-cpu, " + device.describe()
                    + " is not an OpenCL GPU (Aho-Corasick on all cores)", null);
        }
        CostChoice<MultiEstimate> plan = plan(work, MultiCalibration.H200);
        String why = "auto: " + plan.candidate() + " on " + (plan.chosen().onDevice() ? device.describe()
                : "all cores") + ", the cheaper estimate for " + work.textBytes() + " bytes and " + work.patterns()
                + " patterns (" + work.start().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ")";
        MultiPatternMatcher matcher = plan.chosen().onDevice() ? new MultiFusedMatcher(device)
                : new AhoCorasickMatcher();
        return new Choice(matcher, why, plan);
    }

    /** The estimates of {@code multi-cpu} and {@code multi-fused} for {@code work} and the cheaper one. */
    public static CostChoice<MultiEstimate> plan(MultiWorkload work, MultiCalibration cal) {
        return CostChoice.cheapest(List.of(cpu(work, cal), fused(work, cal)), cal.name());
    }

    static MultiEstimate cpu(MultiWorkload work, MultiCalibration cal) {
        long build = work.start() == MultiWorkload.Start.NEW_PROCESS
                ? Math.round(Math.min(work.automatonCells(), MAX_CELLS) * cal.automatonNanosPerCell()) : 0;
        long scan = Math.round(bytes(work) * cal.cpuNanosPerByte(work.patterns()));
        return new MultiEstimate(MultiPatternAlgorithm.MULTI_CPU.cliName(), false, build, 0, scan);
    }

    static MultiEstimate fused(MultiWorkload work, MultiCalibration cal) {
        boolean fresh = work.start() == MultiWorkload.Start.NEW_PROCESS;
        long compile = fresh ? cal.compileNanos() : 0;
        long upload = Math.round(bytes(work) * (fresh ? cal.firstUploadNanosPerByte() : cal.copyNanosPerByte()));
        long scan = cal.launchNanos() + Math.round(bytes(work) * cal.fusedNanosPerByte(work.patterns()));
        return new MultiEstimate(MultiPatternAlgorithm.MULTI_FUSED.cliName(), true, compile, upload, scan);
    }

    /** The text's size for the estimates, at most 2^50 (an input of unknown size is passed as Long.MAX_VALUE). */
    private static double bytes(MultiWorkload work) {
        return Math.min(work.textBytes(), 1L << 50);
    }
}
