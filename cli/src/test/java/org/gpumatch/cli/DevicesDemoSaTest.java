package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code devices}, {@code demo} and the {@code sa check} delegation. */
class DevicesDemoSaTest {
    @TempDir
    Path dir;

    @Test
    void devicesListsTheOpenClDeviceAndMarksTheAutoChoice() {
        ComputeDevice device = TestDevices.openCl();
        CliRun run = CliRun.of("devices").ok();
        assertThat(run.out()).contains(device.name()).contains(device.platform()).contains(device.platformVersion())
                .contains("compute units " + device.computeUnits()).contains("max work-group size")
                .contains("Java threads");
        assertThat(run.outLines()).filteredOn(l -> l.startsWith("  * ")).hasSize(1);
        assertThat(run.err()).isEmpty();
    }

    @Test
    void calibrateWritesTheFileTheCostPlannerReads() throws Exception {
        ComputeDevice device = TestDevices.openCl();
        Path file = dir.resolve("calibration.properties");
        String old = System.getProperty(org.gpumatch.aparapi.plan.Calibration.PROPERTY);
        System.setProperty(org.gpumatch.aparapi.plan.Calibration.PROPERTY, file.toString());
        try {
            CliRun run = CliRun.of("devices", "--calibrate", "--calibrate-bytes", "1048576").ok();
            assertThat(run.out()).contains("calibrating").contains("read (page cache)").contains("drk-2s: first query")
                    .contains("wrote " + file);
            org.gpumatch.aparapi.plan.Calibration c = org.gpumatch.aparapi.plan.Calibration.forDevice(device);
            assertThat(c.source()).startsWith("measured");
            assertThat(c.kernelRate(org.gpumatch.api.Algorithm.DRK_2S)).get().matches(r -> r > 0);
            CliRun small = CliRun.of("devices", "--calibrate", "--calibrate-bytes", "1000");
            assertThat(small.err()).contains("at least 1 MiB");
        } finally {
            if (old == null) {
                System.clearProperty(org.gpumatch.aparapi.plan.Calibration.PROPERTY);
            } else {
                System.setProperty(org.gpumatch.aparapi.plan.Calibration.PROPERTY, old);
            }
        }
    }

    @Test
    void devicesMentionsPoclWhenItIsThere() {
        TestDevices.openCl();
        String out = CliRun.of("devices").ok().out();
        org.junit.jupiter.api.Assumptions.assumeTrue(out.contains("Portable Computing Language"), "no PoCL here");
        assertThat(out).contains("PoCL");
    }

    @Test
    void demoRunsAndAllAlgorithmsAgree() {
        CliRun run = CliRun.of("demo", "--size", "300K", "--oracle-sample", "100K").ok();
        assertThat(run.out()).contains("300 KiB sample text").contains("device: ")
                .contains("All algorithms agree on all " + (DemoCommand.PATTERNS.length + 1) + " patterns");
        for (String p : DemoCommand.PATTERNS) {
            assertThat(run.out()).contains("\"" + p + "\"");
        }
        assertThat(run.out()).contains("naive").contains("srk").contains("cpu ").contains("sample: first 100 KiB")
                .contains("naive and srk (oracles): one run on the first 100 KiB");
        if (!TestDevicesQuiet.openClMissing()) {
            assertThat(run.out()).contains("drk-wom-64").contains("OpenCL").contains("(compile + upload)");
        }
        // the facade's row per pattern (a 300 KiB text goes to the CPU matcher), and its pick marked
        assertThat(run.out()).contains(" auto ").contains("ran cpu").contains("cpu *");
        // one row of every other family, checked against the CPU references
        assertThat(run.out()).contains("multi-pattern, all at once").contains("k-mismatch, k = 1")
                .contains("suffix array of the first 300 KiB: built, checked OK, searched")
                .contains("the multi-pattern, k-mismatch and suffix array rows agree");
    }

    @Test
    void demoInJavaThreads() {
        CliRun run = CliRun.of("demo", "--size", "8K", "--device", "java").ok();
        assertThat(run.out()).contains("device: Java threads").contains("All algorithms agree");
    }

    @Test
    void demoTextIsDeterministicAndHasTheMotif() {
        byte[] a = DemoText.generate(100_000);
        assertThat(a).isEqualTo(DemoText.generate(100_000));
        assertThat(new String(a, StandardCharsets.US_ASCII)).contains(DemoText.MOTIF).contains(" the ");
    }

    @Test
    void benchIsItsOwnJarAndTheCliJarSaysWhere() {
        // The launcher runs bench/target/gpumatch-bench.jar for 'gpumatch bench'; the cli jar only names it.
        String where = "gpumatch: bench is not in this jar: run it through the launcher (./gpumatch bench ...) or as "
                + "java -jar bench/target/gpumatch-bench.jar ... (gpumatch-bench.jar in the GPU bundle)";
        assertThat(CliRun.of("bench", "--help").usageError()).isEqualTo(where);
        assertThat(CliRun.of("bench", "exact", "--quick", "--sigma", "9").usageError()).isEqualTo(where);
        assertThat(CliRun.of("bench").usageError()).isEqualTo(where);
        assertThat(CliRun.of("--help").ok().out()).contains("  bench ");
    }

    @Test
    void saCheckDelegatesToTheChecker() throws IOException {
        byte[] text = "mississippi\u0000banana\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        Path textFile = Files.write(dir.resolve("text.bin"), text);
        int[] sa = suffixArray(text);
        Path good = Files.write(dir.resolve("good.sa"), int32(sa));
        int[] wrong = sa.clone();
        int t = wrong[3];
        wrong[3] = wrong[4];
        wrong[4] = t;
        Path bad = Files.write(dir.resolve("bad.sa"), int32(wrong));

        CliRun ok = CliRun.of("sa", "check", textFile.toString(), good.toString()).ok();
        assertThat(ok.out()).isEqualTo("OK\n");
        CliRun threads = CliRun.of("sa", "check", textFile.toString(), good.toString(), "--format", "int32",
                "--threads", "2").ok();
        assertThat(threads.out()).isEqualTo("OK\n");
        CliRun afterDashes = CliRun.of("sa", "check", "--", textFile.toString(), good.toString()).ok();
        assertThat(afterDashes.out()).isEqualTo("OK\n");

        CliRun fail = CliRun.of("sa", "check", textFile.toString(), bad.toString());
        assertThat(fail.exitCode()).isEqualTo(1);
        assertThat(fail.out()).startsWith("FAIL: ");
        assertThat(fail.outLines()).hasSize(1);

        CliRun missing = CliRun.of("sa", "check", textFile.toString(), dir.resolve("none.sa").toString());
        assertThat(missing.usageError()).startsWith("gpumatch: sa check: ");
        CliRun badOption = CliRun.of("sa", "check", textFile.toString(), good.toString(), "--format", "int7");
        assertThat(badOption.usageError()).startsWith("gpumatch: sa check: ");

        CliRun help = CliRun.of("sa", "check", "--help").ok();
        assertThat(help.out()).contains("--format").contains("--threads");
    }

    private static int[] suffixArray(byte[] t) {
        return IntStream.range(0, t.length).boxed().sorted(Comparator.comparing(
                (Integer i) -> Arrays.copyOfRange(t, i, t.length), Arrays::compareUnsigned))
                .mapToInt(Integer::intValue).toArray();
    }

    private static byte[] int32(int[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }
}
