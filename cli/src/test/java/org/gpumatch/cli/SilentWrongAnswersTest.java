package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.suffixarray.NaiveSuffixArray;
import org.gpumatch.suffixarray.SuffixArrayFiles;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One test per silent wrong answer of issue 23: each input got a wrong answer with exit 0 on main before this change;
 * now it gets the right answer, or one line on stderr and exit 2.
 */
class SilentWrongAnswersTest {
    @TempDir
    Path dir;
    private byte[] dna;
    private Path text;

    @BeforeEach
    void files() throws IOException {
        dna = TestFiles.dna(20_000, 23);
        text = Files.write(dir.resolve("t.txt"), dna);
    }

    // ---- Output to a full disk exits 0 with the output lost ----

    @Test
    void fullDiskIsExitTwoWithTheReason() throws Exception {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/dev/full")), "no /dev/full");
        String t = text.toString();
        Path sa = dir.resolve("t.sa");
        SuffixArrayFiles.write(NaiveSuffixArray.build(dna), sa, EntryFormat.INT32);
        Path pats = Files.writeString(dir.resolve("p.txt"), "GAT\nTTA\n");
        List<String[]> commands = List.of(
                new String[] {"count", "-p", "GAT", "--device", "java", t},
                new String[] {"find", "-p", "GA", "--device", "java", t},
                new String[] {"find", "--patterns-file", pats.toString(), "--device", "java", t},
                new String[] {"count", "--patterns-file", pats.toString(), "--device", "java", t},
                new String[] {"kmismatch", "-k", "1", "-p", "GATTA", "-a", "cpu", t},
                new String[] {"kmismatch", "-k", "0", "--count", "-p", "GATTA", "-a", "cpu", t},
                new String[] {"sa", "search", t, sa.toString(), "-p", "GA", "--find"},
                new String[] {"sa", "search", t, sa.toString(), "-p", "GA"},
                new String[] {"sa", "check", t, sa.toString()},
                new String[] {"--help"});
        for (String[] args : commands) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code;
            try (OutputStream full = new FileOutputStream("/dev/full")) {
                code = GpumatchCli.runOn(args, full, err, false, false);
            }
            String e = err.toString(StandardCharsets.UTF_8);
            assertThat(code).as("exit code of %s; stderr %s", String.join(" ", args), e).isEqualTo(2);
            assertThat(e).as("stderr of %s", String.join(" ", args))
                    .isEqualTo("gpumatch: cannot write standard output: No space left on device\n");
        }
    }

    @Test
    void aPrintStreamThatFailedIsExitTwoToo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        java.io.PrintStream broken = new java.io.PrintStream(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk quota exceeded");
            }
        });
        int code = GpumatchCli.run(new String[] {"count", "-p", "GAT", "--device", "java", text.toString()}, broken,
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("gpumatch: cannot write standard output");
    }

    @Test
    void closedPipeStaysQuiet() throws Exception {
        OutputStream closedPipe = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = GpumatchCli.runOn(new String[] {"find", "-p", "G", "--device", "java", text.toString()}, closedPipe,
                err, false, false);
        assertThat(code).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    // ---- count -p PATTERN file.gz searches the compressed bytes ----

    @Test
    void gzipFilesAreDecompressed() throws IOException {
        Path gz = dir.resolve("t.txt.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(dna);
        }
        String plain = CliRun.of("count", "-p", "GATTA", "--device", "java", text.toString()).ok().out();
        assertThat(Long.parseLong(plain.strip())).isPositive();
        assertThat(CliRun.of("count", "-p", "GATTA", "--device", "java", gz.toString()).ok().out()).isEqualTo(plain);
        assertThat(CliRun.of("find", "-p", "GATTA", "--device", "java", gz.toString()).ok().out())
                .isEqualTo(CliRun.of("find", "-p", "GATTA", "--device", "java", text.toString()).ok().out());
        assertThat(CliRun.of("kmismatch", "-k", "1", "-p", "GATTA", "-a", "cpu", gz.toString()).ok().out())
                .isEqualTo(CliRun.of("kmismatch", "-k", "1", "-p", "GATTA", "-a", "cpu", text.toString()).ok().out());
        assertThat(CliRun.of("count", "--raw", "-p", "GATTA", "--device", "java", gz.toString()).ok().out())
                .as("--raw searches the compressed bytes").isNotEqualTo(plain);
        Path patsGz = dir.resolve("p.txt.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(patsGz))) {
            out.write("GATTA\n".getBytes(StandardCharsets.US_ASCII));
        }
        assertThat(CliRun.of("count", "--patterns-file", patsGz.toString(), "--device", "java", gz.toString()).ok()
                .out()).isEqualTo("0\t" + plain);
        Path damaged = Files.write(dir.resolve("bad.gz"), "not gzip at all".getBytes(StandardCharsets.US_ASCII));
        assertThat(CliRun.of("count", "-p", "A", "--device", "java", damaged.toString()).usageError())
                .contains("bad.gz").contains("gzip");
    }

    // ---- -p $'\xff' or -p é under LC_ALL=C (the JVM's U+FFFD instead of the typed bytes) ----

    @Test
    void patternArgumentsAreTheTypedBytes() {
        // what /proc/self/cmdline holds after "java ... -jar gpumatch.jar count -p <0xff> <é> f" under LC_ALL=C,
        // where the JVM decoded each byte from 0x80 as U+FFFD
        List<byte[]> raw = new ArrayList<>();
        for (String s : new String[] {"java", "-jar", "gpumatch.jar", "count", "-p"}) {
            raw.add(s.getBytes(StandardCharsets.US_ASCII));
        }
        raw.add(new byte[] {(byte) 0xff, 'a'});
        raw.add("é".getBytes(StandardCharsets.UTF_8));
        String[] jvm = {"count", "-p", "\uFFFDa", "\uFFFD\uFFFD"};
        String[] args = RawArguments.recover(jvm, raw);
        assertThat(RawArguments.bytes(args[2], "the pattern")).containsExactly(0xff, 'a');
        assertThat(RawArguments.bytes(args[3], "the pattern")).containsExactly(0xc3, 0xa9);
        // arguments that do not match the JVM's are left alone
        assertThat(RawArguments.recover(new String[] {"count", "-q"}, raw)).containsExactly("count", "-q");
    }

    @Test
    void patternArgumentsMatchTheirBytes() throws IOException {
        Path f = Files.write(dir.resolve("u.bin"), new byte[] {'x', (byte) 0xff, 'a', (byte) 0xc3, (byte) 0xa9, 'y'});
        assertThat(CliRun.of("find", "-p", "é", "--device", "java", f.toString()).ok().outLines()).containsExactly("3");
        String escapedFf = RawArguments.decode(new byte[] {(byte) 0xff, 'a'});
        assertThat(CliRun.of("find", "-p", escapedFf, "--device", "java", f.toString()).ok().outLines())
                .containsExactly("1");
        assertThat(CliRun.of("count", "-p", "a\uD800", "--device", "java", f.toString()).usageError())
                .contains("surrogate");
    }

    // ---- a BOM, trailing whitespace, # comments, and Cas-OFFinder lines in a patterns file ----

    @Test
    void byteOrderMarkAndCrlfAreNotPartOfPatterns() throws IOException {
        Path pats = Files.write(dir.resolve("bom.txt"), concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "GATTA\r\nCCG\r\n".getBytes(StandardCharsets.US_ASCII)));
        CliRun r = CliRun.of("count", "--patterns-file", pats.toString(), "--device", "java", text.toString()).ok();
        assertThat(r.outLines()).containsExactly("0\t" + naiveCount(dna, "GATTA"), "1\t" + naiveCount(dna, "CCG"));
        assertThat(naiveCount(dna, "GATTA")).isPositive();
    }

    @Test
    void trailingWhitespaceIsAnErrorNamingTheLine() throws IOException {
        Path pats = Files.writeString(dir.resolve("ws.txt"), "GATTA\nCCG \nTT\n");
        assertThat(CliRun.of("count", "--patterns-file", pats.toString(), text.toString()).usageError())
                .contains("ws.txt line 2").contains("ends with a space").contains("--literal-lines");
        Path tab = Files.writeString(dir.resolve("tab.txt"), "GATTA\tx\n");
        assertThat(CliRun.of("find", "--patterns-file", tab.toString(), text.toString()).usageError())
                .contains("tab.txt line 1").contains("a tab");
        // --literal-lines searches the line as it is
        Path spaced = Files.write(dir.resolve("sp.bin"), "a b \nc".getBytes(StandardCharsets.US_ASCII));
        Path lit = Files.writeString(dir.resolve("lit.txt"), "b \n# c\n");
        assertThat(CliRun.of("find", "--literal-lines", "--patterns-file", lit.toString(), "--device", "java",
                spaced.toString()).ok().outLines()).containsExactly("2\t0");
    }

    @Test
    void commentLinesAreNotPatterns() throws IOException {
        Path pats = Files.writeString(dir.resolve("c.txt"), "# guides for chr1\nGATTA\n\n#CCG\n");
        assertThat(CliRun.of("count", "--patterns-file", pats.toString(), "--device", "java", text.toString()).ok()
                .outLines()).containsExactly("0\t" + naiveCount(dna, "GATTA"));
        Path hash = Files.write(dir.resolve("h.bin"), "x#CCGx".getBytes(StandardCharsets.US_ASCII));
        assertThat(CliRun.of("count", "--hex", "--patterns-file", Files.writeString(dir.resolve("hx.txt"),
                "# the hash sign\n23\n").toString(), "--device", "java", hash.toString()).ok().outLines())
                .containsExactly("0\t1");
    }

    @Test
    void casOffinderLinesAreAnErrorNotAPatternEndingInTheCount() throws IOException {
        Path guides = Files.writeString(dir.resolve("guides.txt"), "GATTACAGAT 3\n");
        assertThat(CliRun.of("kmismatch", "-k", "3", "--patterns-file", guides.toString(), "-a", "cpu",
                text.toString()).usageError()).contains("guides.txt line 1").contains("a space");
    }

    @Test
    void fastaPatternsFilesAreSequencesWithNames() throws IOException {
        Path fa = Files.writeString(dir.resolve("g.fa"), ">g1 first guide\nGAT\nTA\n>g2\nCCG\n");
        CliRun c = CliRun.of("count", "--patterns-file", fa.toString(), "--device", "java", text.toString()).ok();
        assertThat(c.outLines()).containsExactly("g1\t" + naiveCount(dna, "GATTA"), "g2\t" + naiveCount(dna, "CCG"));
        Path f = Files.write(dir.resolve("s.txt"), "CCGATTA".getBytes(StandardCharsets.US_ASCII));
        assertThat(CliRun.of("find", "--patterns-file", fa.toString(), "--device", "java", f.toString()).ok()
                .outLines()).containsExactly("0\tg2", "2\tg1");
        assertThat(CliRun.of("count", "--patterns-file", Files.writeString(dir.resolve("e.fa"), ">a\n>b\nAC\n")
                .toString(), f.toString()).usageError()).contains("e.fa line 1").contains("no sequence");
    }

    @Test
    void patternsFromStandardInput() throws IOException {
        Path f = Files.write(dir.resolve("s.txt"), "CCGATTA".getBytes(StandardCharsets.US_ASCII));
        var saved = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream("GATTA\nCC\n".getBytes(StandardCharsets.US_ASCII)));
            assertThat(CliRun.of("count", "--patterns-file", "-", "--device", "java", f.toString()).ok().outLines())
                    .containsExactly("0\t1", "1\t1");
        } finally {
            System.setIn(saved);
        }
    }

    // ---- sa check <(cat text) SA reads the pipe as empty; a wrong-width SA says nothing about widths ----

    @Test
    void saCheckReadsPipes() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "no mkfifo");
        byte[] banana = "mississippi banana".getBytes(StandardCharsets.US_ASCII);
        Path sa = dir.resolve("b.sa");
        SuffixArrayFiles.write(NaiveSuffixArray.build(banana), sa, EntryFormat.INT32);
        Path fifo = dir.resolve("text.fifo");
        CompletableFuture<Void> writer = fifoWriting(fifo, banana);
        CliRun r = CliRun.of("sa", "check", fifo.toString(), sa.toString());
        writer.get(30, TimeUnit.SECONDS);
        assertThat(r.ok().outLines()).containsExactly("OK");
    }

    /** Makes the FIFO {@code fifo} and writes {@code content} into it on another thread (as a shell's {@code <(...)}). */
    private static CompletableFuture<Void> fifoWriting(Path fifo, byte[] content) throws Exception {
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        return CompletableFuture.runAsync(() -> {
            try {
                Files.write(fifo, content);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void pipesAreReadOnceAndWhole() throws Exception {
        // a FIFO, as <(cat t.txt) is: the format test looks at its first bytes, the search must still see all of them
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "no mkfifo");
        byte[] big = TestFiles.dna(300_000, 7);
        byte[] fasta = (">r1\n" + new String(big, StandardCharsets.US_ASCII) + "\n").getBytes(StandardCharsets.US_ASCII);
        for (byte[] content : List.of(big, fasta)) {
            Path fifo = dir.resolve("in" + content.length + ".fifo");
            CompletableFuture<Void> writer = fifoWriting(fifo, content);
            CliRun r = CliRun.of("count", "-p", "GATTA", "--device", "java", fifo.toString());
            writer.get(30, TimeUnit.SECONDS);
            // the FASTA record's sequence is the lines joined: TestFiles.dna has a line break every 81 bytes
            byte[] searched = content == big ? big
                    : new String(big, StandardCharsets.US_ASCII).replace("\n", "").getBytes(StandardCharsets.US_ASCII);
            assertThat(r.ok().out()).isEqualTo(naiveCount(searched, "GATTA") + "\n");
        }
    }

    @Test
    void wrongWidthSaysWhichWidthFits() throws Exception {
        byte[] banana = "mississippi banana".getBytes(StandardCharsets.US_ASCII);
        Path t = Files.write(dir.resolve("b.txt"), banana);
        Path sa = dir.resolve("b.sa64");
        SuffixArrayFiles.write(NaiveSuffixArray.build(banana), sa, EntryFormat.INT64);
        CliRun r = CliRun.of("sa", "check", t.toString(), sa.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).contains("--format int64");
        Path sa40 = dir.resolve("b.sa40");
        SuffixArrayFiles.write(NaiveSuffixArray.build(banana), sa40, EntryFormat.INT40);
        assertThat(CliRun.of("sa", "check", t.toString(), sa40.toString()).err()).contains("--format int40");
    }

    static long naiveCount(byte[] text, String pattern) {
        byte[] p = pattern.getBytes(StandardCharsets.UTF_8);
        long c = 0;
        outer:
        for (int i = 0; i + p.length <= text.length; i++) {
            for (int j = 0; j < p.length; j++) {
                if (text[i + j] != p[j]) {
                    continue outer;
                }
            }
            c++;
        }
        return c;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
