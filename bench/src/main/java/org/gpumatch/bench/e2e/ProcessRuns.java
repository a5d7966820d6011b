package org.gpumatch.bench.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gpumatch.bench.LauncherEnvironment;

/**
 * Runs commands as processes and times them from the first start to the last exit (wall time, like hyperfine). A
 * run is one command, or several started together (rg over a file's parts), whose printed counts are summed.
 */
final class ProcessRuns {
    /**
     * One timed run.
     *
     * @param nanos from starting the first process to the exit of the last
     * @param count the sum of the counts they printed
     */
    record Result(long nanos, long count) {
    }

    private final Path errDir;
    private final Map<String, String> env;

    /**
     * @param errDir where each process's stderr goes (its last line names a failure)
     * @param env    variables added to every process's environment
     */
    ProcessRuns(Path errDir, Map<String, String> env) {
        this.errDir = errDir;
        this.env = env;
    }

    /**
     * Starts every command at once, waits for all and sums their counts. With {@code exit1NoMatch} (rg, grep), exit
     * status 1 means no match: nothing printed counts 0 (rg), a printed number is that number (grep); otherwise
     * (gpumatch) any status but 0 is a failure.
     *
     * @throws IOException when a process cannot start, exits with another status, or prints no number
     */
    Result run(List<List<String>> commands, boolean exit1NoMatch) throws IOException {
        List<Process> procs = new ArrayList<>();
        List<Path> errs = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < commands.size(); i++) {
            ProcessBuilder pb = LauncherEnvironment.forLauncher(new ProcessBuilder(commands.get(i)));
            pb.environment().putAll(env);
            Path err = errDir.resolve("stderr-" + i + ".txt");
            pb.redirectError(err.toFile());
            pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            errs.add(err);
            procs.add(pb.start());
        }
        long sum = 0;
        long end = t0;
        for (int i = 0; i < procs.size(); i++) {
            Process p = procs.get(i);
            String stdout;
            try (InputStream in = p.getInputStream()) {
                stdout = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            int rc = waitFor(p);
            end = Math.max(end, System.nanoTime());
            boolean noMatch = exit1NoMatch && rc == 1;
            if (noMatch && stdout.isEmpty()) {
                continue;
            }
            if (rc != 0 && !noMatch) {
                throw new IOException(String.join(" ", commands.get(i)) + " exited with " + rc + ": "
                        + lastLine(errs.get(i)));
            }
            try {
                sum += Long.parseLong(stdout);
            } catch (NumberFormatException e) {
                throw new IOException(String.join(" ", commands.get(i)) + " printed \"" + stdout
                        + "\", not a count; stderr: " + lastLine(errs.get(i)));
            }
        }
        return new Result(end - t0, sum);
    }

    private static int waitFor(Process p) throws IOException {
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted");
        }
    }

    private static String lastLine(Path err) {
        try {
            List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "(nothing on stderr)" : lines.get(lines.size() - 1);
        } catch (IOException | java.io.UncheckedIOException e) {
            return "(stderr unreadable)";
        }
    }
}
