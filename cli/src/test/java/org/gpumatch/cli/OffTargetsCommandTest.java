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
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpumatch offtargets}: Cas-OFFinder's input and output on FASTA genomes (records, soft-masking, N runs, gzip,
 * a directory), the Java search and the OpenCL kernel giving the same output, the same hits as Cas-OFFinder 3.0.0 where
 * its binary runs here, the other formats, and errors naming file and line.
 */
class OffTargetsCommandTest {
    static final String NGG = "NNNNNNNNNNNNNNNNNNNNNGG";

    @TempDir
    Path dir;

    private final List<String> sequences = new ArrayList<>();

    /** A genome directory: a plain file with two records and a gzipped one; soft-masked stretches and N runs. */
    private Path genome(Random rnd, int length, boolean gzip) throws IOException {
        Path g = Files.createDirectories(dir.resolve("genome"));
        sequences.clear();
        sequences.add(randomDna(rnd, length));
        sequences.add(randomDna(rnd, length / 3));
        sequences.add(randomDna(rnd, length / 2));
        StringBuilder a = new StringBuilder(">chr1 first test record\n");
        appendLines(a, sequences.get(0), 60, "\n");
        a.append(">chr2\r\n");
        appendLines(a, sequences.get(1), 71, "\r\n");
        Files.writeString(g.resolve("a.fa"), a, StandardCharsets.ISO_8859_1);
        StringBuilder b = new StringBuilder(">chrM mito\n");
        appendLines(b, sequences.get(2), 50, "\n");
        if (gzip) {
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(g.resolve("b.fa.gz")))) {
                out.write(b.toString().getBytes(StandardCharsets.ISO_8859_1));
            }
        } else {
            Files.writeString(g.resolve("b.fa"), b, StandardCharsets.ISO_8859_1);
        }
        return g;
    }

    static String randomDna(Random rnd, int length) {
        StringBuilder sb = new StringBuilder();
        boolean lower = false;
        while (sb.length() < length) {
            if (rnd.nextInt(400) == 0) {
                sb.append("N".repeat(1 + rnd.nextInt(50)));
            }
            if (rnd.nextInt(200) == 0) {
                lower = !lower;
            }
            char c = "ACGT".charAt(rnd.nextInt(4));
            sb.append(lower ? Character.toLowerCase(c) : c);
        }
        return sb.substring(0, length);
    }

    private static void appendLines(StringBuilder sb, String seq, int width, String eol) {
        for (int i = 0; i < seq.length(); i += width) {
            sb.append(seq, i, Math.min(seq.length(), i + width)).append(eol);
        }
    }

    /**
     * Queries taken from sites of the genome followed by the PAM (forward or reverse strand), with 0 to 3 bases changed,
     * written as Cas-OFFinder input: hits with every number of mismatches.
     */
    private Path input(Path genome, String pattern, int queries, Random rnd) {
        int guide = pattern.length() - pattern.replaceAll("^N+", "").length();
        guide = Math.min(guide, pattern.length() - 3);
        java.util.regex.Pattern site = java.util.regex.Pattern.compile("(?=([ACGT]{" + guide + "})"
                + pattern.substring(guide).replace("N", "[ACGT]").replace("R", "[AG]") + ")");
        StringBuilder sb = new StringBuilder(genome.toString()).append('\n').append(pattern).append('\n');
        List<String> starts = new ArrayList<>();
        List<String> strands = new ArrayList<>(sequences);
        for (String seq : sequences) {
            StringBuilder rc = new StringBuilder();
            for (int j = seq.length() - 1; j >= 0; j--) {
                rc.append("TGCAN".charAt("ACGTN".indexOf(Character.toUpperCase(seq.charAt(j)))));
            }
            strands.add(rc.toString());
        }
        for (String seq : strands) {
            java.util.regex.Matcher m = site.matcher(seq.toUpperCase());
            while (m.find()) {
                starts.add(m.group(1));
            }
        }
        for (int q = 0; q < queries; q++) {
            char[] g = starts.get(rnd.nextInt(starts.size())).toCharArray();
            for (int c = rnd.nextInt(4); c > 0; c--) {
                g[rnd.nextInt(g.length)] = "ACGT".charAt(rnd.nextInt(4));
            }
            sb.append(g).append("N".repeat(pattern.length() - guide)).append(' ').append(2 + q % 3).append('\n');
        }
        Path in = dir.resolve("input.txt");
        try {
            Files.writeString(in, sb);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return in;
    }

    /** Cas-OFFinder 3.0.0 reads plain FASTA files only (it skips gzipped ones): {@code gzip} false for comparisons. */
    private Path standardCase(String pattern, boolean gzip) throws IOException {
        Random rnd = new Random(5);
        Path g = genome(rnd, 20_000, gzip);
        return input(g, pattern, 16, rnd);
    }

    @Test
    void javaAndOpenClGiveTheSameCasOffinderOutput() throws IOException {
        for (String pattern : new String[] {NGG, "NNNNNNNNNNNNNNNNNNNNNRG", "NNNNNNNNNNNNNNNNNNNNNNGRRT"}) {
            Path in = standardCase(pattern, true);
            CliRun java = CliRun.of("offtargets", in.toString(), "--device", "java").ok();
            assertThat(java.outLines().get(0)).isEqualTo("##Generated by Cas-OFFinder 3.0.0");
            assertThat(java.outLines().get(1)).isEqualTo(
                    "#Id\tBulge Type\tcrRNA\tDNA\tChromosome\tLocation\tDirection\tMismatches\tBulge Size");
            assertThat(java.outLines().size()).as(pattern).isGreaterThan(12);
            assertThat(java.out()).contains("\tchr1 first test record\t").contains("\tchr2\t").contains("\tchrM mito\t")
                    .contains("\t+\t").contains("\t-\t");
            if (!TestDevicesQuiet.openClMissing()) {
                CliRun cl = CliRun.of("offtargets", in.toString(), "--device", "opencl", "--part-size", "4096").ok();
                assertThat(cl.out()).isEqualTo(java.out());
            }
            CliRun count = CliRun.of("offtargets", in.toString(), "--device", "java", "--count").ok();
            assertThat(count.outLines()).containsExactly(String.valueOf(java.outLines().size() - 2));
        }
    }

    @Test
    void sameHitsAsCasOffinder() throws IOException, InterruptedException {
        Path script = casOffinder();
        Assumptions.assumeTrue(script != null, "Cas-OFFinder 3.0.0 not found (shared/peers/cas-offinder-3.0.0)");
        for (String pattern : new String[] {NGG, "NNNNNNNNNNNNNNNNNNNNNRG", "NNNNNNNNNNNNNNNNNNNNNNGRRT"}) {
            Path in = standardCase(pattern, false);
            Path theirs = dir.resolve("cas-offinder-out.txt");
            Files.deleteIfExists(theirs);
            Process p = new ProcessBuilder(script.toString(), in.toString(), "C", theirs.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("cas-offinder.log").toFile()).start();
            boolean done = p.waitFor(300, TimeUnit.SECONDS);
            Assumptions.assumeTrue(done && p.exitValue() == 0 && Files.exists(theirs),
                    "Cas-OFFinder did not run here (needs an OpenCL CPU device): "
                            + Files.readString(dir.resolve("cas-offinder.log")));
            CliRun ours = CliRun.of("offtargets", in.toString(), "--device", "java").ok();
            List<String> a = sortedData(Files.readAllLines(theirs));
            List<String> b = sortedData(ours.outLines());
            assertThat(b).as(pattern).isEqualTo(a);
            assertThat(b).isNotEmpty();
        }
    }

    static List<String> sortedData(List<String> lines) {
        List<String> data = new ArrayList<>();
        for (String l : lines) {
            if (!l.startsWith("#") && !l.isEmpty()) {
                data.add(l);
            }
        }
        data.sort(null);
        return data;
    }

    /** The Cas-OFFinder launcher script in a parent's shared/peers, or null. */
    static Path casOffinder() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path s = d.resolve("shared/peers/cas-offinder-3.0.0/cas-offinder.sh");
            if (Files.isExecutable(s)) {
                return s;
            }
        }
        return null;
    }

    @Test
    void explainShowsThePlannersEstimatesUnderAutoOnly() throws IOException {
        Path in = standardCase(NGG, true);
        CliRun auto = CliRun.of("offtargets", in.toString(), "--explain").ok();
        assertThat(auto.err()).contains("search on ");
        if (auto.err().contains("OpenCL device is a CPU") || auto.err().contains("no OpenCL device")) {
            // The planner's rules that need no estimate (PoCL in CI): its reason only.
            assertThat(auto.err()).doesNotContain("estimates (");
        } else {
            assertThat(auto.err()).contains("estimates (").contains(" java").contains(" gpu");
        }
        CliRun forced = CliRun.of("offtargets", in.toString(), "--device", "java", "--explain").ok();
        assertThat(forced.err()).contains("search on ").contains("--device java").doesNotContain("estimates (");
        assertThat(forced.out()).isEqualTo(auto.out());
    }

    @Test
    void bedTsvAndNativeFlags() throws IOException {
        Path g = Files.createDirectories(dir.resolve("g"));
        String guide = "GACGCATAAAGATGAGACGC";
        Files.writeString(g.resolve("x.fa"), ">chrX some title\nTTTT" + guide + "TGGAAAA\n>chrY\n"
                + "CCAgcAtctcatctttatgcgtcAAA\n");
        Path guides = dir.resolve("guides.txt");
        Files.writeString(guides, "# my guides\n" + guide + "NNN\n" + "ACGTACGTACGTACGTACGTNNN 0\n");
        CliRun bed = CliRun.of("offtargets", "--genome", g.toString(), "--pattern", NGG, "--guides",
                guides.toString(), "--mismatches", "1", "--format", "bed", "--device", "java").ok();
        assertThat(bed.outLines()).containsExactly("chrX\t4\t27\t" + guide + "NNN\t0\t+",
                "chrY\t0\t23\t" + guide + "NNN\t1\t-");
        CliRun tsv = CliRun.of("offtargets", "--genome", g.toString(), "--pattern", NGG, "--guides",
                guides.toString(), "--mismatches", "1", "--format", "tsv", "--device", "java").ok();
        assertThat(tsv.outLines()).containsExactly("#record\tstart\tend\tstrand\tquery_index\tquery\tsite\tmismatches",
                "chrX\t4\t27\t+\t0\t" + guide + "NNN\t" + guide + "TGG\t0",
                "chrY\t0\t23\t-\t0\t" + guide + "NNN\tGACGCATAAAGATGAGAtGCTGG\t1");
        Path out = dir.resolve("out.txt");
        CliRun.of("offtargets", "--genome", g.toString(), "--pattern", NGG, "--guides", guides.toString(),
                "--mismatches", "1", "-o", out.toString(), "--device", "java").ok();
        assertThat(Files.readAllLines(out)).contains("0\tX\t" + guide + "NNN\tGACGCATAAAGATGAGAtGCTGG\tchrY\t0\t-\t1\t0");
    }

    @Test
    void errorsNameFileAndLine() throws IOException {
        Path g = Files.createDirectories(dir.resolve("g"));
        Files.writeString(g.resolve("x.fa"), ">chrX\nACGT\n");
        Path in = dir.resolve("in.txt");
        Files.writeString(in, dir.resolve("nowhere") + "\n" + NGG + "\nACGTACGTACGTACGTACGTNNN 3\n");
        CliRun missing = CliRun.of("offtargets", in.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains(in + ":1: genome " + dir.resolve("nowhere") + ": no such file or directory")
                .doesNotContain("Exception");
        Files.writeString(in, g + "\n" + NGG + "\nACGTACGTACGTACGTACGTNNN 3\nACGTACGTACGTACGTACGTNN 3\n");
        assertThat(CliRun.of("offtargets", in.toString()).err()).contains(in + ":4: query ACGTACGTACGTACGTACGTNN has "
                + "22 bases, the pattern on line 2 has 23");
        Files.writeString(in, g + "\n" + NGG + "\nACGTACGTACGTACGTACGTNNN 3\nACGTACGTACGTACGTACGTNNJ 3\n");
        assertThat(CliRun.of("offtargets", in.toString()).err()).contains(in + ":4: query ACGTACGTACGTACGTACGTNNJ: "
                + "'J' at position 23 is not an IUPAC nucleotide code");
        Files.writeString(in, g + "\nNNNNNXNNNNNNNNNNNNNNNGG\n");
        assertThat(CliRun.of("offtargets", in.toString()).err()).contains(in + ":2: pattern NNNNNXNNNNNNNNNNNNNNNGG");
        Path guides = dir.resolve("guides.txt");
        Files.writeString(guides, "ACGTACGTACGTACGTACGTNNN\nACGT\n");
        CliRun bad = CliRun.of("offtargets", "--genome", g.toString(), "--pattern", NGG, "--guides", guides.toString(),
                "--mismatches", "2");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains(guides + ":2: query ACGT has 4 bases");
        assertThat(CliRun.of("offtargets", dir.resolve("none.txt").toString()).err())
                .contains(dir.resolve("none.txt") + ": no such input file");
    }
}
