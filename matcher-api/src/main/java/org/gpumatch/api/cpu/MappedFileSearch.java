package org.gpumatch.api.cpu;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

/**
 * {@link CpuMatcher}'s search of a file in place: the file is memory-mapped in windows of up to
 * {@code windowStarts + m - 1} bytes, each window split into the matcher's parts, and every part copied from the
 * mapping into its thread's scratch array and searched there ({@link PartSearcher}) on the common fork-join pool, so
 * reading the file and searching it run together on all cores. The file is never held on the heap.
 *
 * <p>Cost: one pass over the file (each byte copied once from the page cache into a cache-resident scratch array, then
 * scanned), plus {@code m-1} bytes per part. Memory: one scratch array of {@code partBytes + m - 1} bytes per worker
 * thread, 4 bytes per match of a window for {@code find}, and address space of one window. Offsets are {@code long}:
 * files of any size.
 */
final class MappedFileSearch {
    /** Start offsets per mapped window: a window and its {@code m-1} extra bytes stay below 2^31. */
    static final long DEFAULT_WINDOW_STARTS = 1L << 30;

    private final PartSearcher searcher;
    private final int m;
    private final int partBytes;
    private final long windowStarts;
    private final ThreadLocal<byte[]> scratch;

    MappedFileSearch(byte[] pattern, int partBytes, long windowStarts) {
        this.searcher = new PartSearcher(pattern);
        this.m = pattern.length;
        this.partBytes = partBytes;
        this.windowStarts = windowStarts;
        this.scratch = ThreadLocal.withInitial(() -> new byte[partBytes + m - 1]);
    }

    /**
     * The number of occurrences in {@code file}; when {@code sink} is not null it is handed every occurrence's
     * offset, ascending (from the calling thread).
     *
     * @throws IOException if the file cannot be opened or mapped, or shrinks while it is searched
     */
    long search(Path file, LongConsumer sink) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long end = channel.size() - m + 1; // one past the last start offset
            long found = 0;
            for (long base = 0; base < end; base += windowStarts) {
                long starts = Math.min(windowStarts, end - base);
                MappedByteBuffer window = channel.map(FileChannel.MapMode.READ_ONLY, base, starts + m - 1);
                try {
                    found += sink == null ? count(window, (int) starts) : find(window, (int) starts, base, sink);
                } catch (InternalError e) { // SIGBUS: the file was truncated under the mapping
                    throw new IOException(file + " shrank while being searched", e);
                }
            }
            return found;
        }
    }

    private long count(MappedByteBuffer window, int starts) {
        return IntStream.range(0, partCount(starts)).parallel().mapToLong(k -> searchPart(window, k, starts, null))
                .sum();
    }

    private long find(MappedByteBuffer window, int starts, long base, LongConsumer sink) {
        int[][] found = new int[partCount(starts)][];
        IntStream.range(0, found.length).parallel().forEach(k -> {
            OffsetList list = new OffsetList();
            searchPart(window, k, starts, list);
            found[k] = list.toArray();
        });
        long total = 0;
        for (int k = 0; k < found.length; k++) {
            long partBase = base + (long) k * partBytes;
            for (int offset : found[k]) {
                sink.accept(partBase + offset);
            }
            total += found[k].length;
        }
        return total;
    }

    /** Copies part {@code k}'s bytes into this thread's scratch array and searches them (offsets part-relative). */
    private long searchPart(MappedByteBuffer window, int k, int starts, OffsetList out) {
        int from = k * partBytes;
        int partStarts = Math.min(partBytes, starts - from);
        byte[] bytes = scratch.get();
        window.get(from, bytes, 0, partStarts + m - 1);
        return searcher.search(bytes, 0, partStarts, out);
    }

    private int partCount(int starts) {
        return (int) (((long) starts + partBytes - 1) / partBytes);
    }
}
