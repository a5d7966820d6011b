package org.gpumatch.bench.kmismatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.gpumatch.bench.BenchOptions.TextFile;
import org.gpumatch.bench.UsageException;
import org.gpumatch.kmismatch.KMismatchVariant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep grids and the real-DNA input of the kmismatch suite (no device). */
class KMismatchSweepsTest {
    @TempDir
    Path tmp;

    @Test
    void threadCountsArePowersOfTwoUpToTheCores() {
        assertThat(KMismatchSweeps.threadCounts(32, false)).containsExactly(1, 2, 4, 8, 16);
        assertThat(KMismatchSweeps.threadCounts(12, false)).containsExactly(1, 2, 4, 8, 12);
        assertThat(KMismatchSweeps.threadCounts(1, false)).containsExactly(1);
        assertThat(KMismatchSweeps.threadCounts(16, true)).containsExactly(1, 2);
        assertThat(KMismatchSweeps.threadCounts(1, true)).containsExactly(1);
    }

    @Test
    void textLengthsAre16And64MiBBelowNThenN() {
        assertThat(KMismatchSweeps.textLengths(256 << 20, false)).containsExactly(16 << 20, 64 << 20, 256 << 20);
        assertThat(KMismatchSweeps.textLengths(64 << 20, false)).containsExactly(16 << 20, 64 << 20);
        assertThat(KMismatchSweeps.textLengths(1 << 20, false)).containsExactly(1 << 20);
        assertThat(KMismatchSweeps.textLengths(4 << 20, true)).containsExactly(1 << 20, 4 << 20);
        assertThat(KMismatchSweeps.textLengths(300, true)).containsExactly(256, 300);
        assertThat(KMismatchSweeps.sizeName(16 << 20)).isEqualTo("16M");
        assertThat(KMismatchSweeps.sizeName(16 << 10)).isEqualTo("16k");
        assertThat(KMismatchSweeps.sizeName(1000)).isEqualTo("1000");
    }

    @Test
    void fastestPerVariantKeepsEachVariantsBestFastestFirst() {
        List<KMismatchSweeps.Config> c = List.of(new KMismatchSweeps.Config(KMismatchVariant.THREAD, 64, 5),
                new KMismatchSweeps.Config(KMismatchVariant.THREAD, 256, 3),
                new KMismatchSweeps.Config(KMismatchVariant.BIT_PARALLEL, 128, 1),
                new KMismatchSweeps.Config(KMismatchVariant.OPT_BLOCK_THREAD, 32, 4));
        assertThat(KMismatchSweeps.fastestPerVariant(c)).extracting(KMismatchSweeps.Config::localSize)
                .containsExactly(128, 256, 32);
    }

    @Test
    void realDnaIsTheFilesBasesRepeated() throws Exception {
        Path fa = tmp.resolve("x.fa.gz");
        try (GZIPOutputStream out = new GZIPOutputStream(Files.newOutputStream(fa))) {
            out.write(">seq1 GATTACA\nacgN\nT\n>seq2\nGG\n".getBytes(StandardCharsets.US_ASCII));
        }
        KMismatchInput in = KMismatchInput.of(List.of(new TextFile("dna", fa)), 14, new Random(1));
        assertThat(new String(in.bytes(), StandardCharsets.US_ASCII)).isEqualTo("ACGTGGACGTGGAC");
        assertThat(in.label()).isEqualTo("file:dna");
        assertThat(in.slug()).isEqualTo("file-dna");
        assertThat(in.note()).isEqualTo("ACGT of x.fa.gz (6 bases), repeated");
        assertThat(KMismatchInput.of(List.of(new TextFile("dna", fa)), 4, new Random(1)).note()).endsWith("a prefix");
        assertThat(KMismatchInput.repeat(new byte[] {1, 2, 3}, 0)).isEmpty();
        assertThat(KMismatchInput.repeat(new byte[] {1, 2, 3}, 7)).containsExactly(1, 2, 3, 1, 2, 3, 1);
    }

    @Test
    void randomDnaAndBadFiles() throws Exception {
        KMismatchInput r = KMismatchInput.of(List.of(), 1000, new Random(1));
        assertThat(r.label()).isEqualTo(KMismatchInput.RANDOM);
        assertThat(new String(r.bytes(), StandardCharsets.US_ASCII)).matches("[ACGT]{1000}");
        Path empty = Files.writeString(tmp.resolve("e.fa"), ">only a header ACGT\nNNNN\n");
        assertThatThrownBy(() -> KMismatchInput.of(List.of(new TextFile("e", empty)), 10, new Random(1)))
                .isInstanceOf(UsageException.class).hasMessageContaining("holds no A, C, G or T");
        assertThatThrownBy(() -> KMismatchInput.of(List.of(new TextFile("m", tmp.resolve("missing"))), 10,
                new Random(1))).isInstanceOf(UsageException.class).hasMessageContaining("cannot read");
        assertThatThrownBy(() -> KMismatchInput.of(List.of(new TextFile("a", empty), new TextFile("b", empty)), 10,
                new Random(1))).isInstanceOf(UsageException.class).hasMessageContaining("one --text file");
    }
}
