package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the stable LSD radix sort run inside a pipeline kernel ({@link RadixSortKernel}): plans the passes over
 * the bit range, sizes the digit counts, and launches through the kernel's {@link GuardedKernel}, with one of two
 * algorithms ({@link RadixSortAlgorithm}: tile-ranked, the default, or per-work-item chunks).
 *
 * <p>The keys of bits {@code [beginBit, endBit)} (unsigned) are sorted stably; the other bits are ignored (elements
 * equal on the range keep their order). Passes: {@code p = ceil((endBit - beginBit) / digitBits)}, rounded up to an
 * even number so that the result ends in the primary arrays, each with digits of {@code ceil(bits / p)} bits; each
 * pass is a count launch, a device-wide exclusive scan of {@code 2^w} counts per column ({@link DeviceScan}) and a
 * scatter launch. A column is a tile of {@code localSize * items} elements (tile algorithm) or a chunk of
 * {@code items} elements (chunk algorithm). Bytes per element and pass: u32 keys 12, u32/u32 pairs 20, u64 keys 24,
 * u64/u32 pairs 32 (coalesced with tiles), plus about {@code 20 * 2^w} bytes of counter and scan traffic per column
 * (see {@link RadixSortKernel}); extra device memory: the alternate arrays and {@code 8 * 2^digitBits} bytes of
 * counts and offsets per column. The tile algorithm also needs {@link #tileLocalBytes} of local memory per
 * work-group (defaults: 46,720 bytes), at most {@link #MAX_TILE_LOCAL_BYTES}.
 *
 * <p>Before calling a sort the pipeline must have put its keys (and values) on the device, and the alternate arrays
 * must exist there with at least {@code count} elements; the sorted data stays on the device in the primary arrays.
 */
public final class DeviceRadixSort {
    /** Default digit width (bits per pass). */
    public static final int DEFAULT_DIGIT_BITS = 4;
    /** Default elements per work-item chunk of the chunk algorithm. */
    public static final int DEFAULT_CHUNK = 16;
    /** Default algorithm. */
    public static final RadixSortAlgorithm DEFAULT_ALGORITHM = RadixSortAlgorithm.TILE;
    /**
     * The most local memory the tile algorithm may take per work-group, with the group scan's scratch: 48 KiB, what
     * NVIDIA's OpenCL gives a work-group.
     */
    public static final int MAX_TILE_LOCAL_BYTES = 48 * 1024;
    /** Elements per work-item of the digit-count scan. */
    private static final int SCAN_ITEMS = 8;

    private final GuardedKernel<? extends RadixSortKernel> launcher;
    private final RadixSortAlgorithm algorithm;
    private final int digitBits;
    private final int chunk;
    private final DeviceScan scan;

    /**
     * A radix sort driver for the kernel behind {@code launcher}.
     *
     * @param algorithm tile-ranked or per-work-item chunks
     * @param digitBits the widest digit of a pass, 1..8
     * @param items     consecutive elements per work-item (a chunk, or a work-item's share of a tile), at least 1
     * @throws IllegalArgumentException when the parameters are out of range, or the tile algorithm would need more
     *                                  than {@link #MAX_TILE_LOCAL_BYTES} of local memory at the launcher's local size
     */
    public DeviceRadixSort(GuardedKernel<? extends RadixSortKernel> launcher, RadixSortAlgorithm algorithm,
                           int digitBits, int items) {
        checkGeometry(digitBits, items);
        if (algorithm == RadixSortAlgorithm.GRID) {
            throw new IllegalArgumentException("the GRID radix sort runs on its own kernel (GpuArraySorter, GridDriver),"
                    + " not inside a pipeline: use TILE or CHUNK here");
        }
        if (algorithm == RadixSortAlgorithm.TILE) {
            long bytes = tileLocalBytes(launcher.localSize(), items, digitBits);
            if (bytes > MAX_TILE_LOCAL_BYTES) {
                throw new IllegalArgumentException("the tile radix sort with " + launcher.localSize() + " work-items, "
                        + items + " items each and " + digitBits + "-bit digits needs " + bytes
                        + " bytes of local memory (at most " + MAX_TILE_LOCAL_BYTES
                        + "): use fewer items or digit bits");
            }
        }
        this.launcher = launcher;
        this.algorithm = algorithm;
        this.digitBits = digitBits;
        this.chunk = items;
        this.scan = new DeviceScan(launcher, SCAN_ITEMS);
    }

    /** The driver of {@link #DEFAULT_ALGORITHM} with {@code digitBits} and {@code items} per work-item. */
    public DeviceRadixSort(GuardedKernel<? extends RadixSortKernel> launcher, int digitBits, int items) {
        this(launcher, DEFAULT_ALGORITHM, digitBits, items);
    }

    /** The driver of {@link #DEFAULT_ALGORITHM} with {@link #DEFAULT_DIGIT_BITS} and its default items. */
    public DeviceRadixSort(GuardedKernel<? extends RadixSortKernel> launcher) {
        this(launcher, DEFAULT_ALGORITHM, DEFAULT_DIGIT_BITS, DEFAULT_ALGORITHM.defaultItems());
    }

    /**
     * Local memory per work-group of the tile algorithm in bytes, the group scan's scratch included:
     * {@code 24 T + 4 (C + C / 32 + L + ceil(L / radix) + radix) + 16 L} with {@code T = L * items},
     * {@code radix = 2^digitBits} and {@code C = radix * L} (defaults, {@code L = 256}: 46,720 bytes).
     */
    public static long tileLocalBytes(int localSize, int items, int digitBits) {
        return RadixSortKernel.radixTileLocalBytes(localSize, items, 1 << digitBits)
                + 4L * GroupScanKernel.MAX_WIDTH * localSize;
    }

    /** The algorithm this driver runs. */
    public RadixSortAlgorithm algorithm() {
        return algorithm;
    }

    /** Throws IllegalArgumentException unless 1 &lt;= digitBits &lt;= 8 and chunk &gt;= 1. */
    static void checkGeometry(int digitBits, int chunk) {
        if (digitBits < 1 || digitBits > 8) {
            throw new IllegalArgumentException("digitBits must be 1..8: " + digitBits);
        }
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk must be positive: " + chunk);
        }
    }

    /** Elements per work-item (chunk, or share of a tile). */
    public int chunk() {
        return chunk;
    }

    /**
     * Sorts the first {@code count} u32 keys (with their values, for a pairs call) of the pipeline call with
     * {@code slot} on bits {@code [beginBit, endBit)}, 0 &lt;= beginBit &lt;= endBit &lt;= 32.
     *
     * @param resident the call's arrays (keys, values and their alternates); bound fields of the pipeline, which
     *                 {@link GuardedKernel#launch} keeps current after every launch (no further download here)
     */
    public LaunchTiming sortU32(int slot, int count, int beginBit, int endBit, int[]... resident) {
        return sort(slot, count, beginBit, endBit, 32, null, null, resident);
    }

    /**
     * Sorts the first {@code count} u64 keys (with their values, for a pairs call) of the pipeline call with
     * {@code slot} on bits {@code [beginBit, endBit)}, 0 &lt;= beginBit &lt;= endBit &lt;= 64.
     *
     * @param keys     the call's primary key array, kept current after each pass
     * @param keysAlt  the call's alternate key array, kept current after each pass
     * @param resident the call's value arrays (primary and alternate), if any, kept current after each pass
     */
    public LaunchTiming sortU64(int slot, int count, int beginBit, int endBit, long[] keys, long[] keysAlt,
                                int[]... resident) {
        return sort(slot, count, beginBit, endBit, 64, keys, keysAlt, resident);
    }

    private LaunchTiming sort(int slot, int count, int beginBit, int endBit, int keyBits, long[] wideKeys,
                              long[] wideKeysAlt, int[][] resident) {
        if (slot < 1 || slot == RadixSortKernel.RADIX_SCAN_SLOT) {
            throw new IllegalArgumentException("slot must be at least 1 and not the reserved scan slot: " + slot);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        if (beginBit < 0 || beginBit > endBit || endBit > keyBits) {
            throw new IllegalArgumentException("bit range [" + beginBit + ", " + endBit + ") is not within [0, "
                    + keyBits + "]");
        }
        int bits = endBit - beginBit;
        if (count <= 1 || bits == 0) {
            return LaunchTiming.NONE;
        }
        int passes = (bits + digitBits - 1) / digitBits;
        passes += passes & 1;
        int width = (bits + passes - 1) / passes;
        int radix = 1 << width;
        boolean tiles = algorithm == RadixSortAlgorithm.TILE;
        long perColumn = tiles ? (long) chunk * launcher.localSize() : chunk;
        if ((long) count + perColumn > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(count + " elements are too many for columns of " + perColumn);
        }
        int columns = (int) ((count + perColumn - 1) / perColumn);
        long countsLong = (long) radix * columns;
        if (countsLong > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(count + " elements need " + countsLong + " digit counts (over 2^31)");
        }
        RadixSortKernel k = launcher.kernel();
        if (k.rsCounts.length < countsLong) {
            k.rsCounts = new int[(int) countsLong];
            k.rsOffsets = new int[(int) countsLong];
        }
        int groups = tiles ? columns : (int) (((long) columns + launcher.localSize() - 1) / launcher.localSize());
        int countPhase = tiles ? RadixSortKernel.RS_TILE_COUNT : RadixSortKernel.RS_COUNT;
        int scatterPhase = tiles ? RadixSortKernel.RS_TILE_SCATTER : RadixSortKernel.RS_SCATTER;
        k.rsSlot = slot;
        k.rsCount = count;
        k.rsChunk = chunk;
        k.rsChunks = columns;
        k.rsRadix = radix;
        LaunchTiming timing = null;
        try {
            for (int p = 0; p < passes; p++) {
                int shift = beginBit + p * width;
                int w = Math.max(0, Math.min(width, endBit - shift));
                k.rsShift = Math.min(shift, keyBits - 1);
                k.rsMask = (1 << w) - 1;
                k.rsDirection = p & 1;
                k.rsPhase = countPhase;
                timing = add(timing, launcher.launch(groups));
                k.rsPhase = RadixSortKernel.RS_OFF;
                timing = add(timing, scan.exclusiveInts(RadixSortKernel.RADIX_SCAN_SLOT, (int) countsLong));
                k.rsPhase = scatterPhase;
                timing = add(timing, launcher.launch(groups));
            }
        } finally {
            k.rsPhase = RadixSortKernel.RS_OFF;
        }
        return timing;
    }

    private static LaunchTiming add(LaunchTiming sum, LaunchTiming t) {
        return sum == null ? t : sum.plus(t);
    }
}
