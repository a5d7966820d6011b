package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.suffixarray.NaiveSuffixArray;
import org.gpumatch.suffixarray.SuffixArrayFiles;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SaBuildSearchCliTest {
    @TempDir
    Path dir;

    private String file(String name, byte[] content) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, content);
        return p.toString();
    }

    @Test
    void buildWritesEveryFormatThatCheckAccepts() throws Exception {
        byte[] text = TestFiles.dna(5000, 3);
        String t = file("t.txt", text);
        for (EntryFormat f : EntryFormat.values()) {
            String sa = dir.resolve("t." + f.label()).toString();
            CliRun build = CliRun.of("sa", "build", t, "-o", sa, "--format", f.label(), "--verify").ok();
            assertThat(build.outLines()).containsExactly("OK");
            assertThat(SuffixArrayFiles.read(Path.of(sa), f)).isEqualTo(NaiveSuffixArray.build(text));
            assertThat(CliRun.of("sa", "check", t, sa, "--format", f.label()).ok().outLines()).containsExactly("OK");
        }
    }

    /** Issue 23: sa build and sa search read a gzipped text as its bytes (they searched the compressed ones). */
    @Test
    void gzippedTextsAreReadDecompressed() throws Exception {
        byte[] text = TestFiles.dna(9000, 6);
        String plain = file("z.txt", text);
        Path gz = dir.resolve("z.txt.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text);
        }
        String fromGz = dir.resolve("z.gz.sa").toString();
        CliRun.of("sa", "build", gz.toString(), "-o", fromGz, "-a", "cpu").ok();
        assertThat(SuffixArrayFiles.read(Path.of(fromGz), EntryFormat.INT32)).isEqualTo(NaiveSuffixArray.build(text));
        String pattern = new String(text, 100, 6, StandardCharsets.US_ASCII);
        String expected = CliRun.of("sa", "search", plain, fromGz, "-p", pattern).ok().out();
        assertThat(CliRun.of("sa", "search", gz.toString(), fromGz, "-p", pattern).ok().out()).isEqualTo(expected)
                .isNotEqualTo("0\n");
        assertThat(CliRun.of("sa", "search", gz.toString(), fromGz, "-p", pattern, "--mapped").errLines()).hasSize(1)
                .allMatch(l -> l.contains("--mapped needs the text as a regular, uncompressed file"));
    }

    /** Issue 23: a suffix array of another width says which width it looks like. */
    @Test
    void aSuffixArrayOfAnotherWidthNamesTheWidthItFits() throws Exception {
        byte[] text = TestFiles.dna(3000, 8);
        String t = file("w.txt", text);
        String sa64 = dir.resolve("w.sa64").toString();
        CliRun.of("sa", "build", t, "-o", sa64, "--format", "int64", "-a", "cpu").ok();
        assertThat(CliRun.of("sa", "search", t, sa64, "-p", "ACG").errLines()).hasSize(1)
                .allMatch(l -> l.contains("--format int64?"));
    }

    /** The shared patterns-file grammar: comments and blank lines skipped, a trailing space an error with its line. */
    @Test
    void searchPatternsFilesUseTheSharedGrammar() throws Exception {
        byte[] text = TestFiles.dna(4000, 9);
        String t = file("p.txt", text);
        String sa = dir.resolve("p.sa").toString();
        CliRun.of("sa", "build", t, "-o", sa, "-a", "cpu").ok();
        String good = file("good.txt", "# guides\nACG\n\nTTA\r\n".getBytes(StandardCharsets.US_ASCII));
        String expected = "0\t" + CliRun.of("sa", "search", t, sa, "-p", "ACG").ok().out().trim() + "\n1\t"
                + CliRun.of("sa", "search", t, sa, "-p", "TTA").ok().out().trim() + "\n";
        assertThat(CliRun.of("sa", "search", t, sa, "--patterns-file", good).ok().out()).isEqualTo(expected);
        String bad = file("bad.txt", "ACG\nTTA \n".getBytes(StandardCharsets.US_ASCII));
        assertThat(CliRun.of("sa", "search", t, sa, "--patterns-file", bad).errLines()).hasSize(1)
                .allMatch(l -> l.contains("bad.txt line 2"));
    }

    @Test
    void gpuAndCpuBuildersWriteTheSameArray() throws Exception {
        Assumptions.assumeFalse(TestDevicesQuiet.openClMissing(), "no OpenCL device");
        byte[] text = TestFiles.dna(30000, 5);
        String t = file("g.txt", text);
        String gpu = dir.resolve("g.gpu.sa").toString();
        String cpu = dir.resolve("g.cpu.sa").toString();
        CliRun g = CliRun.of("sa", "build", t, "-o", gpu, "-a", "gpu", "--device", "opencl", "--verify").ok();
        assertThat(g.outLines()).containsExactly("OK");
        CliRun.of("sa", "build", t, "-o", cpu, "-a", "cpu").ok();
        assertThat(Files.readAllBytes(Path.of(gpu))).isEqualTo(Files.readAllBytes(Path.of(cpu)));
        assertThat(SuffixArrayFiles.read(Path.of(gpu), EntryFormat.INT32)).isEqualTo(NaiveSuffixArray.build(text));
    }

    @Test
    void lcpFromBuildAndFromAnExistingArrayInEveryFormat() throws Exception {
        byte[] text = TestFiles.dna(7000, 4);
        String t = file("l.txt", text);
        int[] sa = NaiveSuffixArray.build(text);
        int[] expected = new int[text.length];
        for (int i = 1; i < text.length; i++) {
            int a = sa[i - 1];
            int b = sa[i];
            while (a + expected[i] < text.length && b + expected[i] < text.length
                    && text[a + expected[i]] == text[b + expected[i]]) {
                expected[i]++;
            }
        }
        for (EntryFormat f : EntryFormat.values()) {
            String saFile = dir.resolve("l.sa." + f.label()).toString();
            String built = dir.resolve("l.build.lcp." + f.label()).toString();
            String later = dir.resolve("l.lcp." + f.label()).toString();
            CliRun.of("sa", "build", t, "-o", saFile, "--format", f.label(), "--lcp", built, "-a", "cpu").ok();
            assertThat(SuffixArrayFiles.read(Path.of(built), f)).as(f.label()).isEqualTo(expected);
            CliRun.of("sa", "lcp", t, saFile, "-o", later, "--format", f.label(), "--threads", "2").ok();
            assertThat(Files.readAllBytes(Path.of(later))).isEqualTo(Files.readAllBytes(Path.of(built)));
        }
        assertThat(CliRun.of("sa", "lcp", t, dir.resolve("missing.sa").toString(), "-o", "x").errLines())
                .hasSize(1).allMatch(l -> l.contains("missing.sa"));
        assertThat(CliRun.of("sa", "lcp", t, dir.resolve("l.sa.int32").toString(), "-o", "x", "--threads", "0")
                .errLines()).hasSize(1).allMatch(l -> l.contains("--threads must be at least 1"));
    }

    @Test
    void gpuLcpFromBuildAndFromAnExistingArrayMatchesTheCpu() throws Exception {
        Assumptions.assumeFalse(TestDevicesQuiet.openClMissing(), "no OpenCL device");
        byte[] text = TestFiles.dna(20000, 8);
        String t = file("gl.txt", text);
        String sa = dir.resolve("gl.sa").toString();
        String cpu = dir.resolve("gl.cpu.lcp").toString();
        String gpu = dir.resolve("gl.gpu.lcp").toString();
        String built = dir.resolve("gl.built.lcp").toString();
        CliRun.of("sa", "build", t, "-o", sa, "-a", "gpu", "--device", "opencl", "--lcp", built).ok();
        CliRun.of("sa", "lcp", t, sa, "-o", cpu).ok();
        CliRun.of("sa", "lcp", t, sa, "-o", gpu, "-a", "gpu", "--device", "opencl").ok();
        assertThat(Files.readAllBytes(Path.of(gpu))).isEqualTo(Files.readAllBytes(Path.of(cpu)));
        assertThat(Files.readAllBytes(Path.of(built))).isEqualTo(Files.readAllBytes(Path.of(cpu)));
        assertThat(CliRun.of("sa", "lcp", t, sa, "-o", gpu, "-a", "tpu").errLines()).hasSize(1)
                .allMatch(l -> l.contains("unknown LCP algorithm 'tpu' (cpu or gpu)"));
    }

    @Test
    void mappedSearchAnswersAsTheInMemoryOneInEveryFormat() throws Exception {
        byte[] text = TestFiles.dna(30000, 9);
        String t = file("m.txt", text);
        String patterns = file("m.pat", "GATTA\nACGTACG\nT\nCCCCCCCCCCCCCCCCCCCCCCCC\n".getBytes(StandardCharsets.US_ASCII));
        for (EntryFormat f : EntryFormat.values()) {
            String sa = dir.resolve("m." + f.label()).toString();
            CliRun.of("sa", "build", t, "-o", sa, "--format", f.label(), "-a", "cpu").ok();
            for (String[] q : new String[][] {{"-p", "GATTA"}, {"-p", "GATTA", "--find"}, {"--patterns-file", patterns}}) {
                String[] plain = concat(new String[] {"sa", "search", t, sa, "--format", f.label()}, q);
                String[] mapped = concat(plain, new String[] {"--mapped"});
                assertThat(CliRun.of(mapped).ok().outLines()).as("%s %s", f, Arrays.toString(q))
                        .isEqualTo(CliRun.of(plain).ok().outLines());
            }
        }
        String short32 = file("short.sa", new byte[8]);
        assertThat(CliRun.of("sa", "search", t, short32, "-p", "A", "--mapped").errLines()).hasSize(1)
                .allMatch(l -> l.contains("has 2 entries but the text has 30000 bytes"));
    }

    private static String[] concat(String[] a, String[] b) {
        String[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void explainPrintsTheEstimates() throws Exception {
        String t = file("e.txt", TestFiles.dna(70000, 6));
        CliRun run = CliRun.of("sa", "build", t, "-o", dir.resolve("e.sa").toString(), "-a", "cpu", "--explain").ok();
        assertThat(run.errLines()).anyMatch(l -> l.contains("sa build: estimate for 70000 bytes: cpu ")
                && l.endsWith(": cpu (as asked)"));
    }

    @Test
    void threadsSetTheCpuBuildersThreads() throws Exception {
        byte[] text = TestFiles.dna(50000, 12);
        String t = file("th.txt", text);
        String out = dir.resolve("th.sa").toString();
        for (String threads : new String[] {"1", "3"}) {
            CliRun run = CliRun.of("sa", "build", t, "-o", out, "-a", "cpu", "--threads", threads, "--timeline",
                    "--lcp", dir.resolve("th.lcp").toString()).ok();
            assertThat(run.errLines()).anyMatch(l -> l.contains("      build (cpu-" + threads + "t)"));
            assertThat(SuffixArrayFiles.read(Path.of(out), EntryFormat.INT32)).isEqualTo(NaiveSuffixArray.build(text));
        }
        // the long path takes them too (SA-IS: the scan and threads - 1 helpers)
        CliRun longPath = CliRun.of("sa", "build", t, "-o", out, "-a", "cpu", "--threads", "2", "--explain",
                "--long-path-from", "0").ok();
        assertThat(longPath.errLines()).anyMatch(l -> l.contains("(sais-long-2t, SA-IS with long indices"));
        assertThat(SuffixArrayFiles.read(Path.of(out), EntryFormat.INT32)).isEqualTo(NaiveSuffixArray.build(text));
        assertThat(CliRun.of("sa", "build", t, "-o", out, "--threads", "0").usageError())
                .contains("--threads must be at least 1, got 0");
    }

    @Test
    void timelineShowsWhereTheProcessTimeWent() throws Exception {
        Assumptions.assumeFalse(TestDevicesQuiet.openClMissing(), "no OpenCL device");
        byte[] text = TestFiles.dna(20000, 8);
        String t = file("tl.txt", text);
        String out = dir.resolve("tl.sa").toString();
        CliRun gpu = CliRun.of("sa", "build", t, "-o", out, "-a", "gpu", "--device", "opencl", "--timeline").ok();
        assertThat(gpu.errLines().get(0)).startsWith("gpumatch: sa build: timeline, ms from the ");
        // the command waits for the conversion's thread before it prints (SaEarlyChoice.awaitConversion)
        assertThat(gpu.errLines()).anyMatch(l -> l.contains("[bg] kernel conversion ahead"));
        assertThat(gpu.errLines()).anyMatch(l -> l.contains("JVM start until the command runs"))
                .anyMatch(l -> l.contains("      read text (20000 bytes)"))
                .anyMatch(l -> l.contains("[bg] device init, builder choice"))
                .anyMatch(l -> l.contains("      build (prefix-doubling-gpu)"))
                .anyMatch(l -> l.contains("      rounds ("))
                .anyMatch(l -> l.contains("      write array (80000 bytes)"))
                .anyMatch(l -> l.contains("[bg] release builder"));
        assertThat(gpu.errLines().get(gpu.errLines().size() - 1)).contains("command done");
        assertThat(gpu.errLines().subList(1, gpu.errLines().size() - 1)).allMatch(l -> l.matches(
                "gpumatch: sa build: +-?\\d+ - +-?\\d+ (\\[bg\\] | {5})\\S.* +\\d+\\.\\d ms"));
        assertThat(SuffixArrayFiles.read(Path.of(out), EntryFormat.INT32)).isEqualTo(NaiveSuffixArray.build(text));
        CliRun cpu = CliRun.of("sa", "build", t, "-o", out, "-a", "cpu", "--timeline").ok();
        assertThat(cpu.errLines()).anyMatch(l -> l.contains("      builder choice"))
                .noneMatch(l -> l.contains("device init")).anyMatch(l -> l.contains("      write array (80000 bytes)"));
        assertThat(CliRun.of("sa", "build", t, "-o", out, "-a", "cpu").errLines()).isEmpty();
        // auto on the auto device below AUTO_GPU_MIN_BYTES builds on the CPU without starting any OpenCL platform
        CliRun auto = CliRun.of("sa", "build", t, "-o", out, "--device", "auto", "--timeline").ok();
        assertThat(auto.errLines()).anyMatch(l -> l.contains("      builder choice"))
                .anyMatch(l -> l.contains("      build (cpu-")).noneMatch(l -> l.contains("device init"));
    }

    @Test
    void badAlgorithmAndJavaWithGpuAreOneLineErrors() throws Exception {
        String t = file("x.txt", "banana".getBytes(StandardCharsets.US_ASCII));
        String out = dir.resolve("x.sa").toString();
        assertThat(CliRun.of("sa", "build", t, "-o", out, "-a", "quantum").errLines())
                .anyMatch(l -> l.contains("unknown suffix-array algorithm \"quantum\"; gpumatch sa build -a takes: auto, gpu, cpu"));
        assertThat(CliRun.of("sa", "build", t, "-o", out, "-a", "gpu", "--device", "java").errLines())
                .anyMatch(l -> l.contains("needs an OpenCL device"));
    }

    @Test
    void bwtAndPrimaryIndex() throws Exception {
        String t = file("banana", "banana".getBytes(StandardCharsets.US_ASCII));
        String bwt = dir.resolve("banana.bwt").toString();
        CliRun r = CliRun.of("sa", "build", t, "-o", dir.resolve("banana.sa").toString(), "--bwt", bwt, "-q").ok();
        assertThat(r.outLines()).containsExactly("primary index: 4");
        assertThat(Files.readString(Path.of(bwt))).isEqualTo("annbaa");
    }

    @Test
    void searchCountsFindsAndReadsPatternFiles() throws Exception {
        byte[] text = "abracadabra abracadabra".getBytes(StandardCharsets.US_ASCII);
        String t = file("a.txt", text);
        String sa = dir.resolve("a.sa").toString();
        CliRun.of("sa", "build", t, "-o", sa).ok();
        assertThat(CliRun.of("sa", "search", t, sa, "-p", "abra").ok().outLines()).containsExactly("4");
        assertThat(CliRun.of("sa", "search", t, sa, "-p", "abra", "--find").ok().offsets())
                .containsExactly(0, 7, 12, 19);
        assertThat(CliRun.of("sa", "search", t, sa, "-p", "zebra", "--find").ok().outLines()).isEmpty();
        String pf = file("p.txt", "a\nzz\ncad\nabracadabra abracadabra\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(CliRun.of("sa", "search", t, sa, "--patterns-file", pf, "--literal-lines").ok().outLines())
                .containsExactly("0\t10", "1\t0", "2\t2", "3\t1");
    }

    @Test
    void searchAgreesWithScanOnDna() throws Exception {
        byte[] text = TestFiles.dna(20000, 7);
        String t = file("d.txt", text);
        String sa = dir.resolve("d.sa").toString();
        CliRun.of("sa", "build", t, "-o", sa, "--format", "int40").ok();
        byte[] p = Arrays.copyOfRange(text, 100, 106);
        int[] want = IntStream.rangeClosed(0, text.length - p.length)
                .filter(i -> Arrays.equals(text, i, i + p.length, p, 0, p.length)).toArray();
        assertThat(CliRun.of("sa", "search", t, sa, "-p", new String(p, StandardCharsets.US_ASCII), "--find",
                "--format", "int40").ok().offsets()).isEqualTo(want);
    }

    @Test
    void verifyFailureIsExitOne() throws Exception {
        // A wrong SA is never produced by build; check the exit code path through a tampered file with sa check.
        String t = file("b", "banana".getBytes(StandardCharsets.US_ASCII));
        String sa = file("b.sa", new byte[24]);
        CliRun r = CliRun.of("sa", "check", t, sa);
        assertThat(r.exitCode()).isEqualTo(1);
    }

    @Test
    void userErrorsAreOneLine() throws Exception {
        String t = file("c", "hello".getBytes(StandardCharsets.US_ASCII));
        String sa = dir.resolve("c.sa").toString();
        assertThat(CliRun.of("sa", "build", t).usageError()).contains("-o");
        assertThat(CliRun.of("sa", "build", dir.resolve("missing").toString(), "-o", sa).usageError())
                .contains("no such file");
        assertThat(CliRun.of("sa", "build", t, "-o", sa, "--format", "int16").usageError())
                .contains("unknown suffix array format");
        CliRun.of("sa", "build", t, "-o", sa).ok();
        assertThat(CliRun.of("sa", "search", t, sa).usageError()).contains("--pattern");
        assertThat(CliRun.of("sa", "search", t, sa, "-p", "").usageError()).contains("the pattern is empty");
        assertThat(CliRun.of("sa", "search", t, sa, "-p", "l", "--format", "int64").usageError())
                .contains("not a multiple");
        String other = file("d", "hello!".getBytes(StandardCharsets.US_ASCII));
        assertThat(CliRun.of("sa", "search", other, sa, "-p", "l").usageError()).contains("5 entries");
        String big = file("big.sa", new byte[] {9, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0});
        assertThat(CliRun.of("sa", "search", t, big, "-p", "l").usageError()).contains("entry 0 = 9");
        String pf = file("pf", "a\n\nb\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(CliRun.of("sa", "search", t, sa, "--patterns-file", pf, "--find").usageError())
                .contains("--find takes a single pattern");
        assertThat(CliRun.of("sa", "search", t, sa, "--patterns-file", pf).ok().outLines())
                .containsExactly("0\t0", "1\t0"); // the shared grammar skips blank lines
        assertThat(CliRun.of("sa", "search", t, sa, "--patterns-file", pf, "--literal-lines").usageError())
                .contains("pf line 2: empty pattern");
    }
}
