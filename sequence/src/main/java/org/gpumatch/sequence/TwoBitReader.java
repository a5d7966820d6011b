package org.gpumatch.sequence;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads a UCSC 2bit file (versions 0 and 1, either byte order) into a {@link PackedGenome}, one sequence per core:
 * the packed bases are translated a byte (4 bases) at a time through a table, N blocks become exceptions (symbol N),
 * mask blocks (soft-masking) are ignored, as lowercase is the same base. Record titles are the sequence names (2bit
 * keeps no descriptions). Cost: one table lookup per 4 bases; memory: the file is mapped, 3/8 byte per base twice until
 * return.
 */
final class TwoBitReader {
    static final int SIGNATURE = 0x1A412743;
    /** 2bit's codes T=0, C=1, A=2, G=3 to ours A=0, C=1, G=2, T=3, for the 4 bases of a byte (first base highest). */
    private static final int[] BYTE_TO_CODES = new int[256];

    static {
        int[] ours = {3, 1, 0, 2};
        for (int b = 0; b < 256; b++) {
            int v = 0;
            for (int k = 0; k < 4; k++) {
                v |= ours[(b >>> (6 - 2 * k)) & 3] << (2 * k);
            }
            BYTE_TO_CODES[b] = v;
        }
    }

    private TwoBitReader() {
    }

    /** Whether {@code file} starts with the 2bit signature in either byte order. */
    static boolean is2bit(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(4);
            if (ch.read(b, 0) < 4) {
                return false;
            }
            int le = b.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
            return le == SIGNATURE || Integer.reverseBytes(le) == SIGNATURE;
        }
    }

    private record Entry(String name, long offset) {
    }

    static PackedGenome read(Path file, int threads) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() > Integer.MAX_VALUE) {
                throw new SequenceFormatException(file, 0, "2bit files over 2 GiB are not read yet");
            }
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
            ByteBuffer buf = map.order(ByteOrder.LITTLE_ENDIAN);
            if (buf.getInt(0) != SIGNATURE) {
                buf.order(ByteOrder.BIG_ENDIAN);
            }
            int version = buf.getInt(4);
            int count = buf.getInt(8);
            if (version != 0 && version != 1) {
                throw new SequenceFormatException(file, 0, "unknown 2bit version " + version);
            }
            List<Entry> entries = new ArrayList<>();
            int at = 16;
            for (int i = 0; i < count; i++) {
                int nameSize = buf.get(at) & 0xFF;
                byte[] name = new byte[nameSize];
                buf.get(at + 1, name);
                at += 1 + nameSize;
                long offset = version == 0 ? buf.getInt(at) & 0xFFFFFFFFL : buf.getLong(at);
                at += version == 0 ? 4 : 8;
                entries.add(new Entry(new String(name, java.nio.charset.StandardCharsets.ISO_8859_1), offset));
            }
            GenomeBuilder builder = new GenomeBuilder();
            long[] starts = new long[count];
            long total = 0;
            for (int i = 0; i < count; i++) {
                long size = buf.getInt((int) entries.get(i).offset()) & 0xFFFFFFFFL;
                builder.addRecord(entries.get(i).name(), total, size);
                starts[i] = total;
                total += size;
            }
            builder.allocate(total);
            ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
            try {
                List<Future<?>> tasks = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    int seq = i;
                    tasks.add(pool.submit(() -> {
                        unpack(buf, (int) entries.get(seq).offset(), starts[seq], builder);
                        return null;
                    }));
                }
                for (Future<?> f : tasks) {
                    f.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while reading " + file, e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new SequenceFormatException(file, 0, "corrupt 2bit file (" + e.getCause() + ")");
            } finally {
                pool.shutdownNow();
            }
            return builder.build();
        } catch (IndexOutOfBoundsException e) {
            throw new SequenceFormatException(file, 0, "corrupt or truncated 2bit file");
        }
    }

    /** Translates one sequence record at {@code at} of the file into the genome from position {@code start}. */
    private static void unpack(ByteBuffer buf, int at, long start, GenomeBuilder builder) {
        int size = buf.getInt(at);
        int nBlocks = buf.getInt(at + 4);
        int p = at + 8;
        int nStarts = p;
        int nSizes = p + 4 * nBlocks;
        p = nSizes + 4 * nBlocks;
        int maskBlocks = buf.getInt(p);
        p += 4 + 8 * maskBlocks + 4; // mask starts and sizes (ignored), reserved
        LocalPacker packer = new LocalPacker(size);
        int bytes = (size + 3) / 4;
        for (int i = 0; i < bytes; i += 4) {
            int v = 0;
            for (int k = 0; k < 4 && i + k < bytes; k++) {
                v |= BYTE_TO_CODES[buf.get(p + i + k) & 0xFF] << (8 * k);
            }
            packer.words[i / 4] = v;
        }
        if ((size & 15) != 0) {
            packer.words[size / 16] &= (1 << (2 * (size & 15))) - 1; // padding bases of the last byte
        }
        for (int b = 0; b < nBlocks; b++) {
            int s = buf.getInt(nStarts + 4 * b);
            int n = buf.getInt(nSizes + 4 * b);
            for (int j = s; j < s + n; j++) {
                packer.words[j >>> 4] &= ~(3 << (2 * (j & 15)));
                packer.mask[j >>> 5] |= 1 << (j & 31);
            }
            packer.runs.add(new long[] {s, n, 'N'});
        }
        packer.bases = size;
        builder.merge(packer, 0, size, start);
    }
}
