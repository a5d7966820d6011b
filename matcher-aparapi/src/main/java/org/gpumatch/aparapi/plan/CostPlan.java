package org.gpumatch.aparapi.plan;

import java.util.List;
import org.gpumatch.api.Plan;
import org.gpumatch.api.plan.CostChoice;

/**
 * The planner's choice with the estimates it was made from.
 *
 * @param plan        what runs and why
 * @param chosen      the estimate of what runs
 * @param estimates   every candidate's estimate, cheapest first
 * @param calibration where the rates come from
 */
public record CostPlan(Plan plan, Estimate chosen, List<Estimate> estimates, String calibration) {
    public CostPlan {
        estimates = List.copyOf(estimates);
    }

    /** The lines {@code --explain} prints: the rates' source and each estimate, the chosen one marked. */
    public List<String> explainLines() {
        return CostChoice.explainLines(calibration, estimates, chosen);
    }
}
