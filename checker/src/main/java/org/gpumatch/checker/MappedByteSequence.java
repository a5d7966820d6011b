package org.gpumatch.checker;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * A text file of any size, memory-mapped read-only in segments of up to 1 GiB and read with {@code long} indices.
 *
 * <p>Costs O(1) per access, no heap beyond one reference per GiB; the pages belong to the operating system's cache.
 * A text of at most 1 GiB is one segment, and its bulk reads run as fast as a heap array's; a larger one pays a
 * segment lookup per read. The mapping stays valid until the object is garbage-collected (Java offers no explicit
 * unmap).
 */
public final class MappedByteSequence implements ByteSequence {
    private final MappedByteBuffer[] segments;
    private final int shift;
    private final long mask;
    private final long length;

    private MappedByteSequence(final SegmentedMapping mapping) {
        this.segments = mapping.segments();
        this.shift = mapping.shift();
        this.mask = (1L << shift) - 1;
        this.length = mapping.entries();
    }

    /**
     * Maps a whole file.
     *
     * @param file the text, raw bytes
     * @return the mapped text
     * @throws IOException if the file cannot be opened or mapped
     */
    public static MappedByteSequence open(final Path file) throws IOException {
        return open(file, SegmentedMapping.defaultEntriesPerSegment(1));
    }

    /**
     * Maps a whole file in segments of a given size; tests (here and of the suffix array search) use tiny segments to
     * exercise the multi-segment path.
     *
     * @param file the text
     * @param segmentBytes a power of two, at most 1 GiB
     * @return the mapped text
     * @throws IOException if the file cannot be opened or mapped
     */
    public static MappedByteSequence open(final Path file, final long segmentBytes) throws IOException {
        return new MappedByteSequence(SegmentedMapping.map(file, 1, segmentBytes, "text"));
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public int byteAt(final long index) {
        return segments[(int) (index >>> shift)].get((int) (index & mask)) & 0xFF;
    }

    @Override
    public void copyTo(final long from, final byte[] dst, final int count) {
        int k = 0;
        while (k < count) {
            final long i = from + k;
            final int offset = (int) (i & mask);
            final int run = (int) Math.min(count - k, mask + 1 - offset);
            segments[(int) (i >>> shift)].get(offset, dst, k, run);
            k += run;
        }
    }

    @Override
    public void pairsAt(final long[] positions, final int count, final int[] pairs) {
        if (segments.length == 1) {
            pairsInOneSegment(segments[0], positions, count, pairs);
        } else {
            pairsAcrossSegments(positions, count, pairs);
        }
    }

    /**
     * A text of at most one segment (1 GiB): with one buffer for the whole loop the JIT hoists the buffer's fields and
     * bounds out of it, which makes the random reads as fast as a heap array's (1.1-1.3 s against 2.1-2.3 s with a
     * segment lookup per read, for the 100 M positions of a suffix array of uniform ACGT).
     */
    private void pairsInOneSegment(final MappedByteBuffer only, final long[] positions, final int count,
                                   final int[] pairs) {
        final long n = length;
        for (int k = 0; k < count; k++) {
            final long p = positions[k];
            if (p > 0 && p < n) {
                final int offset = (int) p;
                pairs[k] = only.get(offset) & 0xFF | (only.get(offset - 1) & 0xFF) << 8;
            } else {
                pairs[k] = p == 0 && n > 0 ? only.get(0) & 0xFF : NO_PAIR;
            }
        }
    }

    private void pairsAcrossSegments(final long[] positions, final int count, final int[] pairs) {
        for (int k = 0; k < count; k++) {
            final long p = positions[k];
            if (p > 0 && p < length) {
                final MappedByteBuffer segment = segments[(int) (p >>> shift)];
                final int offset = (int) (p & mask);
                final int before = offset > 0 ? segment.get(offset - 1) : segments[(int) (p >>> shift) - 1].get((int) mask);
                pairs[k] = segment.get(offset) & 0xFF | (before & 0xFF) << 8;
            } else {
                pairs[k] = p == 0 && length > 0 ? byteAt(0) : NO_PAIR;
            }
        }
    }
}
