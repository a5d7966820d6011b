package org.gpumatch.api.plan;

import java.util.List;
import java.util.StringJoiner;

/**
 * A candidate's estimate as named stages one after another, for planners without an estimate type of their own.
 *
 * @param candidate the candidate's name as {@code -a} or {@code --device} takes it
 * @param where     where it runs, e.g. {@code cpu} or {@code device}
 * @param stages    the stages in order
 */
public record StagedEstimate(String candidate, String where, List<Stage> stages) implements CandidateEstimate {
    /** One stage: its name and estimated time. */
    public record Stage(String name, long nanos) {
    }

    public StagedEstimate {
        stages = List.copyOf(stages);
    }

    @Override
    public long totalNanos() {
        long sum = 0;
        for (Stage s : stages) {
            sum += s.nanos();
        }
        return sum;
    }

    @Override
    public String describe() {
        StringJoiner j = new StringJoiner(" + ");
        for (Stage s : stages) {
            j.add(s.name() + " " + CostChoice.ms(s.nanos()));
        }
        return candidate + " (" + where + "): total " + CostChoice.ms(totalNanos()) + " = " + j;
    }
}
