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
}
