package org.gpumatch.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * The layout {@link PaperTable} and {@link TimeTable} share: rows of algorithm, mode and metric followed by one
 * formatted cell per pattern length m, as a fixed-width text table or a Markdown table.
 */
final class MColumnTable {
    /** One row, its cells already formatted; {@code bold} rows are bold in Markdown. */
    record Row(String algorithm, String mode, String metric, List<String> cells, boolean bold) {
    }

    private MColumnTable() {
    }

    /** A fixed-width text table, title first; the metric column is {@code metricWidth} characters wide. */
    static String toText(String title, List<Integer> ms, int metricWidth, List<Row> rows) {
        String head = "%-16s %-9s %-" + metricWidth + "s";
        StringBuilder sb = new StringBuilder(title).append(System.lineSeparator());
        sb.append(String.format(Locale.ROOT, head, "algorithm", "mode", "metric"));
        for (int m : ms) {
            sb.append(String.format(Locale.ROOT, " %9s", "m=" + m));
        }
        sb.append(System.lineSeparator());
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, head, r.algorithm(), r.mode(), r.metric()));
            for (String cell : r.cells()) {
                sb.append(String.format(Locale.ROOT, " %9s", cell));
            }
            sb.append(System.lineSeparator());
        }
        return sb.toString();
    }

    /** A Markdown table (the title is not included). */
    static String toMarkdown(List<Integer> ms, List<Row> rows) {
        StringBuilder sb = new StringBuilder("| algorithm | mode | metric |");
        for (int m : ms) {
            sb.append(" m=").append(m).append(" |");
        }
        sb.append('\n').append("|---|---|---|").append("---:|".repeat(ms.size())).append('\n');
        for (Row r : rows) {
            String b = r.bold() ? "**" : "";
            sb.append("| ").append(b).append(r.algorithm()).append(b).append(" | ").append(r.mode()).append(" | ")
                    .append(r.metric()).append(" |");
            for (String cell : r.cells()) {
                sb.append(' ').append(cell).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
