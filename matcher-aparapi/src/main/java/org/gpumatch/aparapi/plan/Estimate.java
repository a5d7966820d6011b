package org.gpumatch.aparapi.plan;

import java.util.Locale;
import org.gpumatch.api.Algorithm;

/**
 * The estimated time of one candidate, by stage, in nanoseconds (summed over all queries of the workload).
 *
 * @param algorithm the candidate
 * @param onDevice  whether it runs on the OpenCL device (else on the CPU)
 */
public record Estimate(Algorithm algorithm, boolean onDevice, long readNanos, long packNanos, long transferNanos,
                       long compileNanos, long launchNanos, long searchNanos) {
    /** The sum of all stages. */
    public long totalNanos() {
        return readNanos + packNanos + transferNanos + compileNanos + launchNanos + searchNanos;
    }

    /** One line such as {@code drk-2s (device): total 1.20 ms = read 0.10 + pack ...}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s (%s): total %s = read %s + pack %s + transfer %s + compile %s"
                        + " + launch %s + search %s", algorithm.cliName(), onDevice ? "device" : "cpu", ms(totalNanos()),
                ms(readNanos), ms(packNanos), ms(transferNanos), ms(compileNanos), ms(launchNanos), ms(searchNanos));
    }

    static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }
}
