package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./gpumatch} launcher with its class-data-sharing archive (scripts/launcher-startup.sh) missing, fresh, stale or
 * damaged: the command answers the same, with nothing extra on stdout or stderr, every time. Runs the real launcher on
 * the shaded jar, so it runs in the {@code package} phase after the shade plugin (the {@code launcher} execution in
 * cli/pom.xml), never builds ({@code GPUMATCH_NO_BUILD=1}) and keeps its archives in a temporary folder
 * ({@code GPUMATCH_CDS_DIR}). Nothing here measures time.
 */
class LauncherCdsIT {
    private static final Path ROOT = Path.of(System.getProperty("gpumatch.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;
    private Path cds;
    private Path text;
    private String expected;

    @BeforeEach
    void files() throws IOException {
        cds = dir.resolve("cds");
        text = dir.resolve("tiny.txt");
        byte[] bytes = TestFiles.dna(1000, 11);
        Files.write(text, bytes);
        expected = Long.toString(countNaive(bytes, "GAT".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void missingArchiveIsMadeThenUsed() throws Exception {
        assertCounts(Map.of());
        List<Path> made = archives();
        assertThat(made).as("archives after the first run").hasSize(1);
        assertThat(Files.size(made.get(0))).isPositive();
        FileTime first = Files.getLastModifiedTime(made.get(0));
        assertCounts(Map.of());
        assertThat(archives()).containsExactlyElementsOf(made);
        assertThat(Files.getLastModifiedTime(made.get(0))).as("a fresh archive is used, not made again").isEqualTo(first);
    }

    @Test
    void staleArchiveIsMadeAgain() throws Exception {
        assertCounts(Map.of());
        Path archive = archives().get(0);
        FileTime jar = Files.getLastModifiedTime(ROOT.resolve("cli/target/gpumatch.jar"));
        Files.setLastModifiedTime(archive, FileTime.fromMillis(jar.toMillis() - 60_000)); // older than the jar
        assertCounts(Map.of());
        assertThat(archives()).containsExactly(archive);
        assertThat(Files.getLastModifiedTime(archive).toMillis()).isGreaterThan(jar.toMillis() - 60_000);
    }

    @Test
    void damagedArchiveIsIgnored() throws Exception {
        assertCounts(Map.of());
        Path archive = archives().get(0);
        byte[] junk = new byte[64 * 1024];
        new Random(5).nextBytes(junk);
        archive.toFile().setWritable(true);
        Files.write(archive, junk); // newer than the jar, so the launcher hands it to the JVM, which refuses it
        assertCounts(Map.of());
        Files.write(archive, "not an archive".getBytes(StandardCharsets.US_ASCII));
        assertCounts(Map.of());
    }

    @Test
    void archiveOfAnotherJarIsIgnored() throws Exception {
        assertCounts(Map.of());
        Path archive = archives().get(0);
        // an archive made for a copy of the jar elsewhere: the JVM checks the class path and refuses it
        Path otherJar = dir.resolve("other.jar");
        Files.copy(ROOT.resolve("cli/target/gpumatch.jar"), otherJar);
        Path other = dir.resolve("other.jsa");
        Process p = new ProcessBuilder(java(), "-XX:ArchiveClassesAtExit=" + other, "-Xlog:cds*=off", "-jar",
                otherJar.toString(), "--version").redirectErrorStream(true).redirectOutput(dir.resolve("o").toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(other).exists();
        Files.copy(other, archive, StandardCopyOption.REPLACE_EXISTING);
        assertCounts(Map.of());
    }

    @Test
    void noArchiveWhenTurnedOffOrTheFolderIsNotWritable() throws Exception {
        assertCounts(Map.of("GPUMATCH_NO_CDS", "1"));
        assertThat(cds).doesNotExist();
        Files.writeString(cds, "a file where the folder would be");
        assertCounts(Map.of());
    }

    @Test
    void smallAndLargerFilesStandardInputAndFindAnswerAlike() throws Exception {
        // below and above the launcher's small-file size (C1 only below it), a stream, and find
        byte[] big = TestFiles.dna((1 << 20) + 1, 13);
        Path large = dir.resolve("large.txt");
        Files.write(large, big);
        assertThat(launch(Map.of(), "count", "-p", "GAT", large.toString()))
                .isEqualTo(countNaive(big, "GAT".getBytes(StandardCharsets.US_ASCII)) + "\n");
        ProcessBuilder stdin = launcher(Map.of(), "count", "-p", "GAT", "-").redirectInput(text.toFile());
        assertThat(output(stdin)).isEqualTo(expected + "\n");
        String offsets = launch(Map.of(), "find", "-p", "GAT", text.toString());
        assertThat(offsets.lines().count()).isEqualTo(Long.parseLong(expected));
    }

    /** Runs {@code gpumatch count -p GAT tiny.txt} through the launcher: exit 0, the count alone on stdout, no stderr. */
    private void assertCounts(Map<String, String> env) throws IOException, InterruptedException {
        assertThat(launch(env, "count", "-p", "GAT", text.toString())).isEqualTo(expected + "\n");
    }

    /** The stdout of the launcher run with {@code args}, after checking exit 0, an empty stderr and no crash file. */
    private String launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return output(launcher(env, args));
    }

    private ProcessBuilder launcher(Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>(List.of("bash", ROOT.resolve("gpumatch").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("GPUMATCH_NO_BUILD", "1");
        pb.environment().put("GPUMATCH_CDS_DIR", cds.toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("GPUMATCH_JAVA_OPTS");
        pb.environment().remove("GPUMATCH_NO_CDS");
        pb.environment().putAll(env);
        pb.directory(dir.toFile()); // where a crashing JVM would leave its hs_err file
        return pb.redirectError(dir.resolve("stderr.txt").toFile());
    }

    private String output(ProcessBuilder pb) throws IOException, InterruptedException {
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(dir.resolve("stderr.txt"));
        assertThat(p.exitValue()).as("exit code; stderr: %s", err).isZero();
        assertThat(err).isEmpty();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(f -> f.getFileName().toString())).noneMatch(n -> n.startsWith("hs_err"));
        }
        return out;
    }

    private List<Path> archives() throws IOException {
        try (Stream<Path> s = Files.list(cds)) {
            return s.sorted().collect(Collectors.toList());
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static long countNaive(byte[] t, byte[] p) {
        long c = 0;
        for (int i = 0; i + p.length <= t.length; i++) {
            int j = 0;
            while (j < p.length && t[i + j] == p[j]) {
                j++;
            }
            c += j == p.length ? 1 : 0;
        }
        return c;
    }
}
