package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.gpumatch.aparapi.Planner;
import org.gpumatch.aparapi.plan.Workload;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code count} and {@code find} on multi-megabyte files (DNA-like, and this repository's Java sources) report exactly
 * the occurrences of a naive search, for every pattern length 1..8: with {@code --device opencl}, with
 * {@code -a drk-wom-64} and with everything on {@code auto}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CountFindOnFilesTest {
    private static final int DNA_BYTES = 3_000_017; // not a multiple of any tile or work-group size
    private static final int SOURCE_BYTES = 2_500_003;

    @TempDir
    static Path dir;
    private Path dnaFile;
    private Path sourceFile;
    private byte[] dna;
    private byte[] sources;

    @BeforeAll
    void writeFiles() throws IOException {
        dna = TestFiles.dna(DNA_BYTES, 42);
        sources = TestFiles.sources(SOURCE_BYTES);
        dnaFile = Files.write(dir.resolve("dna.txt"), dna);
        sourceFile = Files.write(dir.resolve("sources.java.txt"), sources);
    }

    Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String file : List.of("dna", "sources")) {
            for (int m = 1; m <= 8; m++) {
                out.add(Arguments.of(file, m));
            }
        }
        return out.stream();
    }

    /** {@code --device} for the OpenCL runs: the test device ({@code -Dgpumatch.test.device}), else {@code opencl}. */
    private static String openClDeviceArg() {
        TestDevices.openCl(); // skips (or fails in CI) without OpenCL
        String wanted = System.getProperty("gpumatch.test.device", "auto").strip();
        return wanted.isEmpty() || wanted.equals("auto") || wanted.equals("java") ? "opencl" : wanted;
    }

    @ParameterizedTest(name = "{0} m={1} --device opencl")
    @MethodSource("cases")
    void openClDeviceMatchesNaive(String file, int m) {
        String device = openClDeviceArg();
        check(file, m, new Random(m), List.of("--device", device), true);
    }

    @ParameterizedTest(name = "{0} m={1} -a drk-wom-64")
    @MethodSource("cases")
    void forcedDrkWom64MatchesNaive(String file, int m) {
        String device = openClDeviceArg();
        check(file, m, new Random(100 + m), List.of("-a", "drk-wom-64", "--device", device), true);
    }

    @ParameterizedTest(name = "{0} m={1} auto")
    @MethodSource("cases")
    void autoMatchesNaive(String file, int m) {
        check(file, m, new Random(200 + m), List.of(), false);
    }

    private void check(String file, int m, Random r, List<String> extra, boolean expectDrk) {
        byte[] text = file.equals("dna") ? dna : sources;
        Path path = file.equals("dna") ? dnaFile : sourceFile;
        NaiveMatcher naive = new NaiveMatcher();
        for (byte[] p : TestFiles.patternsOf(text, m, r, 2)) {
            int[] expected = naive.find(Text.wrap(text), Pattern.of(p));
            List<String> patternArgs = patternArgs(p);

            CliRun find = CliRun.of(args("find", patternArgs, extra, path, expectDrk)).ok();
            assertThat(find.offsets()).as("find %s in %s with %s", HexFormat.of().formatHex(p), file, extra)
                    .isEqualTo(expected);
            if (expectDrk) {
                boolean forced = extra.contains("-a");
                int sigma = Alphabet.of(text).union(Alphabet.of(p)).sigma();
                // auto plans by estimated cost: on a small file queried once that is the CPU matcher
                String planned = Planner.planByCost(Workload.oneShotFile(text.length, m, sigma),
                        ExactSearch.selectDevice(extra.get(extra.indexOf("--device") + 1)).device()).plan().algorithm()
                        .cliName();
                assertThat(find.err()).contains("plan: " + (forced ? "drk-wom-64" : planned));
            }

            CliRun count = CliRun.of(args("count", patternArgs, extra, path, false)).ok();
            assertThat(count.outLines()).as("count %s in %s with %s", HexFormat.of().formatHex(p), file, extra)
                    .containsExactly(Long.toString(expected.length));
            assertThat(count.err()).isEmpty();
        }
    }

    private static String[] args(String command, List<String> patternArgs, List<String> extra, Path file,
                                 boolean explain) {
        List<String> a = new ArrayList<>();
        a.add(command);
        a.addAll(patternArgs);
        a.addAll(extra);
        if (explain) {
            a.add("--explain");
        }
        a.add(file.toString());
        return a.toArray(new String[0]);
    }

    /** {@code -p TEXT} when the bytes are printable ASCII (UTF-8 round trip guaranteed), else {@code --hex -p HEX}. */
    private static List<String> patternArgs(byte[] p) {
        boolean printable = true;
        for (byte b : p) {
            printable &= b >= 0x20 && b < 0x7f;
        }
        if (printable) {
            return List.of("--pattern=" + new String(p, StandardCharsets.US_ASCII));
        }
        return List.of("--hex", "-p", HexFormat.of().formatHex(p));
    }
}
