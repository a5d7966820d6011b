package org.gpumatch.bench.kmismatch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.gpumatch.bench.BenchOptions;
import org.gpumatch.bench.UsageException;

/**
 * The DNA text of the kmismatch suite: random ACGT, or the ACGT bases of a real file ({@code --text dna=FILE}; FASTA
 * header lines skipped, lower case folded, every other byte such as N or a line break dropped) repeated to n.
 *
 * @param label the CSV's {@code text} column: {@code random-dna} or {@code file:LABEL}
 * @param bytes the n symbols, each one of {@code A C G T}
 * @param note  what the text is, for the rows' note (empty for random DNA)
 */
public record KMismatchInput(String label, byte[] bytes, String note) {
    /** The label of the random text. */
    public static final String RANDOM = "random-dna";

    /**
     * The suite's text of n bytes: the first {@code --text} file's bases repeated, else random DNA from {@code r}.
     * Cost: one pass over the file plus n bytes written; memory: the file's bases plus n bytes.
     *
     * @throws UsageException for more than one file, an unreadable file, or a file without a base
     */
    public static KMismatchInput of(List<BenchOptions.TextFile> texts, int n, Random r) {
        if (texts.isEmpty()) {
            return random(n, r);
        }
        if (texts.size() > 1) {
            throw new UsageException("kmismatch takes one --text file (DNA), got " + texts.size());
        }
        BenchOptions.TextFile f = texts.get(0);
        byte[] bases;
        try {
            bases = bases(f);
        } catch (IOException e) {
            throw new UsageException("--text: cannot read " + f.path() + ": " + e.getMessage(), e);
        }
        if (bases.length == 0) {
            throw new UsageException("--text: " + f.path() + " holds no A, C, G or T");
        }
        String how = bases.length >= n ? "a prefix" : "repeated";
        return new KMismatchInput("file:" + f.label(), repeat(bases, n),
                "ACGT of " + f.path().getFileName() + " (" + bases.length + " bases), " + how);
    }

    /** n random bases (uniform). */
    public static KMismatchInput random(int n, Random r) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) "ACGT".charAt(r.nextInt(4));
        }
        return new KMismatchInput(RANDOM, b, "");
    }

    /** {@code source} repeated (cut) to n bytes. */
    static byte[] repeat(byte[] source, int n) {
        byte[] out = Arrays.copyOf(source, n);
        for (int filled = Math.min(n, source.length); filled < n; ) {
            int copy = Math.min(filled, n - filled); // doubling; no int overflow near 2^31
            System.arraycopy(out, 0, out, filled, copy);
            filled += copy;
        }
        return out;
    }

    /** The file's bases in order, upper case. */
    static byte[] bases(BenchOptions.TextFile f) throws IOException {
        try (InputStream raw = Files.newInputStream(f.path());
             InputStream in = f.gzipped() ? new GZIPInputStream(raw, 1 << 16) : raw) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            boolean header = false;
            boolean lineStart = true;
            for (int len = in.read(buf); len >= 0; len = in.read(buf)) {
                int kept = 0;
                for (int i = 0; i < len; i++) {
                    int c = buf[i];
                    header = header ? c != '\n' : lineStart && c == '>';
                    lineStart = c == '\n';
                    int u = c >= 'a' && c <= 'z' ? c - 32 : c;
                    if (!header && (u == 'A' || u == 'C' || u == 'G' || u == 'T')) {
                        buf[kept++] = (byte) u;
                    }
                }
                out.write(buf, 0, kept);
            }
            return out.toByteArray();
        }
    }

    /** The label as a file-name part (no colon). */
    public String slug() {
        return label.replace(':', '-');
    }
}
