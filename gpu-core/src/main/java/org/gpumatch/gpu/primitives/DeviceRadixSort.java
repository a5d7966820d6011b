package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the stable LSD radix sort run inside a pipeline kernel ({@link RadixSortKernel}): plans the passes over
 * the bit range, sizes the digit counts, and launches through the kernel's {@link GuardedKernel}.
 *
 * <p>The keys of bits {@code [beginBit, endBit)} (unsigned) are sorted stably; the other bits are ignored (elements
 * equal on the range keep their order). Passes: {@code p = ceil((endBit - beginBit) / digitBits)}, rounded up to an
 * even number so that the result ends in the primary arrays, each with digits of {@code ceil(bits / p)} bits; each
 * pass is a count launch, a device-wide exclusive scan of {@code 2^w * ceil(n / chunk)} counts ({@link DeviceScan})
 * and a scatter launch. Bytes per element and pass: u32 keys 12, u32/u32 pairs 20, u64 keys 24, u64/u32 pairs 32,
 * plus about {@code 20 * 2^w / chunk} of counter and scan traffic (see {@link RadixSortKernel}); extra device memory:
 * the alternate arrays and {@code 8 * 2^digitBits / chunk} bytes per element of counts and offsets.
 *
 * <p>Before calling a sort the pipeline must have put its keys (and values) on the device, and the alternate arrays
 * must exist there with at least {@code count} elements; the sorted data stays on the device in the primary arrays.
 */
public final class DeviceRadixSort {
    /** Default digit width (bits per pass). */
    public static final int DEFAULT_DIGIT_BITS = 4;
    /** Default elements per work-item chunk. */
    public static final int DEFAULT_CHUNK = 16;
    /** Elements per work-item of the digit-count scan. */
    private static final int SCAN_ITEMS = 8;

    private final GuardedKernel<? extends RadixSortKernel> launcher;
    private final int digitBits;
    private final int chunk;
    private final DeviceScan scan;

    /**
     * A radix sort driver for the kernel behind {@code launcher}.
     *
     * @param digitBits the widest digit of a pass, 1..8 (the counts grow as {@code 2^digitBits / chunk} per element)
     * @param chunk     consecutive elements each work-item counts and scatters, at least 1
     * @throws IllegalArgumentException when the parameters are out of range
     */
    public DeviceRadixSort(GuardedKernel<? extends RadixSortKernel> launcher, int digitBits, int chunk) {
        checkGeometry(digitBits, chunk);
        this.launcher = launcher;
        this.digitBits = digitBits;
        this.chunk = chunk;
        this.scan = new DeviceScan(launcher, SCAN_ITEMS);
    }

    /** The driver with {@link #DEFAULT_DIGIT_BITS} and {@link #DEFAULT_CHUNK}. */
    public DeviceRadixSort(GuardedKernel<? extends RadixSortKernel> launcher) {
        this(launcher, DEFAULT_DIGIT_BITS, DEFAULT_CHUNK);
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

    /** Elements per work-item chunk. */
    public int chunk() {
        return chunk;
    }

    /**
     * Sorts the first {@code count} u32 keys (with their values, for a pairs call) of the pipeline call with
     * {@code slot} on bits {@code [beginBit, endBit)}, 0 &lt;= beginBit &lt;= endBit &lt;= 32.
     *
     * @param resident the call's arrays (keys, values and their alternates), kept current after each pass
     *                 ({@link GuardedKernel#keepCurrent(int[])}) since the next pass reads them
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
        int chunks = (int) (((long) count + chunk - 1) / chunk);
        long countsLong = (long) radix * chunks;
        if (countsLong > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(count + " elements need " + countsLong + " digit counts (over 2^31)");
        }
        RadixSortKernel k = launcher.kernel();
        if (k.rsCounts.length < countsLong) {
            k.rsCounts = new int[(int) countsLong];
            k.rsOffsets = new int[(int) countsLong];
        }
        int groups = (int) (((long) chunks + launcher.localSize() - 1) / launcher.localSize());
        k.rsSlot = slot;
        k.rsCount = count;
        k.rsChunk = chunk;
        k.rsChunks = chunks;
        k.rsRadix = radix;
        LaunchTiming timing = null;
        try {
            for (int p = 0; p < passes; p++) {
                int shift = beginBit + p * width;
                int w = Math.max(0, Math.min(width, endBit - shift));
                k.rsShift = Math.min(shift, keyBits - 1);
                k.rsMask = (1 << w) - 1;
                k.rsDirection = p & 1;
                k.rsPhase = RadixSortKernel.RS_COUNT;
                timing = add(timing, launcher.launch(groups));
                launcher.keepCurrent(k.rsCounts);
                k.rsPhase = RadixSortKernel.RS_OFF;
                timing = add(timing, scan.exclusiveInts(RadixSortKernel.RADIX_SCAN_SLOT, (int) countsLong));
                launcher.keepCurrent(k.rsOffsets);
                k.rsPhase = RadixSortKernel.RS_SCATTER;
                timing = add(timing, launcher.launch(groups));
                if (wideKeys != null) {
                    launcher.keepCurrent(wideKeys);
                    launcher.keepCurrent(wideKeysAlt);
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
}
