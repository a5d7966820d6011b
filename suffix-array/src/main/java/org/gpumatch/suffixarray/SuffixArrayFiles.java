package org.gpumatch.suffixarray;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.checker.IndexSequence;

/**
 * Suffix array files in the checker's formats: little-endian {@code int32}, {@code int64} or {@code int40} entries, no
 * header (see the checker README).
 *
 * <p>Cost: one pass; writes {@code width} bytes per entry through a 1 MiB buffer; arrays of at least
 * {@link #PARALLEL_ENTRIES} entries ({@code int[]}, and the long path's {@link LongPages}) are copied into the mapped
 * file in slices of 1 MiB entries on all cores (one copy into the page cache; on the 2-core developer machine 400 MB
 * took 0.13-0.31 s this way against 0.24-3.4 s by positional writes of 4 MiB buffers, which the file system
 * serializes).
 */
public final class SuffixArrayFiles {
    private static final int CHUNK = 1 << 20;
    /** Arrays from this many entries are written into the mapped file by all cores. */
    static final int PARALLEL_ENTRIES = 1 << 23;
    /** Entries per slice of a parallel write. */
    private static final int SLICE = 1 << 20;

    private SuffixArrayFiles() {
    }

    /**
     * Writes (replacing) {@code path}.
     *
     * @param sa the entries, each in {@code [0, format.maxValue()]}
     * @param path the file
     * @param format the entry format
     * @throws IOException on write errors
     * @throws IllegalArgumentException if an entry is negative
     */
    public static void write(final int[] sa, final Path path, final EntryFormat format) throws IOException {
        if (sa.length >= PARALLEL_ENTRIES) {
            writeMapped(sa, path, format);
            return;
        }
        final ByteBuffer buf = ByteBuffer.allocate(CHUNK / format.width() * format.width())
                .order(ByteOrder.LITTLE_ENDIAN);
        try (OutputStream out = Files.newOutputStream(path)) {
            if (format == EntryFormat.INT32) {
                writeInt32(sa, out, buf);
                return;
            }
            for (final int v : sa) {
                if (v < 0) {
                    throw new IllegalArgumentException("negative suffix array entry " + v);
                }
                if (buf.remaining() < format.width()) {
                    out.write(buf.array(), 0, buf.position());
                    buf.clear();
                }
                format.put(buf, v);
            }
            out.write(buf.array(), 0, buf.position());
        }
    }

    /**
     * Writes (replacing) {@code path} from a long-indexed array of any length (such as {@link LongPages}, the result of
     * {@link LongSaisBuilder}), sequentially through a 1 MiB buffer, or for a {@link LongPages} of at least
     * {@link #PARALLEL_ENTRIES} entries in slices on all cores into the mapped file: no n-sized array is made.
     *
     * @param sa the entries, each in {@code [0, format.maxValue()]}
     * @param path the file
     * @param format the entry format
     * @throws IOException on write errors
     * @throws IllegalArgumentException if an entry is negative or does not fit the format (naming its index)
     */
    public static void write(final IndexSequence sa, final Path path, final EntryFormat format) throws IOException {
        if (sa instanceof LongPages pages && pages.length() >= PARALLEL_ENTRIES) {
            writeMapped(pages, path, format);
            return;
        }
        final int w = format.width();
        final ByteBuffer buf = ByteBuffer.allocate(CHUNK / w * w).order(ByteOrder.LITTLE_ENDIAN);
        final long[] entries = new long[buf.capacity() / w];
        final long n = sa.length();
        try (OutputStream out = Files.newOutputStream(path)) {
            for (long i = 0; i < n; i += entries.length) {
                final int len = (int) Math.min(entries.length, n - i);
                sa.copyTo(i, entries, len);
                buf.clear();
                for (int j = 0; j < len; j++) {
                    final long v = entries[j];
                    if (v < 0 || v > format.maxValue()) {
                        throw new IllegalArgumentException("suffix array entry " + (i + j) + " = " + v
                                + (v < 0 ? " is negative" : " does not fit " + format.label()));
                    }
                    format.put(buf, v);
                }
                out.write(buf.array(), 0, buf.position());
            }
        }
    }

    /**
     * {@link #write} for large arrays: the file is sized, mapped in windows of at most 1 GiB, and slices of
     * {@link #SLICE} entries are checked and copied straight into the mapping on all cores (int32 by one bulk copy per
     * slice, the other widths entry by entry): one copy into the page cache, no intermediate buffer and no write call
     * per slice, at memory speed (the page cache's pages are allocated by the faults of many threads at once).
     */
    private static void writeMapped(final int[] sa, final Path path, final EntryFormat format) throws IOException {
        final long bad = writeMapped(sa.length, path, format, (from, len, slice) -> {
            final int at = (int) from;
            int any = 0;
            for (int j = at; j < at + len; j++) {
                any |= sa[j];
            }
            if (any < 0) { // a negative entry is reported from the calling thread
                for (int j = at; j < at + len; j++) {
                    if (sa[j] < 0) {
                        return j;
                    }
                }
            }
            if (format == EntryFormat.INT32) {
                slice.asIntBuffer().put(sa, at, len);
            } else {
                for (int j = at; j < at + len; j++) {
                    format.put(slice, sa[j]);
                }
            }
            return -1;
        });
        if (bad >= 0) {
            throw new IllegalArgumentException("negative suffix array entry " + sa[(int) bad]);
        }
    }

    /**
     * {@link #write(IndexSequence, Path, EntryFormat)} of a {@link LongPages} as {@link #writeMapped(int[], Path,
     * EntryFormat)} does it: each slice copied out of the pages into a buffer of its own (8 bytes per entry of a
     * slice per thread), checked, and put into the mapping on all cores; the first entry out of range is named.
     */
    private static void writeMapped(final LongPages sa, final Path path, final EntryFormat format) throws IOException {
        final long bad = writeMapped(sa.length(), path, format, (from, len, slice) -> {
            final long[] entries = new long[len];
            sa.copyTo(from, entries, len);
            for (int j = 0; j < len; j++) {
                final long v = entries[j];
                if (v < 0 || v > format.maxValue()) {
                    return from + j;
                }
                format.put(slice, v);
            }
            return -1;
        });
        if (bad >= 0) {
            final long v = sa.get(bad);
            throw new IllegalArgumentException("suffix array entry " + bad + " = " + v
                    + (v < 0 ? " is negative" : " does not fit " + format.label()));
        }
    }

    /** Puts entries {@code [from, from + len)} into {@code slice} (positioned at the first); -1, or a refused index. */
    @FunctionalInterface
    private interface SlicePut {
        long put(long from, int len, ByteBuffer slice);
    }

    /**
     * The parallel mapped write of {@code n} entries (see {@link #writeMapped(int[], Path, EntryFormat)}).
     *
     * @return -1, or the smallest index a slice refused (the windows after its own are not written)
     */
    private static long writeMapped(final long n, final Path path, final EntryFormat format, final SlicePut slices)
            throws IOException {
        final int w = format.width();
        final long windowEntries = (1L << 30) / w / SLICE * SLICE;
        final java.util.concurrent.atomic.AtomicLong bad = new java.util.concurrent.atomic.AtomicLong(-1);
        // An existing file is written over in place and then cut to the array's length, not truncated first: its
        // pages and blocks are reused (a truncation frees them and the write allocates them again; on the H200 host
        // that made the write of 400 MB over the previous run's array 0.38-0.53 s against 0.15-0.16 s into a new file)
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            if (ch.size() > n * w) {
                ch.truncate(n * w);
            }
            for (long first = 0; first < n && bad.get() < 0; first += windowEntries) {
                final long windowFirst = first;
                final int entries = (int) Math.min(windowEntries, n - first);
                final java.nio.MappedByteBuffer window = ch.map(FileChannel.MapMode.READ_WRITE, first * w,
                        (long) entries * w);
                try {
                    java.util.stream.IntStream.range(0, (entries + SLICE - 1) / SLICE).parallel().forEach(c -> {
                        final int offset = c * SLICE;
                        final int len = Math.min(SLICE, entries - offset);
                        final ByteBuffer slice = window.duplicate().order(ByteOrder.LITTLE_ENDIAN);
                        slice.position(offset * w);
                        final long refused = slices.put(windowFirst + offset, len, slice);
                        if (refused >= 0) {
                            bad.accumulateAndGet(refused, (a, b) -> a < 0 ? b : Math.min(a, b));
                        }
                    });
                } catch (InternalError e) { // a fault in the mapping: the file system refused a page (disk full)
                    throw new IOException("the file system refused to store the array (is the disk full?)", e);
                }
            }
        }
        return bad.get();
    }

    /** The int32 case of {@link #write}: whole chunks copied through an int view (about 1 GB/s more than per entry). */
    private static void writeInt32(final int[] sa, final OutputStream out, final ByteBuffer buf) throws IOException {
        final int per = buf.capacity() / 4;
        for (int i = 0; i < sa.length; i += per) {
            final int len = Math.min(per, sa.length - i);
            int negative = 0;
            for (int j = i; j < i + len; j++) {
                negative |= sa[j];
            }
            if (negative < 0) {
                for (int j = i; j < i + len; j++) {
                    if (sa[j] < 0) {
                        throw new IllegalArgumentException("negative suffix array entry " + sa[j]);
                    }
                }
            }
            buf.clear();
            buf.asIntBuffer().put(sa, i, len);
            out.write(buf.array(), 0, 4 * len);
        }
    }

    /**
     * Reads a whole suffix array file into an {@code int} array.
     *
     * @param path the file
     * @param format the entry format
     * @return the entries
     * @throws IOException on read errors
     * @throws IllegalArgumentException if the size is not a multiple of the width, the file holds more than
     *     {@link SaisBuilder#MAX_LENGTH} entries or an entry outside {@code [0, 2^31)}
     */
    public static int[] read(final Path path, final EntryFormat format) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            final long bytes = ch.size();
            final int w = format.width();
            if (bytes % w != 0) {
                throw new IllegalArgumentException(format.label() + " suffix array file '" + path + "' has " + bytes
                        + " bytes, not a multiple of the entry width " + w);
            }
            final long len = bytes / w;
            if (len > SaisBuilder.MAX_LENGTH) {
                throw new IllegalArgumentException("suffix array file '" + path + "' has " + len
                        + " entries, more than an int array holds");
            }
            final int[] sa = new int[(int) len];
            final ByteBuffer buf = ByteBuffer.allocate(CHUNK / w * w).order(ByteOrder.LITTLE_ENDIAN);
            int i = 0;
            while (i < sa.length) {
                buf.clear();
                buf.limit((int) Math.min(buf.capacity(), (long) (sa.length - i) * w));
                while (buf.hasRemaining()) {
                    if (ch.read(buf) < 0) {
                        throw new IOException("unexpected end of '" + path + "'");
                    }
                }
                for (int off = 0; off < buf.limit(); off += w, i++) {
                    final long v = format.get(buf, off);
                    if (v < 0 || v > Integer.MAX_VALUE) {
                        throw new IllegalArgumentException("suffix array file '" + path + "' entry " + i + " = " + v
                                + " is not a valid int offset");
                    }
                    sa[i] = (int) v;
                }
            }
            return sa;
        }
    }
}
