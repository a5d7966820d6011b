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
import org.gpumatch.bench.e2e.E2eChart;

/**
 * Regenerates {@code RESULTS.md} (in the parent of the results folder, so {@code bench/RESULTS.md} for the default
 * {@code bench/results}) from the CSVs: per device, the latest run of each suite (full runs preferred over
 * {@code --quick} ones) merged with the other runs of that suite on the same UTC day (a grid measured in pieces, see
 * {@link #merge}), first its ceilings, then, for the exact suite, the crossover table (the paper's Figure 3c; also
 * written as {@code <day>-exact-crossover.csv} beside the CSVs), then its tables with links to the plots and the CSVs;
 * real-text inputs also get a time table in the layout of the paper's Tables 5-7. Other files in a device folder
 * (older text records) are listed as links. Cost: reads every CSV once.
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

        String day() {
            return date().length() >= 10 ? date().substring(0, 10) : date();
        }

        boolean quick() {
            return rows.get(0).quick();
        }
    }

    /**
     * What RESULTS.md shows of one suite: the CSVs of its latest day (oldest first) and their rows merged.
     *
     * @param runs the CSVs, oldest first; the last is the latest run
     * @param rows {@link #merge} of their rows
     */
    private record Merged(List<Run> runs, List<ResultRow> rows) {
        Run latest() {
            return runs.get(runs.size() - 1);
        }

        String suite() {
            return latest().suite();
        }

        /** The file-name stem of the merged files ({@code 2026-11-22-exact}, {@code ...-exact-quick}). */
        String stem() {
            return latest().day() + "-" + suite() + (latest().quick() ? "-quick" : "");
        }
    }

    /** The file-name suffix of the crossover table written beside the CSVs. */
    public static final String CROSSOVER_SUFFIX = "-crossover.csv";

    /**
     * Merges the rows of several runs of one suite (oldest first) into one table's worth: a measured row replaces an
     * earlier one with the same algorithm, mode, text, n, sigma and m (the newest measurement of each cell wins; cells
     * only an older run measured are kept); ceiling rows come from the newest run that has them. Row order: ceilings
     * first, then each row where its cell was first measured. This is how a grid measured in pieces (e.g.
     * {@code --sigma 1,2,3,4}, then {@code --sigma 5,6,7,8}, then {@code --sigma none --text ...}) reads as one run.
     */
    public static List<ResultRow> merge(List<List<ResultRow>> runsOldestFirst) {
        List<ResultRow> ceilings = List.of();
        Map<String, ResultRow> cells = new LinkedHashMap<>();
        for (List<ResultRow> run : runsOldestFirst) {
            List<ResultRow> c = run.stream().filter(r -> r.mode().equals("ceiling")).toList();
            if (!c.isEmpty()) {
                ceilings = c;
            }
            for (ResultRow r : run) {
                if (!r.mode().equals("ceiling")) {
                    cells.put(String.join("\u0000", r.algorithm(), r.mode(), r.text(), Long.toString(r.n()),
                            Integer.toString(r.sigma()), Integer.toString(r.m())), r);
                }
            }
        }
        List<ResultRow> out = new ArrayList<>(ceilings);
        out.addAll(cells.values());
        return out;
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
                + "do not edit by hand. For each device: the latest run of each suite, merged with the other runs "
                + "of that suite on the same day (a grid measured in pieces). How the numbers are measured "
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
        List<Run> parsed = new ArrayList<>();
        Map<String, Run> latest = new LinkedHashMap<>();
        List<Path> others = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (name.endsWith(CROSSOVER_SUFFIX)) {
                continue; // written below, linked from its suite's section
            }
            if (name.endsWith(".csv")) {
                Optional<Run> run = read(f);
                if (run.isPresent()) {
                    parsed.add(run.get());
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
        List<Merged> runs = new ArrayList<>();
        for (Run last : latest.values()) {
            List<Run> group = parsed.stream().filter(r -> r.suite().equals(last.suite()) && r.quick() == last.quick()
                    && r.day().equals(last.day())).sorted(ResultsMarkdown::older).toList();
            runs.add(new Merged(group, merge(group.stream().map(Run::rows).toList())));
        }
        runs.sort(Comparator.comparing((Merged r) -> !r.suite().equals("ceiling")).thenComparing(Merged::suite));
        if (runs.isEmpty()) {
            sb.append("\nNo bench suite CSV in this folder yet.\n");
        }
        for (Merged run : runs) {
            appendRun(sb, base, device, run);
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
        return older(a, b) >= 0 ? a : b;
    }

    /** Orders runs by start date, then by file name (a later run of the same second gets a higher -K suffix). */
    private static int older(Run a, Run b) {
        int c = a.date().compareTo(b.date());
        if (c == 0) {
            c = a.csv().getFileName().toString().compareTo(b.csv().getFileName().toString());
        }
        return c;
    }

    private static Optional<Run> read(Path csv) {
        try {
            List<ResultRow> rows = Csv.parse(Files.readAllLines(csv, StandardCharsets.UTF_8));
            return rows.isEmpty() ? Optional.empty() : Optional.of(new Run(csv, rows));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void appendRun(StringBuilder sb, Path base, Path device, Merged merged) throws IOException {
        Run run = merged.latest();
        List<ResultRow> rows = merged.rows();
        ResultRow first = run.rows().get(0);
        sb.append("\n### ").append(run.suite()).append(run.quick() ? " (quick)" : "").append(", ");
        if (merged.runs().size() == 1) {
            sb.append(first.date()).append(" ([CSV](").append(link(base, run.csv())).append("))\n\n");
        } else {
            sb.append(run.day()).append(", ").append(merged.runs().size()).append(" runs merged (");
            for (int i = 0; i < merged.runs().size(); i++) {
                Run r = merged.runs().get(i);
                sb.append(i == 0 ? "" : ", ").append("[").append(r.date().length() > 11 ? r.date().substring(11)
                        : r.date()).append("](").append(link(base, r.csv())).append(")");
            }
            sb.append("; a later run's row replaces an earlier one of the same algorithm, mode, text, n, sigma and m)"
                    + "\n\n");
        }
        List<String> provenance = merged.runs().stream().map(r -> r.rows().get(0)).map(r -> "Driver " + r.driver()
                + "; JDK " + r.jdk() + "; Aparapi " + r.aparapi() + "; host " + r.host() + ".").distinct().toList();
        sb.append(String.join(" ", provenance)).append("\n\n");
        boolean e2e = run.suite().equals("e2e"); // processes timed: no ceilings, times rather than GB/s
        if (!e2e) {
            sb.append("| ceiling | size | device | wall | runs |\n|---|---:|---:|---:|---:|\n");
        }
        for (ResultRow r : rows) {
            if (r.mode().equals("ceiling")) {
                boolean launch = r.algorithm().equals("empty-launch");
                sb.append("| ").append(r.algorithm()).append(" | ").append(launch ? "-" : r.n() + " B").append(" | ")
                        .append(launch ? us(r.deviceMedianMs()) : gbps(r.deviceGbps())).append(" | ")
                        .append(launch ? us(r.wallMedianMs()) : gbps(r.wallGbps())).append(" | ")
                        .append(r.reps()).append(" |\n");
            }
        }
        double upload = InputTables.ceiling(rows, "first-upload")
                .or(() -> InputTables.ceiling(rows, "host-to-device")).map(ResultRow::wallGbps)
                .orElse(Double.NaN);
        List<Crossover.Cell> crossover = Crossover.of(rows);
        if (run.suite().equals("exact") && !crossover.isEmpty()) {
            Path csv = device.resolve(merged.stem() + CROSSOVER_SUFFIX);
            Files.write(csv, Crossover.toCsv(crossover), StandardCharsets.UTF_8);
            sb.append("\n#### Fastest device algorithm per input and m (the paper's Figure 3c for this device)\n\n");
            sb.append("From the resident rows below ([crossover CSV](").append(link(base, csv)).append(")). ");
            sb.append(Crossover.toMarkdown(crossover));
        }
        if (run.suite().equals("e2e")) {
            appendE2eIntro(sb, base, merged);
        }
        if (run.suite().equals("primitives")) {
            appendPrimitives(sb, base, merged, run.rows()); // every n (the merge keeps one row per algorithm)
            return;
        }
        for (InputTables.Input in : InputTables.of(rows)) {
            if (e2e) {
                ResultRow f = in.rows().get(0);
                sb.append("\n#### ").append(f.text()).append(" (").append(f.n()).append(" bytes, sigma ")
                        .append(f.sigma()).append("): median wall ms of one query, a new process each\n\n");
                sb.append(TimeTable.of(in.title(), in.rows()).toMarkdown());
                appendNotes(sb, in.rows());
                continue;
            }
            sb.append("\n#### ").append(in.title()).append("\n\n");
            PaperTable table = PaperTable.of(in.title(), in.rows(), upload);
            sb.append(table.toMarkdown());
            if (!in.rows().get(0).text().equals("random")) {
                sb.append("\nTime per query in ms (the paper's Tables 5-7 layout; speedup: fastest resident GPU rate"
                        + " over fastest CPU rate):\n\n");
                sb.append(TimeTable.of(in.title(), in.rows()).toMarkdown());
            }
            Path png = plotOf(merged, in);
            if (hasImage(png)) {
                sb.append("\n![").append(in.title()).append("](").append(link(base, png)).append(")\n");
            }
            appendNotes(sb, in.rows());
        }
    }

    /** The primitives rows as one table (a column per n) and their rate-versus-n chart. */
    private static void appendPrimitives(StringBuilder sb, Path base, Merged merged, List<ResultRow> rows) {
        PrimitivesTable table = PrimitivesTable.of(rows);
        if (table.isEmpty()) {
            return;
        }
        sb.append("\n#### Primitives on resident random data\n\n").append(table.toMarkdown());
        Path png = merged.latest().csv().resolveSibling(merged.stem() + "-rates.png");
        if (hasImage(png) || Plots.write(png, "gpu-core primitives, G elements/s versus n", table).isEmpty()) {
            sb.append("\n![primitives](").append(link(base, png)).append(")\n");
        }
    }

    private static void appendNotes(StringBuilder sb, List<ResultRow> rows) {
        List<String> notes = rows.stream().flatMap(r -> java.util.Arrays.stream(r.note().split("; ")))
                .filter(n -> !n.isBlank() && !n.startsWith("time only") && !n.startsWith("counts lines"))
                .distinct().toList(); // external tools' line counts are in the CSV; `*` marks them here
        if (!notes.isEmpty()) {
            sb.append("\nNotes: ").append(String.join("; ", notes)).append(".\n");
        }
    }

    /**
     * What the e2e rows are (gpumatch checked, rg and grep counting lines), then links to the time-versus-size plots:
     * {@code <csv stem>-time-<kind>-m<m>.png} of a single run, {@code <day>-e2e-merged-time-...} of merged runs, drawn
     * here from the rows where missing (a host without {@code java.desktop} could not draw them).
     */
    private static void appendE2eIntro(StringBuilder sb, Path base, Merged merged) throws IOException {
        sb.append("Each run starts a new process (`gpumatch count`, `rg`, `grep`); median of the runs after a warm-up."
                + " Every gpumatch count was checked against the CPU matcher; rg, rg-parts (one rg per hardware thread"
                + " over the file's parts) and grep count matching lines, not occurrences (their counts: the CSV's"
                + " `matches`).\n");
        Path csv = merged.latest().csv();
        String prefix = (merged.runs().size() == 1 ? stripCsv(csv) : merged.stem() + "-merged") + "-time-";
        E2eChart.writeMissing(csv.getParent(), prefix, merged.rows());
        List<Path> pngs;
        try (java.util.stream.Stream<Path> s = Files.list(csv.getParent())) {
            pngs = s.filter(p -> p.getFileName().toString().startsWith(prefix)
                    && p.getFileName().toString().endsWith(".png") && hasImage(p)).sorted().toList();
        }
        if (!pngs.isEmpty()) {
            sb.append("\nOne query, a new process each: median wall time against file size.\n");
        }
        for (Path png : pngs) {
            String label = png.getFileName().toString().substring(prefix.length()).replace(".png", "");
            sb.append("\n![e2e ").append(label).append("](").append(link(base, png)).append(")\n");
        }
    }

    /**
     * The plot of one input: the PNG its run drew beside its CSV when all its rows come from one run (drawn here from
     * the CSV when that host could not), else a merged plot {@code <day>-<suite>-merged-<label>.png}, drawn anew.
     */
    private static Path plotOf(Merged merged, InputTables.Input in) {
        java.util.Set<Path> sources = new java.util.LinkedHashSet<>();
        for (Run r : merged.runs()) {
            for (ResultRow row : in.rows()) {
                if (r.rows().contains(row)) {
                    sources.add(r.csv());
                }
            }
        }
        PaperTable table = PaperTable.of(in.title(), in.rows(), Double.NaN);
        if (sources.size() <= 1) {
            Path csv = sources.isEmpty() ? merged.latest().csv() : sources.iterator().next();
            Path png = csv.resolveSibling(stripCsv(csv) + "-" + in.label() + ".png");
            if (!hasImage(png)) { // a host without fonts could not draw it: draw it here from the CSV
                Plots.write(png, table);
            }
            return png;
        }
        Path png = merged.latest().csv().resolveSibling(merged.stem() + "-merged-" + in.label() + ".png");
        Plots.write(png, table);
        return png;
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
