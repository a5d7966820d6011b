package org.gpumatch.bench.sa;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gpumatch.bench.LauncherEnvironment;
import org.gpumatch.bench.ValidationException;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.suffixarray.SuffixArrayFiles;

/**
 * Suffix array builds as a person runs them: one command per row, timed as a process from its start to its exit
 * (JVM start, kernel compile, reading the text file, the build and writing the int32 suffix array file for
 * {@code gpumatch sa build}; reading, {@code divsufsort} and writing for libdivsufsort's helper). The written array is
 * read back for the caller to check, outside the timing. Memory: the array read back (4n bytes) besides the process's
 * own.
 */
final class SaCommandRuns {
    /** One timed command: its wall time and the suffix array it wrote. */
    record Result(long nanos, int[] sa) {
    }

    private final Path launcher;
    private final Optional<Path> nativeHelper;
    private final Path work;

    /**
     * @param launcher     the {@code gpumatch} launcher
     * @param nativeHelper libdivsufsort's {@code sufcheck-bench} helper, if built
     * @param work         a folder for the output arrays and the commands' stderr
     */
    SaCommandRuns(Path launcher, Optional<Path> nativeHelper, Path work) {
        this.launcher = launcher;
        this.nativeHelper = nativeHelper;
        this.work = work;
    }

    /**
     * The commands for {@code text}, by row name: {@code gpumatch sa build -a gpu --device gpu} (an OpenCL GPU or an
     * error, never a CPU OpenCL device), {@code -a cpu}, {@code -a auto} (the planner's choice, as a user runs it), and
     * {@code libdivsufsort (process)} when the helper is there; each writes {@code out}.
     */
    Map<String, List<String>> commands(Path text, Path out) {
        Map<String, List<String>> c = new LinkedHashMap<>();
        c.put("gpumatch sa build -a gpu", List.of(launcher.toString(), "sa", "build", text.toString(), "-o",
                out.toString(), "-q", "-a", "gpu", "--device", "gpu"));
        c.put("gpumatch sa build -a cpu", List.of(launcher.toString(), "sa", "build", text.toString(), "-o",
                out.toString(), "-q", "-a", "cpu"));
        c.put("gpumatch sa build -a auto", List.of(launcher.toString(), "sa", "build", text.toString(), "-o",
                out.toString(), "-q", "-a", "auto"));
        nativeHelper.ifPresent(h -> c.put("libdivsufsort (process)", List.of(h.toString(), text.toString(),
                out.toString(), "0")));
        return c;
    }

    /**
     * Runs {@code command} (which writes the int32 array {@code out}) and reads the array back.
     *
     * @throws ValidationException when it cannot start or exits with a failure
     */
    Result run(List<String> command, Path out) {
        Path err = work.resolve("stderr.txt");
        try {
            Files.deleteIfExists(out);
            long t0 = System.nanoTime();
            Process p = LauncherEnvironment.forLauncher(new ProcessBuilder(new ArrayList<>(command)))
                    .redirectErrorStream(false)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            int rc = p.waitFor();
            long nanos = System.nanoTime() - t0;
            if (rc != 0) {
                throw new ValidationException(String.join(" ", command) + " exited with " + rc + ": "
                        + Files.readString(err, StandardCharsets.UTF_8).strip());
            }
            return new Result(nanos, SuffixArrayFiles.read(out, EntryFormat.INT32));
        } catch (IOException e) {
            throw new ValidationException(String.join(" ", command) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ValidationException("interrupted");
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException e) {
                // best effort: the work folder is temporary
            }
        }
    }
}
