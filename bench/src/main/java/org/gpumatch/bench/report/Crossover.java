package org.gpumatch.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The SPAA 2016 paper's Figure 3c redone for one device: for each input (random text of sigma bits, or a real file)
 * and pattern length m, the fastest device algorithm with its text resident, once by device time (OpenCL events: the
 * kernels alone) and once by wall time (what a caller of {@code count} waits for). The planner's thresholds are read
 * off this table.
 *
 * <p>Only {@code resident} rows take part (one-shot rows measure uploads and compiles, CPU rows another machine).
 * Rendered as two Markdown grids (inputs by m) and as a small CSV ({@link #HEADER}) that documents can quote.
 */
public final class Crossover {
    /** The columns of the crossover CSV. */
    public static final List<String> HEADER = List.of("text", "sigma", "m", "n", "fastest_device", "device_gbps",
            "runner_up_device", "runner_up_device_gbps", "fastest_wall", "wall_gbps", "runner_up_wall",
            "runner_up_wall_gbps", "algorithms");

    /**
     * The winner of one cell by one clock.
     *
     * @param algorithm    the fastest algorithm
     * @param gbps         its rate
     * @param runnerUp     the second fastest, or empty when only one was measured
     * @param runnerUpGbps its rate, or NaN
     */
    public record Best(String algorithm, double gbps, String runnerUp, double runnerUpGbps) {
        /** How much faster the winner is than the runner-up, e.g. 0.05 for 5 %; NaN without a runner-up. */
        public double margin() {
            return runnerUp.isEmpty() ? Double.NaN : gbps / runnerUpGbps - 1;
        }
    }

    /**
     * One (input, m) cell.
     *
     * @param text       {@code random} or {@code file:LABEL}
     * @param sigma      alphabet bits of the text
     * @param m          pattern length
     * @param n          text bytes
     * @param device     the fastest by device time, or empty when no row has one
     * @param wall       the fastest by wall time
     * @param algorithms how many device algorithms were measured in this cell
     */
    public record Cell(String text, int sigma, int m, long n, Optional<Best> device, Optional<Best> wall,
                       int algorithms) {
        /** The row label of this cell's input, e.g. {@code random, sigma = 2} or {@code file:dna (sigma 2)}. */
        public String input() {
            return text.equals("random") ? "random, sigma = " + sigma : text + " (sigma " + sigma + ")";
        }
    }

    private Crossover() {
    }

    /**
     * The cells of these rows: random texts by sigma, then real files in measured order; m ascending within each.
     * Rows of other modes are ignored; when the same algorithm has several rows in a cell, the last one counts.
     */
    public static List<Cell> of(List<ResultRow> rows) {
        Map<String, Map<Integer, Map<String, ResultRow>>> byInput = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            if (r.mode().equals("resident") && r.m() > 0) {
                byInput.computeIfAbsent(r.text() + "\u0000" + r.sigma(), k -> new java.util.TreeMap<>())
                        .computeIfAbsent(r.m(), k -> new LinkedHashMap<>()).put(r.algorithm(), r);
            }
        }
        List<String> inputs = new ArrayList<>(byInput.keySet());
        inputs.sort(Comparator.comparing((String k) -> !k.startsWith("random\u0000"))
                .thenComparing(k -> k.startsWith("random\u0000") ? Integer.parseInt(k.substring(7)) : 0));
        List<Cell> out = new ArrayList<>();
        for (String key : inputs) {
            for (Map.Entry<Integer, Map<String, ResultRow>> e : byInput.get(key).entrySet()) {
                List<ResultRow> cell = new ArrayList<>(e.getValue().values());
                ResultRow first = cell.get(0);
                long n = cell.stream().mapToLong(ResultRow::n).max().orElse(first.n());
                out.add(new Cell(first.text(), first.sigma(), e.getKey(), n, best(cell, ResultRow::deviceGbps),
                        best(cell, ResultRow::wallGbps), cell.size()));
            }
        }
        return out;
    }

    private static Optional<Best> best(List<ResultRow> cell, ToDoubleFunction<ResultRow> rate) {
        List<ResultRow> ranked = cell.stream().filter(r -> !Double.isNaN(rate.applyAsDouble(r)))
                .sorted(Comparator.comparingDouble(rate).reversed()).toList();
        if (ranked.isEmpty()) {
            return Optional.empty();
        }
        ResultRow a = ranked.get(0);
        ResultRow b = ranked.size() > 1 ? ranked.get(1) : null;
        return Optional.of(new Best(a.algorithm(), rate.applyAsDouble(a), b == null ? "" : b.algorithm(),
                b == null ? Double.NaN : rate.applyAsDouble(b)));
    }

    /** The cells as CSV lines, header first (GB/s with 4 significant digits; empty cells where unknown). */
    public static List<String> toCsv(List<Cell> cells) {
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", HEADER));
        for (Cell c : cells) {
            List<String> f = new ArrayList<>(List.of(c.text(), Integer.toString(c.sigma()), Integer.toString(c.m()),
                    Long.toString(c.n())));
            for (Optional<Best> b : List.of(c.device(), c.wall())) {
                f.add(b.map(Best::algorithm).orElse(""));
                f.add(b.map(x -> num(x.gbps())).orElse(""));
                f.add(b.map(Best::runnerUp).orElse(""));
                f.add(b.map(x -> num(x.runnerUpGbps())).orElse(""));
            }
            f.add(Integer.toString(c.algorithms()));
            lines.add(String.join(",", f.stream().map(Crossover::quote).toList()));
        }
        return lines;
    }

    /**
     * Two Markdown grids, inputs down and m across: the fastest by device time, then by wall time; each cell names the
     * winner, its GB/s and its lead over the runner-up. Empty when there are no resident rows.
     */
    public static String toMarkdown(List<Cell> cells) {
        if (cells.isEmpty()) {
            return "";
        }
        TreeSet<Integer> ms = new TreeSet<>();
        Map<String, Map<Integer, Cell>> grid = new LinkedHashMap<>();
        for (Cell c : cells) {
            ms.add(c.m());
            grid.computeIfAbsent(c.input(), k -> new LinkedHashMap<>()).put(c.m(), c);
        }
        StringBuilder sb = new StringBuilder();
        boolean anyDevice = cells.stream().anyMatch(c -> c.device().isPresent());
        if (anyDevice) {
            sb.append("By device time (kernels only); cell: fastest algorithm, its GB/s, its lead over the runner-up"
                    + " (+%, or how many times its rate)."
                    + "\n\n");
            appendGrid(sb, grid, ms, Cell::device);
            sb.append('\n');
        }
        sb.append("By wall time (one `count` call, launch and result transfer included).\n\n");
        appendGrid(sb, grid, ms, Cell::wall);
        return sb.toString();
    }

    private static void appendGrid(StringBuilder sb, Map<String, Map<Integer, Cell>> grid, TreeSet<Integer> ms,
                                   java.util.function.Function<Cell, Optional<Best>> which) {
        sb.append("| input |");
        ms.forEach(m -> sb.append(" m=").append(m).append(" |"));
        sb.append("\n|---|").append("---|".repeat(ms.size())).append('\n');
        for (Map.Entry<String, Map<Integer, Cell>> row : grid.entrySet()) {
            sb.append("| ").append(row.getKey()).append(" |");
            for (int m : ms) {
                Cell c = row.getValue().get(m);
                Optional<Best> b = c == null ? Optional.empty() : which.apply(c);
                sb.append(' ').append(b.map(Crossover::cell).orElse("-")).append(" |");
            }
            sb.append('\n');
        }
    }

    private static String cell(Best b) {
        String s = b.algorithm() + " " + PaperTable.gbps(b.gbps());
        double margin = b.margin();
        if (Double.isNaN(margin)) {
            return s;
        }
        if (margin >= 1) { // twice the runner-up or more: say how many times
            return s + String.format(Locale.ROOT, margin + 1 >= 10 ? " (%.0fx)" : " (%.1fx)", margin + 1);
        }
        return s + String.format(Locale.ROOT, margin < 0.1 ? " (+%.1f%%)" : " (+%.0f%%)", margin * 100);
    }

    private static String num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? ""
                : new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static String quote(String s) {
        return s.indexOf(',') < 0 && s.indexOf('"') < 0 ? s : '"' + s.replace("\"", "\"\"") + '"';
    }
}
