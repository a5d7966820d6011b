package org.gpumatch.sequence;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Reads plain (not gzipped) FASTA files in one pass on all cores, straight into the genome's arrays: each block is read
 * with a positional read into its thread's buffer, scanned and packed at block-local positions into its thread's
 * {@link LocalPacker} (both reused block after block, so no per-block arrays), then waits for the blocks before it to
 * be placed ({@link BlockPlacer}, in file order: a block's offset is known as soon as the blocks before it are
 * <em>scanned</em>), places itself, shifts its words into the genome's arrays and moves on. The genome's arrays are
 * allocated once, sized by the files' bytes (an upper bound on the bases; the words past the last base stay zero),
 * while the first blocks are scanned. Blocks are taken in file order from a FIFO pool, so a thread waits only for
 * blocks other running threads hold: no deadlock. Cost: one pass over the bytes on all cores plus 1/16 of that in
 * words; memory: 16 MiB + 6 MiB per thread, 3/8 byte per byte of the files.
 */
final class PlainFastaPass {
    private final List<Path> files;
    private final ExecutorService pool;
    private final int blockBytes;
    private final GenomeBuilder builder = new GenomeBuilder();
    private final BlockPlacer placer;
    private final CountDownLatch allocated = new CountDownLatch(1);
    private final ThreadLocal<LocalPacker> packers;
    /** Blocks scanned but not placed, by sequence number; {@code next} is the next to place. */
    private FastaBlock[] ready;
    private int next;
    private SequenceFormatException failure;
    /** Blocks merged into the genome's arrays (by sequence number), the first not merged, and their end positions. */
    private boolean[] merged;
    private long[] endAt;
    private int mergedPrefix;
    private final GenomeReading progress;

    PlainFastaPass(List<Path> files, ExecutorService pool, int blockBytes, GenomeReading progress) {
        this.progress = progress;
        this.files = files;
        this.pool = pool;
        this.blockBytes = blockBytes;
        this.placer = new BlockPlacer(files, builder);
        this.packers = ThreadLocal.withInitial(() -> new LocalPacker(blockBytes));
    }

    PackedGenome read() throws IOException {
        long bytes = 0;
        int blocks = 0;
        for (Path f : files) {
            long size = Files.size(f);
            bytes += size;
            blocks += (int) ((size + blockBytes - 1) / blockBytes);
        }
        ready = new FastaBlock[blocks];
        merged = new boolean[blocks];
        endAt = new long[blocks];
        List<Future<Void>> tasks = new ArrayList<>(blocks);
        int seq = 0;
        for (int f = 0; f < files.size(); f++) {
            Path file = files.get(f);
            int fileIndex = f;
            long size = Files.size(file);
            for (long off = 0; off < size; off += blockBytes) {
                long from = off;
                int len = (int) Math.min(blockBytes, size - off);
                int index = (int) (off / blockBytes);
                int s = seq++;
                tasks.add(pool.submit(() -> block(s, file, fileIndex, index, from, len)));
            }
        }
        try {
            builder.allocate(bytes); // meanwhile the pool scans the first blocks
            if (progress != null) {
                progress.allocated(builder.baseWords(), builder.exceptionWords());
            }
        } finally {
            allocated.countDown();
        }
        FastaReader.await(tasks);
        builder.setLength(placer.finish());
        return builder.build();
    }

    private Void block(int seq, Path file, int fileIndex, int index, long from, int len) throws IOException {
        LocalPacker packer = packers.get();
        try {
            FastaBlock b = FastaReader.readAndScan(file, fileIndex, index, from, len, packer);
            placeInOrder(seq, b);
            allocated.await();
            b.mergeInto(builder);
            merged(seq);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the genome", e);
        } finally {
            packer.reset();
        }
        return null;
    }

    /** Hands block {@code seq} over, places every block now in order, and waits until {@code seq} is placed. */
    private synchronized void placeInOrder(int seq, FastaBlock b) throws SequenceFormatException, InterruptedException {
        ready[seq] = b;
        while (failure == null && next < ready.length && ready[next] != null) {
            try {
                placer.place(ready[next]);
                endAt[next] = placer.position();
            } catch (SequenceFormatException e) {
                failure = e;
            }
            ready[next++] = null;
            notifyAll();
        }
        while (failure == null && next <= seq) {
            wait();
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Block {@code seq} is in the genome's arrays: the bases of the merged blocks before the first unmerged are final. */
    private synchronized void merged(int seq) {
        merged[seq] = true;
        int before = mergedPrefix;
        while (mergedPrefix < merged.length && merged[mergedPrefix]) {
            mergedPrefix++;
        }
        if (progress != null && mergedPrefix > before) {
            progress.finalBases(endAt[mergedPrefix - 1]);
        }
    }
}
