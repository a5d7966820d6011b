package org.gpumatch.aparapi.multi;

import org.gpumatch.gpu.primitives.DeviceScanKernel;

/**
 * Device side of {@code multi-rk}, the parallel Rabin-Karp of Nunes, Bordim, Ito and Nakano for k patterns of one
 * length m: hash {@code h(x_0..x_{m-1}) = sum x_j d^(m-1-j) mod q}.
 *
 * <ul>
 *   <li>Step 1, {@link #OP_POWERS}: one exclusive {@link DeviceScanKernel} scan of width 2 with multiplication mod q
 *       over the constants (d, d^-1) gives {@code powers[i] = d^i} and {@code inversePowers[i] = d^-i} for
 *       {@code 0 <= i < n} (d^-1 = d^(q-2) mod q by Fermat; computed on the host).</li>
 *   <li>Step 3 and 4, {@link #OP_SUMS}: an inclusive scan with addition mod q whose input transform is
 *       {@code a_i = d^(n-i-1) t_i mod q} ({@link #scanLoad}; not stored), written to {@code sums[i + 1]}
 *       ({@code sums[0] = 0}).</li>
 *   <li>Step 5, {@link #PHASE_COUNT} / {@link #PHASE_FIND}: the window at r has
 *       {@code (sums[r+m] - sums[r]) = h(t_r..t_{r+m-1}) d^(n-r-m) mod q}, so its hash is that difference times
 *       {@code inversePowers[n-r-m]}; a probe of the open-addressing table ({@link #tableKeys}, linear probing) finds
 *       the group of patterns with that hash, and every pattern of the group is compared byte by byte with the window
 *       (no false positives). The count phase adds each match to {@code counts[pattern]} (atomics) and stores each
 *       work-group's number of matches; the find phase writes (offset, index) pairs at the group's offset plus the
 *       exclusive sum of the work-items before it: compacted on the device in order (offset, then index, because a
 *       hash group lists its patterns by ascending index). The gpu-core select primitive can replace this
 *       count-then-write compaction.</li>
 * </ul>
 * Step 2 (pattern hashes and the table) runs on the host: {@code O(k m)}.
 *
 * <p>Device memory: n bytes of text, 12 (n + 1) bytes of powers, inverse powers and sums, 12 bytes per table slot,
 * m + 8 bytes per pattern, 4 bytes per window group, 8 bytes per match. Local memory: 16 bytes per work-item.
 */
final class MultiRkKernel extends DeviceScanKernel {
    static final int OP_POWERS = 1;
    static final int OP_SUMS = 2;
    static final int OP_COUNT = 3;

    static final int PHASE_IDLE = 0;
    static final int PHASE_COUNT = 1;
    static final int PHASE_FIND = 2;

    int phase;
    int q;
    int d;
    int dInverse;
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
    int[] powers = new int[1];
    int[] inversePowers = new int[1];
    /** sums[i] = a_0 + ... + a_{i-1} mod q, n + 1 elements. */
    int[] sums = new int[1];
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

    @Override
    protected int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        int a = lane == 0 ? a0 : a1;
        int b = lane == 0 ? b0 : b1;
        int r = a + b;
        if (op == OP_POWERS) {
            r = mulMod(a, b, q);
        }
        if (op == OP_SUMS) {
            r = addMod(a, b, q);
        }
        return r;
    }

    @Override
    protected int identity(int op, int lane) {
        return op == OP_POWERS ? 1 : 0;
    }

    @Override
    protected int scanLoad(int op, int i, int lane) {
        int v = lane == 0 ? d : dInverse;
        if (op == OP_SUMS) {
            v = mulMod(powers[n - 1 - i], text[i] & 0xFF, q);
        }
        return v;
    }

    @Override
    protected void scanStore(int op, int i, int v0, int v1, int v2, int v3) {
        if (op == OP_POWERS) {
            powers[i] = v0;
            inversePowers[i] = v1;
        }
        if (op == OP_SUMS) {
            sums[i + 1] = v0;
        }
    }

    /** {@code a * b mod q} for {@code 0 <= a, b < q < 2^31}; callable from kernels. */
    static int mulMod(int a, int b, int q) {
        return (int) (((long) a * b) % q);
    }

    /** {@code a + b mod q} for {@code 0 <= a, b < q < 2^31}; callable from kernels. */
    static int addMod(int a, int b, int q) {
        long s = (long) a + b;
        return (int) (s >= q ? s - q : s);
    }

    @Override
    public void run() {
        scanPass();
        windowPhase();
        localBarrier();
    }

    private void windowPhase() {
        boolean active = !inScanPass() && phase != PHASE_IDLE;
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
            int difference = addMod(sums[r + m], q - sums[r], q);
            int h = mulMod(difference, inversePowers[n - r - m], q);
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
