package org.gpumatch.bench.offtargets;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes a synthetic genome as one FASTA file on all cores: {@code records} records of equal length (titles
 * {@code chrN synthetic}), 60 bases per line, random A/C/G/T with hg38-like features: soft-masked (lowercase) stretches
 * (about half the bases) and N runs (about 1 %). Deterministic for a seed. Cost: one pass, about 1 GB/s per core.
 */
public final class SyntheticGenome {
    static final int LINE = 60;
    private static final int CHUNK_LINES = 1 << 18; // 15 Mbp per task

    private SyntheticGenome() {
    }

    /** Writes {@code file}; returns the random sequence of the first 1 Mbp of record 0 (to draw guides from). */
    public static byte[] write(Path file, long bases, int records, long seed) throws IOException, InterruptedException {
        long per = bases / records;
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        byte[][] sample = new byte[1][];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            List<Future<?>> tasks = new ArrayList<>();
            long offset = 0;
            for (int r = 0; r < records; r++) {
                long len = r == records - 1 ? bases - per * (records - 1) : per;
                byte[] title = (">chr" + (r + 1) + " synthetic\n").getBytes(StandardCharsets.US_ASCII);
                ch.write(ByteBuffer.wrap(title), offset);
                long seqStart = offset + title.length;
                long lines = (len + LINE - 1) / LINE;
                for (long l0 = 0; l0 < lines; l0 += CHUNK_LINES) {
                    long from = l0 * LINE;
                    long to = Math.min(len, (l0 + CHUNK_LINES) * LINE);
                    long at = seqStart + l0 * (LINE + 1);
                    long chunkSeed = seed * 1_000_003L + r * 7919L + l0;
                    boolean keep = r == 0 && l0 == 0;
                    tasks.add(pool.submit(() -> {
                        byte[] text = chunk(to - from, chunkSeed);
                        if (keep) {
                            sample[0] = text;
                        }
                        ByteBuffer buf = ByteBuffer.wrap(text);
                        while (buf.hasRemaining()) {
                            ch.write(buf, at + buf.position());
                        }
                        return null;
                    }));
                }
                offset = seqStart + len + lines;
            }
            for (Future<?> f : tasks) {
                f.get();
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return sample[0];
    }

    /** {@code n} bases as lines of {@link #LINE} plus line breaks. */
    private static byte[] chunk(long n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int lines = (int) ((n + LINE - 1) / LINE);
        byte[] out = new byte[(int) n + lines];
        int o = 0;
        boolean lower = false;
        int nRun = 0;
        long bits = 0;
        int left = 0;
        for (long i = 0; i < n; i++) {
            if (i > 0 && i % LINE == 0) {
                out[o++] = '\n';
            }
            if (left == 0) {
                bits = rnd.nextLong();
                left = 32;
                if ((bits & 0x3FF) == 0) {
                    lower = !lower; // soft-masked stretches of about 32 kbp
                }
                if (((bits >>> 10) & 0xFFF) == 0) {
                    nRun = 1 + rnd.nextInt(20_000); // runs of up to 20 kbp about every 128 kbp: ~8 % N
                }
            }
            byte b;
            if (nRun > 0) {
                nRun--;
                b = 'N';
            } else {
                b = (byte) "ACGT".charAt((int) (bits & 3));
                if (lower) {
                    b |= 0x20;
                }
            }
            bits >>>= 2;
            left--;
            out[o++] = b;
        }
        out[o++] = '\n';
        return out;
    }
}
