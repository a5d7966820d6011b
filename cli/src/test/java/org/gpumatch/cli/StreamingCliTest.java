package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code count} and {@code find} with {@code --chunk-size}: the same answers as the resident search and the naive oracle,
 * for chunks from 1 byte (below, at and above m-1 and m) to larger than the file, with occurrences planted across chunk
 * boundaries, for the CPU algorithms and (with OpenCL) the device ones; from files and from FIFOs; one-line errors.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamingCliTest {
    private static final String PATTERN = "GATTACA";

    @TempDir
    static Path dir;
    /** About 20 KB: for chunks of a few bytes (thousands of windows). */
    private Path small;
    private byte[] smallBytes;
    /** About 300 KB: for chunks of kilobytes, on the device too. */
    private Path large;
    private byte[] largeBytes;

    @BeforeAll
    void writeFiles() throws IOException {
        smallBytes = planted(TestFiles.dna(20_011, 3), 64);
        largeBytes = planted(TestFiles.dna(300_007, 4), 4096);
        small = Files.write(dir.resolve("small.txt"), smallBytes);
        large = Files.write(dir.resolve("large.txt"), largeBytes);
    }

    /** The text with the pattern written across every multiple of {@code every}, split differently each time. */
    private static byte[] planted(byte[] t, int every) {
        byte[] p = PATTERN.getBytes(StandardCharsets.US_ASCII);
        for (int b = every, k = 0; b + p.length < t.length; b += every, k++) {
            System.arraycopy(p, 0, t, b - k % p.length, p.length);
        }
        return t;
    }

    private static long[] naive(byte[] text, String pattern) {
        return Arrays.stream(new NaiveMatcher().find(Text.wrap(text), Pattern.utf8(pattern))).asLongStream().toArray();
    }

    Stream<Arguments> cpuCases() {
        List<Arguments> out = new ArrayList<>();
        for (String alg : List.of("naive", "srk")) {
            for (String chunk : List.of("1", "5", "6", "7", "8", "64", "1000", "64k", "1g")) {
                out.add(Arguments.of(alg, chunk));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "-a {0} --chunk-size {1}")
    @MethodSource("cpuCases")
    void cpuAlgorithmsStreamedEqualResident(String alg, String chunk) {
        Path file = chunk.length() <= 2 ? small : large;
        byte[] text = chunk.length() <= 2 ? smallBytes : largeBytes;
        for (String pattern : List.of(PATTERN, "A", "ACGTACGTACGTAC")) {
            compare(file, text, pattern, List.of("-a", alg, "--chunk-size", chunk));
        }
    }

    Stream<Arguments> deviceCases() {
        List<Arguments> out = new ArrayList<>();
        for (String alg : List.of("auto", "drk-wom-64", "drk-wom-32", "drk-2s")) {
            for (String chunk : List.of("4093", "4096", "64k")) {
                out.add(Arguments.of(alg, chunk));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "-a {0} --chunk-size {1}")
    @MethodSource("deviceCases")
    void deviceAlgorithmsStreamedEqualResident(String alg, String chunk) {
        Assumptions.assumeFalse(TestDevicesQuiet.openClMissing(), "no OpenCL device");
        Assumptions.assumeTrue(alg.equals("auto") || Algorithms.parseExact(alg).isPresent(),
                alg + " is not in this build");
        List<String> patterns = switch (alg) {
            case "drk-wom-32" -> List.of("GATT", "A");
            case "drk-wom-64" -> List.of(PATTERN, "A", "ACGTACGT");
            default -> List.of(PATTERN, "A", "GATTACAGATT");
        };
        for (String pattern : patterns) {
            compare(large, largeBytes, pattern, List.of("-a", alg, "--device", "opencl", "--chunk-size", chunk));
        }
    }

    /** find and count with {@code extra} (which streams) print what the resident search and the oracle give. */
    private static void compare(Path file, byte[] text, String pattern, List<String> extra) {
        long[] expected = naive(text, pattern);
        List<String> noChunk = new ArrayList<>(extra.subList(0, extra.indexOf("--chunk-size")));
        CliRun resident = CliRun.of(args("find", pattern, noChunk, file)).ok();
        assertThat(resident.longOffsets()).as("resident find %s %s", pattern, noChunk).isEqualTo(expected);

        CliRun find = CliRun.of(args("find", pattern, extra, file)).ok();
        assertThat(find.longOffsets()).as("find %s %s", pattern, extra).isEqualTo(expected);
        assertThat(find.err()).isEmpty();
        CliRun count = CliRun.of(args("count", pattern, extra, file)).ok();
        assertThat(count.outLines()).as("count %s %s", pattern, extra).containsExactly(Long.toString(expected.length));
        assertThat(count.err()).isEmpty();
    }

    private static String[] args(String command, String pattern, List<String> extra, Path file) {
        List<String> a = new ArrayList<>(List.of(command, "-p", pattern));
        a.addAll(extra);
        a.add(file.toString());
        return a.toArray(new String[0]);
    }

    @Test
    void explainSaysItStreamsAndWithWhichChunk() {
        CliRun run = CliRun.of("count", "-p", PATTERN, "-a", "srk", "--chunk-size", "4k", "--explain", large.toString())
                .ok();
        assertThat(run.out()).isEqualTo(naive(largeBytes, PATTERN).length + "\n");
        assertThat(run.err()).contains("gpumatch: plan: srk").contains("streamed (a chunk size is set): "
                        + largeBytes.length + " bytes in 74 chunks of 4096 bytes (4 KiB), each searched with the m-1 = 6 "
                        + "bytes after it; memory-mapped")
                .contains("sigma = 8 bits assumed").contains("planned for windows of 4102 bytes")
                .contains("includes reading the input");
    }

    @Test
    void aFifoIsStreamedWithChunkSize() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            Assumptions.abort("no mkfifo here");
            return;
        }
        Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo failed");
        for (String command : List.of("find", "count")) {
            Thread writer = new Thread(() -> {
                try {
                    Files.write(fifo, largeBytes);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            writer.start();
            CliRun run = CliRun.of(command, "-p", PATTERN, "-a", "naive", "--chunk-size", "1000", "--explain",
                    fifo.toString()).ok();
            writer.join();
            long[] expected = naive(largeBytes, PATTERN);
            if (command.equals("find")) {
                assertThat(run.longOffsets()).isEqualTo(expected);
            } else {
                assertThat(run.out()).isEqualTo(expected.length + "\n");
            }
            assertThat(run.err()).contains("streamed (a chunk size is set): the stream in chunks of 1000 bytes")
                    .contains("n = unknown");
        }
    }

    @Test
    void chunkSizeErrorsAreOneLine() {
        String file = small.toString();
        assertThat(CliRun.of("count", "-p", "A", "--chunk-size", "0", file).usageError())
                .contains("--chunk-size must be at least 1 byte");
        assertThat(CliRun.of("count", "-p", "A", "--chunk-size", "12x", file).usageError())
                .contains("not a size: \"12x\"").contains("256m");
        assertThat(CliRun.of("count", "-p", "A", "--chunk-size=-5", file).usageError()).contains("not a size");
        assertThat(CliRun.of("count", "-p", "ACGT", "--chunk-size", "2g", file).usageError())
                .contains("too large").contains(Long.toString(TextFiles.MAX_RESIDENT_BYTES - 3L));
        assertThat(CliRun.of("find", "-p", "A", "--chunk-size", "99999999999999999999t", file).usageError())
                .contains("not a size");
    }

    @Test
    void aForcedAlgorithmThatCannotTakeThePatternFailsAsWithoutChunks() {
        Assumptions.assumeFalse(TestDevicesQuiet.openClMissing(), "no OpenCL device");
        // the DNA file has 5 symbols (ACGT and newlines): 3 bits each, so DRK-WOM-64 takes up to 20 of them
        String line = CliRun.of("count", "-p", "GATTACA".repeat(3), "-a", "drk-wom-64", "--chunk-size", "4k",
                large.toString()).usageError();
        assertThat(line).contains("-a drk-wom-64 cannot search this input in chunks of 4096 bytes").contains("m <= 20")
                .contains("algorithms that can:");
    }

    @Test
    void aForcedAlgorithmThatNeedsTheFilesNarrowAlphabetGetsItFromOneExtraPass() {
        Assumptions.assumeFalse(TestDevicesQuiet.openClMissing(), "no OpenCL device");
        String pattern = "GATTACAGATTA"; // 12 bytes: more than 8 symbols of 8 bits, fewer than 20 of 3 bits
        CliRun run = CliRun.of("find", "-p", pattern, "-a", "drk-wom-64", "--chunk-size", "4k", "--explain",
                large.toString()).ok();
        assertThat(run.longOffsets()).isEqualTo(naive(largeBytes, pattern));
        assertThat(run.err()).contains("plan: drk-wom-64")
                .contains("sigma = 3 bits (the file's alphabet, scanned in one extra pass because drk-wom-64 refuses "
                        + "sigma = 8)");
    }

    @Test
    void aFileLargerThanOneReadCallIsReadWhole() throws IOException {
        byte[] t = new byte[40 << 20]; // several of TextFiles' 16 MiB reads
        byte[] p = PATTERN.getBytes(StandardCharsets.US_ASCII);
        long[] planted = {3, (16 << 20) - 2, t.length - p.length};
        for (long at : planted) {
            System.arraycopy(p, 0, t, (int) at, p.length);
        }
        Path file = Files.write(dir.resolve("forty-mib.bin"), t);
        assertThat(CliRun.of("find", "-p", PATTERN, "-a", "naive", file.toString()).ok().longOffsets())
                .containsExactly(planted);
        assertThat(CliRun.of("count", "-p", PATTERN, "-a", "naive", "--chunk-size", "7m", file.toString()).ok().out())
                .isEqualTo("3\n");
    }

    @Test
    void theLargestChunkAllowedStillWorks() {
        String largest = Long.toString(TextFiles.MAX_RESIDENT_BYTES - 6L); // m = 7
        CliRun run = CliRun.of("find", "-p", PATTERN, "-a", "naive", "--chunk-size", largest, large.toString()).ok();
        assertThat(run.longOffsets()).isEqualTo(naive(largeBytes, PATTERN));
    }
}
