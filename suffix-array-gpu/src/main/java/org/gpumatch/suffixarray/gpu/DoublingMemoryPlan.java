package org.gpumatch.suffixarray.gpu;

import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.MAX_LENGTH;
import static org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder.SEGMENT_CAPACITY_SHARE;

import java.util.Locale;
import java.util.Optional;
import org.gpumatch.gpu.primitives.GridKernel;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * The device memory of a {@link GpuPrefixDoublingBuilder} build of n characters, in the mode the builder uses for it
 * (whole, or partitioned past its whole limit), and whether it fits a device: the arrays by text or SA position, the
 * four working arrays (n, or the largest partition), the max scan's levels, the segmented sort's large path and the
 * grid's fixed buffers. Pure arithmetic on the builder's geometry.
 *
 * @param device       the device a build would run on
 * @param localSize    the work-group size
 * @param maxGroups    the grid's work-groups (the larger of the grid's and the radix sort's)
 * @param pieceShift   position-indexed arrays are split into pieces of {@code 2^pieceShift} ints
 * @param wholeMax     texts up to this length are built whole, longer ones partitioned
 * @param partCapacity the most suffixes of one partition
 */
record DoublingMemoryPlan(ComputeDevice device, int localSize, int maxGroups, int pieceShift, int wholeMax,
                          int partCapacity) {
    /**
     * Peak device memory of a build of {@code n} characters ({@link GpuPrefixDoublingBuilder#peakDeviceBytes}): whole
     * builds four working {@code int[n]} arrays and the ranks ({@code 20n}, the text packed inside the ranks);
     * partitioned builds the ranks, the stash, the packed text and four working arrays of the largest partition
     * ({@code 9n + 16 P}); plus the scan levels, the segmented sort's large path and the grid's fixed buffers.
     */
    long peakDeviceBytes(int n) {
        long working = workingSize(n);
        long positional = n <= wholeMax ? 4L * n : 8L * n + textBytes(n);
        long scanParts = 4L * partsLength(working);
        // the segmented sort's large path: u64 composites and their alternate for up to working / 4 suffixes (whole
        // builds only), and its segment table (8 bytes per large segment of more than a quarter tile)
        long segmented = n <= wholeMax ? 16L * (working / SEGMENT_CAPACITY_SHARE)
                + 8L * (working / (localSize * GridKernel.ITEMS / 4) + 1) : 0;
        return 4L * 4 * working + positional + scanParts + segmented + fixedDeviceBytes();
    }

    /** The part of {@link #peakDeviceBytes} independent of the text's length: the grid's buffers, the symbol codes. */
    long fixedDeviceBytes() {
        return gridBytes() + 4 * 256;
    }

    /**
     * Why a build of n characters cannot run on the device, or empty when it fits
     * ({@link GpuPrefixDoublingBuilder#whyNotFits}): its length, the device's global memory against
     * {@link #peakDeviceBytes}, and its largest buffer against the device's largest allocation.
     */
    Optional<String> whyNotFits(int n) {
        if (n > MAX_LENGTH) {
            return Optional.of("a suffix array of " + n + " bytes exceeds the int suffix array limit " + MAX_LENGTH);
        }
        if (n > (long) PrefixDoublingKernel.MAX_PIECES << pieceShift) {
            return Optional.of("a suffix array of " + n + " bytes needs more than " + PrefixDoublingKernel.MAX_PIECES
                    + " pieces of " + (1 << pieceShift) + " ints");
        }
        long need = peakDeviceBytes(n);
        if (n > 1 && need > device.globalMemBytes()) {
            return Optional.of(String.format(Locale.ROOT,
                    "a suffix array of %d bytes needs %d bytes of device memory (%.1f per character); %s has %d",
                    n, need, (double) need / n, device.describe(), device.globalMemBytes()));
        }
        long largestBuffer = 4 * Math.max(workingSize(n), Math.min(n, 1L << pieceShift));
        if (n > wholeMax) {
            largestBuffer = Math.max(largestBuffer, textBytes(n));
        }
        if (n > 1 && largestBuffer > device.maxAllocBytes()) {
            return Optional.of("a suffix array of " + n + " bytes needs buffers of " + largestBuffer + " bytes; "
                    + device.describe() + " allocates at most " + device.maxAllocBytes() + " per buffer");
        }
        return Optional.empty();
    }

    /**
     * Device bytes of the grid layer's own buffers: the spine (256 digit counts per work-group of a sort pass, 64-bit,
     * at least half a G1 region so that it never moves), the unused long operands (placeholders of half a region) and
     * the small result.
     */
    private long gridBytes() {
        long pinned = 8L * GridKernel.pinnedLength(8);
        return Math.max(8L * 256 * maxGroups, pinned) + 2 * pinned + 4L * (8 + 2 * maxGroups);
    }

    /**
     * Ints of the max scan's levels above the elements for scans of up to {@code w} elements: two lanes per entry,
     * one entry per {@link PrefixDoublingKernel#BOTTOM_CHUNK} elements and per {@link PrefixDoublingKernel#SCAN_CHUNK}
     * entries of each level above (about {@code w / 8} ints).
     */
    static long partsLength(long w) {
        long ints = 2;
        long size = w;
        for (int level = 0; size > 0; level++) {
            long chunk = PrefixDoublingKernel.scanChunkOf(level);
            long chunks = (size + chunk - 1) / chunk;
            ints += 2 * chunks;
            if (chunks <= PrefixDoublingKernel.SCAN_TOP) {
                break;
            }
            size = chunks;
        }
        return ints;
    }

    /** Elements of each working array for a text of n: n when built whole, else at most the partition capacity. */
    long workingSize(int n) {
        return n <= wholeMax ? n : Math.min(n, partCapacity);
    }

    /** Bytes of the packed text buffer of a partitioned build. */
    static long textBytes(int n) {
        return 4 * ((n + 3L) / 4);
    }
}
