package org.gpumatch.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits the rows of a run by input (text and sigma), in the order the inputs were measured, and names each: a
 * heading for its table and a label for its plot file.
 */
public final class InputTables {
    /**
     * The rows of one input.
     *
     * @param title heading, e.g. {@code sigma = 8, random text, n = 1073741824 (CPU peers: first 268435456 bytes)}
     * @param label plot file label, e.g. {@code sigma8} or {@code file-ecoli.txt-sigma2}
     * @param rows  its rows (no ceiling rows), in measured order
     */
    public record Input(String title, String label, List<ResultRow> rows) {
    }

    private InputTables() {
    }

    /** The inputs of a run's rows; ceiling rows are left out. */
    public static List<Input> of(List<ResultRow> rows) {
        Map<String, List<ResultRow>> byInput = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            if (!r.mode().equals("ceiling")) {
                byInput.computeIfAbsent(r.text() + "\u0000" + r.sigma(), k -> new ArrayList<>()).add(r);
            }
        }
        List<Input> out = new ArrayList<>();
        for (List<ResultRow> in : byInput.values()) {
            ResultRow first = in.get(0);
            long gpuN = in.stream().filter(r -> !r.mode().startsWith("cpu") && !r.mode().equals("external"))
                    .mapToLong(ResultRow::n).max().orElse(first.n());
            long cpuN = in.stream().filter(r -> r.mode().startsWith("cpu") || r.mode().equals("external"))
                    .mapToLong(ResultRow::n).max().orElse(gpuN);
            String what = first.text().equals("random") ? "random text" : first.text();
            String title = "sigma = " + first.sigma() + ", " + what + ", n = " + gpuN
                    + (cpuN < gpuN ? " (CPU peers: first " + cpuN + " bytes)" : "") + "; GB/s";
            String label = first.text().equals("random") ? "sigma" + first.sigma()
                    : first.text().replace(':', '-') + "-sigma" + first.sigma();
            out.add(new Input(title, label, in));
        }
        return out;
    }

    /** The run's ceiling row of {@code algorithm} ({@code read-ceiling}, {@code host-to-device}, {@code empty-launch}). */
    public static java.util.Optional<ResultRow> ceiling(List<ResultRow> rows, String algorithm) {
        return rows.stream().filter(r -> r.mode().equals("ceiling") && r.algorithm().equals(algorithm)).findFirst();
    }
}
