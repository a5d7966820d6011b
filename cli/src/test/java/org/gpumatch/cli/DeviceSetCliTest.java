package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --devices}: count, find and patterns files split over a device set give byte-identical output to one device,
 * in this JVM on the test device listed twice (two kernel instances, two host threads), and in a child JVM on two PoCL
 * devices ({@code POCL_DEVICES="pthread pthread"}, which PoCL 3.1 accepts); the option's errors.
 */
class DeviceSetCliTest {
    /** Text length: 2.5 MiB, so the 1 MiB smallest part gives two parts per chunk and a chunk of 1 MiB + 7 three. */
    private static final int N = (5 << 20) / 2 + 13;

    @TempDir
    Path dir;

    private Path dnaFile() throws IOException {
        byte[] text = TestFiles.dna(N, 26);
        // a periodic stretch around the middle, where two parts meet: matches of ACGTACGTAC at every 4th offset
        for (int i = N / 2 - 4000; i < N / 2 + 4000; i++) {
            text[i] = (byte) "ACGT".charAt(i & 3);
        }
        Path f = dir.resolve("dna.txt");
        Files.write(f, text);
        return f;
    }

    private Path fastaFile() throws IOException {
        StringBuilder sb = new StringBuilder();
        byte[] dna = TestFiles.dna(N, 7);
        int at = 0;
        for (int r = 0; at < dna.length; r++) {
            int len = r % 5 == 0 ? 3 : (r % 7 == 0 ? 1 : 200_000 + r * 37); // records shorter than the overlap too
            sb.append(">r").append(r).append('\n');
            String seq = new String(dna, at, Math.min(len, dna.length - at), StandardCharsets.US_ASCII);
            for (int i = 0; i < seq.length(); i += 60) {
                sb.append(seq, i, Math.min(seq.length(), i + 60)).append('\n');
            }
            at += len;
        }
        Path f = dir.resolve("reads.fa");
        Files.writeString(f, sb);
        return f;
    }

    private Path patternsFile() throws IOException {
        Path f = dir.resolve("patterns.txt");
        Files.writeString(f, "ACGTACGTAC\nGATTACA\nTTT\nCGTACGTACGTACGTACGTA\nA\n");
        return f;
    }

    /** The same device twice: every command's output equals one device's, and --explain names both members. */
    @Test
    void twoInstancesOnOneDeviceAnswerAsOneDevice() throws IOException {
        ComputeDevice d = TestDevices.openCl();
        String index = String.valueOf(DeviceCatalog.get().openClDevices().indexOf(d));
        String twice = index + "," + index;
        String dna = dnaFile().toString();
        String fasta = fastaFile().toString();
        String patterns = patternsFile().toString();
        offTargetInput(Path.of(fasta));
        System.setProperty("gpumatch.devices.minShareSites", "4096"); // shares of 4096 sites: the genome splits
        try {
            for (List<String> args : commands(dna, fasta, patterns)) {
                CliRun one = CliRun.of(with(args, "--devices", index)).ok();
                CliRun set = CliRun.of(with(args, "--devices", twice)).ok();
                assertThat(set.out()).as("gpumatch %s --devices %s", args, twice).isEqualTo(one.out());
                assertThat(one.out()).isNotEmpty();
            }
            CliRun ot = CliRun.of("offtargets", "--devices", twice, "--explain",
                    dir.resolve("input.txt").toString()).ok();
            assertThat(ot.err()).contains("2 devices").contains("instance 2").contains(" shares, ");
        } finally {
            System.clearProperty("gpumatch.devices.minShareSites");
        }
        CliRun explained = CliRun.of("count", "-p", "ACGTACGTAC", "--devices", twice, "--explain", dna).ok();
        assertThat(explained.err()).contains("split into").contains("device " + index + ", instance 2");
        // a chunk smaller than a part: parts of whole chunks, matches across chunk and part boundaries
        CliRun chunked = CliRun.of("find", "-p", "ACGTACGTAC", "--devices", twice, "--chunk-size", "1000007", dna).ok();
        assertThat(chunked.out()).isEqualTo(CliRun.of("find", "-p", "ACGTACGTAC", "--devices", index, dna).ok().out());
    }

    /** A Cas-OFFinder input over the FASTA file: NGG, guides taken from it (both strands' sites), up to 4 mismatches. */
    private Path offTargetInput(Path fasta) throws IOException {
        String genome = new String(TestFiles.dna(N, 7), StandardCharsets.US_ASCII).replace("\n", "");
        StringBuilder sb = new StringBuilder(fasta + "\nNNNNNNNNNNNNNNNNNNNNNGG\n");
        for (int q = 0; q < 6; q++) {
            int at = 1000 + q * 397_003 % (genome.length() - 2000);
            sb.append(genome, at, at + 20).append("NNN ").append(q % 5).append('\n');
        }
        Path in = dir.resolve("input.txt");
        Files.writeString(in, sb);
        Path guides = dir.resolve("guides.txt");
        Files.writeString(guides, sb.substring(sb.indexOf("\n", sb.indexOf("\n") + 1) + 1).replaceAll("NNN \\d", ""));
        return in;
    }

    /** The commands compared: exact count and find (raw, FASTA, -i), patterns files, a pattern longer than a part. */
    private static List<List<String>> commands(String dna, String fasta, String patterns) {
        return List.of(
                List.of("offtargets", "--format", "tsv", Path.of(fasta).resolveSibling("input.txt").toString()),
                List.of("kmismatch", "-k", "2", "--patterns-file",
                        Path.of(fasta).resolveSibling("guides.txt").toString(), "--both-strands", fasta),
                List.of("count", "-p", "ACGTACGTAC", dna),
                List.of("find", "-p", "ACGTACGTAC", dna),
                List.of("find", "-p", "acgt", "-i", dna),
                List.of("find", "-p", "GATTACA", "-a", "drk", dna),
                List.of("find", "-p", "ACG", fasta),
                List.of("count", "--patterns-file", patterns, dna),
                List.of("find", "--patterns-file", patterns, dna),
                List.of("find", "--patterns-file", patterns, "-a", "multi-rk", fasta));
    }

    private static String[] with(List<String> args, String... more) {
        List<String> out = new ArrayList<>(args.subList(0, args.size() - 1));
        out.addAll(List.of(more));
        out.add(args.get(args.size() - 1));
        return out.toArray(new String[0]);
    }

    @Test
    void errorsOfTheOptionAreOneLineAndExitTwo() throws IOException {
        TestDevices.openCl();
        String dna = dnaFile().toString();
        int n = DeviceCatalog.get().openClDevices().size();
        assertThat(CliRun.of("count", "-p", "ACGT", "--device", "opencl", "--devices", "0", dna).usageError())
                .contains("give --device or --devices, not both");
        assertThat(CliRun.of("count", "-p", "ACGT", "--devices", "0," + n, dna).usageError())
                .contains("no device " + n).contains("available: 0 ");
        assertThat(CliRun.of("count", "-p", "ACGT", "--devices", "no-such-gpu", dna).usageError())
                .contains("no-such-gpu");
        assertThat(CliRun.of("count", "-p", "ACGT", "--devices", "0,java", dna).usageError())
                .contains("java is not an OpenCL device");
        assertThat(CliRun.of("kmismatch", "-k", "1", "-p", "ACGT", "--devices", "0", dna).usageError())
                .contains("--devices splits the one-pass search");
        assertThat(CliRun.of("count", "-p", "ACGT", "-a", "cpu", "--devices", "0", dna).usageError())
                .contains("-a cpu runs on the CPU");
        assertThat(CliRun.of("count", "--patterns-file", patternsFile().toString(), "-a", "multi-cpu", "--devices", "0",
                dna).usageError()).contains("multi-cpu runs on the CPU");
    }

    /** A device that fails mid-run: one stderr line naming it and its part, exit 2 (as the other device errors). */
    @Test
    void aFailedDeviceIsOneLineNamingIt() {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = Diagnostics.report(new org.gpumatch.gpu.devices.DeviceFailedException(
                "device 1 (OpenCL GPU NVIDIA H200 (NVIDIA CUDA))", 5,
                new IllegalStateException("clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES\nmore detail")),
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(text.lines()).hasSize(1);
        assertThat(text).startsWith("gpumatch: device 1 (OpenCL GPU NVIDIA H200 (NVIDIA CUDA)) failed on part 5: "
                + "clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES").contains("details written to");
    }

    /**
     * Two PoCL devices in a child JVM: {@code --devices 0,1} against {@code --devices 0}, byte for byte; skipped where
     * the OpenCL runtime is not PoCL.
     */
    @Test
    void twoPoclDevicesInAChildJvmAnswerAsOneDevice() throws Exception {
        ComputeDevice d = TestDevices.openCl();
        org.junit.jupiter.api.Assumptions.assumeTrue(d.platform().toLowerCase(java.util.Locale.ROOT)
                .contains("portable"), "two CPU devices need PoCL (POCL_DEVICES); the test device is " + d);
        String dna = dnaFile().toString();
        String fasta = fastaFile().toString();
        String patterns = patternsFile().toString();
        offTargetInput(Path.of(fasta));
        Child devices = child("devices");
        assertThat(devices.out()).as(devices.err()).contains("    1  CPU");
        for (List<String> args : commands(dna, fasta, patterns)) {
            Child one = child(with(args, "--devices", "0"));
            Child two = child(with(args, "--devices", "0,1"));
            assertThat(two.code()).as("%s: %s", args, two.err()).isZero();
            assertThat(two.out()).as("gpumatch %s --devices 0,1", args).isEqualTo(one.out());
        }
        Child explained = child("count", "-p", "ACGTACGTAC", "--devices", "all", "--explain", dna);
        assertThat(explained.err()).contains("device 0 (").contains("device 1 (").contains("split into");
    }

    private record Child(int code, String out, String err) {
    }

    /** Runs the command in a new JVM that sees two PoCL CPU devices. */
    private Child child(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dgpumatch.devices.minShareSites=4096", "-cp", System.getProperty("java.class.path"),
                GpumatchCli.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("POCL_DEVICES", "pthread pthread");
        Process p = pb.start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("gpumatch %s ended", List.of(args)).isTrue();
        return new Child(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
