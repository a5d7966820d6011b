package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * Host side of the segmented sort of (u32 key, u32 value) pairs run inside a pipeline kernel
 * ({@link SegmentedSortKernel}): within each segment (a head flag starts one; element 0 always does) the pairs end
 * sorted stably by unsigned key; segments keep their places.
 *
 * <p><b>Split rule.</b> The small path always runs first: one barrier-free launch in which the work-item of each
 * head insertion-sorts its segment when it has at most {@code maxSmall} elements (default
 * {@value #DEFAULT_MAX_SMALL}), else sets an overflow flag. If no segment overflowed (millions of 2..10-element
 * segments) that is the whole sort: about 8 bytes read and written per element, no extra memory. If any did (a few
 * huge segments), the large path sorts everything: head flags, an inclusive device scan into segment numbers, the
 * composite key {@code segment << 32 | key} and a stable radix sort of (composite, value) pairs on
 * {@code 32 + bits(n - 1)} bits ({@link DeviceRadixSort#sortU64}: with 4-bit digits 14 passes for n up to 2^24, 32
 * bytes moved per element and pass, coalesced with the tile algorithm), then the keys come back from the composite's
 * low words. Extra device memory on the large path: the composite and its alternate (16 bytes per element), the
 * alternate values (4) and the counts of the flag scan (8 bytes per element) and of the radix sort (see
 * {@link DeviceRadixSort}).
 */
public final class DeviceSegmentedSort {
    /** Default longest segment the small path sorts. */
    public static final int DEFAULT_MAX_SMALL = 32;
    private static final int SCAN_ITEMS = 8;

    private final GuardedKernel<? extends SegmentedSortKernel> launcher;
    private final DeviceRadixSort radix;
    private final DeviceScan scan;
    private final int maxSmall;
    private boolean lastUsedLargePath;

    /**
     * A segmented sort driver for the kernel behind {@code launcher}, sorting its large path with {@code radix} (a
     * driver of the same launcher).
     *
     * @param maxSmall the longest segment the small path insertion-sorts, at least 1
     */
    public DeviceSegmentedSort(GuardedKernel<? extends SegmentedSortKernel> launcher, DeviceRadixSort radix,
                               int maxSmall) {
        if (maxSmall < 1) {
            throw new IllegalArgumentException("maxSmall must be positive: " + maxSmall);
        }
        this.launcher = launcher;
        this.radix = radix;
        this.scan = new DeviceScan(launcher, SCAN_ITEMS);
        this.maxSmall = maxSmall;
    }

    /** Whether the last {@link #sortPairsU32} needed the large path (some segment longer than maxSmall). */
    public boolean lastUsedLargePath() {
        return lastUsedLargePath;
    }

    /**
     * Sorts the first {@code count} pairs of the pipeline's {@link SegmentedSortKernel#segmentedSortPairsU32} call
     * with {@code slot} within their segments. The pipeline's keys, values and heads must be on the device; the
     * large path also needs {@code composite}, {@code compositeAlt} and {@code valuesAlt} there (at least
     * {@code count} long), and sorts them with the pipeline's radix call of {@code radixSlot}.
     *
     * @param keys   the call's keys (a bound field of the pipeline: {@link GuardedKernel#launch} keeps it current)
     * @param values the call's values, likewise
     */
    public LaunchTiming sortPairsU32(int slot, int radixSlot, int count, int[] keys, int[] values, long[] composite,
                                     long[] compositeAlt, int[] valuesAlt) {
        DriverArguments.checkSlotAndCount(slot, count);
        lastUsedLargePath = false;
        if (count <= 1) {
            return LaunchTiming.NONE;
        }
        LaunchTiming timing = sortShort(slot, count);
        SegmentedSortKernel k = launcher.kernel();
        int groups = groups(count);
        try {
            if (k.ssOverflow[0] == 0) {
                return timing;
            }
            lastUsedLargePath = true;
            if (k.rsCounts.length < count) {
                k.rsCounts = new int[count];
                k.rsOffsets = new int[count];
            }
            timing = timing.plus(phase(k, SegmentedSortKernel.SS_FLAGS, groups));
            timing = timing.plus(scan.inclusiveInts(RadixSortKernel.RADIX_SCAN_SLOT, count));
            timing = timing.plus(phase(k, SegmentedSortKernel.SS_COMPOSE, groups));
            int segmentBits = 32 - Integer.numberOfLeadingZeros(count - 1);
            timing = timing.plus(radix.sortU64(radixSlot, count, 0, 32 + segmentBits, composite, compositeAlt,
                    values, valuesAlt));
            timing = timing.plus(phase(k, SegmentedSortKernel.SS_RESTORE, groups));
            return timing;
        } finally {
            k.ssPhase = SegmentedSortKernel.SS_OFF;
        }
    }

    /**
     * The small path alone, for pipelines that sort long segments their own way (for example without the large path's
     * composite keys): every segment of at most {@code maxSmall} elements ends sorted in place; longer segments are
     * left untouched. One barrier-free launch (about 8 bytes read and written per element, {@code O(len^2)} compares
     * per segment) and a 4-byte download; no extra memory. The pipeline's keys, values and heads must be on the
     * device; the call's {@code composite} array is not touched.
     *
     * @return true when every segment was short enough (the whole sort is done), false when some segment was longer
     */
    public boolean sortSmallSegments(int slot, int count, int[] keys, int[] values) {
        DriverArguments.checkSlotAndCount(slot, count);
        lastUsedLargePath = false;
        if (count <= 1) {
            return true;
        }
        sortShort(slot, count);
        return launcher.kernel().ssOverflow[0] == 0;
    }

    /** The small-path launch; leaves the overflow flag downloaded in {@code ssOverflow[0]}. */
    private LaunchTiming sortShort(int slot, int count) {
        SegmentedSortKernel k = launcher.kernel();
        k.ssSlot = slot;
        k.ssCount = count;
        k.ssMaxSmall = maxSmall;
        k.ssOverflow[0] = 0;
        k.put(k.ssOverflow);
        LaunchTiming timing = phase(k, SegmentedSortKernel.SS_SMALL, groups(count));
        k.get(k.ssOverflow);
        return timing;
    }

    private int groups(int count) {
        return (int) (((long) count + launcher.localSize() - 1) / launcher.localSize());
    }

    private LaunchTiming phase(SegmentedSortKernel k, int phase, int groups) {
        k.ssPhase = phase;
        LaunchTiming t = launcher.launch(groups);
        k.ssPhase = SegmentedSortKernel.SS_OFF;
        return t;
    }

}
