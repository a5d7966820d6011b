package org.gpumatch.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PNG plots of throughput versus m, one series per algorithm and mode (like the SPAA 2016 paper's Figures 3a and 4,
 * drawn as GB/s rather than time). Drawing needs the {@code java.desktop} module (XChart renders with Java2D and writes
 * with ImageIO) and fonts; when either is missing the plots are skipped with a one-line reason and the run goes on.
 */
public final class Plots {
    private Plots() {
    }

    /** Why plots cannot be drawn in this JVM, or empty when they can. */
    public static Optional<String> unavailableReason() {
        if (ModuleLayer.boot().findModule("java.desktop").isEmpty()) {
            return Optional.of("this Java runtime has no java.desktop module (add it to the jlink image for plots)");
        }
        return Optional.empty();
    }

    /**
     * Writes the rate-versus-n chart of the primitives suite.
     *
     * @return empty when written, else why not
     */
    static Optional<String> write(Path png, String title, PrimitivesTable table) {
        return draw(png, () -> ThroughputChart.write(png, title, "elements n", "G elements/s (device time)",
                table.series()), table.series().isEmpty());
    }

    /**
     * Writes the plot of one table.
     *
     * @return empty when written, else why not
     */
    public static Optional<String> write(Path png, PaperTable table) {
        List<ThroughputChart.Series> series = new ArrayList<>();
        for (PaperTable.Line l : table.lines()) {
            boolean primary = l.metric().equals("device") || (l.metric().equals("wall")
                    && table.lines().stream().noneMatch(o -> o.algorithm().equals(l.algorithm())
                    && o.mode().equals(l.mode()) && o.metric().equals("device")));
            if (!primary) {
                continue;
            }
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int i = 0; i < table.ms().size(); i++) {
                double v = l.values()[i];
                if (!Double.isNaN(v) && v > 0) {
                    x.add(Math.log(table.ms().get(i)) / Math.log(2));
                    y.add(v);
                }
            }
            if (!x.isEmpty()) {
                series.add(new ThroughputChart.Series(l.algorithm() + " " + l.mode() + " (" + l.metric() + ")", x, y,
                        l.mode().startsWith("cpu") || l.mode().equals("external")));
            }
        }
        return draw(png, () -> ThroughputChart.write(png, table.title(), series), series.isEmpty());
    }

    /** What draws a chart (XChart throws checked exceptions). */
    private interface Drawing {
        void draw() throws Exception;
    }

    private static Optional<String> draw(Path png, Drawing drawing, boolean empty) {
        Optional<String> reason = unavailableReason();
        if (reason.isPresent()) {
            return reason;
        }
        if (empty) {
            return Optional.of("nothing to plot");
        }
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true"); // GPU hosts have no display
        }
        try {
            drawing.draw();
            return Optional.empty();
        } catch (Exception | LinkageError e) { // no fonts, no native AWT libraries, ...
            try {
                java.nio.file.Files.deleteIfExists(png); // no empty PNG left behind; `bench results` redraws it
            } catch (java.io.IOException ignored) {
                // the reason below is what matters
            }
            return Optional.of("drawing failed (run 'gpumatch bench results' where fonts exist to draw it from the"
                    + " CSV): " + e);
        }
    }
}
