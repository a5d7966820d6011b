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
    /** The size of the blocks a plain file is read and scanned in. */
    public static final int BLOCK_BYTES = 16 << 20;
    private static final String[] EXTENSIONS = {".fa", ".fasta", ".fna", ".fas", ".fsa", ".ffn", ".frn", ".seq"};

    private FastaReader() {
    }

    /** Reads {@code path} (file, gzipped file or directory) on all available cores. */
    public static PackedGenome read(Path path) throws IOException {
        return read(path, Runtime.getRuntime().availableProcessors());
    }

    /** Reads {@code path} (file, gzipped file or directory) on {@code threads} threads. */
    public static PackedGenome read(Path path, int threads) throws IOException {
        return read(path, threads, BLOCK_BYTES);
    }

    /** {@link #read(Path, int)} with blocks of {@code blockBytes} (tests use small blocks to cross every boundary). */
    static PackedGenome read(Path path, int threads, int blockBytes) throws IOException {
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
            List<FastaBlock> blocks = scanAll(files, pool, blockBytes);
            GenomeBuilder builder = new GenomeBuilder();
            long total = assignPositions(files, blocks, builder);
            builder.allocate(total);
            List<Future<Void>> packs = new ArrayList<>();
            for (FastaBlock b : blocks) {
                packs.add(pool.submit(() -> pack(b, builder)));
            }
            await(packs);
            return builder.build();
        } finally {
            pool.shutdownNow();
        }
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
        // The plain files' blocks pack into slots of two shared staging arrays: a few large arrays, never copied by
        // the collector (per-block arrays kept alive until the merge cost seconds of young collections).
        long stagingWords = 0;
        long stagingMask = 0;
        for (Path file : files) {
            if (!isGzip(file)) {
                long size = Files.size(file);
                for (long off = 0; off < size; off += blockBytes) {
                    int len = (int) Math.min(blockBytes, size - off);
                    stagingWords += LocalPacker.wordsFor(len);
                    stagingMask += LocalPacker.maskWordsFor(len);
                }
            }
        }
        boolean staged = stagingWords <= Integer.MAX_VALUE - 16;
        int[] words = staged ? new int[(int) stagingWords] : null;
        int[] mask = staged ? new int[(int) stagingMask] : null;
        int wordAt = 0;
        int maskAt = 0;
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
                LocalPacker packer = staged ? new LocalPacker(words, wordAt, mask, maskAt) : null;
                if (staged) {
                    wordAt += LocalPacker.wordsFor(len);
                    maskAt += LocalPacker.maskWordsFor(len);
                }
                tasks.add(pool.submit(() -> List.of(readAndScan(file, fileIndex, index, from, len, packer))));
            }
        }
        List<FastaBlock> blocks = new ArrayList<>();
        for (List<FastaBlock> l : await(tasks)) {
            blocks.addAll(l);
        }
        return blocks;
    }

    private static boolean isGzip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** Each reader thread's block buffer, reused block after block (a block's bytes are dropped after its scan). */
    private static final ThreadLocal<byte[]> BUFFER = new ThreadLocal<>();

    private static FastaBlock readAndScan(Path file, int fileIndex, int index, long from, int len, LocalPacker packer)
            throws IOException {
        byte[] data = BUFFER.get();
        if (data == null || data.length < len) {
            data = new byte[len];
            BUFFER.set(data);
        }
        boolean startsLine;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.wrap(data, 0, len);
            while (buf.hasRemaining()) {
                if (ch.read(buf, from + buf.position()) < 0) {
                    throw new SequenceFormatException(file, 0, "file shrank while being read");
                }
            }
            if (from == 0) {
                startsLine = true;
            } else {
                ByteBuffer one = ByteBuffer.allocate(1);
                ch.read(one, from - 1);
                startsLine = one.get(0) == '\n';
            }
        }
        FastaBlock b = new FastaBlock(fileIndex, index, data, len, startsLine, packer);
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
                FastaBlock b = new FastaBlock(fileIndex, index, data, data.length, startsLine, null);
                b.scan();
                out.add(b);
                startsLine = data[data.length - 1] == '\n';
            }
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw new SequenceFormatException(file, 0, "corrupt or truncated gzip data ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
    }

    /** In file order: title lines become records, each block's bases get their genome position; the total length. */
    private static long assignPositions(List<Path> files, List<FastaBlock> blocks, GenomeBuilder builder)
            throws SequenceFormatException {
        long pos = 0;
        int b = 0;
        int records = 0;
        for (int f = 0; f < files.size(); f++) {
            StringBuilder pendingTitle = null;
            String openTitle = null;
            long openStart = 0;
            long linesBefore = 0;
            for (; b < blocks.size() && blocks.get(b).fileIndex == f; b++) {
                FastaBlock block = blocks.get(b);
                if (block.hasPrefix) {
                    if (pendingTitle != null) {
                        if (block.prefixText == null) {
                            throw new SequenceFormatException(files.get(f), linesBefore + 1, "title line longer than "
                                    + FastaBlock.MAX_TITLE_PIECE + " bytes");
                        }
                        pendingTitle.append(block.prefixText);
                        if (block.prefixEndsLine) {
                            if (openTitle != null) {
                                builder.addRecord(openTitle, openStart, pos - openStart);
                                records++;
                            }
                            openTitle = pendingTitle.toString();
                            openStart = pos;
                            pendingTitle = null;
                        }
                    } else {
                        if (block.prefixBases > 0 && openTitle == null) {
                            throw noTitle(files.get(f), linesBefore + 1);
                        }
                        block.prefixAt = pos;
                        pos += block.prefixBases;
                    }
                }
                block.bodyAt = pos;
                for (Object item : block.items) {
                    if (item instanceof FastaBlock.Title t) {
                        if (openTitle != null) {
                            builder.addRecord(openTitle, openStart, pos - openStart);
                            records++;
                        }
                        openTitle = null;
                        if (t.complete()) {
                            openTitle = t.text();
                            openStart = pos;
                        } else {
                            pendingTitle = new StringBuilder(t.text());
                        }
                    } else {
                        FastaBlock.Stretch s = (FastaBlock.Stretch) item;
                        if (s.bases() > 0 && openTitle == null) {
                            throw noTitle(files.get(f), linesBefore + s.firstBaseLine() + 1);
                        }
                        pos += s.bases();
                    }
                }
                linesBefore += block.newlines;
            }
            if (pendingTitle != null) {
                openTitle = pendingTitle.toString();
                openStart = pos;
            }
            if (openTitle != null) {
                builder.addRecord(openTitle, openStart, pos - openStart);
                records++;
            }
        }
        if (records == 0) {
            throw new SequenceFormatException(files.get(0), 0, "no FASTA record (no line starting with '>')");
        }
        return pos;
    }

    private static SequenceFormatException noTitle(Path file, long line) {
        return new SequenceFormatException(file, line, "sequence before the first title line (a FASTA record starts"
                + " with '>')");
    }

    private static Void pack(FastaBlock b, GenomeBuilder builder) {
        if (b.prefixAt >= 0) {
            builder.merge(b.packer, 0, b.prefixBases, b.prefixAt);
        }
        builder.merge(b.packer, b.prefixBases, b.bodyBases, b.bodyAt);
        b.packer = null;
        return null;
    }

    private static <T> List<T> await(List<? extends Future<T>> futures) throws IOException {
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
