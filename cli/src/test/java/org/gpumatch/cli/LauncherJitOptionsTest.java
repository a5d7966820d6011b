package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers' JVM options per command line ({@code gpumatch_jit_setup} of scripts/launcher-startup.sh, sourced by
 * {@code ./gpumatch} and the bundle's launcher): C1 only for {@code sa build} of a text under
 * {@code GPUMATCH_SA_SMALL_TEXT_BYTES} wherever TEXT stands among the options, and for {@code sa build -a gpu} of a
 * text up to {@code GPUMATCH_SA_GPU_C1_MAX_BYTES} without {@code --verify}, {@code --lcp} or {@code --bwt}; not for a
 * larger text, another command or a user who set the compiler's tiers; {@code gpumatch_sa_build_text} finds TEXT.
 */
class LauncherJitOptionsTest {
    private static final Path ROOT = Path.of(System.getProperty("gpumatch.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    /** Runs {@code gpumatch_jit_setup ARGS} in bash and returns the options it chose, one line. */
    private String jitOptions(final String userOpts, final String... args) throws IOException, InterruptedException {
        final String script = ". \"$1\"; shift; gpumatch_jit_setup \"$@\"; "
                + "printf '%s\\n' \"${jit_opts[*]}\" | sed 's/ *-XX:+UseTransparentHugePages//'";
        final ProcessBuilder pb = new ProcessBuilder("bash", "-c", script, "jit",
                ROOT.resolve("scripts/launcher-startup.sh").toString());
        pb.command().addAll(java.util.List.of(args));
        pb.environment().remove("GPUMATCH_JAVA_OPTS");
        if (userOpts != null) {
            pb.environment().put("GPUMATCH_JAVA_OPTS", userOpts);
        }
        pb.redirectErrorStream(true);
        final Process p = pb.start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void smallSaBuildTextsRunOnC1WhereverTheTextStands() throws Exception {
        final Path small = Files.write(dir.resolve("small.txt"), new byte[1000]);
        final Path large = dir.resolve("large.txt");
        try (var f = new java.io.RandomAccessFile(large.toFile(), "rw")) {
            f.setLength(12L << 20); // sparse: exactly the limit is not small
        }
        final String c1 = "-XX:TieredStopAtLevel=1";
        assertThat(jitOptions(null, "sa", "build", small.toString(), "-o", "x")).isEqualTo(c1);
        assertThat(jitOptions(null, "sa", "build", "-o", small.toString() + ".sa", "-a", "cpu", "--format=int40",
                small.toString())).isEqualTo(c1);
        assertThat(jitOptions(null, "sa", "build", "--lcp", "l", "--bwt", "b", "--device", "gpu", "-o", "x",
                "--explain", "--", small.toString())).isEqualTo(c1);
        assertThat(jitOptions(null, "sa", "build", large.toString(), "-o", "x")).isEmpty();
        assertThat(jitOptions(null, "sa", "build", "-o", "x")).isEmpty();
        assertThat(jitOptions(null, "sa", "build", dir.resolve("missing.txt").toString(), "-o", "x")).isEmpty();
        assertThat(jitOptions(null, "sa", "lcp", small.toString(), "s", "-o", "x")).isEmpty();
        assertThat(jitOptions("-XX:TieredStopAtLevel=4", "sa", "build", small.toString(), "-o", "x")).isEmpty();
        // a GPU build of a whole text (up to 512 MiB) runs on C1 too, unless Java work follows it
        final Path mid = dir.resolve("mid.txt");
        try (var f = new java.io.RandomAccessFile(mid.toFile(), "rw")) {
            f.setLength(100_000_000L);
        }
        final Path huge = dir.resolve("huge.txt");
        try (var f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength((512L << 20) + 1);
        }
        assertThat(jitOptions(null, "sa", "build", mid.toString(), "-a", "gpu", "-o", "x")).isEqualTo(c1);
        assertThat(jitOptions(null, "sa", "build", "--algorithm=gpu", mid.toString(), "-o", "x")).isEqualTo(c1);
        assertThat(jitOptions(null, "sa", "build", "-agpu", "--timeline", mid.toString(), "-o", "x")).isEqualTo(c1);
        assertThat(jitOptions(null, "sa", "build", mid.toString(), "-o", "x")).isEmpty(); // auto may build on the CPU
        assertThat(jitOptions(null, "sa", "build", mid.toString(), "-a", "cpu", "-o", "x")).isEmpty();
        assertThat(jitOptions(null, "sa", "build", mid.toString(), "-a", "gpu", "--verify", "-o", "x")).isEmpty();
        assertThat(jitOptions(null, "sa", "build", mid.toString(), "-a", "gpu", "--lcp", "l", "-o", "x")).isEmpty();
        assertThat(jitOptions(null, "sa", "build", huge.toString(), "-a", "gpu", "-o", "x")).isEmpty();
        // count and find keep their own rule (files under 1 MiB)
        assertThat(jitOptions(null, "count", "-p", "ab", small.toString())).isEqualTo(c1);
    }
}
