package org.gpumatch.bench.multi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gpumatch.bench.report.Plots;
import org.gpumatch.bench.report.ResultRow;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The two plots of the {@code multi} suite, drawn from its rows: the paper's tables (total ms of {@code multi-rk} and
 * resident ms of the path {@code auto} picks against log2 n, one line per method and k) and the mixed-length rows (GB/s against log10 k, one line per method, mode and
 * text). Skipped with a reason where {@link Plots#unavailableReason()} says Java2D is missing. Memory: the rows.
 */
final class MultiPlots {
    private MultiPlots() {
    }

    /** Writes both plots; returns why one was not written, or empty. */
    static Optional<String> write(Path paperPng, Path mixedPng, List<ResultRow> rows) {
        Optional<String> reason = Plots.unavailableReason();
        if (reason.isPresent()) {
            return reason;
        }
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Map<String, List<double[]>> paper = new LinkedHashMap<>();
        Map<String, List<double[]>> mixed = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            String k = r.note().replaceAll("^k=(\\d+).*", "$1");
            String method = r.algorithm().replaceAll(" k=\\d+", "");
            if (r.mode().equals("paper") && (r.algorithm().endsWith(" total") || r.algorithm().endsWith(" resident"))) {
                paper.computeIfAbsent(method + ", k = " + k, x -> new ArrayList<>())
                        .add(new double[] {Math.log(r.n()) / Math.log(2), r.wallMedianMs()});
            } else if (r.note().startsWith("k=") && !r.mode().equals("paper") && r.wallGbps() > 0) {
                mixed.computeIfAbsent(method + " " + r.mode() + " " + r.text(), x -> new ArrayList<>())
                        .add(new double[] {Math.log10(Double.parseDouble(k)), r.wallGbps()});
            }
        }
        try {
            draw(paperPng, "m = 1024 (paper Tables II-V): multi-rk total and auto resident, ms", "log2 n", "ms",
                    paper);
            draw(mixedPng, "4..64-byte patterns: throughput", "log10 k", "GB/s (wall)", mixed);
            return Optional.empty();
        } catch (Exception | LinkageError e) {
            try {
                Files.deleteIfExists(paperPng);
                Files.deleteIfExists(mixedPng);
            } catch (java.io.IOException ignored) {
                // the reason below is what matters
            }
            return Optional.of("drawing failed: " + e);
        }
    }

    private static void draw(Path png, String title, String x, String y, Map<String, List<double[]>> series)
            throws java.io.IOException {
        if (series.isEmpty()) {
            return;
        }
        XYChart chart = new XYChartBuilder().width(1000).height(650).title(title).xAxisTitle(x).yAxisTitle(y).build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        for (Map.Entry<String, List<double[]>> e : series.entrySet()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (double[] p : e.getValue()) {
                xs.add(p[0]);
                ys.add(p[1]);
            }
            chart.addSeries(e.getKey(), xs, ys);
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
