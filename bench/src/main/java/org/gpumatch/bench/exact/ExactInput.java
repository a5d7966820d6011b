package org.gpumatch.bench.exact;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPInputStream;
import org.gpumatch.bench.BenchOptions;
import org.gpumatch.bench.UsageException;

/**
 * One text the exact suite measures.
 *
 * @param name  {@code random} or {@code file:LABEL} (the {@code --text} label, else the file name)
 * @param sigma alphabet bits: given for random texts; for files ceil(log2(distinct byte values)), at least 1
 * @param bytes the text
 * @param note  what a reader must know (for files: the file name, and whether it was cut to a prefix), or empty
 */
record ExactInput(String name, int sigma, byte[] bytes, String note) {

    static ExactInput random(int n, int sigma) {
        return new ExactInput("random", sigma, RandomText.generate(n, sigma, RandomText.SEED), "");
    }

    /**
     * The first {@code maxBytes} bytes of a real text (all of it when shorter), named {@code file:LABEL}; a
     * {@code .gz} file is decompressed while read (only the bytes kept are inflated, plus one to tell whether the
     * text was cut).
     *
     * @throws UsageException when the file cannot be read, is not gzip data although named {@code .gz}, or is empty
     */
    static ExactInput file(BenchOptions.TextFile text, int maxBytes) {
        Path file = text.path();
        byte[] b;
        String size;
        try {
            if (text.gzipped()) {
                try (InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16),
                        1 << 16)) {
                    byte[] head = in.readNBytes(maxBytes);
                    boolean more = in.read() >= 0;
                    b = head;
                    size = more ? "more than " + maxBytes + " bytes (decompressed)" : "";
                }
            } else {
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                    long total = ch.size();
                    int len = (int) Math.min(total, maxBytes);
                    ByteBuffer buf = ByteBuffer.allocate(len);
                    while (buf.hasRemaining() && ch.read(buf) >= 0) {
                        // read fully
                    }
                    b = buf.position() == len ? buf.array() : java.util.Arrays.copyOf(buf.array(), buf.position());
                    size = total > b.length ? total + " bytes" : "";
                }
            }
        } catch (java.util.zip.ZipException e) {
            throw new UsageException("cannot read --text " + file + ": not gzip data (" + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new UsageException("cannot read --text " + file + ": " + e.getMessage(), e);
        }
        if (b.length == 0) {
            throw new UsageException("--text " + file + " is empty");
        }
        String source = "file " + file.getFileName() + (text.gzipped() ? " (gzip)" : "");
        String note = size.isEmpty() ? source : source + ": first " + b.length + " of " + size;
        return new ExactInput("file:" + text.label(), sigmaOf(b), b, note);
    }

    /** ceil(log2(number of distinct byte values)), at least 1. */
    static int sigmaOf(byte[] text) {
        boolean[] seen = new boolean[256];
        int distinct = 0;
        for (byte x : text) {
            if (!seen[x & 0xFF]) {
                seen[x & 0xFF] = true;
                distinct++;
            }
        }
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(distinct - 1));
    }
}
