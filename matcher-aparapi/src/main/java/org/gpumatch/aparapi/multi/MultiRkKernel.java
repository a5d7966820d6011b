package org.gpumatch.aparapi.multi;

import org.gpumatch.gpu.primitives.ChunkDriver;
import org.gpumatch.gpu.primitives.HooklessPipeline;

/**
 * Device side of {@code multi-rk}, the parallel Rabin-Karp of Nunes, Bordim, Ito and Nakano for k patterns of one
 * length m: hash {@code h(x_0..x_{m-1}) = sum x_j d^(m-1-j) mod q}. A pipeline of gpu-core's {@link org.gpumatch.gpu.primitives.PrimitiveKernel}:
 * its own phases plus the chunk scan of longs ({@link #chunkPass}, driven by {@link ChunkDriver}).
 *
 * <ul>
 *   <li>Step 1: no per-text work. {@code d^e} and {@code d^-e mod q} come from {@link PowerTable}s built once per
 *       matcher ({@link #powLow}/{@link #powHigh}, {@link #invLow}/{@link #invHigh}, 2^14 and 2^15 ints): two cached
 *       table reads and one modular multiplication per power ({@link #power}).</li>
 *   <li>Step 3, {@link #PHASE_TERMS}: one work-item per element, {@code sums[i] = a_i = d^(n-i-1) t_i mod q} for
 *       {@code i < n} and {@code sums[n] = 0}: 1 byte read, 8 bytes written, 2 modular multiplications.</li>
 *   <li>Step 4: an exclusive chunk scan of longs in place over the n + 1 elements ({@link ChunkDriver#scan} on slot
 *       {@link #SLOT_SUMS}; its down pass reads each element before its own work-item overwrites it), leaving
 *       {@code S_i = a_0 + ... + a_{i-1}} as plain 64-bit sums: exact, since {@code a_i < q < 2^31} and
 *       {@code n < 2^29}. Texts longer than {@link #sumsSplit} (2^28 - 1 by default) keep the rest in
 *       {@link #sumsHigh}, scanned on slot {@link #SLOT_SUMS_HIGH}, with {@link #lowTotal} added on reading. 16 bytes read and 8 written per element (plus about 1/15 of that for the chunk levels).
 *       The paper's prefix sums mod q are these sums mod q; nothing is reduced before step 5.</li>
 *   <li>Step 5, {@link #PHASE_COUNT} / {@link #PHASE_FIND}: the window at r has
 *       {@code (sums[r+m] - sums[r]) mod q = h(t_r..t_{r+m-1}) d^(n-r-m) mod q} (the difference is exact, below
 *       {@code m q}), so its hash is that times {@code d^-(n-r-m)}; a probe of the open-addressing table
 *       ({@link #tableKeys}, linear probing) finds the group of patterns with that hash, and every pattern of the
 *       group is compared byte by byte with the window (no false positives). The count phase adds each match to
 *       {@code counts[pattern]} (atomics) and stores each work-group's number of matches; the find phase writes
 *       (offset, index) pairs at the group's offset plus the exclusive sum of the work-items before it: compacted on
 *       the device in order (offset, then index, because a hash group lists its patterns by ascending index).
 *       16 bytes read and 2 modular multiplications per window.</li>
 * </ul>
 * Step 2 (pattern hashes and the table) runs on the host: {@code O(k m)}, once per pattern set (cached by the matcher).
 *
 * <p>Modular multiplication ({@link #mulMod}): a 62-bit product reduced by two folds when q is the Mersenne prime
 * 2^31 - 1 (the default), by 64-bit {@code %} for any other q.
 *
 * <p>Device memory: n bytes of text, 8 (n + 1) bytes of sums, about 8 n / 15 bytes of chunk totals, 384 KiB of power
 * tables, 12 bytes per table slot, m + 8 bytes per pattern, 4 bytes per window group, 8 bytes per match. Local memory:
 * 16 bytes per work-item (the compaction's group scan).
 */
final class MultiRkKernel extends HooklessPipeline {
    /** Operator code of the compaction's group scan (int addition). */
    static final int OP_COUNT = 1;
    /** The chunk-scan slot of {@link #sums}. */
    static final int SLOT_SUMS = 1;
    /** The chunk-scan slot of {@link #sumsHigh}. */
    static final int SLOT_SUMS_HIGH = 2;

    static final int PHASE_IDLE = 0;
    static final int PHASE_COUNT = 1;
    static final int PHASE_FIND = 2;
    static final int PHASE_TERMS = 3;

    /** The Mersenne prime 2^31 - 1, reduced without division. */
    static final int MERSENNE_31 = Integer.MAX_VALUE;

    int phase;
    int q;
    /** Text length. */
    int n;
    /** Pattern length of the current length class. */
    int m;
    /** n - m: the last window start. */
    int lastWindow;
    int windowsPerItem;
    /** Table slots minus 1 (a power of two minus 1). */
    int tableMask;

    byte[] text = new byte[1];
    /** {@link PowerTable} of d: {@code d^e = powHigh[e >>> 14] * powLow[e & (2^14 - 1)] mod q}. */
    int[] powLow = new int[1];
    int[] powHigh = new int[1];
    /** {@link PowerTable} of d^-1. */
    int[] invLow = new int[1];
    int[] invHigh = new int[1];
    /** Elements {@code [0, sumsSplit)} of the terms a_i, then (after the scan) of {@code S_i = a_0 + ... + a_{i-1}}. */
    long[] sums = new long[1];
    /**
     * Elements {@code [sumsSplit, n + 1)}: terms, then {@code S_i - S_sumsSplit} (scanned on their own, so that no
     * array reaches 2 GiB, where Aparapi's int byte sizes end); {@link #lowTotal} adds {@code S_sumsSplit} back.
     */
    long[] sumsHigh = new long[1];
    /** Elements of the sums held by {@link #sums}. */
    int sumsSplit;
    /** {@code S_sumsSplit}: the total of the low part's terms (0 while the text fits the low part). */
    long lowTotal;
    /** The chunk pass's int arrays, unused by this pipeline's long scan. */
    int[] noInts = new int[1];
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
    int[] groupCounts = new int[1];
    int[] groupOffsets = new int[1];
    int[] outOffsets = new int[1];
    int[] outIndices = new int[1];


    /** {@code a * b mod q} for {@code 0 <= a, b < q < 2^31}; callable from kernels. */
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

    /** {@code base^e mod q} from a {@link PowerTable}'s arrays; callable from kernels. */
    static int power(int e, int[] low, int[] high, int q) {
        return mulMod(high[e >>> PowerTable.LOW_BITS], low[e & PowerTable.LOW_MASK], q);
    }

    @Override
    public void run() {
        chunkPass(SLOT_SUMS, noInts, noInts, noInts, sums, sums);
        chunkPass(SLOT_SUMS_HIGH, noInts, noInts, noInts, sumsHigh, sumsHigh);
        termPhase();
        windowPhase();
        localBarrier(); // Aparapi's Java threads reuse local arrays across groups
    }

    /** Step 3: {@code sums[i] = d^(n-i-1) t_i mod q}, {@code sums[n] = 0}. */
    private void termPhase() {
        int i = getGlobalId();
        if (phase == PHASE_TERMS && i <= n) {
            boolean inText = i < n;
            int e = inText ? n - 1 - i : 0;
            int t = inText ? text[i] & 0xFF : 0;
            long a = mulMod(power(e, powLow, powHigh, q), t, q);
            if (i < sumsSplit) {
                sums[i] = a;
            } else {
                sumsHigh[i - sumsSplit] = a;
            }
        }
    }

    /** {@code S_j} for {@code 0 <= j <= n} (after the scans). */
    private long sumAt(int j) {
        return j < sumsSplit ? sums[j] : sumsHigh[j - sumsSplit] + lowTotal;
    }

    private void windowPhase() {
        boolean active = phase == PHASE_COUNT || phase == PHASE_FIND;
        boolean finding = phase == PHASE_FIND;
        long first = (long) getGlobalId() * windowsPerItem;
        long windows = lastWindow + 1L;
        int start = active ? (int) Math.min(first, windows) : 0;
        int end = active ? (int) Math.min(first + windowsPerItem, windows) : 0;
        int found = testWindows(start, end, finding ? -1 : -2);
        groupScan(OP_COUNT, 1, found, 0, 0, 0);
        if (active && finding && found > 0) {
            testWindows(start, end, groupOffsets[getGroupId()] + groupExclusive(OP_COUNT, 0));
        }
        if (active && !finding && getLocalId() == getLocalSize() - 1) {
            groupCounts[getGroupId()] = groupTotal(0);
        }
    }

    /**
     * Tests windows {@code [start, end)} against every pattern of their hash group. Returns the number of matches;
     * {@code writeAt >= 0}: also writes them from there; {@code writeAt == -2}: also adds them to {@link #counts}.
     */
    private int testWindows(int start, int end, int writeAt) {
        int found = 0;
        for (int r = start; r < end; r++) {
            int difference = reduce(sumAt(r + m) - sumAt(r), q);
            int h = mulMod(difference, power(n - r - m, invLow, invHigh, q), q);
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
