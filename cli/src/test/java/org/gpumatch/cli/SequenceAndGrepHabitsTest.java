package org.gpumatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FASTA and FASTQ texts searched record by record (never across records, never in titles, line breaks or qualities),
 * several FILE arguments, and {@code -i} checked against a naive case-insensitive reference, on the Java path and on
 * the OpenCL device.
 */
class SequenceAndGrepHabitsTest {
    @TempDir
    Path dir;

    @Test
    void fastaIsSearchedRecordByRecord() throws IOException {
        // GATTACA split over a line break, another spanning two records, one in a title, one soft-masked
        String fa = ">chr1 the first\nACGATT\nACAGG\n>chr2 GATTACA in the title\nTTGATTA\n>chr3\nCAGGATTACA\r\ngattacaT\n";
        Path f = Files.writeString(dir.resolve("g.fa"), fa);
        assertThat(CliRun.of("find", "-p", "GATTACA", "--device", "java", f.toString()).ok().outLines())
                .containsExactly("chr1\t2", "chr3\t3", "chr3\t10");
        assertThat(CliRun.of("count", "-p", "GATTACA", "--device", "java", f.toString()).ok().out()).isEqualTo("3\n");
        assertThat(CliRun.of("count", "-p", "gattaca", "--device", "java", f.toString()).ok().out())
                .as("FASTA bases are read in upper case").isEqualTo("3\n");
        assertThat(CliRun.of("count", "--raw", "-p", "GATTACA", "--device", "java", f.toString()).ok().out())
                .as("--raw: the bytes, title included").isEqualTo("2\n");
        Path gz = dir.resolve("g.fa.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(fa.getBytes(StandardCharsets.US_ASCII));
        }
        assertThat(CliRun.of("find", "-p", "GATTACA", "--device", "java", gz.toString()).ok().outLines())
                .containsExactly("chr1\t2", "chr3\t3", "chr3\t10");
        Path pats = Files.writeString(dir.resolve("p.txt"), "GATTACA\nTTG\n");
        assertThat(CliRun.of("find", "--patterns-file", pats.toString(), "--device", "java", f.toString()).ok()
                .outLines()).containsExactly("chr1\t2\t0", "chr2\t0\t1", "chr3\t3\t0", "chr3\t10\t0");
        assertThat(CliRun.of("count", "--patterns-file", pats.toString(), "--device", "java", f.toString()).ok()
                .outLines()).containsExactly("0\t3", "1\t1");
    }

    @Test
    void fastqQualitiesAreNotSearched() throws IOException {
        String fq = "@r1 lane1\nGATTACA\n+\nIIIIIII\n@r2\nACGT\n+r2\nGATT\n@r3\nTTGATTACAGG\n+\n@@@@@@@@@@@\n";
        Path f = Files.writeString(dir.resolve("reads.fq"), fq);
        assertThat(CliRun.of("count", "-p", "GATT", "--device", "java", f.toString()).ok().out()).isEqualTo("2\n");
        assertThat(CliRun.of("find", "-p", "GATT", "--device", "java", f.toString()).ok().outLines())
                .containsExactly("r1\t0", "r3\t2");
        assertThat(CliRun.of("count", "-p", "@@@", "--device", "java", f.toString()).ok().out()).isEqualTo("0\n");
        assertThat(CliRun.of("count", "--raw", "-p", "GATT", "--device", "java", f.toString()).ok().out())
                .isEqualTo("3\n");
        Path bad = Files.writeString(dir.resolve("bad.fq"), "@r1\nACGT\n+\nII\n");
        assertThat(CliRun.of("count", "-p", "A", bad.toString()).usageError()).contains("bad.fq line 1")
                .contains("4 bases but 2 quality");
    }

    @Test
    void severalFilesArePrefixedByTheirName() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "abcabc");
        Path b = Files.writeString(dir.resolve("b.txt"), "xbc");
        assertThat(CliRun.of("count", "-p", "bc", "--device", "java", a.toString(), b.toString()).ok().outLines())
                .containsExactly(a + "\t2", b + "\t1");
        assertThat(CliRun.of("find", "-p", "bc", "--device", "java", a.toString(), b.toString()).ok().outLines())
                .containsExactly(a + "\t1", a + "\t4", b + "\t1");
        Path pats = Files.writeString(dir.resolve("p.txt"), "bc\nx\n");
        assertThat(CliRun.of("count", "--patterns-file", pats.toString(), "--device", "java", a.toString(),
                b.toString()).ok().outLines()).containsExactly(a + "\t0\t2", a + "\t1\t0", b + "\t0\t1", b + "\t1\t1");
        assertThat(CliRun.of("count", "-p", "bc", a.toString(), dir.resolve("missing").toString()).exitCode())
                .isEqualTo(2);
    }

    @Test
    void ignoreCaseMatchesTheNaiveReferenceOnJava() throws IOException {
        checkIgnoreCase("java");
    }

    @Test
    void ignoreCaseMatchesTheNaiveReferenceOnOpenCl() throws IOException {
        Assumptions.assumeFalse(TestDevicesQuiet.openClMissing() && System.getenv("GPUMATCH_REQUIRE_OPENCL") == null,
                "no OpenCL device");
        checkIgnoreCase("opencl");
    }

    private void checkIgnoreCase(String device) throws IOException {
        Random r = new Random(42);
        byte[] text = new byte[100_003]; // not a multiple of any work-group or tile
        for (int i = 0; i < text.length; i++) { // letters of both cases, neighbours of the letters, all bytes
            int k = r.nextInt(10);
            text[i] = (byte) (k < 4 ? "aAbB".charAt(k) : k < 6 ? "@[`{".charAt(k - 4) : r.nextInt(256));
        }
        Path f = Files.write(dir.resolve("mixed.bin"), text);
        for (String p : List.of("ab", "AbA", "a@", "[b", "B{", "aBaB")) {
            byte[] pat = p.getBytes(StandardCharsets.US_ASCII);
            List<String> expected = new ArrayList<>();
            for (int i = 0; i + pat.length <= text.length; i++) {
                if (equalsIgnoreAsciiCase(text, i, pat)) {
                    expected.add(Integer.toString(i));
                }
            }
            assertThat(expected).as(p).isNotEmpty();
            for (String alg : List.of("auto", "cpu", "drk", "drk-wom-64")) {
                if (alg.startsWith("drk") && device.equals("java")) {
                    continue;
                }
                assertThat(CliRun.of("find", "-i", "-p", p, "-a", alg, "--device", device, f.toString()).ok()
                        .outLines()).as("%s with %s on %s", p, alg, device).isEqualTo(expected);
            }
            assertThat(CliRun.of("count", "-i", "-p", p, "--device", device, f.toString()).ok().out())
                    .isEqualTo(expected.size() + "\n");
        }
        Path pats = Files.writeString(dir.resolve("ci.txt"), "AB\nb{\n");
        long ab = 0;
        long bb = 0;
        for (int i = 0; i + 2 <= text.length; i++) {
            ab += equalsIgnoreAsciiCase(text, i, "ab".getBytes(StandardCharsets.US_ASCII)) ? 1 : 0;
            bb += equalsIgnoreAsciiCase(text, i, "b{".getBytes(StandardCharsets.US_ASCII)) ? 1 : 0;
        }
        for (String alg : device.equals("java") ? List.of("multi-cpu") : List.of("multi-cpu", "multi-rk")) {
            assertThat(CliRun.of("count", "-i", "--patterns-file", pats.toString(), "-a", alg, "--device", device,
                    f.toString()).ok().outLines()).as(alg).containsExactly("0\t" + ab, "1\t" + bb);
        }
    }

    private static boolean equalsIgnoreAsciiCase(byte[] text, int at, byte[] p) {
        for (int j = 0; j < p.length; j++) {
            int a = text[at + j] & 0xFF;
            int b = p[j] & 0xFF;
            if (a != b && !(Character.isLetter(a) && a < 128 && b < 128 && (a ^ 0x20) == b)) {
                return false;
            }
        }
        return true;
    }
}
