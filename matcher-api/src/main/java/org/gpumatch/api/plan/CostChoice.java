package org.gpumatch.api.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The shared shape of a planner's decision: every candidate's estimate from a calibration table, the one chosen and
 * why. {@link #explainLines()} is the one formatter of {@code --explain}'s estimate lines for every planner.
 *
 * @param chosen      the estimate of what runs
 * @param estimates   every candidate's estimate, cheapest first (the chosen one among them)
 * @param calibration where the rates come from (the table's name and the rows it cites)
 * @param reason      why the chosen one: usually "cheapest estimate", or the rule that overrode the estimates
 * @param <E>         the planner's estimate type
 */
public record CostChoice<E extends CandidateEstimate>(E chosen, List<E> estimates, String calibration, String reason) {
    public CostChoice {
        Objects.requireNonNull(chosen, "chosen");
        Objects.requireNonNull(calibration, "calibration");
        Objects.requireNonNull(reason, "reason");
        estimates = List.copyOf(estimates);
        if (!estimates.contains(chosen)) {
            throw new IllegalArgumentException(chosen.candidate() + " is not among the estimates");
        }
    }

    /** The cheapest of {@code estimates} (ties: the first), with the reason "cheapest estimate". */
    public static <E extends CandidateEstimate> CostChoice<E> cheapest(List<E> estimates, String calibration) {
        List<E> sorted = new ArrayList<>(estimates);
        sorted.sort(Comparator.comparingLong(CandidateEstimate::totalNanos));
        return new CostChoice<>(sorted.get(0), sorted, calibration, "cheapest estimate");
    }

    /** The chosen candidate's name. */
    public String candidate() {
        return chosen.candidate();
    }

    /** The lines {@code --explain} prints: the rates' source, then each estimate, the chosen one marked {@code *}. */
    public List<String> explainLines() {
        return explainLines(calibration, estimates, chosen);
    }

    /** The one formatter: {@code estimates (CALIBRATION):} then one line per estimate, {@code *} marks the chosen. */
    public static List<String> explainLines(String calibration, List<? extends CandidateEstimate> estimates,
                                            CandidateEstimate chosen) {
        List<String> lines = new ArrayList<>();
        lines.add("estimates (" + calibration + "):");
        for (CandidateEstimate e : estimates) {
            lines.add((e.equals(chosen) ? "  * " : "    ") + e.describe());
        }
        return lines;
    }

    /** Nanoseconds as the explain lines print them: {@code 1.234 ms}. */
    public static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }
}
