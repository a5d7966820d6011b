package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Zero matches, patterns longer than the text, arbitrary bytes through --hex, --explain, the device choices. */
class SmallCasesTest {
    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @ParameterizedTest(name = "-a {0}")
    @ValueSource(strings = {"auto", "naive", "srk", "drk-wom-64"})
    void zeroMatchesPrintZeroOrNothing(String algorithm) throws IOException {
        if (algorithm.equals("drk-wom-64")) {
            TestDevices.openCl();
        }
        String file = write("t.txt", "ACGTACGTACGT".repeat(1000).getBytes()).toString();
        CliRun count = CliRun.of("count", "-p", "TTT", "-a", algorithm, file).ok();
        assertThat(count.out()).isEqualTo("0\n");
        assertThat(count.err()).isEmpty();
        CliRun find = CliRun.of("find", "-p", "TTT", "-a", algorithm, file).ok();
        assertThat(find.out()).isEmpty();
        assertThat(find.err()).isEmpty();
    }

    @ParameterizedTest(name = "-a {0}")
    @ValueSource(strings = {"auto", "naive", "srk", "drk-wom-64"})
    void patternLongerThanTheFileHasNoMatches(String algorithm) throws IOException {
        if (algorithm.equals("drk-wom-64")) {
            TestDevices.openCl();
        }
        String file = write("short.txt", "ACG".getBytes()).toString();
        String pattern = algorithm.equals("drk-wom-64") ? "ACGTACGT" : "ACGTACGTACGTACGTACGT";
        assertThat(CliRun.of("count", "-p", pattern, "-a", algorithm, file).ok().out()).isEqualTo("0\n");
        assertThat(CliRun.of("find", "-p", pattern, "-a", algorithm, file).ok().out()).isEmpty();
    }

    @Test
    void readsPipesToTheirEnd() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("no mkfifo here");
            return;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo failed");
        Thread writer = new Thread(() -> {
            try (var out = Files.newOutputStream(fifo)) {
                for (int i = 0; i < 1000; i++) {
                    out.write("GATTACA\n".getBytes());
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        assertThat(CliRun.of("count", "-p", "TTA", fifo.toString()).ok().out()).isEqualTo("1000\n");
        writer.join();
    }

    @Test
    void emptyFileHasNoMatches() throws IOException {
        String file = write("empty.txt", new byte[0]).toString();
        assertThat(CliRun.of("count", "-p", "A", file).ok().out()).isEqualTo("0\n");
        assertThat(CliRun.of("find", "-p", "A", file).ok().out()).isEmpty();
    }

    @ParameterizedTest(name = "--hex {0}")
    @ValueSource(strings = {"00", "ff", "80", "00ff", "ff80", "00ff80", "80ff00ff", "00 ff 80 7f 00 ff 80 00"})
    void hexPatternsWithEveryKindOfByte(String hex) throws IOException {
        Random r = new Random(hex.hashCode());
        byte[] alphabet = {0x00, (byte) 0xff, (byte) 0x80, 0x7f};
        byte[] t = new byte[200_003];
        for (int i = 0; i < t.length; i++) {
            t[i] = alphabet[r.nextInt(alphabet.length)];
        }
        String file = write("bytes.bin", t).toString();
        int[] expected = new NaiveMatcher().find(Text.wrap(t), Pattern.hex(hex));
        assertThat(expected).isNotEmpty();
        List<List<String>> variants = new java.util.ArrayList<>(List.of(List.of(), List.of("-a", "naive")));
        if (!TestDevicesQuiet.openClMissing()) {
            variants.add(List.of("--device", "opencl"));
            variants.add(List.of("-a", "drk-wom-64"));
        }
        for (List<String> extra : variants) {
            List<String> find = new java.util.ArrayList<>(List.of("find", "--hex", "-p", hex));
            find.addAll(extra);
            find.add(file);
            assertThat(CliRun.of(find.toArray(new String[0])).ok().offsets()).as("%s", find).isEqualTo(expected);
            List<String> count = new java.util.ArrayList<>(find);
            count.set(0, "count");
            assertThat(CliRun.of(count.toArray(new String[0])).ok().out()).isEqualTo(expected.length + "\n");
        }
    }

    /** An attached pattern of exactly "--" is the pattern, not the end of the options (grep -e -- takes it too). */
    @Test
    void doubleDashAttachedIsAPattern() throws IOException {
        String file = write("d.txt", "a -- b --x".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).toString();
        assertThat(CliRun.of("count", "--pattern=--", file).ok().out()).isEqualTo("2\n");
        assertThat(CliRun.of("find", "-p=--", file).ok().outLines()).containsExactly("2", "7");
        assertThat(CliRun.of("count", "-p=-x", file).ok().out()).isEqualTo("1\n");
    }

    @Test
    void utf8PatternIsItsBytes() throws IOException {
        String file = write("u.txt", "Kärkkäinen, Kärkkäinen".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .toString();
        assertThat(CliRun.of("find", "-p", "ä", file).ok().outLines()).containsExactly("1", "6", "15", "20");
        assertThat(CliRun.of("count", "--hex", "-p", "c3a4", file).ok().out()).isEqualTo("4\n");
    }

    @Test
    void explainPrintsThePlanOnStderr() throws IOException {
        TestDevices.openCl();
        String file = write("e.txt", "GATTACA".repeat(100).getBytes()).toString();
        CliRun auto = CliRun.of("count", "-p", "TTA", "--explain", "--device", "opencl", file).ok();
        assertThat(auto.out()).isEqualTo("100\n");
        // auto plans by estimated cost: a 700-byte file queried once goes to the CPU matcher, the estimates shown
        assertThat(auto.err()).contains("gpumatch: plan: cpu on CPU")
                .contains("gpumatch: why: estimated ").contains("on the CPU against")
                .contains("gpumatch: estimates (").contains("gpumatch:   * cpu").contains("drk-wom-32")
                .contains("n = 700 bytes, m = 3").contains("100 matches");
        // without --device: decided before any OpenCL device is listed
        CliRun longPattern = CliRun.of("count", "-p", "GATTACA".repeat(5), "--explain", file).ok();
        assertThat(longPattern.out()).isEqualTo("96\n");
        assertThat(longPattern.err()).contains("plan: cpu on CPU").contains("no OpenCL device was listed");
        CliRun forced = CliRun.of("count", "-p", "TTA", "--explain", "-a", "naive", file).ok();
        assertThat(forced.err()).contains("plan: naive").contains("why: forced: naive");
    }

    @Test
    void patternsThatLookLikeOptionsArePatterns() throws IOException {
        String file = write("options.txt", "a -p x -p x --hex -a".getBytes()).toString();
        assertThat(CliRun.of("count", "--pattern=-p x", file).ok().out()).isEqualTo("2\n");
        assertThat(CliRun.of("count", "-p", "--hex", file).ok().out()).isEqualTo("1\n");
        assertThat(CliRun.of("find", "--pattern=-a", file).ok().out()).isEqualTo("18\n");
    }

    @Test
    void kernelsInJavaThreadsWhenAsked() throws IOException {
        byte[] t = TestFiles.dna(20_011, 3);
        String file = write("small-dna.txt", t).toString();
        int[] expected = new NaiveMatcher().find(Text.wrap(t), Pattern.utf8("ACA"));
        CliRun forced = CliRun.of("count", "-p", "ACA", "-a", "drk-wom-64", "--device", "java", "--explain", file).ok();
        assertThat(forced.out()).isEqualTo(expected.length + "\n");
        assertThat(forced.err()).contains("plan: drk-wom-64 on Java threads");
        CliRun auto = CliRun.of("count", "-p", "ACA", "--device", "java", "--explain", file).ok();
        assertThat(auto.out()).isEqualTo(expected.length + "\n");
        assertThat(auto.err()).contains("plan: cpu");
    }

    @Test
    void findInJavaThreadsWhenAsked() throws IOException {
        byte[] t = TestFiles.dna(20_011, 3);
        String file = write("small-dna.txt", t).toString();
        int[] expected = new NaiveMatcher().find(Text.wrap(t), Pattern.utf8("ACA"));
        CliRun run = CliRun.of("find", "-p", "ACA", "-a", "drk-wom-64", "--device", "java", file).ok();
        assertThat(run.offsets()).isEqualTo(expected);
    }

    @Test
    void deviceByNameSubstring() throws IOException {
        String name = TestDevices.openCl().name();
        String file = write("d.txt", "GATTACA".repeat(10).getBytes()).toString();
        String substring = name.substring(0, Math.min(6, name.length()));
        CliRun run = CliRun.of("count", "-p", "GA", "--device", substring, "--explain", file).ok();
        assertThat(run.out()).isEqualTo("10\n");
        assertThat(run.err()).contains(name);
    }

    @Test
    void findPrintsMillionsOfOffsetsQuickly() throws IOException {
        byte[] t = new byte[3_000_000];
        java.util.Arrays.fill(t, (byte) 'a');
        String file = write("aaaa.txt", t).toString();
        CliRun run = CliRun.of("find", "-p", "aa", "-a", "naive", file).ok();
        String[] lines = run.out().split("\n");
        assertThat(lines).hasSize(2_999_999);
        assertThat(lines[0]).isEqualTo("0");
        assertThat(lines[2_999_998]).isEqualTo("2999998");
        assertThat(lines[1_234_567]).isEqualTo("1234567");
    }
}
