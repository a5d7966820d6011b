package org.gpumatch.api.plan;

/**
 * One candidate's estimated time for a workload, as every planner of the project gives it: the candidate's name as
 * the command line spells it ({@code -a NAME}), the total, and one line that shows how the total was made (the
 * stages and the calibration rates behind them).
 */
public interface CandidateEstimate {
    /** The candidate's name as {@code -a} takes it, e.g. {@code multi-fused}, {@code drk-2s}, {@code cpu}. */
    String candidate();

    /** The estimated total in nanoseconds. */
    long totalNanos();

    /** One line: {@code NAME (where): total X ms = stage Y ms + ...}. */
    String describe();
}
