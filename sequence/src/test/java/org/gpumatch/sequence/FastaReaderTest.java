package org.gpumatch.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FastaReader against a line-by-line reference parser on random FASTA files, at block sizes crossing every boundary. */
class FastaReaderTest {
    @TempDir
    Path dir;

    /** The reference: records (title, symbols upper-cased) parsed line by line. */
    record Ref(List<String> titles, List<String> seqs) {
        static Ref parse(String... files) {
            List<String> titles = new ArrayList<>();
            List<String> seqs = new ArrayList<>();
            for (String text : files) {
                StringBuilder cur = null;
                for (String line : text.split("\n", -1)) {
                    String l = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
                    if (l.startsWith(">")) {
                        if (cur != null) {
                            seqs.add(cur.toString());
                        }
                        titles.add(l.substring(1));
                        cur = new StringBuilder();
                    } else if (cur != null) {
                        cur.append(l.replace(" ", "").replace("\t", "").toUpperCase());
                    }
                }
                if (cur != null) {
                    seqs.add(cur.toString());
                }
            }
            return new Ref(titles, seqs);
        }
    }

    static String randomFasta(Random rnd, int records, boolean crlf) {
        StringBuilder sb = new StringBuilder();
        String eol = crlf ? "\r\n" : "\n";
        for (int r = 0; r < records; r++) {
            sb.append(">rec").append(r).append(rnd.nextBoolean() ? " a description\twith tab" : "").append(eol);
            int len = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(700);
            int width = 1 + rnd.nextInt(80);
            StringBuilder seq = new StringBuilder();
            while (seq.length() < len) {
                int kind = rnd.nextInt(20);
                if (kind == 0) {
                    seq.append("N".repeat(1 + rnd.nextInt(40)));
                } else if (kind == 1) {
                    seq.append("nRYKMBDHVW-".charAt(rnd.nextInt(11)));
                } else {
                    seq.append((kind < 6 ? "acgt" : "ACGT").charAt(rnd.nextInt(4)));
                }
            }
            for (int i = 0; i < seq.length(); i += width) {
                sb.append(seq, i, Math.min(seq.length(), i + width)).append(eol);
            }
        }
        if (rnd.nextBoolean() && sb.length() > 0) {
            sb.setLength(sb.length() - eol.length());
        }
        return sb.toString();
    }

    static void assertSame(PackedGenome g, Ref ref) {
        assertThat(g.records()).hasSize(ref.titles().size());
        long at = 0;
        for (int r = 0; r < ref.titles().size(); r++) {
            SequenceRecord rec = g.records().get(r);
            String seq = ref.seqs().get(r);
            assertThat(rec.title()).isEqualTo(ref.titles().get(r));
            assertThat(rec.name()).isEqualTo(ref.titles().get(r).split("[ \t]", -1)[0]);
            assertThat(rec.start()).isEqualTo(at);
            assertThat(rec.length()).isEqualTo(seq.length());
            assertThat(new String(g.symbols(at, seq.length()), StandardCharsets.ISO_8859_1)).isEqualTo(seq);
            for (int i = 0; i < seq.length(); i++) {
                boolean acgt = "ACGT".indexOf(seq.charAt(i)) >= 0;
                assertThat(g.isException(at + i)).isEqualTo(!acgt);
                if (!acgt) {
                    assertThat(g.code(at + i)).isZero();
                }
            }
            at += seq.length();
        }
        assertThat(g.length()).isEqualTo(at);
    }

    @Test
    void randomFilesAtEveryBlockSize() throws IOException {
        Random rnd = new Random(7);
        for (int round = 0; round < 60; round++) {
            String text = randomFasta(rnd, 1 + rnd.nextInt(6), rnd.nextBoolean());
            Path f = dir.resolve("g" + round + ".fa");
            Files.writeString(f, text, StandardCharsets.ISO_8859_1);
            int block = 1 + rnd.nextInt(round < 20 ? 8 : 300);
            assertSame(FastaReader.read(f, 1 + rnd.nextInt(4), block), Ref.parse(text));
        }
    }

    /**
     * The plain-file pass with many blocks in flight: long fixed-width lines (the 8-byte path), records and titles
     * crossing blocks, CRLF, soft-masking, N runs, 8 threads waiting on each other's placement; the genome's arrays
     * (sized by the file's bytes) hold zeros past the last base.
     */
    @Test
    void manyBlocksOnManyThreads() throws IOException {
        Random rnd = new Random(3);
        for (int round = 0; round < 12; round++) {
            boolean crlf = round % 2 == 1;
            String eol = crlf ? "\r\n" : "\n";
            StringBuilder sb = new StringBuilder();
            int width = new int[] {60, 61, 70, 80, 1000, 7}[round % 6];
            for (int r = 0; r < 1 + rnd.nextInt(5); r++) {
                sb.append(">chr").append(r).append(" ").append("x".repeat(rnd.nextInt(300))).append(eol);
                int len = rnd.nextInt(40_000);
                for (int i = 0; i < len; i++) {
                    int k = rnd.nextInt(200);
                    sb.append(k == 0 ? 'N' : (i / 777) % 2 == 0 ? "ACGT".charAt(k & 3) : "acgt".charAt(k & 3));
                    if (k == 1) {
                        sb.append("N".repeat(rnd.nextInt(100)));
                    }
                    if ((i + 1) % width == 0) {
                        sb.append(eol);
                    }
                }
                sb.append(eol);
            }
            String text = sb.toString();
            Path f = dir.resolve("m" + round + ".fa");
            Files.writeString(f, text, StandardCharsets.ISO_8859_1);
            int block = 1 + rnd.nextInt(5000);
            PackedGenome g = FastaReader.read(f, 8, block);
            assertSame(g, Ref.parse(text));
            for (int w = (int) ((g.length() + 15) / 16); w < g.baseWords().length; w++) {
                assertThat(g.baseWords()[w]).isZero();
            }
            for (int w = (int) ((g.length() + 31) / 32); w < g.exceptionWords().length; w++) {
                assertThat(g.exceptionWords()[w]).isZero();
            }
        }
    }

    /**
     * A reading in the background: whatever prefix {@link GenomeReading#awaitBases} reports final holds its final bits
     * at that moment already (snapshots taken while later blocks are still being read), and the genome matches.
     */
    @Test
    void basesFinalWhileReading() throws IOException {
        Random rnd = new Random(5);
        for (int round = 0; round < 8; round++) {
            String text = randomFasta(rnd, 3 + rnd.nextInt(8), rnd.nextBoolean()).repeat(20);
            Path f = dir.resolve("s" + round + ".fa");
            Files.writeString(f, text, StandardCharsets.ISO_8859_1);
            GenomeReading reading = FastaReader.start(f, 1 + rnd.nextInt(4), 1 + rnd.nextInt(200));
            List<long[]> seen = new ArrayList<>(); // (final bases, base word, exception word) snapshots
            for (long want = 1; !reading.isDone(); want += 1 + rnd.nextInt(500)) {
                long ready = reading.awaitBases(want);
                if (ready > 0 && reading.progressive()) {
                    long at = rnd.nextLong(ready);
                    seen.add(new long[] {at, code(reading.baseWords(), at), bit(reading.exceptionWords(), at)});
                }
            }
            PackedGenome g = reading.genome();
            assertSame(g, Ref.parse(text));
            for (long[] s : seen) {
                assertThat(code(g.baseWords(), s[0])).isEqualTo(s[1]);
                assertThat(bit(g.exceptionWords(), s[0])).isEqualTo(s[2]);
            }
        }
        Path gz = dir.resolve("z.fa.gz");
        gzip(gz, ">z\nACGTN\n");
        GenomeReading reading = FastaReader.start(gz, 2, 3);
        assertThat(reading.awaitBases(1)).isEqualTo(5);
        assertThat(reading.progressive()).isFalse();
        Path bad = dir.resolve("bad.fa");
        Files.writeString(bad, "ACGT\n>x\nAC\n");
        assertThatThrownBy(() -> FastaReader.start(bad, 2, 4).awaitBases(100))
                .isInstanceOf(SequenceFormatException.class).hasMessageContaining("bad.fa:1:");
    }

    private static long code(int[] words, long i) {
        return words[(int) (i >>> 4)] >>> (2 * (i & 15)) & 3;
    }

    private static long bit(int[] words, long i) {
        return words[(int) (i >>> 5)] >>> (i & 31) & 1;
    }

    @Test
    void gzipAndDirectories() throws IOException {
        Random rnd = new Random(11);
        Path genome = Files.createDirectory(dir.resolve("genome"));
        String a = randomFasta(rnd, 3, false);
        String b = randomFasta(rnd, 2, true);
        String c = randomFasta(rnd, 2, false);
        Files.writeString(genome.resolve("b.fa"), b, StandardCharsets.ISO_8859_1);
        gzip(genome.resolve("a.fasta.gz"), a);
        gzip(genome.resolve("c.fna.gz"), c);
        Files.writeString(genome.resolve("notes.txt"), "not a genome");
        Files.writeString(genome.resolve("b.fa.fai"), "index");
        assertSame(FastaReader.read(genome, 3, 37), Ref.parse(a, b, c));
        assertSame(FastaReader.read(genome.resolve("a.fasta.gz")), Ref.parse(a));
    }

    @Test
    void singleLineRecordsAndEmptyRecords() throws IOException {
        String text = ">x\n" + "ACGT".repeat(1000) + "\n>empty\n>y desc\nNNNNacgtNNNN";
        Path f = dir.resolve("one.fa");
        Files.writeString(f, text);
        for (int block : new int[] {1, 2, 3, 5, 64, 1 << 20}) {
            assertSame(FastaReader.read(f, 2, block), Ref.parse(text));
        }
    }

    /**
     * The default block size (1 MiB) with files whose sizes fall just off block boundaries, a single-line record of
     * several blocks (prefixes that are sequence, not kept as text), a title crossing a block boundary, CRLF, and every
     * byte value inside sequence lines (bytes other than A/C/G/T kept as exceptions, ASCII letters upper-cased, every
     * other byte as it is; the skipped bytes CR, space, tab, form feed and vertical tab left out of the reference).
     */
    @Test
    void defaultBlocksOffBoundariesAndEveryByteValue() throws IOException {
        int block = FastaReader.BLOCK_BYTES;
        StringBuilder all = new StringBuilder();
        for (int b = 0; b < 256; b++) {
            if (b != '\n' && b != '\r' && b != ' ' && b != '\t' && b != '\f' && b != 0x0B) {
                all.append((char) b);
            }
        }
        Random rnd = new Random(11);
        for (int delta : new int[] {-3, -1, 0, 1, 2, 17}) {
            for (boolean crlf : new boolean[] {false, true}) {
                String eol = crlf ? "\r\n" : "\n";
                StringBuilder sb = new StringBuilder(">one line" + eol);
                sb.append("ACGT".repeat((3 * block + 5) / 4)).append(eol); // one line over several blocks
                sb.append(">bytes ").append("t".repeat(4 * block - sb.length() - 10)).append(" title across").append(eol);
                sb.append('A').append(all).append(eol);
                while (sb.length() < 5 * block + delta - 2 * eol.length()) {
                    sb.append((char) "ACGTacgtN".charAt(rnd.nextInt(9)));
                    if (sb.length() % 61 == 0) {
                        sb.append(eol);
                    }
                }
                sb.setLength(5 * block + delta - eol.length());
                sb.append(eol);
                String text = sb.toString();
                Path f = dir.resolve("default" + delta + crlf + ".fa");
                Files.writeString(f, text, StandardCharsets.ISO_8859_1);
                assertThat(Files.size(f)).isEqualTo(5L * block + delta);
                Ref ref = Ref.parse(text);
                assertSame(FastaReader.read(f, 3), new Ref(ref.titles(), lines(text, ref)));
            }
        }
    }

    /**
     * The sequences of {@code text} parsed again with every skipped byte left out and ASCII-only upper-casing (the
     * reference's String.toUpperCase would map Latin-1 letters).
     */
    private static List<String> lines(String text, Ref parsed) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = null;
        for (String line : text.split("\n", -1)) {
            String l = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            if (l.startsWith(">")) {
                if (cur != null) {
                    out.add(cur.toString());
                }
                cur = new StringBuilder();
            } else if (cur != null) {
                for (char c : l.toCharArray()) {
                    if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != 0x0B) {
                        cur.append(c >= 'a' && c <= 'z' ? (char) (c - 32) : c);
                    }
                }
            }
        }
        if (cur != null) {
            out.add(cur.toString());
        }
        assertThat(out).hasSize(parsed.seqs().size());
        return out;
    }

    @Test
    void longTitlePieceAcrossBlocksIsAnErrorWithItsLine() throws IOException {
        Path f = dir.resolve("title.fa");
        int block = 1 << 20;
        String first = ">a\n" + "C".repeat(block - 100) + "\n";
        String text = first + ">r " + "x".repeat(FastaBlock.MAX_TITLE_PIECE + 200) + "\nACGT\n";
        Files.writeString(f, text);
        assertThatThrownBy(() -> FastaReader.read(f, 2, block)).isInstanceOf(SequenceFormatException.class)
                .hasMessageStartingWith(f + ":3: title line longer than");
        assertSame(FastaReader.read(f, 2, 4 * block), Ref.parse(text));
    }

    @Test
    void errorsNameFileAndLine() throws IOException {
        Path f = dir.resolve("bad.fa");
        Files.writeString(f, "\n\nACGT\n>r\nAC\n");
        assertThatThrownBy(() -> FastaReader.read(f)).isInstanceOf(SequenceFormatException.class)
                .hasMessage(f + ":3: sequence before the first title line (a FASTA record starts with '>')");
        assertThatThrownBy(() -> FastaReader.read(dir.resolve("missing"))).isInstanceOf(SequenceFormatException.class)
                .hasMessage(dir.resolve("missing") + ": no such file or directory");
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertThatThrownBy(() -> FastaReader.read(empty)).hasMessageContaining("directory holds no FASTA file");
        Path broken = dir.resolve("broken.fa.gz");
        Files.write(broken, new byte[] {0x1f, (byte) 0x8b, 8, 0, 1, 2, 3});
        assertThatThrownBy(() -> FastaReader.read(broken)).isInstanceOf(IOException.class)
                .hasMessageContaining(broken.toString());
    }

    @Test
    void packsInMemoryRecords() {
        PackedGenome g = PackedGenome.of(List.of("a b", "c"), List.of("ACGTN".getBytes(), "tgca".getBytes()));
        assertThat(new String(g.symbols(0, 9), StandardCharsets.ISO_8859_1)).isEqualTo("ACGTNTGCA");
        assertThat(g.recordIndexAt(4)).isZero();
        assertThat(g.recordIndexAt(5)).isEqualTo(1);
        assertThat(g.withinOneRecord(3, 2)).isTrue();
        assertThat(g.withinOneRecord(3, 3)).isFalse();
    }

    private static void gzip(Path p, String text) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            out.write(bytes, 0, bytes.length / 2);
        }
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p, java.nio.file.StandardOpenOption.APPEND))) {
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            out.write(bytes, bytes.length / 2, bytes.length - bytes.length / 2);
        }
    }
}
