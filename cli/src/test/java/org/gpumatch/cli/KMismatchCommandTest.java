package org.gpumatch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.conformance.KMismatchCases;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.NaiveKMismatchMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KMismatchCommandTest {
    @TempDir
    Path dir;

    private Path write(byte[] bytes) throws Exception {
        Path f = dir.resolve("text.txt");
        Files.write(f, bytes);
        return f;
    }

    private static List<String> expected(byte[] text, String pattern, int k) {
        KMismatchHits h = new NaiveKMismatchMatcher().find(Text.wrap(text), Pattern.utf8(pattern), k);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < h.size(); i++) {
            lines.add(h.offset(i) + "\t" + h.mismatches(i));
        }
        return lines;
    }

    @Test
    void cpuStreamsInSmallChunksWithTheOracleAnswer() throws Exception {
        byte[] text = KMismatchCases.randomBytes(new Random(3), 5000, 4);
        Path f = write(text);
        CliRun r = CliRun.of("kmismatch", "-k", "2", "-p", "ACGTAC", "-a", "cpu", "--chunk-size", "100", f.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(expected(text, "ACGTAC", 2), r.outLines());
        CliRun c = CliRun.of("kmismatch", "-k", "2", "-p", "ACGTAC", "-a", "cpu", "--count", f.toString());
        assertEquals(List.of(String.valueOf(expected(text, "ACGTAC", 2).size())), c.outLines());
    }

    @Test
    void everyKernelOnOpenClAgrees() throws Exception {
        org.gpumatch.gpu.runtime.TestDevices.openCl();
        byte[] text = KMismatchCases.randomBytes(new Random(4), 3000, 4);
        Path f = write(text);
        for (String a : new String[] {"thread", "block-thread", "opt-block-thread", "bit-parallel", "auto"}) {
            CliRun r = CliRun.of("kmismatch", "-k", "1", "-p", "GATTA", "-a", a, "--device", "opencl",
                    "--chunk-size", "1000", f.toString());
            assertEquals(0, r.exitCode(), a + ": " + r.err());
            assertEquals(expected(text, "GATTA", 1), r.outLines(), a);
        }
    }

    @Test
    void badInputIsOneLineExitTwo() throws Exception {
        Path f = write("ACGT".getBytes());
        for (String[] args : new String[][] {
                {"kmismatch", "-k", "-1", "-p", "A", f.toString()},
                {"kmismatch", "-k", "1", "-p", "A", "-a", "nope", f.toString()},
                {"kmismatch", "-k", "1", "-p", "", f.toString()},
                {"kmismatch", "-k", "1", "-p", "A", dir.resolve("missing").toString()}}) {
            CliRun r = CliRun.of(args);
            assertEquals(2, r.exitCode(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().startsWith("gpumatch: "), r.err());
        }
    }

    @Test
    void kAtLeastMReportsEveryOffset() throws Exception {
        Path f = write("ACGTACGT".getBytes());
        CliRun r = CliRun.of("kmismatch", "-k", "3", "-p", "TTT", "-a", "cpu", f.toString());
        assertEquals(6, r.outLines().size(), r.out());
    }

    @Test
    void patternsFileBothStrandsIupac() throws Exception {
        Path f = write("AAGGTTCCNACGG".getBytes());
        Path pf = dir.resolve("guides.txt");
        Files.writeString(pf, "AAG\nCCN\n");
        CliRun r = CliRun.of("kmismatch", "-k", "0", "--patterns-file", pf.toString(), "--both-strands", "--iupac",
                f.toString());
        assertEquals(0, r.exitCode(), r.err());
        // AAG at 0 (+); CCN = CC[ACGT]: at 6 CCN? text[6..9)=CCN: N in text mismatches; CCA? no. revcomp(AAG)=CTT:
        // none; revcomp(CCN)=NGG: [ACGT]GG at 1 (AGG) and 10 (CGG)
        assertEquals(List.of("0\t0\t+\t0", "1\t1\t-\t0", "10\t1\t-\t0"), r.outLines());
        CliRun bad = CliRun.of("kmismatch", "-k", "0", "--patterns-file", pf.toString(), "-p", "A", f.toString());
        assertEquals(2, bad.exitCode());
        Files.writeString(pf, "AAG\nAAGG\n");
        CliRun lengths = CliRun.of("kmismatch", "-k", "0", "--patterns-file", pf.toString(), f.toString());
        assertEquals(2, lengths.exitCode());
        assertTrue(lengths.err().contains("one length"), lengths.err());
    }

    /** The reference: the per-pattern loop over the naive byte oracle or the IUPAC scan, as the old command ran it. */
    private static List<String> tableExpected(byte[] text, List<String> guides, boolean both, boolean iupac, int k,
            String record) {
        List<Pattern> ps = new ArrayList<>();
        for (String g : guides) {
            ps.add(Pattern.utf8(g));
        }
        List<String> lines = new ArrayList<>();
        try (org.gpumatch.api.kmismatch.KMismatchMatcher m = iupac
                ? new org.gpumatch.kmismatch.IupacKMismatchMatcher(1) : new NaiveKMismatchMatcher()) {
            for (org.gpumatch.kmismatch.MultiPatternKMismatch.Hit h
                    : new org.gpumatch.kmismatch.MultiPatternKMismatch(ps, both).find(m, Text.wrap(text), 0, k)) {
                lines.add((record == null ? "" : record + "\t") + h.offset() + "\t" + h.index() + "\t" + h.strand()
                        + "\t" + h.mismatches());
            }
        }
        return lines;
    }

    private static byte[] dnaWithJunk(Random r, int n) {
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            int x = r.nextInt(100);
            t[i] = x < 85 ? (byte) "ACGT".charAt(r.nextInt(4)) : x < 93 ? (byte) "NNacgtU".charAt(r.nextInt(7))
                    : (byte) r.nextInt(256);
        }
        return t;
    }

    private static List<String> guides(Random r, byte[] text, int count, int m, boolean iupac) {
        List<String> out = new ArrayList<>();
        for (int g = 0; g < count; g++) {
            int at = r.nextInt(text.length - m);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < m; i++) {
                char c = (char) (text[at + i] & 0xFF);
                if ("ACGT".indexOf(c) < 0 || r.nextInt(10) == 0) {
                    c = "ACGT".charAt(r.nextInt(4));
                }
                if (iupac && r.nextInt(6) == 0) {
                    c = "RYSWKMBDHVNacgt".charAt(r.nextInt(15));
                }
                b.append(c);
            }
            out.add(b.toString());
        }
        return out;
    }

    /**
     * --patterns-file on the one-pass search, Java (-a cpu, auto on a machine whose only OpenCL device is a CPU) and
     * the kernel (--device opencl), with and without --iupac and --both-strands, k = 0..4, against the old per-pattern
     * loop, on raw texts with N, lowercase, U and any byte (line breaks included), streamed in chunks of odd sizes.
     */
    @Test
    void patternsFileOnePassAgreesWithThePerPatternLoop() throws Exception {
        Random r = new Random(21);
        boolean openCl = org.gpumatch.gpu.runtime.TestDevices.openClRequired();
        for (int t = 0; t < 16; t++) {
            boolean iupac = t % 2 == 0;
            boolean both = t % 4 < 2;
            int k = t % 5;
            byte[] text = dnaWithJunk(r, 700 + r.nextInt(2500));
            Path f = write(text);
            List<String> g = guides(r, text, 1 + r.nextInt(9), 5 + r.nextInt(20), iupac);
            Path pf = dir.resolve("guides.txt");
            Files.writeString(pf, "# guides\n" + String.join("\r\n", g) + "\n");
            List<String> want = tableExpected(text, g, both, iupac, k, null);
            List<String> args = new ArrayList<>(List.of("kmismatch", "-k", String.valueOf(k), "--patterns-file",
                    pf.toString(), "--chunk-size", String.valueOf(300 + r.nextInt(900)), "--explain"));
            if (iupac) {
                args.add("--iupac");
            }
            if (both) {
                args.add("--both-strands");
            }
            List<List<String>> devices = new ArrayList<>(List.of(List.of("-a", "cpu"), List.of("--device", "java")));
            if (openCl || t % 4 == 0) {
                devices.add(List.of("--device", "opencl"));
            }
            for (List<String> d : devices) {
                if (d.contains("opencl")) {
                    org.gpumatch.gpu.runtime.TestDevices.openCl();
                }
                List<String> a = new ArrayList<>(args);
                a.addAll(d);
                a.add(f.toString());
                CliRun run = CliRun.of(a.toArray(new String[0]));
                String what = "trial " + t + " " + a;
                assertEquals(0, run.exitCode(), what + ": " + run.err());
                assertEquals(want, run.outLines(), what);
                assertTrue(run.err().contains("one pass"), what + ": " + run.err());
                assertTrue(run.err().contains(d.contains("opencl") ? "OpenCL on" : "Java on"), what + ": " + run.err());
            }
        }
    }

    @Test
    void patternsThatAreNotDnaKeepThePerPatternLoopAndSayWhy() throws Exception {
        byte[] text = "xxNNAxx\nNNA".getBytes();
        Path f = write(text);
        Path pf = dir.resolve("p.txt");
        Files.writeString(pf, "NNA\nx\nN\n".replace("\nx\nN", "\nxxN"));
        CliRun r = CliRun.of("kmismatch", "-k", "1", "--patterns-file", pf.toString(), "--explain", f.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(tableExpected(text, List.of("NNA", "xxN"), false, false, 1, null), r.outLines());
        assertTrue(r.err().contains("per pattern") && r.err().contains("not A/C/G/T"), r.err());
    }

    /** Silent wrong answer (issue 23): an X, -, . or digit in an --iupac guide was the empty set, a mismatch. */
    @Test
    void invalidIupacLettersAreAnErrorNamingFileAndLine() throws Exception {
        Path f = write("ACGTACGTACGT".getBytes());
        Path pf = dir.resolve("guides.txt");
        for (String bad : new String[] {"X", "-", ".", "3"}) {
            Files.writeString(pf, "# header\nACGTA\n\nAC" + bad + "TA\n");
            CliRun r = CliRun.of("kmismatch", "-k", "1", "--iupac", "--patterns-file", pf.toString(), f.toString());
            assertEquals(2, r.exitCode(), bad + ": " + r.out());
            assertEquals(List.of("gpumatch: " + pf + " line 4: '" + bad + "' at position 3 is not an IUPAC nucleotide "
                    + "code (A C G T U R Y S W K M B D H V N, any case)"), r.errLines());
            CliRun p = CliRun.of("kmismatch", "-k", "1", "--iupac", "-p", "AC" + bad + "T", f.toString());
            assertEquals(2, p.exitCode(), bad);
            assertTrue(p.err().startsWith("gpumatch: the pattern: '" + bad + "' at position 3"), p.err());
        }
        // without --iupac the same bytes are searched as bytes
        Files.writeString(pf, "AC-T\n");
        assertEquals(0, CliRun.of("kmismatch", "-k", "1", "--patterns-file", pf.toString(), f.toString()).exitCode());
    }

    /**
     * Silent wrong answer (issue 22/23): a FASTA text was searched as bytes (title lines and line breaks in the text,
     * offsets in the file, hits across records). Now record by record, offsets 0-based in the record, as find does;
     * --raw searches the bytes; .gz decompressed.
     */
    @Test
    void fastaTextIsSearchedRecordByRecord() throws Exception {
        Random r = new Random(5);
        byte[] s1 = KMismatchCases.randomBytes(r, 1300, 4);
        byte[] s2 = KMismatchCases.randomBytes(r, 700, 4);
        for (int i = 0; i < s1.length; i += 3) {
            s1[i] = (byte) "ACGT".charAt(s1[i] & 3);
        }
        String acgt = "ACGT";
        for (int i = 0; i < s1.length; i++) {
            s1[i] = (byte) acgt.charAt(Math.floorMod(s1[i], 4));
        }
        for (int i = 0; i < s2.length; i++) {
            s2[i] = (byte) acgt.charAt(Math.floorMod(s2[i], 4));
        }
        String g = new String(s1, 100, 20) + "\n" + new String(s2, 650, 20);
        Path pf = dir.resolve("g.txt");
        Files.writeString(pf, g + "\n");
        StringBuilder fa = new StringBuilder(">chr1 first\n");
        for (int i = 0; i < s1.length; i += 61) {
            fa.append(new String(s1, i, Math.min(61, s1.length - i)).toLowerCase(java.util.Locale.ROOT)).append("\r\n");
        }
        fa.append(">chr2\n");
        for (int i = 0; i < s2.length; i += 50) {
            fa.append(new String(s2, i, Math.min(50, s2.length - i))).append("\n");
        }
        Path fasta = dir.resolve("g.fa");
        Files.writeString(fasta, fa);
        Path gz = dir.resolve("g.fa.gz");
        try (java.io.OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(fa.toString().getBytes());
        }
        List<String> want = new ArrayList<>(tableExpected(s1, List.of(g.split("\n")), true, false, 3, "chr1"));
        want.addAll(tableExpected(s2, List.of(g.split("\n")), true, false, 3, "chr2"));
        assertTrue(want.size() >= 2, want.toString());
        for (Path in : List.of(fasta, gz)) {
            for (String a : new String[] {"cpu", "auto"}) {
                CliRun run = CliRun.of("kmismatch", "-k", "3", "--patterns-file", pf.toString(), "--both-strands",
                        "-a", a, in.toString());
                assertEquals(0, run.exitCode(), run.err());
                assertEquals(want, run.outLines(), in + " " + a);
            }
        }
        // one pattern: record<TAB>offset<TAB>mismatches; lowercase pattern searched as the upper-case bases
        String p = new String(s2, 10, 12).toLowerCase(java.util.Locale.ROOT);
        List<String> single = new ArrayList<>();
        KMismatchHits h1 = new NaiveKMismatchMatcher().find(Text.wrap(s1), Pattern.utf8(p.toUpperCase()), 2);
        for (int i = 0; i < h1.size(); i++) {
            single.add("chr1\t" + h1.offset(i) + "\t" + h1.mismatches(i));
        }
        KMismatchHits h2 = new NaiveKMismatchMatcher().find(Text.wrap(s2), Pattern.utf8(p.toUpperCase()), 2);
        for (int i = 0; i < h2.size(); i++) {
            single.add("chr2\t" + h2.offset(i) + "\t" + h2.mismatches(i));
        }
        CliRun one = CliRun.of("kmismatch", "-k", "2", "-p", p, "-a", "cpu", gz.toString());
        assertEquals(single, one.outLines(), one.err());
        CliRun iu = CliRun.of("kmismatch", "-k", "2", "-p", p, "--iupac", fasta.toString());
        assertEquals(single, iu.outLines(), iu.err());
        // --raw: the file's bytes (the title's "first" is found at its byte offset)
        CliRun raw = CliRun.of("kmismatch", "-k", "0", "-p", "first", "--raw", fasta.toString());
        assertEquals(List.of("6\t0"), raw.outLines(), raw.err());
    }

    @Test
    void fastqQualitiesAreNotSearched() throws Exception {
        Path fq = dir.resolve("r.fq");
        Files.writeString(fq, "@r1\nACGTACGTAA\n+\nIIIIIIIIII\n@r2\nTTTTACGTAC\n+\nIIIIIIIIII\n");
        CliRun r = CliRun.of("kmismatch", "-k", "0", "-p", "IIII", "--count", fq.toString());
        assertEquals(List.of("0"), r.outLines(), r.err());
        Path pf = dir.resolve("p.txt");
        Files.writeString(pf, "ACGTAC\n");
        CliRun both = CliRun.of("kmismatch", "-k", "0", "--patterns-file", pf.toString(), "--both-strands",
                fq.toString());
        // ACGTAC is its own reverse complement's neighbour: GTACGT; r1: ACGTAC at 0 (+), 4? ACGTAA no; GTACGT at 2 (-)
        assertEquals(List.of("r1\t0\t0\t+\t0", "r1\t2\t0\t-\t0", "r2\t4\t0\t+\t0"), both.outLines(), both.err());
    }

    @Test
    void literalLinesAsCountAndFindHaveIt() throws Exception {
        Path f = write("a b#c a b".getBytes());
        Path pf = dir.resolve("p.txt");
        Files.writeString(pf, "a b\n#c \n");
        CliRun strict = CliRun.of("kmismatch", "-k", "0", "--patterns-file", pf.toString(), f.toString());
        assertEquals(2, strict.exitCode());
        assertTrue(strict.err().contains("line 1"), strict.err());
        CliRun literal = CliRun.of("kmismatch", "-k", "0", "--patterns-file", pf.toString(), "--literal-lines",
                f.toString());
        assertEquals(List.of("0\t0\t+\t0", "3\t1\t+\t0", "6\t0\t+\t0"), literal.outLines(), literal.err());
    }
}
