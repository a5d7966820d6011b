package org.gpumatch.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import java.util.Map;
import java.util.TreeSet;

/**
 * A table in the layout of the SPAA 2016 paper's Tables 2-4: one row per algorithm and mode, one column per pattern
 * length m, cells in GB/s; built from the result rows of one input (one text and sigma), printed as text or Markdown.
 *
 * <p>Lines per series: resident GPU rows give device GB/s (when profiled), wall GB/s and the ratio to the read
 * ceiling; one-shot rows give wall GB/s and the ratio to the first-upload wall rate (the path a one-shot run takes);
 * CPU and external rows give
 * wall GB/s. External cells whose count could not be validated are marked with {@code *}.
 */
public final class PaperTable {
    /** One printed line: a label of three parts and a value per m (NaN: not measured). */
    public record Line(String algorithm, String mode, String metric, double[] values, boolean[] flagged,
                       boolean ratio) {
    }

    private final String title;
    private final List<Integer> ms;
    private final List<Line> lines;

    private PaperTable(String title, List<Integer> ms, List<Line> lines) {
        this.title = title;
        this.ms = ms;
        this.lines = lines;
    }

    /**
     * Builds the table of one input.
     *
     * @param title     the heading, e.g. {@code sigma = 8, random text, n = 1073741824}
     * @param rows      the rows of that input (any mode but {@code ceiling}), in the order they were measured
     * @param uploadGbps the first-upload wall rate one-shot rows are divided by, or NaN
     */
    public static PaperTable of(String title, List<ResultRow> rows, double uploadGbps) {
        TreeSet<Integer> mset = new TreeSet<>();
        Map<String, List<ResultRow>> series = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            mset.add(r.m());
            series.computeIfAbsent(r.algorithm() + "\u0000" + r.mode(), k -> new ArrayList<>()).add(r);
        }
        List<Integer> ms = new ArrayList<>(mset);
        List<Line> lines = new ArrayList<>();
        for (List<ResultRow> s : series.values()) {
            ResultRow first = s.get(0);
            String alg = first.algorithm();
            String mode = first.mode();
            switch (mode) {
                case "resident" -> {
                    if (s.stream().anyMatch(ResultRow::hasDeviceTime)) {
                        lines.add(line(alg, mode, "device", s, ms, ResultRow::deviceGbps, false));
                    }
                    lines.add(line(alg, mode, "wall", s, ms, ResultRow::wallGbps, false));
                    lines.add(line(alg, mode, "/read", s, ms, ResultRow::ratioToReadCeiling, true));
                }
                case "oneshot" -> {
                    lines.add(line(alg, mode, "wall", s, ms, ResultRow::wallGbps, false));
                    lines.add(line(alg, mode, "/h2d", s, ms, r -> r.wallGbps() / uploadGbps, true));
                }
                default -> lines.add(line(alg, mode, "wall", s, ms, ResultRow::wallGbps, false));
            }
        }
        return new PaperTable(title, ms, lines);
    }

    private static Line line(String alg, String mode, String metric, List<ResultRow> s, List<Integer> ms,
                             java.util.function.ToDoubleFunction<ResultRow> value, boolean ratio) {
        double[] v = new double[ms.size()];
        boolean[] flagged = new boolean[ms.size()];
        java.util.Arrays.fill(v, Double.NaN);
        for (ResultRow r : s) {
            int i = ms.indexOf(r.m());
            v[i] = value.applyAsDouble(r);
            flagged[i] = !isValidated(r);
        }
        return new Line(alg, mode, metric, v, flagged, ratio);
    }

    /** Whether a row's count was checked against the oracle (only external tools may not be: their notes say so). */
    public static boolean isValidated(ResultRow r) {
        return !r.note().startsWith("time only");
    }

    public String title() {
        return title;
    }

    public List<Integer> ms() {
        return ms;
    }

    public List<Line> lines() {
        return lines;
    }

    /** A fixed-width text table, title first. */
    public String toText() {
        return MColumnTable.toText(title, ms, 7, rows());
    }

    /** A Markdown table (the title is not included); speedup lines in bold. */
    public String toMarkdown() {
        return MColumnTable.toMarkdown(ms, rows());
    }

    private List<MColumnTable.Row> rows() {
        return lines.stream().map(l -> new MColumnTable.Row(l.algorithm(), l.mode(), l.metric(),
                IntStream.range(0, ms.size()).mapToObj(i -> cell(l, i)).toList(), false)).toList();
    }

    private static String cell(Line l, int i) {
        double v = l.values()[i];
        if (Double.isNaN(v)) {
            return "-";
        }
        String s = l.ratio() ? String.format(Locale.ROOT, "%.2f", v) : gbps(v);
        return l.flagged()[i] ? s + "*" : s;
    }

    /** GB/s with about three significant digits. */
    static String gbps(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }
}
