package org.gpumatch.bench.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gpumatch.bench.BenchContext;
import org.gpumatch.bench.Samples;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.report.RowFactory;
import org.gpumatch.bench.report.RunRecord;

/**
 * Measures and records the rows of one e2e input: builds each command, runs it once untimed (warm-up: page cache,
 * the launcher's first unpacking, Aparapi's binary cache) and {@code reps} times timed, checks gpumatch's counts
 * and appends the row to the CSV. Cost per row: (reps + 1) process runs.
 */
final class E2eRows {
    private final BenchContext ctx;
    private final RowFactory rows;
    private final RunRecord record;
    private final Path work;
    private final int reps;
    private final String extraNote;

    E2eRows(BenchContext ctx, RowFactory rows, RunRecord record, Path work, int reps, String extraNote) {
        this.ctx = ctx;
        this.rows = rows;
        this.record = record;
        this.work = work;
        this.reps = reps;
        this.extraNote = extraNote;
    }

    /**
     * {@code LAUNCHER count -a ALG --hex -p HEX [--device D] FILE}, every count checked. {@code --device} goes only to
     * a device algorithm: {@code auto} runs as a user types it (a named device would make it list the OpenCL devices
     * even for a file the CPU answers, about 0.1-0.2 s more, as the H100 run of 2026-11-23 still did).
     */
    ResultRow gpumatch(E2eInput in, int m, Path launcher, String algorithm, String device) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(launcher.toString(), "count", "-a", algorithm, "--hex", "-p",
                in.hex(m)));
        if (!algorithm.equals("cpu") && !algorithm.equals("auto") && !device.equals("auto")) {
            cmd.add("--device");
            cmd.add(device);
        }
        cmd.add(in.file().toString());
        String what = "gpumatch count -a " + algorithm + " on " + in.label() + ", m = " + m;
        long expected = in.counts().get(m);
        Samples wall = time(what, List.of(cmd), Map.of(), false, expected);
        return add("gpumatch-" + algorithm, in, m, expected, wall, "checked against the CPU matcher in the bench JVM");
    }

    /**
     * {@code rg --no-config -F -a -c -f PATTERN_FILE FILE} as one process, or over {@code parts} part files. rg refuses
     * a {@code -f} pattern that is not valid UTF-8 (random bytes): such a pattern is given as the regex
     * {@code (?-u)\xHH...} instead (every byte escaped: a literal, which rg searches as one), and the note says so.
     */
    ResultRow rg(E2eInput in, int m, E2eTools.Program rg, int parts) throws IOException {
        byte[] bytes = in.patterns().get(m);
        boolean utf8 = validUtf8(bytes);
        List<String> patternArgs = utf8 ? List.of("-F", "-f", patternFile(in, m).toString())
                : List.of("-e", escaped(bytes));
        List<Path> files = parts == 1 ? List.of(in.file()) : in.writeParts(parts, m, work);
        try {
            List<List<String>> cmds = new ArrayList<>();
            for (Path f : files) {
                List<String> c = new ArrayList<>(List.of(rg.exe().toString(), "--no-config", "-a", "-c"));
                c.addAll(patternArgs);
                c.add(f.toString());
                cmds.add(c);
            }
            String name = parts == 1 ? "rg" : "rg-parts";
            Samples wall = time(name + " on " + in.label() + ", m = " + m, cmds, rg.env(), true, -1);
            String how = utf8 ? "counts lines, not occurrences"
                    : "counts lines, not occurrences; pattern as (?-u)\\xHH escapes without -F (not valid UTF-8)";
            String note = parts == 1 ? how : how + "; " + files.size() + " rg processes over parts overlapping by m-1"
                    + " bytes, counts summed (a line crossing a part boundary counts twice)";
            return add(name, in, m, lastCount, wall, note);
        } finally {
            if (parts > 1) {
                for (Path f : files) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /** {@code grep -F -a -c -f PATTERN_FILE FILE} under {@code LC_ALL=C}. */
    ResultRow grep(E2eInput in, int m, E2eTools.Program grep) throws IOException {
        Path pattern = patternFile(in, m);
        List<String> cmd = List.of(grep.exe().toString(), "-F", "-a", "-c", "-f", pattern.toString(),
                in.file().toString());
        Samples wall = time("grep on " + in.label() + ", m = " + m, List.of(cmd), grep.env(), true, -1);
        return add("grep", in, m, lastCount, wall, "counts lines, not occurrences");
    }

    private long lastCount;

    /** A warm-up run and {@code reps} timed runs; with {@code expected >= 0} every count must equal it. */
    private Samples time(String what, List<List<String>> cmds, Map<String, String> env, boolean exit1NoMatch,
                         long expected) throws IOException {
        ctx.progress("e2e: " + what);
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("LC_ALL", "C");
        ProcessRuns runs = new ProcessRuns(work, all);
        long[] nanos = new long[reps];
        for (int r = -1; r < reps; r++) {
            ProcessRuns.Result res = runs.run(cmds, exit1NoMatch);
            if (expected >= 0) {
                E2eSuite.check(what, res.count(), expected);
            }
            lastCount = res.count();
            if (r >= 0) {
                nanos[r] = res.nanos();
            }
        }
        return Samples.of(nanos);
    }

    private static boolean validUtf8(byte[] b) {
        try {
            java.nio.charset.StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b));
            return true;
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    /** {@code (?-u)} and every byte as {@code \xHH}: a regex matching exactly these bytes. */
    static String escaped(byte[] b) {
        StringBuilder sb = new StringBuilder("(?-u)");
        for (byte x : b) {
            sb.append(String.format("\\x%02X", x & 0xFF));
        }
        return sb.toString();
    }

    private Path patternFile(E2eInput in, int m) throws IOException {
        Path p = work.resolve("pattern-" + in.label() + "-m" + m + ".bin");
        if (!Files.exists(p)) {
            Files.write(p, in.patterns().get(m));
        }
        return p;
    }

    private ResultRow add(String algorithm, E2eInput in, int m, long matches, Samples wall, String note) {
        String full = extraNote.isEmpty() ? note : note + "; " + extraNote;
        ResultRow row = rows.row(algorithm, E2eSuite.MODE, in.label(), in.text().length, m, in.sigma(), matches,
                null, wall, full);
        record.add(row);
        return row;
    }
}
