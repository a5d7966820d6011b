package org.gpumatch.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * A real-text table in the layout of the SPAA 2016 paper's Tables 5-7: one row per algorithm and mode, one column per
 * pattern length m, cells the median time of one query in milliseconds, and a last row with the speedup of the
 * fastest GPU row over the fastest CPU row. Built from the rows of one input (usually a {@code --text} file).
 *
 * <p>Lines: resident GPU rows give their device time (OpenCL events, as the paper's kernel times) when profiled and
 * their wall time; one-shot, CPU and external rows their wall time. Speedup lines compare rates (n / time), so a CPU
 * peer measured on a prefix is compared fairly: {@code speedup device} = fastest resident device rate / fastest CPU
 * wall rate (CPU rows of either mode; external tools only where their counts were validated), {@code speedup wall} =
 * fastest resident wall rate / the same CPU rate.
 */
public final class TimeTable {
    /** One printed line: algorithm, mode, metric, a value per m (NaN: not measured), whether it is a speedup. */
    public record Line(String algorithm, String mode, String metric, double[] values, boolean speedup) {
    }

    private final String title;
    private final List<Integer> ms;
    private final List<Line> lines;

    private TimeTable(String title, List<Integer> ms, List<Line> lines) {
        this.title = title;
        this.ms = ms;
        this.lines = lines;
    }

    /** The table of one input's rows (any mode but {@code ceiling}), in measured order. */
    public static TimeTable of(String title, List<ResultRow> rows) {
        TreeSet<Integer> mset = new TreeSet<>();
        Map<String, List<ResultRow>> series = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            if (r.mode().equals("ceiling")) {
                continue;
            }
            mset.add(r.m());
            series.computeIfAbsent(r.algorithm() + "\u0000" + r.mode(), k -> new ArrayList<>()).add(r);
        }
        List<Integer> ms = new ArrayList<>(mset);
        List<Line> lines = new ArrayList<>();
        for (List<ResultRow> s : series.values()) {
            ResultRow first = s.get(0);
            if (first.mode().equals("resident") && s.stream().anyMatch(ResultRow::hasDeviceTime)) {
                lines.add(line(first, "device ms", s, ms, ResultRow::deviceMedianMs));
            }
            lines.add(line(first, "wall ms", s, ms, ResultRow::wallMedianMs));
        }
        double[] devSpeedup = new double[ms.size()];
        double[] wallSpeedup = new double[ms.size()];
        for (int i = 0; i < ms.size(); i++) {
            int m = ms.get(i);
            double cpu = best(rows, m, TimeTable::isCpu, ResultRow::wallGbps);
            devSpeedup[i] = best(rows, m, r -> r.mode().equals("resident"), ResultRow::deviceGbps) / cpu;
            wallSpeedup[i] = best(rows, m, r -> r.mode().equals("resident"), ResultRow::wallGbps) / cpu;
        }
        if (hasValue(devSpeedup)) {
            lines.add(new Line("speedup", "gpu/cpu", "device", devSpeedup, true));
        }
        if (hasValue(wallSpeedup)) {
            lines.add(new Line("speedup", "gpu/cpu", "wall", wallSpeedup, true));
        }
        return new TimeTable(title, ms, lines);
    }

    private static boolean isCpu(ResultRow r) {
        return r.mode().startsWith("cpu") || (r.mode().equals("external") && PaperTable.isValidated(r));
    }

    private static double best(List<ResultRow> rows, int m, java.util.function.Predicate<ResultRow> which,
                               ToDoubleFunction<ResultRow> rate) {
        double best = Double.NaN;
        for (ResultRow r : rows) {
            if (r.m() == m && which.test(r)) {
                double v = rate.applyAsDouble(r);
                if (!Double.isNaN(v) && (Double.isNaN(best) || v > best)) {
                    best = v;
                }
            }
        }
        return best;
    }

    private static boolean hasValue(double[] v) {
        for (double x : v) {
            if (!Double.isNaN(x) && !Double.isInfinite(x)) {
                return true;
            }
        }
        return false;
    }

    private static Line line(ResultRow first, String metric, List<ResultRow> s, List<Integer> ms,
                             ToDoubleFunction<ResultRow> value) {
        double[] v = new double[ms.size()];
        java.util.Arrays.fill(v, Double.NaN);
        for (ResultRow r : s) {
            v[ms.indexOf(r.m())] = value.applyAsDouble(r);
        }
        return new Line(first.algorithm(), first.mode(), metric, v, false);
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
        return MColumnTable.toText(title, ms, 9, rows());
    }

    /** A Markdown table (the title is not included); speedup lines in bold. */
    public String toMarkdown() {
        return MColumnTable.toMarkdown(ms, rows());
    }

    private List<MColumnTable.Row> rows() {
        return lines.stream().map(l -> new MColumnTable.Row(l.algorithm(), l.mode(), l.metric(),
                IntStream.range(0, ms.size()).mapToObj(i -> cell(l, i)).toList(), l.speedup())).toList();
    }

    private static String cell(Line l, int i) {
        double v = l.values()[i];
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "-";
        }
        return l.speedup() ? String.format(Locale.ROOT, v >= 100 ? "%.0fx" : "%.1fx", v) : ms(v);
    }

    /** Milliseconds with about three significant digits (0.075, 1.23, 12.3, 123). */
    static String ms(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (v >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
