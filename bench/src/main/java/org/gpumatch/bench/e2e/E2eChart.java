package org.gpumatch.bench.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gpumatch.bench.report.Plots;
import org.gpumatch.bench.report.ResultRow;

/**
 * The e2e plot of one text kind and m: median wall time (s, log axis) versus file size (bytes, log axis), one series
 * per program. Needs {@code java.desktop} (XChart draws with Java2D); without it, or without fonts, the plot is
 * skipped with the reason and the run goes on.
 */
public final class E2eChart {
    private E2eChart() {
    }

    /**
     * Draws the plot of every text kind and m of {@code rows} that has no PNG yet, as {@code <prefix><kind>-m<m>.png}
     * in {@code dir} (the report draws merged runs this way, and runs whose host had no {@code java.desktop}).
     *
     * @return why nothing could be drawn, or empty
     */
    public static Optional<String> writeMissing(Path dir, String prefix, List<ResultRow> rows) {
        for (String kind : E2eInput.KINDS) {
            for (int m : rows.stream().mapToInt(ResultRow::m).distinct().sorted().toArray()) {
                Path png = dir.resolve(prefix + kind + "-m" + m + ".png");
                if (!Files.isRegularFile(png)) {
                    Optional<String> why = write(png, kind, m, rows);
                    if (why.isPresent()) {
                        return why;
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Writes the plot; empty when written, else why not. */
    static Optional<String> write(Path png, String kind, int m, List<ResultRow> rows) {
        Optional<String> reason = Plots.unavailableReason();
        if (reason.isPresent()) {
            return reason;
        }
        Map<String, List<ResultRow>> series = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            if (r.m() == m && r.text().startsWith(kind + "-")) {
                series.computeIfAbsent(r.algorithm(), k -> new ArrayList<>()).add(r);
            }
        }
        if (series.isEmpty()) {
            return Optional.empty(); // this m was not measured for this kind (files smaller than m)
        }
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        try {
            Drawing.draw(png, kind + ", m = " + m + ": one query, a new process each (median wall time)", series);
            return Optional.empty();
        } catch (Exception | LinkageError e) {
            try {
                Files.deleteIfExists(png);
            } catch (java.io.IOException ignored) {
                // the reason below is what matters
            }
            return Optional.of("drawing failed: " + e);
        }
    }

    /** Loads XChart only after the java.desktop check. */
    private static final class Drawing {
        static void draw(Path png, String title, Map<String, List<ResultRow>> series) throws java.io.IOException {
            var chart = new org.knowm.xchart.XYChartBuilder().width(1000).height(650).title(title)
                    .xAxisTitle("file size (bytes)").yAxisTitle("wall time (s)").build();
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
            chart.getStyler().setMarkerSize(6);
            for (Map.Entry<String, List<ResultRow>> e : series.entrySet()) {
                List<Double> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (ResultRow r : e.getValue()) {
                    x.add((double) r.n());
                    y.add(r.wallMedianMs() / 1e3);
                }
                var s = chart.addSeries(e.getKey(), x, y);
                s.setLineStyle(e.getKey().startsWith("gpumatch")
                        ? org.knowm.xchart.style.lines.SeriesLines.SOLID
                        : org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
            }
            org.knowm.xchart.BitmapEncoder.saveBitmap(chart, png.toString(),
                    org.knowm.xchart.BitmapEncoder.BitmapFormat.PNG);
        }
    }
}
