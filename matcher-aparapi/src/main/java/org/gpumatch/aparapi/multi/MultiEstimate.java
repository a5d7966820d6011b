package org.gpumatch.aparapi.multi;

import java.util.Locale;
import org.gpumatch.api.plan.CandidateEstimate;
import org.gpumatch.api.plan.CostChoice;

/**
 * One multi-pattern candidate's estimated time, by stage, in nanoseconds.
 *
 * @param candidate    {@code multi-cpu} or {@code multi-fused}
 * @param onDevice     whether it runs on the OpenCL device
 * @param setUpNanos   making the matcher: the automaton's build, or the kernel's compile (0 when already made)
 * @param transferNanos the text's upload (0 on the CPU)
 * @param searchNanos  the scan, launches included
 */
public record MultiEstimate(String candidate, boolean onDevice, long setUpNanos, long transferNanos, long searchNanos)
        implements CandidateEstimate {
    @Override
    public long totalNanos() {
        return setUpNanos + transferNanos + searchNanos;
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "%s (%s): total %s = %s %s + transfer %s + search %s", candidate,
                onDevice ? "device" : "cpu", CostChoice.ms(totalNanos()), onDevice ? "compile" : "automaton",
                CostChoice.ms(setUpNanos), CostChoice.ms(transferNanos), CostChoice.ms(searchNanos));
    }
}
