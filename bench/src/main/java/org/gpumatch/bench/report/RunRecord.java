package org.gpumatch.bench.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gpumatch.bench.RunInfo;

/**
 * The files of one run: {@code <out>/<device-slug>/<date>-<suite>[-quick][-K].csv} (K = 2, 3, ... when a run of the
 * same day already wrote that name) and the plots beside it. Rows are appended and flushed as they are measured, so
 * an aborted run keeps what it measured before.
 */
public final class RunRecord implements AutoCloseable {
    private final Path folder;
    private final String baseName;
    private final BufferedWriter writer;
    private final List<ResultRow> rows = new ArrayList<>();

    private RunRecord(Path folder, String baseName, BufferedWriter writer) {
        this.folder = folder;
        this.baseName = baseName;
        this.writer = writer;
    }

    /** Creates the CSV (and its folder) for a run of {@code suite} and writes the header. */
    public static RunRecord create(Path out, RunInfo info, String suite, boolean quick) throws IOException {
        Path folder = out.resolve(info.slug());
        Files.createDirectories(folder);
        String base = info.day() + "-" + suite + (quick ? "-quick" : "");
        String name = base;
        for (int k = 2; Files.exists(folder.resolve(name + ".csv")); k++) {
            name = base + "-" + k;
        }
        BufferedWriter w = Files.newBufferedWriter(folder.resolve(name + ".csv"), StandardCharsets.UTF_8);
        w.write(Csv.header());
        w.newLine();
        w.flush();
        return new RunRecord(folder, name, w);
    }

    /** Appends a row to the CSV and flushes it. */
    public void add(ResultRow row) {
        try {
            writer.write(Csv.format(row));
            writer.newLine();
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        rows.add(row);
    }

    /** The rows added so far. */
    public List<ResultRow> rows() {
        return List.copyOf(rows);
    }

    public Path csv() {
        return folder.resolve(baseName + ".csv");
    }

    /** The path of a plot of this run, e.g. {@code 2026-11-22-exact-sigma8.png} for label {@code sigma8}. */
    public Path plot(String label) {
        return folder.resolve(baseName + "-" + label.replaceAll("[^A-Za-z0-9._-]+", "_") + ".png");
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }
}
