package org.gpumatch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.gpumatch.bench.report.ResultRow;
import org.gpumatch.bench.sa.SaBuildMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench sa --quick} end to end on small inputs: one checked row per builder and input; the selection of inputs,
 * builders and the CPU size cap.
 */
class SaSuiteTest {
    @TempDir
    Path tmp;

    @Test
    void quickRunRecordsOneRowPerInput() throws Exception {
        Path results = tmp.resolve("results");
        Path text = tmp.resolve("real.txt");
        Files.writeString(text, "the quick brown fox jumps over the lazy dog\n".repeat(500));
        BenchCliTest.Run r = BenchCliTest.bench("sa", "--quick", "--size", "64k", "--device",
                BenchCliTest.deviceArg(), "--out", results.toString(), "--text", "fox=" + text);
        assertThat(r.exit()).as(r.err()).isZero();
        List<ResultRow> rows = BenchCliTest.onlyCsv(results);
        assertThat(rows).extracting(ResultRow::text).contains("file:fox", "dna", "protein", "fibonacci",
                "repeated 0x00", "thue-morse");
        assertThat(rows).filteredOn(x -> x.algorithm().equals("sais-cpu")).hasSize(13);
        assertThat(r.out()).contains("MB/s");
    }

    @Test
    void selectedInputsAndBuildersOnAWholeGzippedFile() throws Exception {
        Path results = tmp.resolve("results");
        Path text = tmp.resolve("fox.txt.gz");
        byte[] plain = "the quick brown fox jumps over the lazy dog\n".repeat(3000).getBytes(StandardCharsets.US_ASCII);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(text))) {
            out.write(plain);
        }
        BenchCliTest.Run r = BenchCliTest.bench("sa", "--quick", "--device", BenchCliTest.deviceArg(), "--out",
                results.toString(), "--size", "100k", "--text", "fox=" + text, "--inputs", "repeated 0x00, dna",
                "--builders", "sais,cpu", "--cpu-size", "120000");
        assertThat(r.exit()).as(r.err()).isZero();
        List<ResultRow> rows = BenchCliTest.onlyCsv(results);
        // the file (132,000 bytes) is cut to --size (102,400) and so stays under --cpu-size
        assertThat(rows).extracting(ResultRow::algorithm, ResultRow::text, ResultRow::n).containsExactly(
                tuple("sais-cpu", "file:fox", 102_400L), tuple("cpu-" + Runtime.getRuntime().availableProcessors() + "t",
                        "file:fox", 102_400L),
                tuple("sais-cpu", "repeated 0x00", 102_400L), tuple("cpu-" + Runtime.getRuntime().availableProcessors()
                        + "t", "repeated 0x00", 102_400L),
                tuple("sais-cpu", "dna", 102_400L), tuple("cpu-" + Runtime.getRuntime().availableProcessors() + "t",
                        "dna", 102_400L));
    }

    @Test
    void filesAreWholeWithoutSizeAndTheCpuCapSkipsCpuRows() throws Exception {
        Path results = tmp.resolve("results");
        Path text = tmp.resolve("fox.txt");
        Files.writeString(text, "the quick brown fox jumps over the lazy dog\n".repeat(3000));
        BenchCliTest.Run r = BenchCliTest.bench("sa", "--quick", "--device", BenchCliTest.deviceArg(), "--out",
                results.toString(), "--text", "fox=" + text, "--inputs", "none", "--builders", "gpu,gpu-into,sais",
                "--cpu-size", "100000");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("over --cpu-size 100000; no sais-cpu row");
        List<ResultRow> rows = BenchCliTest.onlyCsv(results);
        assertThat(rows).extracting(ResultRow::algorithm, ResultRow::text, ResultRow::n).containsExactly(
                tuple("prefix-doubling-gpu", "file:fox", 132_000L), tuple("prefix-doubling-gpu-into", "file:fox",
                        132_000L));
        assertThat(rows).allSatisfy(row -> assertThat(row.note()).contains("checked by the parallel checker",
                "bytes/char"));
    }

    @Test
    void lcpAddsCpuAndGpuRowsThatAgree() throws Exception {
        Path results = tmp.resolve("results");
        Path text = tmp.resolve("fox.txt");
        Files.writeString(text, "the quick brown fox jumps over the lazy dog\n".repeat(2000));
        BenchCliTest.Run r = BenchCliTest.bench("sa", "--quick", "--device", BenchCliTest.deviceArg(), "--out",
                results.toString(), "--text", "fox=" + text, "--inputs", "none", "--builders", "gpu,lcp");
        assertThat(r.exit()).as(r.err()).isZero();
        List<ResultRow> rows = BenchCliTest.onlyCsv(results);
        assertThat(rows).extracting(ResultRow::algorithm).containsExactly("prefix-doubling-gpu",
                "lcp-cpu-" + Runtime.getRuntime().availableProcessors() + "t", "lcp-gpu");
        assertThat(rows.get(2).note()).contains("equal to the CPU's array", "chunk starts settled on the host");
    }

    @Test
    void launcherAddsProcessRowsForWholeFiles() throws Exception {
        Path launcher = script("exec \"" + System.getProperty("java.home") + "/bin/java\" -Xshare:auto"
                + " -XX:TieredStopAtLevel=1 -cp \"" + System.getProperty("java.class.path") + "\" "
                + SaBuildMain.class.getName() + " \"$@\"");
        Path text = tmp.resolve("fox.txt");
        Files.writeString(text, "the quick brown fox jumps over the lazy dog\n".repeat(300));
        Path results = tmp.resolve("results");
        BenchCliTest.Run r = BenchCliTest.bench("sa", "--quick", "--device", BenchCliTest.deviceArg(), "--out",
                results.toString(), "--text", "fox=" + text, "--inputs", "repeated 0x00", "--builders", "sais",
                "--size", "64k", "--launcher", launcher.toString(), "--work", tmp.resolve("work").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        List<ResultRow> rows = BenchCliTest.onlyCsv(results);
        assertThat(rows).filteredOn(x -> x.mode().equals("process")).extracting(ResultRow::algorithm,
                ResultRow::text, ResultRow::n).contains(tuple("gpumatch sa build -a gpu", "file:fox", 13_200L),
                tuple("gpumatch sa build -a cpu", "file:fox", 13_200L),
                tuple("gpumatch sa build -a auto", "file:fox", 13_200L));
        assertThat(rows).filteredOn(x -> x.mode().equals("process")).allSatisfy(x -> {
            assertThat(x.text()).isEqualTo("file:fox"); // not the generated input
            assertThat(x.wallMedianMs()).isPositive();
            assertThat(x.note()).contains("as a process");
        });
        assertThat(r.out()).contains("(process)");
    }

    @Test
    void aWrongArrayFromTheCommandAbortsTheRun() throws Exception {
        Path launcher = script("printf 'abcd' > \"$5\"");
        Path text = tmp.resolve("fox.txt");
        Files.writeString(text, "fox");
        BenchCliTest.Run r = BenchCliTest.bench("sa", "--quick", "--device", BenchCliTest.deviceArg(), "--out",
                tmp.resolve("results").toString(), "--text", "fox=" + text, "--inputs", "none", "--builders", "sais",
                "--launcher", launcher.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("gpumatch sa build -a gpu on file:fox");
    }

    private Path script(String body) throws Exception {
        Path p = tmp.resolve("gpumatch");
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void unknownInputOrBuilderIsAUsageError() {
        BenchCliTest.Run r = BenchCliTest.bench("sa", "--quick", "--inputs", "dna,bogus");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--inputs: unknown input \"bogus\"");
        r = BenchCliTest.bench("sa", "--quick", "--builders", "gpu,quick");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--builders: unknown builder \"quick\"");
        r = BenchCliTest.bench("sa", "--quick", "--inputs", "none");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("nothing to measure");
    }
}
