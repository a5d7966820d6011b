package org.gpumatch.api.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The planners' calibration check, shared by every family (issue 25: "every {@code auto} is within 1.2x of the
 * fastest forced algorithm on the bench's inputs, and a test over the calibration tables says so"): the bench's
 * recorded rows under {@code bench/results/DEVICE/} read as maps of column to value ({@link #read}), and the check
 * that the candidate a planner chooses for each recorded input took at most {@link #WITHIN} times the fastest
 * recorded candidate ({@link #misses}). Each family's test builds its {@link Input}s from its own files (read, never
 * copied) and asks its planner with the calibration table the product uses.
 */
public final class RecordedRuns {
    /** How far {@code auto} may be from the fastest recorded candidate: 1.2x. */
    public static final double WITHIN = 1.2;

    private RecordedRuns() {
    }

    /**
     * One recorded input: what the planner chose for it, and every candidate's recorded time on it.
     *
     * @param label  where it is recorded (file and row key)
     * @param chosen the planner's choice, by the name {@code -a} takes (the rows' name for the candidate)
     * @param millis each recorded candidate's time in ms
     */
    public record Input(String label, String chosen, Map<String, Double> millis) {
    }

    /**
     * The inputs whose chosen candidate was not recorded or took more than {@link #WITHIN} times the fastest
     * recorded one, one line each (empty when every choice is within).
     */
    public static List<String> misses(List<Input> inputs) {
        List<String> misses = new ArrayList<>();
        for (Input in : inputs) {
            Double took = in.millis().get(in.chosen());
            double fastest = in.millis().values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            if (took == null || took > WITHIN * fastest) {
                misses.add(String.format(Locale.ROOT, "%s: auto takes %s (%s ms), fastest recorded %.3f ms %s",
                        in.label(), in.chosen(), took == null ? "not recorded" : String.format(Locale.ROOT, "%.3f",
                                took), fastest, in.millis()));
            }
        }
        return misses;
    }

    /** The median of recorded times (the mean of the middle two for an even count). */
    public static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int h = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(h) : (sorted.get(h - 1) + sorted.get(h)) / 2;
    }

    /**
     * The folder of one device's records, {@code bench/results/SLUG}, found from the module's directory (the tests'
     * working directory) or the repository root.
     */
    public static Path results(String deviceSlug) {
        for (Path p : List.of(Path.of("..", "bench", "results", deviceSlug), Path.of("bench", "results", deviceSlug))) {
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        throw new IllegalStateException("no bench/results/" + deviceSlug + " from " + Path.of("").toAbsolutePath());
    }

    /** A CSV file of the bench as maps of column to value (quoted fields may hold commas; repeated headers skipped). */
    public static List<Map<String, String>> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> header = split(lines.get(0));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank() || line.startsWith("device,")) {
                continue;
            }
            List<String> f = split(line);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < f.size() ? f.get(i) : "");
            }
            rows.add(row);
        }
        return rows;
    }

    private static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (c == ',' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
