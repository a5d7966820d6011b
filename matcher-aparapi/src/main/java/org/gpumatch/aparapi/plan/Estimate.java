package org.gpumatch.aparapi.plan;

import java.util.Locale;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.plan.CandidateEstimate;
import org.gpumatch.api.plan.CostChoice;

/**
 * The estimated time of one candidate, by stage, in nanoseconds (summed over all queries of the workload).
 *
 * @param algorithm the candidate
 * @param onDevice  whether it runs on the OpenCL device (else on the CPU)
 * @param overlap   how the stages overlap when they do (the one-shot search), else null: they run one after another
 */
public record Estimate(Algorithm algorithm, boolean onDevice, long readNanos, long packNanos, long transferNanos,
                       long compileNanos, long launchNanos, long searchNanos, Overlap overlap)
        implements CandidateEstimate {
    /**
     * The one-shot search's overlapped time: {@code chunks} chunks, the first taking {@code firstChunkNanos} from the
     * start (its read and pack or the compile, whichever is longer, then its upload into a new buffer and its search),
     * each later one {@code bottleneckNanos} (the slowest of its read, pack, upload and search), plus the other lanes'
     * first uploads into new buffers ({@code newBufferNanos}).
     *
     * @param stage which stage is the bottleneck ("read", "pack", "upload" or "search")
     */
    public record Overlap(long chunks, long firstChunkNanos, long bottleneckNanos, String stage, long newBufferNanos,
                          long compileExposedNanos) {
        /** The overlapped total. */
        public long totalNanos() {
            return firstChunkNanos + (chunks - 1) * bottleneckNanos + newBufferNanos;
        }
    }

    /** Stages one after another. */
    public Estimate(Algorithm algorithm, boolean onDevice, long readNanos, long packNanos, long transferNanos,
                    long compileNanos, long launchNanos, long searchNanos) {
        this(algorithm, onDevice, readNanos, packNanos, transferNanos, compileNanos, launchNanos, searchNanos, null);
    }

    @Override
    public String candidate() {
        return algorithm.cliName();
    }

    /** The sum of all stages, or the overlapped total of a overlapped estimate. */
    @Override
    public long totalNanos() {
        return overlap != null ? overlap.totalNanos()
                : readNanos + packNanos + transferNanos + compileNanos + launchNanos + searchNanos;
    }

    /**
     * One line such as {@code drk-2s (device): total 1.20 ms = read 0.10 + pack ...}; a overlapped estimate gives the
     * overlapped total and then the stage sums.
     */
    @Override
    public String describe() {
        if (overlap != null) {
            return String.format(Locale.ROOT, "%s (device, overlapped): total %s = first chunk %s (compile not hidden %s)"
                            + " + %d more chunks x %s (%s bound) + new lane buffers %s; stages summed: read %s, pack %s,"
                            + " transfer %s, compile %s, launch %s, search %s", algorithm.cliName(), ms(totalNanos()),
                    ms(overlap.firstChunkNanos()), ms(overlap.compileExposedNanos()), overlap.chunks() - 1,
                    ms(overlap.bottleneckNanos()), overlap.stage(), ms(overlap.newBufferNanos()), ms(readNanos),
                    ms(packNanos), ms(transferNanos), ms(compileNanos), ms(launchNanos), ms(searchNanos));
        }
        return String.format(Locale.ROOT, "%s (%s): total %s = read %s + pack %s + transfer %s + compile %s"
                        + " + launch %s + search %s", algorithm.cliName(), onDevice ? "device" : "cpu", ms(totalNanos()),
                ms(readNanos), ms(packNanos), ms(transferNanos), ms(compileNanos), ms(launchNanos), ms(searchNanos));
    }

    static String ms(long nanos) {
        return CostChoice.ms(nanos);
    }
}
