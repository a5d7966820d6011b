package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** One in-process run of {@link GpumatchCli#run} with captured output. */
record CliRun(String[] args, int exitCode, String out, String err) {

    static CliRun of(String... args) {
        return run(false, args);
    }

    /** A run whose stderr claims to be a terminal (so a progress bar may be drawn), stdout not. */
    static CliRun withStderrTerminal(String... args) {
        return run(true, args);
    }

    private static CliRun run(boolean errIsTerminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, false, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = GpumatchCli.run(args, new Io(o, e, false, errIsTerminal ? e : null));
        }
        return new CliRun(args, code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The stdout lines. */
    List<String> outLines() {
        return out.isEmpty() ? List.of() : Arrays.asList(out.split("\n", -1)).subList(0, out.split("\n", -1).length - 1);
    }

    /** The stderr lines. */
    List<String> errLines() {
        return err.isEmpty() ? List.of() : Arrays.asList(err.split("\n", -1)).subList(0, err.split("\n", -1).length - 1);
    }

    /** The offsets {@code find} printed. */
    int[] offsets() {
        return outLines().stream().mapToInt(Integer::parseInt).toArray();
    }

    /** The offsets {@code find} printed, as longs. */
    long[] longOffsets() {
        return outLines().stream().mapToLong(Long::parseLong).toArray();
    }

    /** Asserts success; returns this. */
    CliRun ok() {
        assertThat(exitCode).as("exit code of %s; stderr: %s", Arrays.toString(args), err).isZero();
        return this;
    }

    /**
     * Asserts the error contract: exit 2, nothing on stdout, exactly one stderr line starting with "gpumatch: ", no
     * exception names or stack frames; returns the line.
     */
    String usageError() {
        String what = "gpumatch " + String.join(" ", args);
        assertThat(exitCode).as("exit code of %s; stderr: %s", what, err).isEqualTo(2);
        assertThat(out).as("stdout of %s", what).isEmpty();
        assertThat(err).as("stderr of %s", what).endsWith("\n");
        assertThat(errLines()).as("stderr lines of %s", what).hasSize(1);
        String line = errLines().get(0);
        assertThat(line).as("stderr of %s", what).startsWith("gpumatch: ")
                .doesNotContain("Exception").doesNotContain("at org.").doesNotContain("at java.")
                .doesNotContain("at picocli.");
        return line;
    }
}
