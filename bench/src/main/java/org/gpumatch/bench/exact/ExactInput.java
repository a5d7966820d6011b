package org.gpumatch.bench.exact;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.gpumatch.bench.UsageException;

/**
 * One text the exact suite measures.
 *
 * @param name  {@code random} or {@code file:NAME}
 * @param sigma alphabet bits: given for random texts; for files ceil(log2(distinct byte values)), at least 1
 * @param bytes the text
 * @param note  what a reader must know (e.g. that a file was cut to a prefix), or empty
 */
record ExactInput(String name, int sigma, byte[] bytes, String note) {

    static ExactInput random(int n, int sigma) {
        return new ExactInput("random", sigma, RandomText.generate(n, sigma, RandomText.SEED), "");
    }

    /**
     * The first {@code maxBytes} bytes of a file (all of it when shorter).
     *
     * @throws UsageException when the file cannot be read or is empty
     */
    static ExactInput file(Path file, int maxBytes) {
        byte[] b;
        long size;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            size = ch.size();
            int len = (int) Math.min(size, maxBytes);
            ByteBuffer buf = ByteBuffer.allocate(len);
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // read fully
            }
            b = buf.array();
        } catch (IOException e) {
            throw new UsageException("cannot read --text " + file + ": " + e.getMessage(), e);
        }
        if (b.length == 0) {
            throw new UsageException("--text " + file + " is empty");
        }
        String note = size > b.length ? "first " + b.length + " of " + size + " bytes of the file" : "";
        return new ExactInput("file:" + file.getFileName(), sigmaOf(b), b, note);
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
