package org.gpumatch.bench.e2e;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.gpumatch.bench.report.ResultRow;

/** Prints one e2e input's rows: one line per program, one column per m, median wall time in ms. */
final class E2eTable {
    private E2eTable() {
    }

    static void print(PrintStream out, E2eInput in, List<ResultRow> rows) {
        TreeSet<Integer> ms = new TreeSet<>();
        rows.forEach(r -> ms.add(r.m()));
        int reps = rows.isEmpty() ? 0 : rows.get(0).reps();
        out.printf(Locale.ROOT, "%n%s (%d bytes, sigma %d): median wall ms of %d runs after a warm-up%n", in.label(),
                in.text().length, in.sigma(), reps);
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-18s", "program"));
        ms.forEach(m -> head.append(String.format(Locale.ROOT, " %10s", "m=" + m)));
        out.println(head);
        for (Map.Entry<String, Map<Integer, Double>> e : E2eSuite.medians(rows).entrySet()) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-18s", e.getKey()));
            for (int m : ms) {
                Double v = e.getValue().get(m);
                line.append(String.format(Locale.ROOT, " %10s", v == null ? "-" : E2eSuite.ms(v)));
            }
            out.println(line);
        }
    }
}
