package org.gpumatch.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code bench primitives} rows as one table: a line per primitive, a column per element count n with the rate in
 * G elements per second (device time, wall in brackets), the bytes moved per element and the ratio to CUB's H200
 * figure at the largest n (from the rows' notes), plus the series for a rate-versus-n chart. Rows of the suite carry
 * n as elements and their "GB/s" columns as G elements/s ({@code PrimitivesSuite}).
 */
final class PrimitivesTable {
    private static final Pattern BYTES = Pattern.compile("(\\d+) B/element moved: (\\d+) GB/s");
    private static final Pattern CUB = Pattern.compile("([0-9.]+) of CUB's ([0-9.]+) G/s");

    private final List<Long> sizes;
    private final Map<String, Map<Long, ResultRow>> byPrimitive;

    private PrimitivesTable(List<Long> sizes, Map<String, Map<Long, ResultRow>> byPrimitive) {
        this.sizes = sizes;
        this.byPrimitive = byPrimitive;
    }

    /** The table of the non-ceiling rows, in the order the suite measured the primitives. */
    static PrimitivesTable of(List<ResultRow> rows) {
        TreeSet<Long> sizes = new TreeSet<>();
        Map<String, Map<Long, ResultRow>> by = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            if (!r.mode().equals("ceiling")) {
                sizes.add(r.n());
                by.computeIfAbsent(r.algorithm(), a -> new LinkedHashMap<>()).put(r.n(), r);
            }
        }
        return new PrimitivesTable(new ArrayList<>(sizes), by);
    }

    boolean isEmpty() {
        return byPrimitive.isEmpty();
    }

    String toMarkdown() {
        StringBuilder sb = new StringBuilder("| primitive | B/element |");
        for (long n : sizes) {
            sb.append(" n = ").append(n).append(" |");
        }
        sb.append(" GB/s moved (largest n) | ratio to CUB (H200, n = 1e8) |\n|---|---:|");
        sb.append("---:|".repeat(sizes.size())).append("---:|---:|\n");
        for (Map.Entry<String, Map<Long, ResultRow>> e : byPrimitive.entrySet()) {
            ResultRow largest = null;
            StringBuilder cells = new StringBuilder();
            for (long n : sizes) {
                ResultRow r = e.getValue().get(n);
                cells.append(r == null ? " - |" : String.format(Locale.ROOT, " %s (%s) |", rate(r.deviceGbps()),
                        rate(r.wallGbps())));
                largest = r == null ? largest : r;
            }
            Matcher bytes = BYTES.matcher(largest.note());
            Matcher cub = CUB.matcher(largest.note());
            sb.append("| ").append(e.getKey()).append(" | ").append(bytes.find() ? bytes.group(1) : "-").append(" |")
                    .append(cells).append(' ').append(bytes.find(0) ? bytes.group(2) : "-").append(" | ")
                    .append(cub.find() ? cub.group(1) + " of " + cub.group(2) + " G/s" : "-").append(" |\n");
        }
        sb.append("\nRates in G elements/s of device time (wall time of the launches in brackets); B/element: bytes"
                + " read and written per element (for the sorts, over all passes).\n");
        return sb.toString();
    }

    /** One chart series per primitive: x = log2 n, y = G elements/s (device time, else wall). */
    List<ThroughputChart.Series> series() {
        List<ThroughputChart.Series> out = new ArrayList<>();
        for (Map.Entry<String, Map<Long, ResultRow>> e : byPrimitive.entrySet()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (ResultRow r : e.getValue().values()) {
                if (r.bestGbps() > 0) {
                    x.add(Math.log(r.n()) / Math.log(2));
                    y.add(r.bestGbps());
                }
            }
            if (!x.isEmpty()) {
                out.add(new ThroughputChart.Series(e.getKey(), x, y, false));
            }
        }
        return out;
    }

    private static String rate(double v) {
        return Double.isNaN(v) ? "n/a" : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }
}
