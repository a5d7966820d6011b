package org.gpumatch.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Regenerates {@code RESULTS.md} (in the parent of the results folder, so {@code bench/RESULTS.md} for the default
 * {@code bench/results}) from the CSVs: per device, the latest run of each suite (full runs preferred over
 * {@code --quick} ones), first its ceilings, then its tables with links to the plots and the CSV. Other files in a
 * device folder (older text records) are listed as links. Cost: reads every CSV once.
 */
public final class ResultsMarkdown {
    private ResultsMarkdown() {
    }

    /** One parsed CSV. */
    private record Run(Path csv, List<ResultRow> rows) {
        String suite() {
            return rows.get(0).suite();
        }

        String date() {
            return rows.get(0).date();
        }

        boolean quick() {
            return rows.get(0).quick();
        }
    }

    /**
     * Rewrites RESULTS.md next to {@code resultsDir}.
     *
     * @return the file written, or empty when {@code resultsDir} holds no device folder
     */
    public static Optional<Path> regenerate(Path resultsDir) throws IOException {
        Path dir = resultsDir.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        List<Path> devices;
        try (Stream<Path> s = Files.list(dir)) {
            devices = s.filter(Files::isDirectory).sorted().toList();
        }
        if (devices.isEmpty()) {
            return Optional.empty();
        }
        Path md = dir.getParent().resolve("RESULTS.md");
        StringBuilder sb = new StringBuilder();
        sb.append("# Recorded benchmark results\n\n");
        sb.append("Generated from the CSV files under `").append(md.getParent().relativize(dir).toString()
                .replace('\\', '/')).append("/` by `gpumatch bench results` (every suite run regenerates it too); "
                + "do not edit by hand. For each device: the latest run of each suite. How the numbers are measured "
                + "and what each column means: [bench/README.md](README.md). GB/s = 10^9 text bytes per second; "
                + "`/read` = ratio to the read ceiling of the same run; `/h2d` = ratio to its first-upload (one-shot path) wall rate; "
                + "`*` = count not validated (external tools count lines).\n");
        for (Path device : devices) {
            appendDevice(sb, md.getParent(), device);
        }
        Files.writeString(md, sb.toString(), StandardCharsets.UTF_8);
        return Optional.of(md);
    }

    private static void appendDevice(StringBuilder sb, Path base, Path device) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(device)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        Map<String, Run> latest = new LinkedHashMap<>();
        List<Path> others = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (name.endsWith(".csv")) {
                Optional<Run> run = read(f);
                if (run.isPresent()) {
                    latest.merge(run.get().suite(), run.get(), ResultsMarkdown::newer);
                    continue;
                }
            }
            if (!name.endsWith(".png")) {
                others.add(f);
            }
        }
        String title = latest.values().stream().findFirst().map(r -> r.rows().get(0).device())
                .orElse(device.getFileName().toString());
        sb.append("\n## ").append(title).append(" (`").append(device.getFileName()).append("`)\n");
        List<Run> runs = new ArrayList<>(latest.values());
        runs.sort(Comparator.comparing((Run r) -> !r.suite().equals("ceiling")).thenComparing(Run::suite));
        if (runs.isEmpty()) {
            sb.append("\nNo bench suite CSV in this folder yet.\n");
        }
        for (Run run : runs) {
            appendRun(sb, base, run);
        }
        if (!others.isEmpty()) {
            sb.append("\n### Other records\n\n");
            for (Path o : others) {
                sb.append("- [").append(o.getFileName()).append("](").append(link(base, o)).append(")\n");
            }
        }
    }

    private static Run newer(Run a, Run b) {
        if (a.quick() != b.quick()) {
            return a.quick() ? b : a;
        }
        int c = a.date().compareTo(b.date());
        if (c == 0) {
            c = a.csv().getFileName().toString().compareTo(b.csv().getFileName().toString());
        }
        return c >= 0 ? a : b;
    }

    private static Optional<Run> read(Path csv) {
        try {
            List<ResultRow> rows = Csv.parse(Files.readAllLines(csv, StandardCharsets.UTF_8));
            return rows.isEmpty() ? Optional.empty() : Optional.of(new Run(csv, rows));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void appendRun(StringBuilder sb, Path base, Run run) {
        ResultRow first = run.rows().get(0);
        sb.append("\n### ").append(run.suite()).append(run.quick() ? " (quick)" : "").append(", ")
                .append(first.date()).append(" ([CSV](").append(link(base, run.csv())).append("))\n\n");
        sb.append("Driver ").append(first.driver()).append("; JDK ").append(first.jdk()).append("; Aparapi ")
                .append(first.aparapi()).append("; host ").append(first.host()).append(".\n\n");
        sb.append("| ceiling | size | device | wall | runs |\n|---|---:|---:|---:|---:|\n");
        for (ResultRow r : run.rows()) {
            if (r.mode().equals("ceiling")) {
                boolean launch = r.algorithm().equals("empty-launch");
                sb.append("| ").append(r.algorithm()).append(" | ").append(launch ? "-" : r.n() + " B").append(" | ")
                        .append(launch ? us(r.deviceMedianMs()) : gbps(r.deviceGbps())).append(" | ")
                        .append(launch ? us(r.wallMedianMs()) : gbps(r.wallGbps())).append(" | ")
                        .append(r.reps()).append(" |\n");
            }
        }
        double upload = InputTables.ceiling(run.rows(), "first-upload")
                .or(() -> InputTables.ceiling(run.rows(), "host-to-device")).map(ResultRow::wallGbps)
                .orElse(Double.NaN);
        for (InputTables.Input in : InputTables.of(run.rows())) {
            sb.append("\n#### ").append(in.title()).append("\n\n");
            PaperTable table = PaperTable.of(in.title(), in.rows(), upload);
            sb.append(table.toMarkdown());
            Path png = run.csv().resolveSibling(stripCsv(run.csv()) + "-" + in.label() + ".png");
            if (!hasImage(png)) { // a host without fonts could not draw it: draw it here from the CSV
                Plots.write(png, table);
            }
            if (hasImage(png)) {
                sb.append("\n![").append(in.title()).append("](").append(link(base, png)).append(")\n");
            }
            List<String> notes = in.rows().stream().flatMap(r -> java.util.Arrays.stream(r.note().split("; ")))
                    .filter(n -> !n.isBlank() && !n.startsWith("time only") && !n.startsWith("counts lines"))
                    .distinct().toList(); // external tools' line counts are in the CSV; `*` marks them here
            if (!notes.isEmpty()) {
                sb.append("\nNotes: ").append(String.join("; ", notes)).append(".\n");
            }
        }
    }

    private static boolean hasImage(Path png) {
        try {
            return Files.exists(png) && Files.size(png) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static String stripCsv(Path csv) {
        String n = csv.getFileName().toString();
        return n.substring(0, n.length() - ".csv".length());
    }

    private static String link(Path base, Path file) {
        return base.relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    private static String gbps(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f GB/s", v);
    }

    private static String us(double ms) {
        return Double.isNaN(ms) ? "n/a" : String.format(Locale.ROOT, "%.1f us", ms * 1000);
    }
}
