package org.gpumatch.checker;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A suffix array file of any size (little-endian {@link EntryFormat#INT32}, {@link EntryFormat#INT64} or
 * {@link EntryFormat#INT40} entries, no header), memory-mapped read-only in segments of up to 1 GiB that never split
 * an entry, and read with {@code long} indices.
 *
 * <p>Costs O(1) per access, no heap beyond one reference per segment. The mapping stays valid until the object is
 * garbage-collected.
 */
public final class MappedIndexSequence implements IndexSequence {
    private final EntryFormat format;
    private final MappedByteBuffer[] segments;
    private final int shift;
    private final long mask;
    private final int width;
    private final long length;

    private MappedIndexSequence(final SegmentedMapping mapping, final EntryFormat format) {
        this.format = format;
        this.segments = mapping.segments();
        this.shift = mapping.shift();
        this.mask = (1L << shift) - 1;
        this.width = format.width();
        this.length = mapping.entries();
    }

    /**
     * Maps a whole file.
     *
     * @param file the suffix array
     * @param format how entries are stored
     * @return the mapped entries
     * @throws IOException if the file cannot be opened or mapped, or its size is not a multiple of the entry width
     */
    public static MappedIndexSequence open(final Path file, final EntryFormat format) throws IOException {
        return open(file, format, SegmentedMapping.defaultEntriesPerSegment(format.width()));
    }

    /**
     * Maps a whole file in segments of a given number of entries; tests (here and of the suffix array search) use
     * tiny segments.
     *
     * @param file the suffix array
     * @param format how entries are stored
     * @param entriesPerSegment a power of two
     * @return the mapped entries
     * @throws IOException if the file cannot be opened or mapped, or its size is not a multiple of the entry width
     */
    public static MappedIndexSequence open(final Path file, final EntryFormat format, final long entriesPerSegment)
            throws IOException {
        Objects.requireNonNull(format, "format");
        return new MappedIndexSequence(
                SegmentedMapping.map(file, format.width(), entriesPerSegment, format.label() + " suffix array"), format);
    }

    /** @return how the entries are stored */
    public EntryFormat format() {
        return format;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public long valueAt(final long index) {
        return format.get(segments[(int) (index >>> shift)], (int) (index & mask) * width);
    }

    @Override
    public void copyTo(final long from, final long[] dst, final int count) {
        int k = 0;
        while (k < count) {
            final long i = from + k;
            final MappedByteBuffer segment = segments[(int) (i >>> shift)];
            final int first = (int) (i & mask);
            final int run = (int) Math.min(count - k, mask + 1 - first);
            switch (format) {
                case INT32:
                    for (int j = 0; j < run; j++) {
                        dst[k + j] = segment.getInt((first + j) << 2);
                    }
                    break;
                case INT64:
                    for (int j = 0; j < run; j++) {
                        dst[k + j] = segment.getLong((first + j) << 3);
                    }
                    break;
                default:
                    for (int j = 0; j < run; j++) {
                        dst[k + j] = EntryFormat.getInt40(segment, (first + j) * 5);
                    }
                    break;
            }
            k += run;
        }
    }

    @Override
    public void gather(final long[] indices, final int count, final long[] dst) {
        if (segments.length == 1) {
            gatherInOneSegment(segments[0], indices, count, dst);
        } else {
            gatherAcrossSegments(indices, count, dst);
        }
    }

    /**
     * An array of at most one segment (2^28 int32 entries, 2^27 int64 or int40 entries): with one buffer for the whole
     * loop the JIT hoists the buffer's fields and bounds out of it (see {@link MappedByteSequence}).
     */
    private void gatherInOneSegment(final MappedByteBuffer only, final long[] indices, final int count,
                                    final long[] dst) {
        switch (format) {
            case INT32:
                for (int k = 0; k < count; k++) {
                    if (indices[k] >= 0) {
                        dst[k] = only.getInt((int) indices[k] << 2);
                    }
                }
                break;
            case INT64:
                for (int k = 0; k < count; k++) {
                    if (indices[k] >= 0) {
                        dst[k] = only.getLong((int) indices[k] << 3);
                    }
                }
                break;
            default:
                for (int k = 0; k < count; k++) {
                    if (indices[k] >= 0) {
                        dst[k] = EntryFormat.getInt40(only, (int) indices[k] * 5);
                    }
                }
                break;
        }
    }

    private void gatherAcrossSegments(final long[] indices, final int count, final long[] dst) {
        switch (format) {
            case INT32:
                for (int k = 0; k < count; k++) {
                    final long i = indices[k];
                    if (i >= 0) {
                        dst[k] = segments[(int) (i >>> shift)].getInt((int) (i & mask) << 2);
                    }
                }
                break;
            case INT64:
                for (int k = 0; k < count; k++) {
                    final long i = indices[k];
                    if (i >= 0) {
                        dst[k] = segments[(int) (i >>> shift)].getLong((int) (i & mask) << 3);
                    }
                }
                break;
            default:
                for (int k = 0; k < count; k++) {
                    final long i = indices[k];
                    if (i >= 0) {
                        dst[k] = EntryFormat.getInt40(segments[(int) (i >>> shift)], (int) (i & mask) * 5);
                    }
                }
                break;
        }
    }
}
