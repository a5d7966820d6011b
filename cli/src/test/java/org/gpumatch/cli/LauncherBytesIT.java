package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code ./gpumatch} launcher on the shaded jar (package phase, like {@link LauncherCdsIT}): patterns typed
 * under {@code LC_ALL=C} are searched as the bytes typed, a full disk is exit 2 with the reason, and a Java runtime
 * without the JDK's base class-data-sharing archive starts (the launcher leaves its dynamic archive out). Commands run
 * through {@code bash -c} so that the pattern bytes are written as {@code $'\xff'} and reach the launcher untouched
 * by this JVM's own encoding.
 */
class LauncherBytesIT {
    private static final Path ROOT = Path.of(System.getProperty("gpumatch.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;
    private Path text;

    @BeforeEach
    void files() throws IOException {
        // x, 0xff, a, é (C3 A9), y
        text = Files.write(dir.resolve("u.bin"), new byte[] {'x', (byte) 0xff, 'a', (byte) 0xc3, (byte) 0xa9, 'y'});
    }

    @Test
    void patternsUnderTheCLocaleAreTheTypedBytes() throws Exception {
        for (String locale : List.of("C", "C.UTF-8")) {
            assertThat(run("LC_ALL=" + locale + " \"$GM\" find -p $'\\xff' u.bin").out).as(locale).isEqualTo("1\n");
            assertThat(run("LC_ALL=" + locale + " \"$GM\" find -p $'\\xc3\\xa9' u.bin").out).as(locale)
                    .isEqualTo("3\n");
            assertThat(run("LC_ALL=" + locale + " \"$GM\" count -p $'\\xff'a$'\\xc3' u.bin").out).as(locale)
                    .isEqualTo("1\n");
            assertThat(run("LC_ALL=" + locale + " \"$GM\" count --pattern=$'\\xc3\\xa9y' u.bin").out).as(locale)
                    .isEqualTo("1\n");
            assertThat(run("LC_ALL=" + locale + " \"$GM\" sa build u.bin -o u.sa -q -a cpu && LC_ALL=" + locale
                    + " \"$GM\" sa search u.bin u.sa -p $'\\xff'").out).as(locale).isEqualTo("1\n");
        }
    }

    @Test
    void fullDiskIsExitTwo() throws Exception {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/dev/full")), "no /dev/full");
        Result r = run("\"$GM\" find -p x u.bin > /dev/full", 2);
        assertThat(r.err).isEqualTo("gpumatch: cannot write standard output: No space left on device\n");
        assertThat(run("\"$GM\" find -p x u.bin | true; echo \"${PIPESTATUS[0]}\"").out).isEqualTo("0\n");
    }

    @Test
    void runtimeWithoutBaseArchiveStarts() throws Exception {
        Path home = Path.of(System.getProperty("java.home")).toRealPath();
        Path server = home.resolve("lib/server");
        Assumptions.assumeTrue(Files.isRegularFile(server.resolve("libjvm.so")), "not a Linux JDK layout");
        // a copy of the runtime without lib/server/classes*.jsa: java and libjvm.so copied (the JVM finds its home
        // from the real path of libjvm.so), everything else linked
        Path jre = dir.resolve("jre");
        Files.createDirectories(jre.resolve("bin"));
        Files.createDirectories(jre.resolve("lib/server"));
        Files.copy(home.resolve("bin/java"), jre.resolve("bin/java"));
        try (Stream<Path> s = Files.list(home)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String n = p.getFileName().toString();
                if (!n.equals("bin") && !n.equals("lib")) {
                    Files.createSymbolicLink(jre.resolve(n), p);
                }
            }
        }
        try (Stream<Path> s = Files.list(home.resolve("lib"))) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (!p.getFileName().toString().equals("server")) {
                    Files.createSymbolicLink(jre.resolve("lib").resolve(p.getFileName()), p);
                }
            }
        }
        try (Stream<Path> s = Files.list(server)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (!p.getFileName().toString().endsWith(".jsa")) {
                    Files.copy(p, jre.resolve("lib/server").resolve(p.getFileName()));
                }
            }
        }
        Result bare = run("JAVA_HOME=" + jre + " \"$GM\" count -p a u.bin");
        assertThat(bare.out).isEqualTo("1\n");
        assertThat(bare.err).isEmpty();
        assertThat(dir.resolve("cds")).as("no dynamic archive without a base archive").doesNotExist();
    }

    @Test
    void openClNoiseIsDroppedUnlessVerbose() throws Exception {
        // a stand-in java that prints what the OpenCL stack's native code prints, then one line of its own
        Path fake = dir.resolve("fakejdk");
        Files.createDirectories(fake.resolve("bin"));
        Path java = Files.writeString(fake.resolve("bin/java"), "#!/bin/sh\n"
                + "echo 'WARNING: Aparapi is running on an untested OpenCL platform version 3.0' >&2\n"
                + "echo '2 warnings generated.' >&2\n"
                + "echo 'gpumatch: a real message' >&2\n"
                + "echo \"args: $*\" | sed 's/.*gpumatch.jar //'\n"
                + "exit 3\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        String env = "GPUMATCH_NO_CDS=1 JAVA_HOME=" + fake + " ";
        Result quiet = run(env + "\"$GM\" count -p a u.bin", 3);
        assertThat(quiet.err).isEqualTo("gpumatch: a real message\n");
        assertThat(quiet.out).isEqualTo("count -p a u.bin\n");
        Result verbose = run(env + "\"$GM\" --verbose count -p a u.bin", 3);
        assertThat(verbose.err).contains("untested OpenCL platform", "2 warnings generated.", "a real message");
        assertThat(verbose.out).as("--verbose is the launcher's").isEqualTo("count -p a u.bin\n");
    }

    private record Result(String out, String err) {
    }

    private Result run(String script) throws IOException, InterruptedException {
        return run(script, 0);
    }

    private Result run(String script, int exit) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script);
        pb.environment().put("GM", ROOT.resolve("gpumatch").toString());
        pb.environment().put("GPUMATCH_NO_BUILD", "1");
        pb.environment().put("GPUMATCH_CDS_DIR", dir.resolve("cds").toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("GPUMATCH_JAVA_OPTS");
        pb.environment().remove("GPUMATCH_NO_CDS");
        pb.directory(dir.toFile());
        pb.redirectError(dir.resolve("stderr.txt").toFile());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(dir.resolve("stderr.txt"));
        assertThat(p.exitValue()).as("exit code of %s; stderr: %s", script, err).isEqualTo(exit);
        if (exit == 0) {
            assertThat(err).as("stderr of %s", script).isEmpty();
        }
        return new Result(out, err);
    }
}
