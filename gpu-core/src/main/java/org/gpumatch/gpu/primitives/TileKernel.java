package org.gpumatch.gpu.primitives;

import com.aparapi.Kernel;
import java.util.concurrent.atomic.AtomicInteger;
import org.gpumatch.gpu.runtime.LocalMemorySizing;

/**
 * The single base of the tile-staged kernels (issue 21, part 3's model): it holds only the work-group cores that need
 * barriers or local memory, and leaves every data array to the kernel that extends it.
 *
 * <ul>
 *   <li><b>Barrier core</b>: {@link #groupScan4} (or {@link #groupScanLanes} for fewer lanes), an exclusive scan over the work-group of four 64-bit lanes (each lane
 *       may carry packed 16-bit counters, as the radix ranking does), with {@link #groupScanPrefix} and
 *       {@link #groupScanTotal} to read its results. A kernel calls it from <b>one</b> place of {@code run()}, reached
 *       by every work-item (uniform control flow), and loops around that place: PoCL 3.1's compile time grows with
 *       the number of inlined barrier copies, not with the loops around them.</li>
 *   <li><b>Local memory, additive</b>: every layer adds its needs by overriding {@link #localInts} or
 *       {@link #localCounters} as {@code super.localInts(l) + mine} and finds its region at offset
 *       {@code super.localInts(l)} of {@link #tileInts}; {@link #sizeLocalMemory} (called by
 *       {@link org.gpumatch.gpu.runtime.GuardedKernel} before every launch) allocates the sum, so a launch never runs
 *       with local arrays of another geometry, and a phase that needs none gets one element (occupancy).</li>
 *   <li><b>Checked slots</b>: a kernel registers the slots it serves ({@link #registerSlot}) in its constructor; a host
 *       driver names its slot with {@link #checkedSlot} before it launches, which throws for a slot that no
 *       {@code run()} code serves (a launch that would silently do nothing).</li>
 *   <li>Barrier-free device functions are static methods ({@link #pad}, {@link #lane}, {@link #laneIncrement}).</li>
 * </ul>
 * Local memory of the scan core: {@code 8 * 4 * (L + L/16 + 1) + 8 * 4 * (L/16 + 1)} bytes for a work-group of
 * {@code L} (8,960 bytes for 256).
 */
public abstract class TileKernel extends Kernel implements LocalMemorySizing {
    /** Work-items per segment of the group scan's serial first level. */
    public static final int SCAN_SEGMENT = 16;
    /** Lanes of the group scan. */
    public static final int LANES = 4;

    /** The group scan's lanes, lane-major with one padding word per segment (no bank conflicts in the serial level). */
    @Local protected long[] tileScanLanes = new long[1];
    /** Per lane: the segment sums, scanned, then the total. */
    @Local protected long[] tileScanSums = new long[1];
    /** The layers' local ints, each layer at the offset of its superclass' {@link #localInts}. */
    @Local protected int[] tileInts = new int[1];
    /** Local shorts of the launch's layers ({@link #localShorts}, additive; at least one). */
    @Local protected short[] tileShorts = new short[1];
    /** The layers' local atomic counters (histograms), sized by {@link #localCounters}. */
    @Local protected AtomicInteger[] tileCounters = {new AtomicInteger()};

    /** Bit s set: slot s is served by this kernel's {@code run()} (host-side only). */
    private long slots;

    /** Registers {@code slot} (1..62) as served by this kernel's {@code run()}. */
    protected final void registerSlot(int slot) {
        if (slot < 1 || slot > 62) {
            throw new IllegalArgumentException("slot must be 1..62: " + slot);
        }
        slots |= 1L << slot;
    }

    /**
     * Returns {@code slot} when this kernel serves it.
     *
     * @throws IllegalStateException for a slot no code of this kernel's {@code run()} serves
     */
    public final int checkedSlot(int slot) {
        if (slot < 1 || slot > 62 || (slots & (1L << slot)) == 0) {
            throw new IllegalStateException("kernel " + getClass().getSimpleName() + " serves no slot " + slot
                    + " (registered: " + Long.toBinaryString(slots) + ")");
        }
        return slot;
    }

    /** Local ints the coming launch needs, the superclasses' included (additive hook; 0 here). */
    protected int localInts(int localSize) {
        return 0;
    }

    /** Local shorts the coming launch needs (additive hook, as {@link #localInts}; 0 here). */
    protected int localShorts(int localSize) {
        return 0;
    }

    /** Local atomic counters the coming launch needs (additive hook; 0 here). */
    protected int localCounters(int localSize) {
        return 0;
    }

    /**
     * Host side: whether the coming launch uses only {@link #groupScanLong} (two {@code long}s of
     * {@link #tileScanLanes} per work-item, no {@link #tileScanSums}) rather than {@link #groupScanLanes}; its local
     * memory is then sized for that (e.g. 2,560 bytes less per work-group of 128, which can be one more resident
     * work-group). False here.
     */
    protected boolean longScanOnly() {
        return false;
    }

    @Override
    public void sizeLocalMemory(int localSize) {
        int segments = (localSize + SCAN_SEGMENT - 1) / SCAN_SEGMENT;
        boolean kogge = longScanOnly();
        int lanes = kogge ? 2 * localSize : LANES * (localSize + segments);
        if (tileScanLanes.length != lanes) {
            tileScanLanes = new long[lanes];
        }
        int sums = kogge ? 1 : LANES * (segments + 1);
        if (tileScanSums.length != sums) {
            tileScanSums = new long[sums];
        }
        int ints = Math.max(1, localInts(localSize));
        if (tileInts.length != ints) {
            tileInts = new int[ints];
        }
        int shorts = Math.max(1, localShorts(localSize));
        if (tileShorts.length != shorts) {
            tileShorts = new short[shorts];
        }
        int counters = Math.max(1, localCounters(localSize));
        if (tileCounters.length != counters) {
            AtomicInteger[] c = new AtomicInteger[counters];
            for (int i = 0; i < counters; i++) {
                c[i] = new AtomicInteger();
            }
            tileCounters = c;
        }
    }

    /** Local ints of the group scan core for a work-group of {@code localSize}, in bytes. */
    public static long groupScanLocalBytes(int localSize) {
        int segments = (localSize + SCAN_SEGMENT - 1) / SCAN_SEGMENT;
        return 8L * LANES * (localSize + segments) + 8L * LANES * (segments + 1);
    }

    /**
     * Exclusive scan over the work-group of four lanes (work-item order), three barriers; every work-item of the group
     * must call it (uniform control flow), and a barrier must separate the reads of {@link #groupScanPrefix} /
     * {@link #groupScanTotal} from the next call. Lanes add as 64-bit integers, so each may carry packed counters whose
     * totals stay inside their fields. Cost: one local write and read per lane and work-item, a serial pass of
     * {@link #SCAN_SEGMENT} steps by {@code L / 16} work-items and one of {@code L / 16} steps by one work-item per
     * lane. The same as {@link #groupScanLanes} with all four lanes.
     */
    protected final void groupScan4(long a0, long a1, long a2, long a3) {
        groupScanLanes(a0, a1, a2, a3, LANES);
    }

    /**
     * The barrier core: {@link #groupScan4} of the first {@code lanes} lanes only (0 to 4, uniform within the
     * work-group; the other lanes' prefixes and totals are then undefined). With fewer lanes the serial passes do
     * proportionally less; with 0 only the three barriers remain (a step that needs no scan but must pass them). A
     * kernel calls this (or {@link #groupScan4}) from one place of {@code run()}.
     */
    protected final void groupScanLanes(long a0, long a1, long a2, long a3, int lanes) {
        int t = getLocalId();
        int size = getLocalSize();
        int segments = (size + SCAN_SEGMENT - 1) / SCAN_SEGMENT;
        int stride = size + segments;
        int at = t + t / SCAN_SEGMENT;
        boolean all = lanes > 1;
        if (lanes > 0) {
            tileScanLanes[at] = a0;
        }
        if (all) {
            tileScanLanes[stride + at] = a1;
            tileScanLanes[2 * stride + at] = a2;
            tileScanLanes[3 * stride + at] = a3;
        }
        localBarrier();
        if (t < segments && lanes > 0) {
            long s0 = 0;
            long s1 = 0;
            long s2 = 0;
            long s3 = 0;
            int end = Math.min(size, t * SCAN_SEGMENT + SCAN_SEGMENT);
            for (int i = t * SCAN_SEGMENT; i < end; i++) {
                int j = i + i / SCAN_SEGMENT;
                long v0 = tileScanLanes[j];
                tileScanLanes[j] = s0;
                s0 += v0;
                if (all) {
                    long v1 = tileScanLanes[stride + j];
                    long v2 = tileScanLanes[2 * stride + j];
                    long v3 = tileScanLanes[3 * stride + j];
                    tileScanLanes[stride + j] = s1;
                    tileScanLanes[2 * stride + j] = s2;
                    tileScanLanes[3 * stride + j] = s3;
                    s1 += v1;
                    s2 += v2;
                    s3 += v3;
                }
            }
            int sums = segments + 1;
            tileScanSums[t] = s0;
            if (all) {
                tileScanSums[sums + t] = s1;
                tileScanSums[2 * sums + t] = s2;
                tileScanSums[3 * sums + t] = s3;
            }
        }
        localBarrier();
        if (t < lanes) {
            int sums = segments + 1;
            long run = 0;
            for (int s = 0; s < segments; s++) {
                long c = tileScanSums[t * sums + s];
                tileScanSums[t * sums + s] = run;
                run += c;
            }
            tileScanSums[t * sums + segments] = run;
        }
        localBarrier();
    }

    /**
     * The second barrier core, for lean kernels of one lane: an inclusive scan over the work-group of one 64-bit value
     * per work-item (Kogge-Stone, double-buffered in {@link #tileScanLanes}: {@code log2 L} steps of one local read,
     * at most one more and one write each, {@code log2 L + 1} barriers). Returns this work-item's inclusive prefix;
     * {@link #groupScanLongTotal()} gives the total. Every work-item must call it (uniform control flow), from few
     * places of {@code run()} (each is an inlined copy of its barriers; the radix sort calls it from two, its spine and
     * its downsweep), and a barrier must separate reads of the total from the next call. On an H200 (issue 21,
     * 2026-11-28, {@link TileShapeProbe}) a downsweep on it ran 1.2-1.7x faster than on {@link #groupScanLanes}' serial
     * segments, whose dependent local reads and writes leave most of the work-group waiting.
     */
    protected final long groupScanLong(long v) {
        int t = getLocalId();
        int size = getLocalSize();
        tileScanLanes[t] = v;
        localBarrier();
        int from = 0;
        for (int off = 1; off < size; off <<= 1) {
            long x = tileScanLanes[from + t];
            if (t >= off) {
                x += tileScanLanes[from + t - off];
            }
            tileScanLanes[size - from + t] = x;
            from = size - from;
            localBarrier();
        }
        return tileScanLanes[from + t];
    }

    /** After {@link #groupScanLong}: the work-group's total (the last work-item's inclusive prefix). */
    protected final long groupScanLongTotal() {
        int size = getLocalSize();
        int from = 0;
        for (int off = 1; off < size; off <<= 1) {
            from = size - from;
        }
        return tileScanLanes[from + size - 1];
    }

    /** After {@link #groupScan4} ({@link #groupScanLanes}): this work-item's exclusive prefix of {@code lane}. */
    protected final long groupScanPrefix(int lane) {
        int t = getLocalId();
        int size = getLocalSize();
        int segments = (size + SCAN_SEGMENT - 1) / SCAN_SEGMENT;
        return tileScanLanes[lane * (size + segments) + t + t / SCAN_SEGMENT]
                + tileScanSums[lane * (segments + 1) + t / SCAN_SEGMENT];
    }

    /** After {@link #groupScan4}: the work-group's total of {@code lane}. */
    protected final long groupScanTotal(int lane) {
        int segments = (getLocalSize() + SCAN_SEGMENT - 1) / SCAN_SEGMENT;
        return tileScanSums[lane * (segments + 1) + segments];
    }

    /** Local index of tile position {@code p} with one padding word per 32 (conflict-free strided reads). */
    public static int pad(int p) {
        return p + (p >> 5);
    }

    /** Local ints of a padded tile of {@code n} positions. */
    public static int padded(int n) {
        return n + (n >> 5) + 1;
    }

    /** The 16-bit field {@code d} (0..15) of four packed lanes. */
    public static int lane(long l0, long l1, long l2, long l3, int d) {
        int q = d >> 2;
        long w = q == 0 ? l0 : q == 1 ? l1 : q == 2 ? l2 : l3;
        return (int) ((w >>> ((d & 3) * 16)) & 0xFFFF);
    }

    /** What adds 1 to field {@code d} of lane {@code q} of four packed lanes (0 for the other lanes). */
    public static long laneIncrement(int d, int q) {
        return (d >> 2) == q ? 1L << ((d & 3) * 16) : 0L;
    }
}
