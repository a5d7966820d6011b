package org.gpumatch.checker;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A read-only file mapped as consecutive {@link MappedByteBuffer} segments that each hold a power-of-two number of
 * fixed-width entries, so that entry {@code i} lives in segment {@code i >>> shift} at byte offset
 * {@code (i & mask) * width} and never straddles two segments. This is what lets files larger than 2 GiB (the limit of
 * one buffer) be read with {@code long} indices.
 *
 * <p>Costs no heap beyond the segment array; the pages are the operating system's.
 */
final class SegmentedMapping {
    /** Largest segment, in bytes: 1 GiB. */
    static final long MAX_SEGMENT_BYTES = 1L << 30;

    private final MappedByteBuffer[] segments;
    private final int shift;
    private final long entries;

    private SegmentedMapping(final MappedByteBuffer[] segments, final int shift, final long entries) {
        this.segments = segments;
        this.shift = shift;
        this.entries = entries;
    }

    /**
     * @param width bytes per entry
     * @return the default number of entries per segment: the largest power of two whose segment fits in 1 GiB
     */
    static long defaultEntriesPerSegment(final int width) {
        return Long.highestOneBit(MAX_SEGMENT_BYTES / width);
    }

    /**
     * Maps a whole file.
     *
     * @param file the file
     * @param width bytes per entry; the file size must be a multiple of it
     * @param entriesPerSegment a power of two with {@code entriesPerSegment * width <= Integer.MAX_VALUE}
     * @param what how error messages name the file ("text", "suffix array")
     * @return the mapping
     * @throws IOException if the file cannot be opened or mapped, or its size is not a multiple of {@code width}
     */
    static SegmentedMapping map(final Path file, final int width, final long entriesPerSegment, final String what)
            throws IOException {
        if (entriesPerSegment <= 0 || Long.bitCount(entriesPerSegment) != 1
                || entriesPerSegment * width > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("entriesPerSegment must be a power of two of at most 2 GiB: " + entriesPerSegment);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            final long bytes = channel.size();
            if (bytes % width != 0) {
                throw new IOException(what + " file '" + file + "' has " + bytes + " bytes, not a multiple of the entry"
                        + " width " + width);
            }
            final long entries = bytes / width;
            final long segmentBytes = entriesPerSegment * width;
            final int count = Math.toIntExact((bytes + segmentBytes - 1) / segmentBytes);
            final MappedByteBuffer[] segments = new MappedByteBuffer[count];
            for (int s = 0; s < count; s++) {
                final long position = s * segmentBytes;
                final long size = Math.min(segmentBytes, bytes - position);
                segments[s] = channel.map(FileChannel.MapMode.READ_ONLY, position, size);
                segments[s].order(ByteOrder.LITTLE_ENDIAN);
            }
            return new SegmentedMapping(segments, Long.numberOfTrailingZeros(entriesPerSegment), entries);
        }
    }

    /** @return the segments, little-endian, each holding {@code 1 << shift()} entries except possibly the last */
    MappedByteBuffer[] segments() {
        return segments.clone();
    }

    /** @return log2 of the entries per segment */
    int shift() {
        return shift;
    }

    /** @return the number of entries in the file */
    long entries() {
        return entries;
    }
}
