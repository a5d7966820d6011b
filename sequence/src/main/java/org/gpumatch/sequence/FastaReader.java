package org.gpumatch.sequence;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Reads a genome in FASTA into a {@link PackedGenome} on all cores (or a UCSC 2bit file, by its signature: {@link
 * TwoBitReader}): a file (multi-record, any line width, LF or CRLF,
 * lowercase soft-masked bases read as the same base, other symbols such as N kept as exceptions), a gzipped file (by
 * its magic bytes, any name; multi-member gzip and bgzip included) or a directory (its FASTA files by name: {@code .fa},
 * {@code .fasta}, {@code .fna}, {@code .fas}, {@code .fsa}, {@code .ffn}, {@code .frn}, {@code .seq}, each optionally
 * {@code .gz}; what Cas-OFFinder takes). A record ends at the next title line or at the end of its file.
 *
 * <p>How: plain files are cut into {@link #BLOCK_BYTES} blocks, each read with a positional read, scanned and packed at
 * block-local positions on its own thread ({@link FastaBlock}: the bytes before its first line start are packed apart,
 * as their meaning, title or sequence, depends on the blocks before); one short pass in file order gives each block
 * its genome offset and the records their bounds; a parallel word-level pass shifts each block's packed words into
 * place. Gzip is inflated and scanned on one thread per file (the format is sequential; a directory of gzipped files
 * runs one file per core). Cost: one pass over the bytes on {@code threads} cores, then 1/16 of that in words; memory: the blocks
 * being scanned, 3/8 byte per base twice (block-local, then the genome) until return.
 */
public final class FastaReader {
    /**
     * The size of the blocks a plain file is read and scanned in: 1 MiB. Small blocks keep each thread's buffer and
     * packer (1.4 MiB) in memory already touched and out of G1's humongous regions; with 16 MiB blocks a fresh
     * process on the lent H200's 16 threads first-touched 350 MiB more, and read 1 GiB in 0.79 s instead of 0.59 s
     * (`gpumatch offtargets` on 1 GiB: 1.94-2.00 s against 1.27-1.36 s; 2026-11-25-offtargets.log).
     */
    public static final int BLOCK_BYTES = 1 << 20;
    private static final String[] EXTENSIONS = {".fa", ".fasta", ".fna", ".fas", ".fsa", ".ffn", ".frn", ".seq"};

    private FastaReader() {
    }

    /** Reads {@code path} (file, gzipped file or directory) on all available cores. */
    public static PackedGenome read(Path path) throws IOException {
        return read(path, Runtime.getRuntime().availableProcessors());
    }

    /** Reads {@code path} (file, gzipped file or directory) on {@code threads} threads. */
    public static PackedGenome read(Path path, int threads) throws IOException {
        return read(path, threads, blockBytes());
    }

    /**
     * The block size of {@link #read(Path)} and {@link #start(Path)}: {@link #BLOCK_BYTES}, or the (diagnostic) system
     * property {@code gpumatch.fasta.blockBytes}.
     */
    static int blockBytes() {
        return Integer.getInteger("gpumatch.fasta.blockBytes", BLOCK_BYTES);
    }

    /**
     * Starts reading {@code path} on all cores in the background: the genome's bases can be searched as they become
     * final ({@link GenomeReading}: plain FASTA block by block in file order, gzip and 2bit at the end).
     */
    public static GenomeReading start(Path path) {
        return GenomeReading.start(path, Runtime.getRuntime().availableProcessors(), blockBytes());
    }

    /**
     * {@link #start(Path)} on {@code threads} threads with blocks of {@code blockBytes} (tests use small blocks so that
     * bases become final in many steps).
     */
    public static GenomeReading start(Path path, int threads, int blockBytes) {
        return GenomeReading.start(path, threads, blockBytes);
    }

    /** {@link #read(Path, int)} with blocks of {@code blockBytes} (tests use small blocks to cross every boundary). */
    static PackedGenome read(Path path, int threads, int blockBytes) throws IOException {
        return read(path, threads, blockBytes, null);
    }

    /** {@link #read(Path, int, int)}, telling {@code progress} (if not null) which bases are final as it goes. */
    static PackedGenome read(Path path, int threads, int blockBytes, GenomeReading progress) throws IOException {
        List<Path> files = files(path);
        if (files.size() == 1 && TwoBitReader.is2bit(files.get(0))) {
            return TwoBitReader.read(files.get(0), threads);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, "fasta-reader");
            t.setDaemon(true);
            return t;
        });
        try {
            for (Path f : files) {
                if (isGzip(f)) {
                    return readAny(files, pool, blockBytes);
                }
            }
            return new PlainFastaPass(files, pool, blockBytes, progress).read();
        } finally {
            pool.shutdownNow();
        }
    }

    /** Any mix of gzipped and plain files: every block scanned (kept), then placed in file order, then merged. */
    private static PackedGenome readAny(List<Path> files, ExecutorService pool, int blockBytes) throws IOException {
        List<FastaBlock> blocks = scanAll(files, pool, blockBytes);
        GenomeBuilder builder = new GenomeBuilder();
        BlockPlacer placer = new BlockPlacer(files, builder);
        for (FastaBlock b : blocks) {
            placer.place(b);
        }
        builder.allocate(placer.finish());
        List<Future<Void>> packs = new ArrayList<>();
        for (FastaBlock b : blocks) {
            packs.add(pool.submit(() -> {
                b.mergeInto(builder);
                return null;
            }));
        }
        await(packs);
        return builder.build();
    }

    /**
     * The FASTA files {@code path} stands for: itself if it is a file, else the directory's FASTA files sorted by name.
     * A missing path, or a directory without FASTA files, is a {@link SequenceFormatException} naming it.
     */
    public static List<Path> files(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new SequenceFormatException(path, 0, "no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        List<Path> out;
        try (Stream<Path> s = Files.list(path)) {
            out = s.filter(p -> Files.isRegularFile(p) && isFastaName(p.getFileName().toString()))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        }
        if (out.isEmpty()) {
            throw new SequenceFormatException(path, 0, "directory holds no FASTA file (" + String.join(", ", EXTENSIONS)
                    + ", optionally .gz)");
        }
        return out;
    }

    static boolean isFastaName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(".gz")) {
            n = n.substring(0, n.length() - 3);
        }
        for (String e : EXTENSIONS) {
            if (n.endsWith(e)) {
                return true;
            }
        }
        return false;
    }

    private static List<FastaBlock> scanAll(List<Path> files, ExecutorService pool, int blockBytes)
            throws IOException {
        List<Future<List<FastaBlock>>> tasks = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            Path file = files.get(f);
            int fileIndex = f;
            if (isGzip(file)) {
                tasks.add(pool.submit(() -> inflateAndScan(file, fileIndex, blockBytes)));
                continue;
            }
            long size = Files.size(file);
            for (long off = 0; off < size; off += blockBytes) {
                long from = off;
                int len = (int) Math.min(blockBytes, size - off);
                int index = (int) (off / blockBytes);
                tasks.add(pool.submit(() -> List.of(readAndScan(file, fileIndex, index, from, len,
                        new LocalPacker(len)))));
            }
        }
        List<FastaBlock> blocks = new ArrayList<>();
        for (List<FastaBlock> l : await(tasks)) {
            blocks.addAll(l);
        }
        return blocks;
    }

    static boolean isGzip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }
    /** Each reader thread's block buffer, reused block after block (a block's bytes are dropped after its scan). */
    private static final ThreadLocal<byte[]> BUFFER = new ThreadLocal<>();

    static FastaBlock readAndScan(Path file, int fileIndex, int index, long from, int len, LocalPacker packer)
            throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return readAndScan(ch, file, fileIndex, index, from, len, packer);
        }
    }

    /**
     * Reads block {@code index} ({@code len} bytes from {@code from}) of {@code file} through {@code ch} (positional
     * reads: one channel serves every thread) into this thread's reused buffer, and scans and packs it.
     */
    static FastaBlock readAndScan(FileChannel ch, Path file, int fileIndex, int index, long from, int len,
            LocalPacker packer) throws IOException {
        byte[] data = BUFFER.get();
        if (data == null || data.length < len + 1) {
            data = new byte[len + 1];
            BUFFER.set(data);
        }
        // The byte before the block (one read with the block's bytes): whether the block starts a line.
        long at = from == 0 ? 0 : from - 1;
        int skip = (int) (from - at);
        ByteBuffer buf = ByteBuffer.wrap(data, 0, len + skip);
        while (buf.hasRemaining()) {
            if (ch.read(buf, at + buf.position()) < 0) {
                throw new SequenceFormatException(file, 0, "file shrank while being read");
            }
        }
        boolean startsLine = skip == 0 || data[0] == '\n';
        FastaBlock b = new FastaBlock(fileIndex, index, data, skip, len, startsLine, packer);
        b.scan();
        return b;
    }

    private static List<FastaBlock> inflateAndScan(Path file, int fileIndex, int blockBytes) throws IOException {
        List<FastaBlock> out = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
            boolean startsLine = true;
            for (int index = 0;; index++) {
                byte[] data = in.readNBytes(blockBytes);
                if (data.length == 0) {
                    return out;
                }
                FastaBlock b = new FastaBlock(fileIndex, index, data, 0, data.length, startsLine, null);
                b.scan();
                out.add(b);
                startsLine = data[data.length - 1] == '\n';
            }
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw new SequenceFormatException(file, 0, "corrupt or truncated gzip data ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
    }

    static <T> List<T> await(List<? extends Future<T>> futures) throws IOException {
        List<T> out = new ArrayList<>();
        try {
            for (Future<T> f : futures) {
                out.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the genome", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException(e.getCause());
        }
        return out;
    }
}
