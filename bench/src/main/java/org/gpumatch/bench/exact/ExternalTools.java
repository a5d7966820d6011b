package org.gpumatch.bench.exact;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * External CPU tools on the PATH: GNU {@code grep -F -a -c} and ripgrep {@code rg -F -a -c}, fed the same text as a
 * file and the pattern through {@code -f FILE} (raw bytes, any value but a newline), under {@code LC_ALL=C}.
 *
 * <p>They count matching <em>lines</em>, not occurrences: where the two agree the row is validated, otherwise its
 * time is reported and marked "time only". After a line's first match they skip to the next line, so on texts with
 * few newlines (random texts of sigma < 8 have none) their time is not a full scan. Wall time includes starting the
 * process (about a millisecond) and reading the file from the page cache.
 */
public final class ExternalTools {
    /** One tool found on the PATH. */
    record Tool(String name, Path exe, List<String> flags) {
        List<String> command(Path patternFile, Path textFile) {
            List<String> c = new ArrayList<>();
            c.add(exe.toString());
            c.addAll(flags);
            c.add("-f");
            c.add(patternFile.toString());
            c.add(textFile.toString());
            return c;
        }
    }

    private ExternalTools() {
    }

    /** grep and rg, those of them on the PATH. */
    static List<Tool> onPath() {
        List<Tool> tools = new ArrayList<>();
        which("grep").ifPresent(p -> tools.add(new Tool("grep", p, List.of("-F", "-a", "-c"))));
        which("rg").ifPresent(p -> tools.add(new Tool("rg", p, List.of("--no-config", "-F", "-a", "-c"))));
        return tools;
    }

    /** The first executable regular file {@code name} in a folder of the PATH, or empty (the bench's one PATH lookup). */
    public static Optional<Path> which(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Why a pattern cannot be given to the tools, or empty. */
    static Optional<String> unusable(byte[] pattern) {
        for (byte b : pattern) {
            if (b == '\n') {
                return Optional.of("the pattern contains a newline, which -f reads as two patterns");
            }
        }
        return Optional.empty();
    }

    /**
     * Runs the tool once and returns the line count it printed (0 when it printed nothing and exited 1).
     *
     * @throws IOException when it cannot start, exits with another status, or prints no number
     */
    static long count(Tool tool, Path patternFile, Path textFile) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(tool.command(patternFile, textFile));
        pb.environment().put("LC_ALL", "C");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String stdout;
        try (InputStream in = p.getInputStream()) {
            stdout = new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
        }
        int rc;
        try {
            rc = p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroy();
            throw new IOException("interrupted");
        }
        if (rc == 1 && stdout.isEmpty()) {
            return 0;
        }
        if (rc > 1) {
            throw new IOException(tool.name() + " exited with " + rc);
        }
        try {
            return Long.parseLong(stdout);
        } catch (NumberFormatException e) {
            throw new IOException(tool.name() + " printed \"" + stdout + "\", not a count");
        }
    }
}
