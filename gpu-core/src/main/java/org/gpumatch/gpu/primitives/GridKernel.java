package org.gpumatch.gpu.primitives;

import org.gpumatch.gpu.runtime.ArrayMobility;

/**
 * Device code of the fixed-grid, tile-staged primitives (issue 21): scan, reduce, select (flags, indices, predicate)
 * and histogram of ints, and the stable LSD radix sort with 8-bit digits of u32/u64 keys with optional u32 values.
 * The host driver is {@link GridDriver}; {@link GpuArrays} and {@link GpuArraySorter} run on it.
 *
 * <p><b>Shape</b> (Merrill and Grimshaw's reduce-then-scan, CUB's upsweep / spine / downsweep): a fixed grid of
 * {@code G} work-groups of {@code L} work-items (a few per compute unit), work-group {@code g} owning the contiguous
 * range of tiles {@code [g * P, (g + 1) * P)}, a tile being {@code T = L * ITEMS} elements ({@link #ITEMS} = 16).
 * <ol>
 *   <li>upsweep ({@link #PH_UP}): each work-group reduces its range with coalesced loads straight from global memory
 *       (work-item {@code l} reads {@code l, l + L, ...}): a sum, a count of selected elements, a min or max, or a
 *       digit histogram in local atomic counters; one value per group (256 digit counts for the sort, written
 *       digit-major {@code spine[d * G + g]});</li>
 *   <li>spine ({@link #PH_SPINE}): one work-group scans those {@code G} (or {@code 256 G}) values exclusively in
 *       place, with the same tile step as the downsweep; the grand total goes to {@code result[0]};</li>
 *   <li>downsweep ({@link #PH_DOWN}): each work-group walks its tiles in order from its spine offset: a tile is staged
 *       in local memory with coalesced loads, each work-item scans its {@link #ITEMS} consecutive staged elements
 *       after one {@link #groupScan4} of the work-items' sums, and the tile is written out coalesced from local
 *       memory (scan: the prefixes; select: the selected elements, compacted in local memory first).</li>
 * </ol>
 * The three launches follow each other with no host transfer between them; the select count and the reduce partials
 * are read back only when the caller asks ({@link GridDriver}).
 *
 * <p><b>Radix sort</b>: one upsweep, spine and downsweep per 8-bit digit (4 passes for 32 bits, 8 for 64, fewer for
 * a narrower bit range; ping-pong between the primary and alternate arrays, the driver knows which holds the
 * result). The downsweep ranks each tile in local memory: the tile's digits are staged as packed ints
 * {@code digit << 16 | position}, sorted stably by the digit's low and then its high nibble (two steps of one
 * {@link #groupScan4} each, whose four lanes carry 16 packed 16-bit counters: each work-item counts its 16
 * consecutive elements, the scan gives every work-item its digit-major offsets), then a third step finds each digit's
 * run in the sorted tile and writes key and value from the tile's global window to
 * {@code offset[d] + position - runStart[d]}, where {@code offset[d]} (local) starts at the spine's value and advances
 * by the run length after every tile. Stable: digit, then tile order, then position within the tile.
 *
 * <p><b>Control flow</b>: {@code run()} has one loop of steps; every step runs the same barriers (six, three of them
 * in {@link #groupScan4}) whatever the phase, and the phase and step decide only what the barrier-free code between
 * them does. The trip count is uniform within a work-group. So the kernel holds one copy of each barrier routine
 * (PoCL 3.1 compiles it in seconds) and every barrier is reached by every work-item.
 *
 * <p>Arrays (all bound by the driver): {@link #in}, {@link #out} (int data; the u32 keys and their alternate),
 * {@link #aux}, {@link #auxAlt} (flags; the values and their alternate), {@link #wide}, {@link #wideAlt} (u64 keys),
 * {@link #spine} (per-group values; never read by the host) and {@link #result} (select count, reduce partials,
 * histogram; small, read by the host on demand).
 */
public final class GridKernel extends TileKernel {
    /** Elements per work-item of a tile. */
    public static final int ITEMS = 16;
    /** The one slot this kernel serves. */
    public static final int SLOT = 1;
    /** Histograms of at most this many bins count in local memory; wider ones with global atomics. */
    public static final int LOCAL_BINS = 4096;
    /** Digit bits of a radix pass. */
    public static final int DIGIT_BITS = 8;
    /** First entry of {@link #result} after the select count / scan total. */
    static final int RESULT_BASE = 8;

    static final int OP_SCAN_EXCLUSIVE = 1;
    static final int OP_SCAN_INCLUSIVE = 2;
    /** Select by {@link #aux} flags (values of {@link #in}, or their indices with {@link #indices}). */
    static final int OP_SELECT_FLAGGED = 3;
    /** Select {@code in[i] (cmp) operand}. */
    static final int OP_SELECT_IF = 4;
    static final int OP_REDUCE_SUM = 5;
    static final int OP_REDUCE_MIN = 6;
    static final int OP_REDUCE_MAX = 7;
    static final int OP_HISTOGRAM = 8;
    static final int OP_RADIX = 9;

    static final int PH_OFF = 0;
    /** Zeroes {@code result[RESULT_BASE .. RESULT_BASE + count)}, one element per work-item. */
    static final int PH_CLEAR = 1;
    static final int PH_UP = 2;
    static final int PH_SPINE = 3;
    static final int PH_DOWN = 4;

    // Launch parameters, set by GridDriver; read-only on the device.
    int phase;
    int op;
    /** Elements (up, down) or spine entries (spine) or bins (clear). */
    int count;
    /** Work-groups of the grid (up, down). */
    int groups;
    /** Tiles per work-group (up, down). */
    int tilesPerGroup;
    /** Select: 1 writes indices instead of values. */
    int indices;
    int cmp;
    long operand;
    int bins;
    long low;
    long width;
    /** Radix: digit {@code (key >>> shift) & mask}, {@code radix} digits; direction 0 primary to alternate. */
    int shift;
    int mask;
    int radix;
    int direction;
    int wideKeys;
    int withValues;

    // Arrays a launch may not use start as placeholders of half a G1 region (pinnedLength), which the collector never
    // moves, so that GuardedKernel's download of every movable bound array after each launch skips them.
    int[] in = new int[pinnedLength(4)];
    int[] out = new int[pinnedLength(4)];
    int[] aux = new int[pinnedLength(4)];
    int[] auxAlt = new int[pinnedLength(4)];
    long[] wide = new long[pinnedLength(8)];
    long[] wideAlt = new long[pinnedLength(8)];
    int[] spine = new int[pinnedLength(4)];
    /** Small and read by the host: the one array that may move (one download after each launch). */
    int[] result = new int[RESULT_BASE];

    /**
     * The length of an array of {@code width}-byte elements that the collector never moves (half a G1 region: 0.5 to
     * 16 MiB), or 1 where every array may move (another collector).
     */
    static int pinnedLength(int width) {
        long bytes = ArrayMobility.humongousBytes();
        return bytes <= (16L << 20) ? (int) (bytes / width + 1) : 1;
    }

    GridKernel() {
        registerSlot(SLOT);
    }

    /** Local ints: tile staging for the spine and downsweep launches, none for the others. */
    @Override
    protected int localInts(int localSize) {
        int tile = padded(localSize * ITEMS);
        boolean staged = phase == PH_SPINE || phase == PH_DOWN;
        boolean flags = op == OP_SELECT_FLAGGED && phase == PH_DOWN;
        int mine = !staged ? 0 : op == OP_RADIX && phase == PH_DOWN ? tile + 2 * 256 : flags ? 2 * tile : tile;
        return super.localInts(localSize) + mine;
    }

    /** Local counters: the upsweep's digit histogram, the privatized histogram, or the min/max cell. */
    @Override
    protected int localCounters(int localSize) {
        int mine = phase != PH_UP ? 0 : op == OP_RADIX ? radix : op == OP_HISTOGRAM ? Math.min(bins, LOCAL_BINS) : 1;
        return super.localCounters(localSize) + mine;
    }

    /** Local memory of a launch's work-group in bytes, at most (spine and downsweep launches). */
    public static long localBytes(int localSize) {
        return 4L * 2 * padded(localSize * ITEMS) + groupScanLocalBytes(localSize);
    }

    @Override
    public void run() {
        int t = getLocalId();
        int size = getLocalSize();
        int g = getGroupId();
        int tile = size * ITEMS;
        int base0 = 0; // this layer's region of tileInts starts after TileKernel's, which takes none
        int second = base0 + padded(tile);   // flags (scan steps) or run starts and offsets (radix)
        boolean up = phase == PH_UP;
        boolean spinePhase = phase == PH_SPINE;
        boolean down = phase == PH_DOWN;
        boolean radixSort = op == OP_RADIX;
        boolean scanSteps = spinePhase || down && !radixSort;
        if (phase == PH_CLEAR && getGlobalId() < count) {
            result[RESULT_BASE + getGlobalId()] = 0;
        }
        int counters = !up ? 0 : radixSort ? radix : op == OP_HISTOGRAM ? Math.min(bins, LOCAL_BINS) : 1;
        int counterInit = op == OP_REDUCE_MIN ? Integer.MAX_VALUE : op == OP_REDUCE_MAX ? Integer.MIN_VALUE : 0;
        for (int d = t; d < counters; d += size) {
            atomicSet(tileCounters[d], counterInit);
        }
        localBarrier(); // counters set
        int[] e = new int[ITEMS];
        // upsweep: each tile's ITEMS coalesced loads are issued together, then combined (barrier-free)
        long acc = op == OP_REDUCE_MIN ? Integer.MAX_VALUE : op == OP_REDUCE_MAX ? Integer.MIN_VALUE : 0;
        int upFirst = g * tilesPerGroup;
        int upEnd = !up ? 0 : Math.min(upFirst + tilesPerGroup, (count + tile - 1) / tile);
        for (int tl = upFirst; tl < upEnd; tl++) {
            int base = tl * tile;
            int valid = Math.min(tile, count - base);
            for (int i = 0; i < ITEMS; i++) {
                int j = t + i * size;
                e[i] = j < valid ? upsweepLoad(base + j) : 0;
            }
            for (int i = 0; i < ITEMS; i++) {
                if (t + i * size < valid) {
                    acc = upsweepCombine(acc, e[i]);
                }
            }
        }
        if (op == OP_REDUCE_MIN && up) {
            atomicMin(tileCounters[0], (int) acc);
        }
        if (op == OP_REDUCE_MAX && up) {
            atomicMax(tileCounters[0], (int) acc);
        }

        // the steps: uniform trip count within the work-group
        int total = count; // elements (or spine entries) of the tiled range
        int firstTile = spinePhase ? 0 : g * tilesPerGroup;
        int tiles = (total + tile - 1) / tile;
        int myTiles = up || phase == PH_CLEAR || phase == PH_OFF ? 0
                : spinePhase ? (g == 0 ? tiles : 0) : Math.max(0, Math.min(tilesPerGroup, tiles - firstTile));
        int perTile = radixSort && down ? 3 : 1;
        int steps = up ? 1 : myTiles * perTile;
        long carry = down && !radixSort ? spine[g] & 0xFFFFFFFFL : 0;
        boolean flagged = down && op == OP_SELECT_FLAGGED;
        boolean predicate = down && op == OP_SELECT_IF;
        for (int s = 0; s < steps; s++) {
            int sub = s % perTile;
            int base = (firstTile + s / perTile) * tile;
            int valid = up ? 0 : Math.min(tile, total - base);
            // (a) stage
            if (scanSteps) {
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    if (j < valid) {
                        tileInts[base0 + pad(j)] = spinePhase ? spine[base + j] : indices != 0 ? 0 : in[base + j];
                        if (flagged) {
                            tileInts[second + pad(j)] = aux[base + j] != 0 ? 1 : 0;
                        }
                    }
                }
            }
            if (radixSort && down && sub == 0) {
                for (int d = t; s == 0 && d < radix; d += size) {
                    tileInts[second + 256 + d] = spine[d * groups + g];
                }
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    if (j < valid) {
                        tileInts[base0 + pad(j)] = radixDigit(base + j) << 16 | j;
                    }
                }
            }
            if (radixSort && down && sub == 2) {
                for (int i = 0; i < ITEMS; i++) {
                    int p = t + i * size;
                    if (p < valid) {
                        int d = tileInts[base0 + pad(p)] >>> 16;
                        if (p == 0 || tileInts[base0 + pad(p - 1)] >>> 16 != d) {
                            tileInts[second + d] = p;
                        }
                    }
                }
            }
            localBarrier(); // (A) staged
            // (b) this work-item's consecutive elements: its contribution to the group scan
            long c0 = up ? acc : 0;
            long c1 = 0;
            long c2 = 0;
            long c3 = 0;
            int flagBits = 0;
            boolean ranking = radixSort && down && sub < 2;
            for (int i = 0; i < ITEMS; i++) {
                int q = t * ITEMS + i;
                if (q < valid && scanSteps) {
                    int v = tileInts[base0 + pad(q)];
                    int f = flagged ? tileInts[second + pad(q)] : predicate && compare(v, cmp, operand) ? 1 : 0;
                    e[i] = v;
                    flagBits |= f << i;
                    c0 += isScan() || spinePhase ? v : f;
                }
                if (q < valid && ranking) {
                    int v = tileInts[base0 + pad(q)];
                    e[i] = v;
                    int d = (v >>> (16 + 4 * sub)) & 15;
                    c0 += laneIncrement(d, 0);
                    c1 += laneIncrement(d, 1);
                    c2 += laneIncrement(d, 2);
                    c3 += laneIncrement(d, 3);
                }
            }
            groupScan4(c0, c1, c2, c3);
            // (c) outputs into local memory (all reads of the staged tile happened before the scan's barriers)
            long p0 = groupScanPrefix(0);
            long tot0 = groupScanTotal(0);
            if (scanSteps) {
                long running = p0;
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    if (q < valid) {
                        boolean inclusive = op == OP_SCAN_INCLUSIVE && !spinePhase;
                        if (isScan() || spinePhase) {
                            long next = running + e[i];
                            tileInts[base0 + pad(q)] = (int) (carry + (inclusive ? next : running));
                            running = next;
                        } else if (((flagBits >>> i) & 1) != 0) {
                            tileInts[base0 + pad((int) running)] = indices != 0 ? base + q : e[i];
                            running++;
                        }
                    }
                }
            }
            if (ranking) {
                long p1 = groupScanPrefix(1);
                long p2 = groupScanPrefix(2);
                long p3 = groupScanPrefix(3);
                long t0 = tot0;
                long t1 = groupScanTotal(1);
                long t2 = groupScanTotal(2);
                long t3 = groupScanTotal(3);
                // digit bases: exclusive scan of the tile's 16 digit totals, packed like the counters
                int run = 0;
                for (int d = 0; d < 16; d++) {
                    long at = (long) run << ((d & 3) * 16);
                    int q = d >> 2;
                    p0 += q == 0 ? at : 0;
                    p1 += q == 1 ? at : 0;
                    p2 += q == 2 ? at : 0;
                    p3 += q == 3 ? at : 0;
                    run += lane(t0, t1, t2, t3, d);
                }
                for (int i = 0; i < ITEMS; i++) {
                    int q = t * ITEMS + i;
                    if (q < valid) {
                        int v = e[i];
                        int d = (v >>> (16 + 4 * sub)) & 15;
                        tileInts[base0 + pad(lane(p0, p1, p2, p3, d))] = v;
                        p0 += laneIncrement(d, 0);
                        p1 += laneIncrement(d, 1);
                        p2 += laneIncrement(d, 2);
                        p3 += laneIncrement(d, 3);
                    }
                }
            }
            if (radixSort && down && sub == 2) {
                for (int i = 0; i < ITEMS; i++) {
                    int p = t + i * size;
                    if (p < valid) {
                        int v = tileInts[base0 + pad(p)];
                        int d = v >>> 16;
                        int to = tileInts[second + 256 + d] + p - tileInts[second + d];
                        int from = base + (v & 0xFFFF);
                        radixMove(in, wide, aux, out, wideAlt, auxAlt, direction == 0, from, to);
                        radixMove(out, wideAlt, auxAlt, in, wide, aux, direction == 1, from, to);
                    }
                }
            }
            if (up) {
                upsweepStore(g, size, t, tot0);
            }
            localBarrier(); // (C) outputs staged, offsets read
            // (e) coalesced stores, offsets advanced
            if (scanSteps) {
                int written = isScan() || spinePhase ? valid : (int) tot0;
                for (int i = 0; i < ITEMS; i++) {
                    int j = t + i * size;
                    if (j < written) {
                        int v = tileInts[base0 + pad(j)];
                        if (spinePhase) {
                            spine[base + j] = v;
                        } else if (isScan()) {
                            out[base + j] = v;
                        } else {
                            out[(int) carry + j] = v;
                        }
                    }
                }
                carry += tot0;
            }
            if (radixSort && down && sub == 2) {
                for (int i = 0; i < ITEMS; i++) {
                    int p = t + i * size;
                    if (p < valid) {
                        int d = tileInts[base0 + pad(p)] >>> 16;
                        if (p == valid - 1 || tileInts[base0 + pad(p + 1)] >>> 16 != d) {
                            tileInts[second + 256 + d] += p + 1 - tileInts[second + d];
                        }
                    }
                }
            }
            localBarrier(); // (D) the local tile may be restaged
        }
        if (spinePhase && t == 0 && g == 0) {
            result[0] = (int) carry;
        }
    }

    private boolean isScan() {
        return op == OP_SCAN_EXCLUSIVE || op == OP_SCAN_INCLUSIVE;
    }

    /** {@code x (cmp) operand} with {@link Comparison}'s codes, compared as signed longs. */
    static boolean compare(long x, int cmp, long operand) {
        return cmp == Comparison.CODE_LT ? x < operand : cmp == Comparison.CODE_LE ? x <= operand
                : cmp == Comparison.CODE_GT ? x > operand : cmp == Comparison.CODE_GE ? x >= operand
                : cmp == Comparison.CODE_EQ ? x == operand : x != operand;
    }

    /** The current pass' digit of the source key at {@code j}. */
    private int radixDigit(int j) {
        long key = wideKeys != 0 ? (direction == 0 ? wide[j] : wideAlt[j])
                : (direction == 0 ? in[j] : out[j]) & 0xFFFFFFFFL;
        return (int) (key >>> shift) & mask;
    }

    /** Moves key (and value) {@code from} the source arrays {@code to} the destination arrays when {@code on}. */
    private void radixMove(int[] k32, long[] k64, int[] v, int[] k32Out, long[] k64Out, int[] vOut, boolean on,
                           int from, int to) {
        if (on) {
            if (wideKeys != 0) {
                k64Out[to] = k64[from];
            } else {
                k32Out[to] = k32[from];
            }
            if (withValues != 0) {
                vOut[to] = v[from];
            }
        }
    }

    /** The upsweep's value of element {@code j}: a digit, a flag, or the element. */
    private int upsweepLoad(int j) {
        return op == OP_RADIX ? radixDigit(j) : op == OP_SELECT_FLAGGED ? aux[j] : in[j];
    }

    /** Folds one upsweep value into {@code acc}; digits and bins count in the local counters. */
    private long upsweepCombine(long acc, int v) {
        long r = acc;
        if (op == OP_RADIX) {
            atomicAdd(tileCounters[v], 1);
        } else if (op == OP_HISTOGRAM) {
            long d = (long) v - low;
            if (d >= 0 && d < (long) bins * width) {
                int b = (int) (d / width);
                if (bins <= LOCAL_BINS) {
                    atomicAdd(tileCounters[b], 1);
                } else {
                    atomicAdd(result, RESULT_BASE + b, 1);
                }
            }
        } else if (op == OP_REDUCE_MIN) {
            r = Math.min(acc, v);
        } else if (op == OP_REDUCE_MAX) {
            r = Math.max(acc, v);
        } else if (op == OP_SELECT_FLAGGED) {
            r = acc + (v != 0 ? 1 : 0);
        } else if (op == OP_SELECT_IF) {
            r = acc + (compare(v, cmp, operand) ? 1 : 0);
        } else {
            r = acc + v;
        }
        return r;
    }

    /** The upsweep's group value, after the group scan ({@code total}: the sum or count of the group). */
    private void upsweepStore(int g, int size, int t, long total) {
        if (op == OP_RADIX) {
            for (int d = t; d < radix; d += size) {
                spine[d * groups + g] = atomicGet(tileCounters[d]);
            }
        } else if (op == OP_HISTOGRAM) {
            for (int b = t; bins <= LOCAL_BINS && b < bins; b += size) {
                int c = atomicGet(tileCounters[b]);
                if (c != 0) {
                    atomicAdd(result, RESULT_BASE + b, c);
                }
            }
        } else if (t == 0) {
            if (op == OP_REDUCE_SUM) {
                result[RESULT_BASE + 2 * g] = (int) total;
                result[RESULT_BASE + 2 * g + 1] = (int) (total >>> 32);
            } else if (op == OP_REDUCE_MIN || op == OP_REDUCE_MAX) {
                result[RESULT_BASE + 2 * g] = atomicGet(tileCounters[0]);
            } else {
                spine[g] = (int) total;
            }
        }
    }
}
