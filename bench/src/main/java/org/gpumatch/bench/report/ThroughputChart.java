package org.gpumatch.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;

/**
 * Draws one throughput-versus-m chart with XChart: x = log2(m) labelled as m, y = GB/s on a log10 axis; CPU series
 * solid, GPU series dashed (as in the paper's Figure 4). Only {@link Plots} loads this class, after checking that
 * {@code java.desktop} exists, because XChart needs Java2D and ImageIO.
 */
final class ThroughputChart {
    /**
     * One line of the chart.
     *
     * @param name  legend entry
     * @param log2m x values: log2 of m
     * @param gbps  y values
     * @param cpu   CPU series are drawn solid, GPU series dashed
     */
    record Series(String name, List<Double> log2m, List<Double> gbps, boolean cpu) {
    }

    private ThroughputChart() {
    }

    static void write(Path png, String title, List<Series> series) throws IOException {
        write(png, title, "pattern length m", "throughput (GB/s)", series);
    }

    /** A chart with other axis titles: x values are log2 of the quantity, labelled by the quantity. */
    static void write(Path png, String title, String xTitle, String yTitle, List<Series> series) throws IOException {
        XYChart chart = new XYChartBuilder().width(1000).height(650).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setMarkerSize(6);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> {
            long m = Math.round(Math.pow(2, x));
            return Math.abs(Math.log(m) / Math.log(2) - x) < 1e-9 ? Long.toString(m) : "";
        });
        for (Series s : series) {
            XYSeries xy = chart.addSeries(s.name(), s.log2m(), s.gbps());
            xy.setLineStyle(s.cpu() ? SeriesLines.SOLID : SeriesLines.DASH_DASH);
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
