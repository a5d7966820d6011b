package org.gpumatch.bench.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The results CSV format (RFC 4180: comma separated, fields with commas, quotes or line breaks quoted): the header,
 * one {@link ResultRow} per line, and the reverse, by header name so that older files with fewer columns still read.
 */
public final class Csv {
    /** The columns, in order. */
    public static final List<String> HEADER = List.of("device", "driver", "jdk", "aparapi", "host", "date", "suite",
            "quick", "algorithm", "mode", "text", "n", "m", "sigma", "matches", "reps", "device_median_ms",
            "device_min_ms", "device_max_ms", "wall_median_ms", "wall_min_ms", "wall_max_ms", "device_gbps",
            "wall_gbps", "ratio_to_read_ceiling", "note");

    private Csv() {
    }

    /** The header line. */
    public static String header() {
        return String.join(",", HEADER);
    }

    /** One row as a CSV line (no line terminator). */
    public static String format(ResultRow r) {
        List<String> f = List.of(r.device(), r.driver(), r.jdk(), r.aparapi(), r.host(), r.date(), r.suite(),
                Boolean.toString(r.quick()), r.algorithm(), r.mode(), r.text(), Long.toString(r.n()), whole(r.m()),
                whole(r.sigma()), whole(r.matches()), Integer.toString(r.reps()), num(r.deviceMedianMs()),
                num(r.deviceMinMs()), num(r.deviceMaxMs()), num(r.wallMedianMs()), num(r.wallMinMs()),
                num(r.wallMaxMs()), num(r.deviceGbps()), num(r.wallGbps()), num(r.ratioToReadCeiling()), r.note());
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < f.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(quote(f.get(i)));
        }
        return sb.toString();
    }

    private static String whole(long v) {
        return v < 0 ? "" : Long.toString(v);
    }

    private static String num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
    }

    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** Splits one CSV line into fields (quoted fields may hold commas and doubled quotes; no embedded line breaks). */
    public static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    /**
     * Parses the lines of a results file (header first).
     *
     * @throws IllegalArgumentException when the header lacks a column this version needs
     */
    public static List<ResultRow> parse(List<String> lines) {
        List<ResultRow> rows = new ArrayList<>();
        if (lines.isEmpty()) {
            return rows;
        }
        List<String> header = split(lines.get(0));
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            col.put(header.get(i).trim(), i);
        }
        for (String required : List.of("device", "suite", "algorithm", "mode", "n", "wall_median_ms")) {
            if (!col.containsKey(required)) {
                throw new IllegalArgumentException("not a results CSV: no column " + required);
            }
        }
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            List<String> f = split(line);
            Fields g = new Fields(f, col);
            rows.add(new ResultRow(g.s("device"), g.s("driver"), g.s("jdk"), g.s("aparapi"), g.s("host"), g.s("date"),
                    g.s("suite"), Boolean.parseBoolean(g.s("quick")), g.s("algorithm"), g.s("mode"), g.s("text"),
                    g.l("n"), (int) g.l("m"), (int) g.l("sigma"), g.l("matches"), (int) g.l("reps"),
                    g.d("device_median_ms"), g.d("device_min_ms"), g.d("device_max_ms"), g.d("wall_median_ms"),
                    g.d("wall_min_ms"), g.d("wall_max_ms"), g.d("device_gbps"), g.d("wall_gbps"),
                    g.d("ratio_to_read_ceiling"), g.s("note")));
        }
        return rows;
    }

    /** Field access by column name; missing columns read as empty. */
    private record Fields(List<String> f, Map<String, Integer> col) {
        String s(String name) {
            Integer i = col.get(name);
            return i == null || i >= f.size() ? "" : f.get(i);
        }

        long l(String name) {
            String v = s(name).trim();
            return v.isEmpty() ? -1 : Long.parseLong(v);
        }

        double d(String name) {
            String v = s(name).trim();
            return v.isEmpty() ? Double.NaN : Double.parseDouble(v);
        }
    }
}
