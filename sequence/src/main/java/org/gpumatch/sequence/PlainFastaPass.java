package org.gpumatch.sequence;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Reads plain (not gzipped) FASTA files in one pass on all cores, straight into the genome's arrays: each block is read
 * with a positional read into its thread's buffer and scanned and packed at block-local positions into a {@link
 * LocalPacker} taken from a free list (reused block after block: no per-block arrays); then it is handed to the
 * placement ({@link BlockPlacer}, in file order: a block's offset is known as soon as the blocks before it are
 * <em>scanned</em>). The thread whose block completes the chain of scanned blocks places and merges every block now in
 * order (shifts its words into the genome's arrays) and frees their packers; no thread waits for another's block, so
 * a slow block holds up nobody (it keeps its packer a while longer: a few more packers). The genome's arrays are
 * allocated once, sized by the files' bytes (an upper bound on the bases; the words past the last base stay zero),
 * while the first blocks are scanned. Cost: one pass over the bytes on all cores plus 1/16 of that in
 * words; memory: a 16 MiB buffer per thread, 6 MiB per packer (about one per
 * thread), 3/8 byte per byte of the files.
 */
final class PlainFastaPass {
    private final List<Path> files;
    private final ExecutorService pool;
    private final int blockBytes;
    private final GenomeBuilder builder = new GenomeBuilder();
    private final BlockPlacer placer;
    private final CountDownLatch allocated = new CountDownLatch(1);
    /** Packers free for the next block (a block keeps its packer until it is merged). */
    private final java.util.concurrent.ConcurrentLinkedQueue<LocalPacker> packers =
            new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** Blocks scanned but not placed, by sequence number; {@code next} is the next to place. */
    private FastaBlock[] ready;
    /** Blocks placed, until their merge. */
    private FastaBlock[] blocks;
    private int next;
    private SequenceFormatException failure;
    /** Blocks merged into the genome's arrays (by sequence number), the first not merged, and their end positions. */
    private boolean[] merged;
    private long[] endAt;
    private int mergedPrefix;
    private final GenomeReading progress;
    /** One channel per file, shared by the threads (positional reads), closed at the end. */
    private final List<FileChannel> channels = new ArrayList<>();

    PlainFastaPass(List<Path> files, ExecutorService pool, int blockBytes, GenomeReading progress) {
        this.progress = progress;
        this.files = files;
        this.pool = pool;
        this.blockBytes = blockBytes;
        this.placer = new BlockPlacer(files, builder);
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
        this.blocks = new FastaBlock[blocks];
        merged = new boolean[blocks];
        endAt = new long[blocks];
        List<Future<Void>> tasks = new ArrayList<>(blocks);
        try {
            submit(tasks, bytes);
            FastaReader.await(tasks);
        } finally {
            for (FileChannel c : channels) {
                c.close();
            }
        }
        builder.setLength(placer.finish());
        return builder.build();
    }

    /** Opens the files, submits one task per block, allocates the genome's arrays for {@code bytes} bases. */
    private void submit(List<Future<Void>> tasks, long bytes) throws IOException {
        int seq = 0;
        for (int f = 0; f < files.size(); f++) {
            Path file = files.get(f);
            int fileIndex = f;
            long size = Files.size(file);
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
            channels.add(ch);
            for (long off = 0; off < size; off += blockBytes) {
                long from = off;
                int len = (int) Math.min(blockBytes, size - off);
                int index = (int) (off / blockBytes);
                int s = seq++;
                tasks.add(pool.submit(() -> block(s, ch, file, fileIndex, index, from, len)));
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
    }

    private Void block(int seq, FileChannel ch, Path file, int fileIndex, int index, long from, int len)
            throws IOException {
        LocalPacker packer = packers.poll();
        if (packer == null) {
            packer = new LocalPacker(blockBytes);
        }
        FastaBlock b = FastaReader.readAndScan(ch, file, fileIndex, index, from, len, packer);
        // No waiting for the blocks before: whoever places a block (the thread whose block completes the chain)
        // merges it and frees its packer, so a slow block holds up no thread.
        List<Integer> placed = placeInOrder(seq, b);
        try {
            allocated.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the genome", e);
        }
        for (int s : placed) {
            FastaBlock p = blocks[s];
            blocks[s] = null;
            p.mergeInto(builder);
            p.packer.reset();
            packers.add(p.packer);
            p.packer = null;
            merged(s);
        }
        return null;
    }

    /** Hands block {@code seq} over and places every block now in order; returns those placed (to be merged). */
    private synchronized List<Integer> placeInOrder(int seq, FastaBlock b) throws SequenceFormatException {
        if (failure != null) {
            throw failure;
        }
        ready[seq] = b;
        List<Integer> placed = new ArrayList<>();
        while (next < ready.length && ready[next] != null) {
            try {
                placer.place(ready[next]);
            } catch (SequenceFormatException e) {
                failure = e;
                throw e;
            }
            endAt[next] = placer.position();
            blocks[next] = ready[next];
            ready[next] = null;
            placed.add(next++);
        }
        return placed;
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
