package org.gpumatch.aparapi.multi;

import org.gpumatch.gpu.primitives.GridKernel;
import org.gpumatch.gpu.primitives.GridLongKernel;

/**
 * Device side of {@code multi-rk}, the parallel Rabin-Karp of Nunes, Bordim, Ito and Nakano for k patterns of one
 * length m: hash {@code h(x_0..x_{m-1}) = sum x_j d^(m-1-j) mod q}. A pipeline on gpu-core's grid layer
 * ({@link GridKernel}): its own launches (registered slots, driven by {@code GridDriver.pipeline} and
 * {@code pipelineTiles}) plus the grid's exact 64-bit scan and int scan.
 *
 * <ul>
 *   <li>Step 1: no per-text work. {@code d^e} and {@code d^-e mod q} come from {@link PowerTable}s built once per
 *       matcher ({@link #powLow}/{@link #powHigh}, {@link #invLow}/{@link #invHigh}, 2^14 and 2^15 ints): two cached
 *       table reads and one modular multiplication per power ({@link #power}).</li>
 *   <li>Step 3, {@link #SLOT_TERMS} (one work-item per element): {@code wide[i - termBase] = a_i = d^(n-i-1) t_i mod q}
 *       for the elements {@code termBase <= i < termBase + count} of the n + 1 ({@code a_n = 0}): 1 byte read, 8 bytes
 *       written, 2 modular multiplications.</li>
 *   <li>Step 4: the grid's exclusive scan of longs ({@code GridDriver.scanLongs}, {@code wide -> wideAlt}) leaves
 *       {@code S_i = a_0 + ... + a_{i-1}} as plain 64-bit sums: exact, since {@code a_i < q < 2^31} and
 *       {@code n < 2^29}. Texts longer than {@link #sumsSplit} (2^28 - 1 by default: an array of longs stays below 2
 *       GiB) scan their high part first and copy it into {@link #sumsHigh} ({@link #SLOT_COPY_HIGH}), then the low
 *       part into {@code wideAlt}; {@link #lowTotal} is added on reading the high part. The paper's prefix sums mod q
 *       are these sums mod q; nothing is reduced before step 5.</li>
 *   <li>Step 5: the window at r has {@code (S_{r+m} - S_r) mod q = h(t_r..t_{r+m-1}) d^(n-r-m) mod q} (the
 *       difference is exact, below {@code m q}), so its hash is that times {@code d^-(n-r-m)}; a probe of the
 *       open-addressing table ({@link #tableKeys}, linear probing) finds the group of patterns with that hash, and
 *       every pattern of the group is compared byte by byte with the window (no false positives).
 *       {@link #SLOT_COUNT} (one work-item per window) adds each match to {@code counts[pattern]} (atomics).
 *       {@code find} compacts (offset, index) pairs in order through the grid: {@link #SLOT_TILE_COUNTS} (a tile launch:
 *       work-item t tests the windows {@code [16 t, 16 t + 16)} of each tile, one group scan per tile gives the tile's
 *       count, stored in {@code in[tile]}), the grid's exclusive int scan of the tile counts into {@code out} (the
 *       tiles' offsets), then {@link #SLOT_TILE_WRITE} (the same tile launch, keeping each window's count in local memory and
 *       testing again only the windows that matched, to write each work-item's pairs at its tile's offset plus its
 *       exclusive prefix from the group scan): ascending offsets, then ascending indices
 *       (a hash group lists its patterns by ascending index). 16 bytes read and 2 modular multiplications per window
 *       and launch.</li>
 * </ul>
 * Step 2 (pattern hashes and the table) runs on the host: {@code O(k m)}, once per pattern set (cached by the matcher).
 *
 * <p>Modular multiplication ({@link #mulMod}): a 62-bit product reduced by two folds when q is the Mersenne prime
 * 2^31 - 1 (the default), by 64-bit {@code %} for any other q.
 *
 * <p>Device memory: n bytes of text, 16 (n + 1) bytes of terms and sums (the grid's scan is out of place; 24 per
 * character above the split), 384 KiB of power tables, 12 bytes per table slot, m + 8 bytes per pattern, 8 bytes per
 * tile of counts and offsets, 8 bytes per match. Local memory: the grid's, plus 4 bytes per window of a tile in the
 * write step (16 KiB for 256 work-items).
 */
final class MultiRkKernel extends GridLongKernel {
    /** Own launch: the terms a_i of a part of the prefix sums. */
    static final int SLOT_TERMS = 2;
    /** Own launch: the high part's sums, from {@code wideAlt} into {@link #sumsHigh}. */
    static final int SLOT_COPY_HIGH = 3;
    /** Own launch: the window tests, counted per pattern. */
    static final int SLOT_COUNT = 4;
    /** Own tile launch: the matches per tile. */
    static final int SLOT_TILE_COUNTS = 5;
    /** Own tile launch: the (offset, index) pairs at their tile's offset. */
    static final int SLOT_TILE_WRITE = 6;

    /** The Mersenne prime 2^31 - 1, reduced without division. */
    static final int MERSENNE_31 = Integer.MAX_VALUE;

    int q;
    /** Text length. */
    int n;
    /** Pattern length of the current length class. */
    int m;
    /** n - m: the last window start. */
    int lastWindow;
    /** Table slots minus 1 (a power of two minus 1). */
    int tableMask;
    /** {@link #SLOT_TERMS}: the element of {@code wide[0]}. */
    int termBase;

    byte[] text = new byte[1];
    /** {@link PowerTable} of d: {@code d^e = powHigh[e >>> 14] * powLow[e & (2^14 - 1)] mod q}. */
    int[] powLow = new int[1];
    int[] powHigh = new int[1];
    /** {@link PowerTable} of d^-1. */
    int[] invLow = new int[1];
    int[] invHigh = new int[1];
    /**
     * Elements {@code [sumsSplit, n + 1)} of the sums, less {@code S_sumsSplit} (a part that does not fit the grid's
     * arrays, whose longs stay below 2 GiB); {@link #lowTotal} adds {@code S_sumsSplit} back.
     */
    long[] sumsHigh = new long[1];
    /** Elements of the sums held by {@code wideAlt}. */
    int sumsSplit;
    /** {@code S_sumsSplit}: the total of the low part's terms (0 while the text fits the low part). */
    long lowTotal;
    /** Hash of each slot's pattern group, -1 for an empty slot. */
    int[] tableKeys = new int[1];
    /** First entry of the slot's group in {@link #groupPatterns}. */
    int[] tableStart = new int[1];
    /** Patterns in the slot's group. */
    int[] tableCount = new int[1];
    /** Local pattern numbers, grouped by hash, ascending within a group. */
    int[] groupPatterns = new int[1];
    /** The class's patterns, local pattern j at {@code [j * m, (j + 1) * m)}. */
    byte[] patternBytes = new byte[1];
    /** Matches per local pattern (count phase). */
    int[] counts = new int[1];
    /** The set's index of each local pattern. */
    int[] patternIndex = new int[1];
    int[] outOffsets = new int[1];
    int[] outIndices = new int[1];
    /**
     * The matches of a {@link #SLOT_TILE_COUNTS} launch, exact beyond 2^31: the sums of bits 0-9, 10-19 and 20- of
     * the tiles' counts (one atomic add each per tile; no plane overflows below 2^21 tiles and 2^51 matches).
     */
    int[] matchPlanes = new int[3];

    MultiRkKernel() {
        registerSlot(SLOT_TERMS);
        registerSlot(SLOT_COPY_HIGH);
        registerSlot(SLOT_COUNT);
        registerSlot(SLOT_TILE_COUNTS);
        registerSlot(SLOT_TILE_WRITE);
    }

    /** Local ints: the write step's match count per window of the tile ({@link #SLOT_TILE_WRITE} only). */
    @Override
    protected int localInts(int localSize) {
        int mine = pipelineLaunch() && pipelineSlot() == SLOT_TILE_WRITE ? localSize * ITEMS : 0;
        return super.localInts(localSize) + mine;
    }

    /** Binds the grid's long arrays: the terms ({@code wide}) and the low part's sums ({@code wideAlt}). */
    void bindSums(long[] terms, long[] sums) {
        wide = terms;
        wideAlt = sums;
    }

    /** The low part's sums (host copy). */
    long[] sums() {
        return wideAlt;
    }

    /** Binds the tile counts ({@code in}) and the tile offsets ({@code out}) of the find phase's int scan. */
    void bindTileCounts(int[] tileCounts, int[] tileOffsets) {
        in = tileCounts;
        out = tileOffsets;
    }

    /** The tile counts' array. */
    int[] tileCounts() {
        return in;
    }

    /** {@code a * b mod q} for {@code 0 <= a, b < q < 2^31} (host and tests; the device code inlines it). */
    static int mulMod(int a, int b, int q) {
        return reduce((long) a * b, q);
    }

    /** {@code x mod q} for {@code 0 <= x < 2^62}, q a prime below 2^31; callable from kernels. */
    static int reduce(long x, int q) {
        long y = (x & MERSENNE_31) + (x >>> 31); // 2^31 = 1 (mod 2^31 - 1); y < 2^32
        long z = (y & MERSENNE_31) + (y >>> 31); // z <= 2^31
        int r = (int) (z >= MERSENNE_31 ? z - MERSENNE_31 : z);
        if (q != MERSENNE_31) {
            r = (int) (x % q);
        }
        return r;
    }

    /**
     * {@code high[e >>> LOW_BITS] * low[e & LOW_MASK]}, the product whose {@link #reduce} is {@code base^e mod q}
     * (a {@link PowerTable}'s arrays). The device code calls only leaves ({@link #reduce}, this), never a helper that
     * calls a helper: Aparapi 3.0.2 orders the OpenCL functions by a heuristic (each call moves the callee to the end
     * of a list, reversed at the end) that can declare a callee of a callee after its caller, a compile error
     * (power -> mulMod -> reduce here did, 2026-11-28 f, once the grid layer's tile steps became five methods).
     */
    static long powerProduct(int e, int[] low, int[] high) {
        return (long) high[e >>> PowerTable.LOW_BITS] * low[e & PowerTable.LOW_MASK];
    }

    @Override
    protected void pipelineItem(int slot, int i) {
        if (slot == SLOT_TERMS) {
            int e = termBase + i; // element of the n + 1
            boolean inText = e < n;
            int t = inText ? text[e] & 0xFF : 0;
            wide[i] = reduce((long) reduce(powerProduct(inText ? n - 1 - e : 0, powLow, powHigh), q) * t, q);
        }
        if (slot == SLOT_COPY_HIGH) {
            sumsHigh[i] = wideAlt[i];
        }
        if (slot == SLOT_COUNT) {
            testWindow(i, -2);
        }
    }

    @Override
    protected long pipelineTileScanLane(int slot, int tileBase, int valid, int sub, int lane) {
        int found = 0;
        if ((slot == SLOT_TILE_COUNTS || slot == SLOT_TILE_WRITE) && lane == 0) {
            int first = getLocalId() * ITEMS;
            int end = Math.min(first + ITEMS, valid);
            for (int j = first; j < end; j++) {
                int c = testWindow(tileBase + j, -1);
                if (slot == SLOT_TILE_WRITE) {
                    tileInts[j] = c; // the write step tests again only the windows that matched
                }
                found += c;
            }
        }
        return found;
    }

    @Override
    protected void pipelineTileScanned(int slot, int tileBase, int valid, int sub) {
        int tile = tileBase / (getLocalSize() * ITEMS);
        if (slot == SLOT_TILE_COUNTS && getLocalId() == 0) {
            long c = groupScanTotal(0);
            in[tile] = (int) c; // exact when the total is below 2^31, which the host checks before using it
            atomicAdd(matchPlanes, 0, (int) (c & 1023));
            atomicAdd(matchPlanes, 1, (int) ((c >>> 10) & 1023));
            atomicAdd(matchPlanes, 2, (int) (c >>> 20));
        }
        if (slot == SLOT_TILE_WRITE) {
            int first = getLocalId() * ITEMS;
            int end = Math.min(first + ITEMS, valid);
            int at = out[tile] + (int) groupScanPrefix(0);
            for (int j = first; j < end; j++) {
                if (tileInts[j] > 0) {
                    at += testWindow(tileBase + j, at);
                }
            }
        }
    }

    /** {@code S_j} for {@code 0 <= j <= n} (after the scans). */
    private long sumAt(int j) {
        return j < sumsSplit ? wideAlt[j] : sumsHigh[j - sumsSplit] + lowTotal;
    }

    /**
     * Tests window r against every pattern of its hash group. Returns the number of matches; {@code writeAt >= 0}:
     * also writes them from there; {@code writeAt == -2}: also adds them to {@link #counts}.
     */
    private int testWindow(int r, int writeAt) {
        int found = 0;
        int difference = reduce(sumAt(r + m) - sumAt(r), q);
        int h = reduce((long) difference * reduce(powerProduct(n - r - m, invLow, invHigh), q), q);
        int slot = findSlot(h);
        int from = slot < 0 ? 0 : tableStart[slot];
        int to = slot < 0 ? 0 : from + tableCount[slot];
        for (int e = from; e < to; e++) {
            int p = groupPatterns[e];
            if (sameBytes(r, p)) {
                if (writeAt >= 0) {
                    outOffsets[writeAt + found] = r;
                    outIndices[writeAt + found] = patternIndex[p];
                }
                if (writeAt == -2) {
                    atomicAdd(counts, p, 1);
                }
                found++;
            }
        }
        return found;
    }

    /** The table slot holding hash {@code h}, or -1 (linear probing from {@code h & tableMask}). */
    private int findSlot(int h) {
        int slot = h & tableMask;
        int result = -1;
        boolean searching = true;
        for (int probe = 0; probe <= tableMask && searching; probe++) {
            int key = tableKeys[slot];
            if (key == h) {
                result = slot;
            }
            searching = key != h && key != -1;
            slot = (slot + 1) & tableMask;
        }
        return result;
    }

    /** Whether {@code text[r..r+m)} equals local pattern p: the verification of every hash hit. */
    private boolean sameBytes(int r, int p) {
        boolean same = true;
        int base = p * m;
        for (int j = 0; j < m && same; j++) {
            same = text[r + j] == patternBytes[base + j];
        }
        return same;
    }
}
