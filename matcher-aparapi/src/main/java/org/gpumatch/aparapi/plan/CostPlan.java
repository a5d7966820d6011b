package org.gpumatch.aparapi.plan;

import java.util.List;
import org.gpumatch.api.Plan;
import org.gpumatch.api.plan.CostChoice;

/**
 * The exact-matching planner's choice in the shared planner shape: the {@link CostChoice} of the estimates it was made
 * from (each candidate from the calibration table, the chosen one, why), and the {@link Plan} that runs it.
 *
 * @param plan   what runs, on which device, and why
 * @param choice the estimates, the chosen one and the calibration they come from
 */
public record CostPlan(Plan plan, CostChoice<Estimate> choice) {
    /** The estimate of what runs. */
    public Estimate chosen() {
        return choice.chosen();
    }

    /** Every candidate's estimate, cheapest first. */
    public List<Estimate> estimates() {
        return choice.estimates();
    }

    /** Where the rates come from. */
    public String calibration() {
        return choice.calibration();
    }

    /** The lines {@code --explain} prints: the rates' source and each estimate, the chosen one marked. */
    public List<String> explainLines() {
        return choice.explainLines();
    }
}
