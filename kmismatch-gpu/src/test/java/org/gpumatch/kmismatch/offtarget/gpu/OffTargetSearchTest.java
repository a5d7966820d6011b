package org.gpumatch.kmismatch.offtarget.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.kmismatch.offtarget.OffTargetHit;
import org.gpumatch.kmismatch.offtarget.OffTargetSpec;
import org.gpumatch.kmismatch.offtarget.SiteMasks;
import org.gpumatch.kmismatch.offtarget.SiteText;
import org.gpumatch.sequence.FastaReader;
import org.gpumatch.sequence.GenomeReading;
import org.gpumatch.sequence.PackedGenome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenCL kernel and the Java search against {@link NaiveOffTargetSearch} on random genomes: several records (empty,
 * shorter than the pattern, soft-masked, N runs, IUPAC symbols), PAMs NGG, NRG and NNGRRT, IUPAC codes in queries,
 * sites planted with known mismatches on both strands, part sizes from 32 sites up, so hits fall on every part
 * boundary.
 */
class OffTargetSearchTest {
    static final String[] PATTERNS = {"NNNNNNNNNNNNNNNNNNNNNGG", "NNNNNNNNNNNNNNNNNNNNNRG", "NNNNNNNNNNNNNNNNNNNNNNGRRT",
        "NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNGG", "NRG", "TTTVNNNNNNNNNNNNNNNNNNNN"};

    record Case(List<String> records, String pattern, List<String> queries, List<Integer> limits) {
        OffTargetSpec spec() {
            return new OffTargetSpec(pattern, queries, limits);
        }

        PackedGenome genome() {
            List<String> titles = new ArrayList<>();
            List<byte[]> seqs = new ArrayList<>();
            for (int i = 0; i < records.size(); i++) {
                titles.add("chr" + i + " test record");
                seqs.add(records.get(i).getBytes(StandardCharsets.ISO_8859_1));
            }
            return PackedGenome.of(titles, seqs);
        }

        /** The same case with every query of plain bases and N (the searches' fast path). */
        Case plain() {
            return new Case(records, pattern, queries.stream().map(q -> q.replaceAll("[^ACGTNacgtn]", "G")).toList(),
                    limits);
        }

        List<OffTargetHit> expected() {
            return NaiveOffTargetSearch.search(records, pattern, queries, limits);
        }
    }

    static Case randomCase(Random rnd, int maxLength) {
        String pattern = PATTERNS[rnd.nextInt(PATTERNS.length)];
        int m = pattern.length();
        List<String> records = new ArrayList<>();
        int nrec = 1 + rnd.nextInt(4);
        for (int r = 0; r < nrec; r++) {
            int len = rnd.nextInt(5) == 0 ? rnd.nextInt(m + 1) : rnd.nextInt(maxLength);
            StringBuilder sb = new StringBuilder();
            while (sb.length() < len) {
                int kind = rnd.nextInt(60);
                if (kind == 0) {
                    sb.append("N".repeat(1 + rnd.nextInt(30)));
                } else if (kind == 1) {
                    sb.append("RYKMSWBDHVn".charAt(rnd.nextInt(11)));
                } else {
                    sb.append((kind < 15 ? "acgt" : "ACGT").charAt(rnd.nextInt(4)));
                }
            }
            records.add(sb.substring(0, len));
        }
        String all = String.join("", records);
        List<String> queries = new ArrayList<>();
        List<Integer> limits = new ArrayList<>();
        int nq = 1 + rnd.nextInt(12);
        for (int q = 0; q < nq; q++) {
            StringBuilder query = new StringBuilder();
            if (all.length() >= m && rnd.nextInt(4) > 0) {
                int at = rnd.nextInt(all.length() - m + 1);
                String site = all.substring(at, at + m).toUpperCase();
                if (rnd.nextBoolean()) {
                    StringBuilder rc = new StringBuilder();
                    for (int j = m - 1; j >= 0; j--) {
                        rc.append(NaiveOffTargetSearch.complement(site.charAt(j)));
                    }
                    site = rc.toString();
                }
                query.append(site.replace('N', 'A'));
            } else {
                for (int j = 0; j < m; j++) {
                    query.append("ACGT".charAt(rnd.nextInt(4)));
                }
            }
            for (int j = 0; j < m; j++) {
                if (pattern.charAt(j) != 'N' && rnd.nextInt(3) > 0) {
                    query.setCharAt(j, 'N'); // Cas-OFFinder style: the PAM part of a query is N
                } else if (rnd.nextInt(10) == 0) {
                    query.setCharAt(j, "ACGTRYN".charAt(rnd.nextInt(7)));
                }
            }
            queries.add(rnd.nextBoolean() ? query.toString() : query.toString().toLowerCase());
            limits.add(rnd.nextInt(Math.min(m, 7) + 1));
        }
        return new Case(records, pattern, queries, limits);
    }

    static List<OffTargetHit> run(OffTargetSearch search, PackedGenome genome) {
        List<OffTargetHit> hits = new ArrayList<>();
        search.run(genome, hits::add);
        return hits;
    }

    @Test
    void kernelAgreesWithTheNaiveSearch() {
        ComputeDevice device = TestDevices.openCl();
        Random rnd = new Random(22);
        int[] parts = {32, 96, 288, 1024, 4096, 1 << 20};
        for (int trial = 0; trial < 40; trial++) {
            Case c = trial % 3 == 0 ? randomCase(rnd, trial < 30 ? 1500 : 9000).plain()
                    : randomCase(rnd, trial < 30 ? 1500 : 9000);
            int part = parts[trial % parts.length];
            boolean copyParts = trial % 2 == 1;
            SiteMasks masks = new SiteMasks(c.spec());
            GpuPartSearcher gpu = new GpuPartSearcher(masks, device, part, BufferCreation.COPY);
            gpu.forceCopy = copyParts;
            assertThat(masks.plain()).isEqualTo(trial % 3 == 0 || masks.plain());
            try (OffTargetSearch s = new OffTargetSearch(c.spec(), masks, gpu)) {
                assertThat(run(s, c.genome())).as("trial %d, parts of %d, copied %s, %s", trial, part, copyParts,
                        c.pattern()).isEqualTo(c.expected());
            }
        }
    }

    @TempDir
    Path dir;

    /**
     * The search while the genome is read ({@link OffTargetSearch#run(GenomeReading, java.util.function.Consumer,
     * java.util.function.Consumer)}): a FASTA file read in blocks of a few bytes on several threads, parts searched as
     * their bases become final (copied to the device), hits equal to the naive search's, in the same order.
     */
    @Test
    void searchWhileReadingAgreesWithTheNaiveSearch() throws IOException {
        ComputeDevice device = TestDevices.openCl();
        Random rnd = new Random(24);
        for (int trial = 0; trial < 24; trial++) {
            Case c = trial % 3 == 0 ? randomCase(rnd, 3000).plain() : randomCase(rnd, 3000);
            StringBuilder fasta = new StringBuilder();
            String eol = trial % 2 == 0 ? "\n" : "\r\n";
            int width = 1 + rnd.nextInt(90);
            for (int r = 0; r < c.records().size(); r++) {
                fasta.append(">chr").append(r).append(" test record").append(eol);
                String seq = c.records().get(r);
                for (int i = 0; i < seq.length(); i += width) {
                    fasta.append(seq, i, Math.min(seq.length(), i + width)).append(eol);
                }
            }
            Path file = dir.resolve("g" + trial + ".fa");
            Files.writeString(file, fasta, StandardCharsets.ISO_8859_1);
            int part = 32 * (1 + rnd.nextInt(20));
            GenomeReading reading = FastaReader.start(file, 1 + rnd.nextInt(3), 1 + rnd.nextInt(400));
            List<OffTargetHit> hits = new ArrayList<>();
            PackedGenome[] seen = new PackedGenome[1];
            try (OffTargetSearch s = trial % 4 == 3 ? OffTargetSearch.onCpu(c.spec(), 2, part)
                    : OffTargetSearch.on(c.spec(), device, part, BufferCreation.COPY)) {
                OffTargetSearch.Stats stats = s.run(reading, g -> seen[0] = g, hits::add);
                assertThat(stats.hits()).isEqualTo(hits.size());
            }
            assertThat(seen[0].length()).isEqualTo(c.records().stream().mapToLong(String::length).sum());
            assertThat(hits).as("trial %d, parts of %d, %s", trial, part, c.pattern()).isEqualTo(c.expected());
        }
    }

    @Test
    void javaSearchAgreesWithTheNaiveSearch() {
        Random rnd = new Random(23);
        for (int trial = 0; trial < 60; trial++) {
            Case c = trial % 3 == 0 ? randomCase(rnd, 3000).plain() : randomCase(rnd, 3000);
            try (OffTargetSearch s = OffTargetSearch.onCpu(c.spec(), 1 + rnd.nextInt(3), 32 * (1 + rnd.nextInt(40)))) {
                assertThat(run(s, c.genome())).as("trial %d, %s", trial, c.pattern()).isEqualTo(c.expected());
            }
        }
    }

    /**
     * The one-strand mode ({@link OffTargetSpec#bothStrands()} false): the kernel and the Java search find exactly the
     * naive search's forward-strand hits, and count half the comparisons.
     */
    @Test
    void oneStrandSearchesOnlyTheForwardStrand() {
        ComputeDevice device = TestDevices.openCl();
        Random rnd = new Random(25);
        for (int trial = 0; trial < 16; trial++) {
            Case c = trial % 3 == 0 ? randomCase(rnd, 2000).plain() : randomCase(rnd, 2000);
            OffTargetSpec one = new OffTargetSpec(c.pattern(), c.queries(), c.limits(), false);
            List<OffTargetHit> expected = c.expected().stream().filter(h -> h.strand() == '+').toList();
            int part = 32 * (1 + rnd.nextInt(30));
            try (OffTargetSearch s = trial % 2 == 0 ? OffTargetSearch.on(one, device, part, BufferCreation.COPY)
                    : OffTargetSearch.onCpu(one, 2, part)) {
                List<OffTargetHit> hits = new ArrayList<>();
                OffTargetSearch.Stats stats = s.run(c.genome(), hits::add);
                assertThat(hits).as("trial %d, %s", trial, c.pattern()).isEqualTo(expected);
                assertThat(stats.comparisons(c.queries().size())).isEqualTo(stats.sites() * c.queries().size());
            }
        }
    }

    @Test
    void plantedSitesOnBothStrandsWithKnownMismatches() {
        String guide = "GACGCATAAAGATGAGACGC";
        String fwd = guide.substring(0, 17) + "T" + guide.substring(18) + "TGG"; // 1 mismatch, + strand
        StringBuilder rc = new StringBuilder();
        String site = "GACcCATAAAGATGAGACGCAGG"; // 1 mismatch, read on the - strand
        for (int j = site.length() - 1; j >= 0; j--) {
            rc.append(NaiveOffTargetSearch.complement(site.charAt(j)));
        }
        String record = "ACGT".repeat(10) + fwd + "NNNN" + rc + "acgtacgt" + guide + "NGG";
        Case c = new Case(List.of(record, "", guide + "AGG"), "NNNNNNNNNNNNNNNNNNNNNGG", List.of(guide + "NNN"),
                List.of(1));
        List<OffTargetHit> expected = c.expected();
        assertThat(expected).extracting(OffTargetHit::strand).containsExactly('+', '-', '+', '+');
        assertThat(expected).extracting(OffTargetHit::mismatches).containsExactly(1, 1, 0, 0); // N under the PAM's N matches
        try (OffTargetSearch s = OffTargetSearch.onCpu(c.spec(), 2, 64)) {
            List<OffTargetHit> hits = run(s, c.genome());
            assertThat(hits).isEqualTo(expected);
            assertThat(SiteText.of(c.genome(), hits.get(0), c.spec().queries().get(0))).isEqualTo(
                    "GACGCATAAAGATGAGAtGCTGG");
            assertThat(SiteText.of(c.genome(), hits.get(1), c.spec().queries().get(0))).isEqualTo(
                    "GACcCATAAAGATGAGACGCAGG");
        }
    }

    @Test
    void specErrorsSayWhatIsWrong() {
        assertThatThrownBy(() -> new OffTargetSpec("NNNGG", List.of("ACGNN", "ACGTNN"), List.of(1, 1)))
                .hasMessage("query 1 has 6 codes, the pattern 5");
        assertThatThrownBy(() -> new OffTargetSpec("NNNGG", List.of("ACXNN"), List.of(1)))
                .hasMessageContaining("query 0: 'X' at position 3 is not an IUPAC nucleotide code");
        assertThatThrownBy(() -> new OffTargetSpec("N".repeat(65), List.of("A".repeat(65)), List.of(1)))
                .hasMessageContaining("1 to 64 codes");
    }
}
