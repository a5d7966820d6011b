package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the stable LSD radix sort run inside a pipeline kernel ({@link RadixSortKernel}): plans the passes over
 * the bit range, sizes the digit counts and the local arrays, and launches through the kernel's {@link GuardedKernel}.
 *
 * <p>The keys of bits {@code [beginBit, endBit)} (unsigned) are sorted stably; the other bits are ignored (elements
 * equal on the range keep their order). Passes: {@code p = ceil((endBit - beginBit) / digitBits)}, rounded up to an
 * even number so that the result ends in the primary arrays, each with digits of {@code ceil(bits / p)} bits; each
 * pass is a count launch, a device-wide scan of {@code 2^w * tiles} counts ({@link DeviceScan}) and a scatter launch.
 * Bytes per element and pass: u32/u32 pairs 20, u64/u32 pairs 32, u32 keys 12, u64 keys 24 (see
 * {@link RadixSortKernel}); extra device memory: the alternate arrays and {@code 8 * 2^digitBits / tile} bytes per
 * element of counts.
 *
 * <p>Before calling a sort the pipeline must have put its keys (and values) on the device, and the alternate arrays
 * must exist there with at least {@code count} elements; the sorted data stays on the device in the primary arrays.
 */
public final class DeviceRadixSort {
    /** Measured default digit width (bits per pass). */
    public static final int DEFAULT_DIGIT_BITS = 4;
    /** Measured default consecutive elements ranked per work-item. */
    public static final int DEFAULT_ITEMS = 8;
    /** Elements per work-item of the digit-count scan. */
    private static final int SCAN_ITEMS = 8;

    private final GuardedKernel<? extends RadixSortKernel> launcher;
    private final int digitBits;
    private final int items;
    private final DeviceScan scan;

    /**
     * A radix sort driver for the kernel behind {@code launcher}.
     *
     * @param digitBits        the widest digit of a pass, 1..8 (local memory grows as {@code 2^digitBits})
     * @param itemsPerWorkItem elements each work-item ranks; a tile is {@code localSize * itemsPerWorkItem}
     * @throws IllegalArgumentException when the parameters are out of range or the tile's local arrays do not fit the
     *                                  device's local memory
     */
    public DeviceRadixSort(GuardedKernel<? extends RadixSortKernel> launcher, int digitBits, int itemsPerWorkItem) {
        checkGeometry(digitBits, itemsPerWorkItem);
        this.launcher = launcher;
        this.digitBits = digitBits;
        this.items = itemsPerWorkItem;
        this.scan = new DeviceScan(launcher, SCAN_ITEMS);
        long local = localBytes(launcher.localSize(), digitBits, itemsPerWorkItem);
        long available = launcher.device().isOpenCL() ? launcher.device().localMemBytes() : Long.MAX_VALUE;
        if (local > available) {
            throw new IllegalArgumentException("radix sort tile needs " + local + " bytes of local memory (localSize "
                    + launcher.localSize() + ", digitBits " + digitBits + ", items " + itemsPerWorkItem + ") but "
                    + launcher.device().describe() + " has " + available);
        }
    }

    /** Throws IllegalArgumentException unless 1 &lt;= digitBits &lt;= 8 and itemsPerWorkItem &gt;= 1. */
    static void checkGeometry(int digitBits, int itemsPerWorkItem) {
        if (digitBits < 1 || digitBits > 8) {
            throw new IllegalArgumentException("digitBits must be 1..8: " + digitBits);
        }
        if (itemsPerWorkItem < 1) {
            throw new IllegalArgumentException("itemsPerWorkItem must be positive: " + itemsPerWorkItem);
        }
    }

    /** The driver with {@link #DEFAULT_DIGIT_BITS} and {@link #DEFAULT_ITEMS}. */
    public DeviceRadixSort(GuardedKernel<? extends RadixSortKernel> launcher) {
        this(launcher, DEFAULT_DIGIT_BITS, DEFAULT_ITEMS);
    }

    /** Local memory of one work-group: counters, tile keys, inverse ranks, digit bases and the group-scan scratch. */
    public static long localBytes(int localSize, int digitBits, int items) {
        long radix = 1L << digitBits;
        long tile = (long) localSize * items;
        return 4 * (radix * localSize + 3 * tile + radix + (long) GroupScanKernel.MAX_WIDTH * localSize);
    }

    /** Elements per tile (one work-group). */
    public int tileElements() {
        return launcher.localSize() * items;
    }

    /**
     * Sorts the first {@code count} u32 keys (with their values, for a pairs call) of the pipeline call with
     * {@code slot} on bits {@code [beginBit, endBit)}, 0 &lt;= beginBit &lt;= endBit &lt;= 32.
     *
     * @param resident arrays a later launch reads (keys, values; the call's primary arrays), kept current after each
     *                 pass ({@link GuardedKernel#keepCurrent(int[])})
     */
    public LaunchTiming sortU32(int slot, int count, int beginBit, int endBit, int[]... resident) {
        return sort(slot, count, beginBit, endBit, 32, null, resident);
    }

    /**
     * Sorts the first {@code count} u64 keys (with their values, for a pairs call) of the pipeline call with
     * {@code slot} on bits {@code [beginBit, endBit)}, 0 &lt;= beginBit &lt;= endBit &lt;= 64.
     *
     * @param keys     the call's primary key array, kept current after each pass
     * @param resident the call's primary value array, if any, kept current after each pass
     */
    public LaunchTiming sortU64(int slot, int count, int beginBit, int endBit, long[] keys, int[]... resident) {
        return sort(slot, count, beginBit, endBit, 64, keys, resident);
    }

    private LaunchTiming sort(int slot, int count, int beginBit, int endBit, int keyBits, long[] wideKeys,
                              int[][] resident) {
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
        int localSize = launcher.localSize();
        int tile = localSize * items;
        int tiles = (int) (((long) count + tile - 1) / tile);
        int radix = 1 << width;
        long countsLong = (long) radix * tiles;
        if (countsLong > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(count + " elements need " + countsLong + " digit counts (over 2^31)");
        }
        RadixSortKernel k = launcher.kernel();
        sizeScratch(k, localSize, 1 << digitBits, tile, (int) countsLong);
        k.rsSlot = slot;
        k.rsCount = count;
        k.rsTiles = tiles;
        k.rsItems = items;
        k.rsRadix = radix;
        k.rsWide = keyBits == 64 ? 1 : 0;
        LaunchTiming timing = null;
        try {
            for (int p = 0; p < passes; p++) {
                int shift = beginBit + p * width;
                int w = Math.max(0, Math.min(width, endBit - shift));
                k.rsShift = Math.min(shift, keyBits - 1);
                k.rsMask = (1 << w) - 1;
                k.rsDirection = p & 1;
                k.rsPhase = RadixSortKernel.RS_COUNT;
                timing = add(timing, launcher.launch(tiles));
                launcher.keepCurrent(k.rsCounts);
                k.rsPhase = RadixSortKernel.RS_OFF;
                timing = add(timing, scan.exclusiveInts(RadixSortKernel.RADIX_SCAN_SLOT, (int) countsLong));
                launcher.keepCurrent(k.rsOffsets);
                k.rsPhase = RadixSortKernel.RS_SCATTER;
                timing = add(timing, launcher.launch(tiles));
                if (wideKeys != null) {
                    launcher.keepCurrent(wideKeys);
                }
                for (int[] a : resident) {
                    launcher.keepCurrent(a);
                }
            }
        } finally {
            k.rsPhase = RadixSortKernel.RS_OFF;
        }
        return timing;
    }

    private static LaunchTiming add(LaunchTiming sum, LaunchTiming t) {
        return sum == null ? t : sum.plus(t);
    }

    private static void sizeScratch(RadixSortKernel k, int localSize, int maxRadix, int tile, int counts) {
        k.sizeGroupScratch(localSize);
        if (k.rsCounts.length < counts) {
            k.rsCounts = new int[counts];
            k.rsOffsets = new int[counts];
        }
        if (k.rsCounters.length != maxRadix * localSize) {
            k.rsCounters = new int[maxRadix * localSize];
        }
        if (k.rsTileKeys.length != 2 * tile) {
            k.rsTileKeys = new int[2 * tile];
            k.rsInverse = new int[tile];
        }
        if (k.rsDigitBase.length != maxRadix) {
            k.rsDigitBase = new int[maxRadix];
        }
    }
}
