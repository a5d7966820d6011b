package org.gpumatch.bench.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.gpumatch.bench.BenchOptions.TextFile;
import org.gpumatch.bench.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real texts for the exact suite: plain and gzip files, labels, prefixes, notes. */
class ExactInputTest {
    @TempDir
    Path tmp;

    private Path gz(String name, byte[] content) throws Exception {
        Path p = tmp.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write(content);
        }
        return p;
    }

    @Test
    void aGzipFileIsReadDecompressedAndLabeled() throws Exception {
        byte[] dna = "ACGTTGCAACGTN".repeat(1000).getBytes(StandardCharsets.US_ASCII);
        ExactInput in = ExactInput.file(new TextFile("dna", gz("dna.txt.gz", dna)), Integer.MAX_VALUE - 64);
        assertThat(in.name()).isEqualTo("file:dna");
        assertThat(in.bytes()).isEqualTo(dna);
        assertThat(in.sigma()).isEqualTo(3);
        assertThat(in.note()).isEqualTo("file dna.txt.gz (gzip)");

        ExactInput cut = ExactInput.file(new TextFile("dna", tmp.resolve("dna.txt.gz")), 100);
        assertThat(cut.bytes()).hasSize(100).isEqualTo(java.util.Arrays.copyOf(dna, 100));
        assertThat(cut.note()).contains("first 100 of more than 100 bytes (decompressed)");

        ExactInput exact = ExactInput.file(new TextFile("dna", tmp.resolve("dna.txt.gz")), dna.length);
        assertThat(exact.note()).as("exactly the cap is not a cut").isEqualTo("file dna.txt.gz (gzip)");
    }

    @Test
    void aPlainFileKeepsItsNameAndSaysWhenCut() throws Exception {
        Path f = Files.write(tmp.resolve("english.txt"), "In the beginning\n".repeat(100).getBytes());
        ExactInput in = ExactInput.file(new TextFile("english", f), 50);
        assertThat(in.name()).isEqualTo("file:english");
        assertThat(in.bytes()).hasSize(50);
        assertThat(in.note()).isEqualTo("file english.txt: first 50 of 1700 bytes");
    }

    @Test
    void unreadableOrEmptyTextsAreUsageErrors() throws Exception {
        Path notGzip = Files.write(tmp.resolve("plain.gz"), "not gzip".getBytes());
        assertThatThrownBy(() -> ExactInput.file(new TextFile("x", notGzip), 100)).isInstanceOf(UsageException.class)
                .hasMessageContaining("not gzip data");
        Path empty = gz("empty.txt.gz", new byte[0]);
        assertThatThrownBy(() -> ExactInput.file(new TextFile("e", empty), 100)).isInstanceOf(UsageException.class)
                .hasMessageContaining("is empty");
        assertThatThrownBy(() -> ExactInput.file(new TextFile("m", tmp.resolve("missing.txt")), 100))
                .isInstanceOf(UsageException.class).hasMessageContaining("cannot read --text");
    }
}
