package org.gpumatch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.gpumatch.bench.e2e.FacadeCount;
import org.gpumatch.bench.report.ResultRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench e2e --quick} end to end: the launcher is a script that runs {@link FacadeCount} (the library's Search
 * facade, as {@code gpumatch count} uses it) in a new JVM on this test's classpath, so every row really starts
 * processes; rg and grep rows when they are installed.
 */
class E2eSuiteTest {
    @TempDir
    Path tmp;

    @Test
    void quickRunChecksEveryCountAndRecordsRows() throws Exception {
        Path launcher = script("gpumatch", "exec \"" + System.getProperty("java.home") + "/bin/java\" -Xshare:auto"
                + " -XX:TieredStopAtLevel=1 -cp \"" + System.getProperty("java.class.path") + "\" "
                + FacadeCount.class.getName() + " \"$@\"");
        Path results = tmp.resolve("results");
        BenchCliTest.Run r = BenchCliTest.bench("e2e", "--quick", "--sizes", "1k,64k", "--reps", "1",
                "--launcher", launcher.toString(), "--work", tmp.resolve("work").toString(), "--device",
                "auto", "--out", results.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        List<ResultRow> rows = BenchCliTest.onlyCsv(results);
        assertThat(rows).extracting(ResultRow::text).containsOnly("dna-1k", "dna-64k", "random-1k", "random-64k");
        assertThat(rows).filteredOn(x -> x.algorithm().startsWith("gpumatch-")).extracting(ResultRow::algorithm)
                .contains("gpumatch-auto", "gpumatch-cpu");
        assertThat(rows).allSatisfy(x -> {
            assertThat(x.mode()).isEqualTo("e2e");
            assertThat(x.m()).isEqualTo(8);
            assertThat(x.reps()).isEqualTo(1);
            assertThat(x.wallMedianMs()).isPositive();
        });
        if (onPath("rg")) {
            assertThat(rows).extracting(ResultRow::algorithm).contains("rg", "rg-parts");
        }
        assertThat(r.out()).contains("dna-64k (65536 bytes, sigma 2)", "gpumatch-cpu");
        assertThat(tmp.resolve("work")).isEmptyDirectory();
        String md = Files.readString(tmp.resolve("RESULTS.md"));
        assertThat(md).contains("### e2e (quick)", "dna-64k");
        if (org.gpumatch.bench.report.Plots.unavailableReason().isEmpty()) {
            assertThat(md).contains("-e2e-quick-time-dna-m8.png", "-e2e-quick-time-random-m8.png");
        }
    }

    @Test
    void wrongCountAbortsTheRun() throws Exception {
        Path launcher = script("gpumatch", "echo 123456789");
        BenchCliTest.Run r = BenchCliTest.bench("e2e", "--quick", "--sizes", "1k", "--modes", "gpumatch",
                "--launcher", launcher.toString(), "--work", tmp.resolve("work").toString(), "--device",
                BenchCliTest.deviceArg(), "--out", tmp.resolve("results").toString());

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("gpumatch count -a auto on dna-1k, m = 8 counted 123456789, the CPU matcher");
    }

    @Test
    void failingLauncherNamesItsError() throws Exception {
        Path launcher = script("gpumatch", "echo 'gpumatch: no such device' >&2; exit 2");
        BenchCliTest.Run r = BenchCliTest.bench("e2e", "--quick", "--sizes", "1k", "--modes", "gpumatch",
                "--launcher", launcher.toString(), "--work", tmp.resolve("work").toString(), "--device",
                BenchCliTest.deviceArg(), "--out", tmp.resolve("results").toString());

        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("exited with 2: gpumatch: no such device");
    }

    @Test
    void missingLauncherIsAUsageError() {
        BenchCliTest.Run r = BenchCliTest.bench("e2e", "--quick", "--launcher",
                tmp.resolve("nope").toString(), "--out", tmp.resolve("results").toString());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--launcher").contains("is not an executable file");
    }

    private static boolean onPath(String name) {
        return java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .filter(d -> !d.isEmpty()).anyMatch(d -> Files.isExecutable(Path.of(d, name)));
    }

    private Path script(String name, String body) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
