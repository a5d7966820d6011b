package org.gpumatch.aparapi.multi;

import org.gpumatch.gpu.primitives.GroupScanKernel;

/**
 * Device side of {@code multi-fused}: one pass over the text for patterns of mixed lengths, no n-sized intermediate.
 * Work-item i owns the starts {@code [i * windowsPerItem, (i+1) * windowsPerItem)}, and keeps a rolling fingerprint of
 * the {@link #PREFIX} = 8 bytes at the current start (the bytes themselves, packed little-endian in two ints: one new
 * byte per start). Per start it probes one open-addressing table ({@link #slotOf}, linear probing) with key
 * (fingerprint, tag):
 * <ul>
 *   <li>tag {@link #PREFIX}: the group of patterns of length {@code >= PREFIX} with these first 8 bytes;</li>
 *   <li>tags 1 .. PREFIX-1, only for the lengths the set has ({@link #shortLengths}; the short path): the group of
 *       patterns equal to the first 1..7 bytes (the key masked to them). A short pattern is matched by the probe
 *       alone.</li>
 * </ul>
 * Every pattern of a long group is compared with the text from byte PREFIX on (the probe proved the first PREFIX).
 * Count phase: per-pattern atomics and one count per work-group; find phase: (offset, index) pairs at the group's
 * offset plus the exclusive sum of the work-items before (compaction in the kernel, like DRK-WOM's find phase; the
 * gpu-core select primitive can replace it). Within one start, pairs come group by group (short groups, then the long
 * group), each in ascending index: the host re-sorts when the set has short patterns.
 *
 * <p>Cost per start: 1 text byte read (the rolling fingerprint), 1 + (short lengths present) table probes of about
 * 1.5 slots of 12 bytes, and per candidate pattern up to m - PREFIX byte comparisons. Device memory: the text, 20
 * bytes per table slot (at least 2 slots per group, a power of two), m + 12 bytes per pattern, 4 bytes per work-group,
 * 8 bytes per match. Local memory: 16 bytes per work-item.
 */
final class MultiFusedKernel extends GroupScanKernel {
    /** Bytes of the fingerprint prefix. */
    static final int PREFIX = 8;
    static final int OP_COUNT = 1;
    static final int PHASE_COUNT = 1;
    static final int PHASE_FIND = 2;

    int phase;
    int n;
    int windowsPerItem;
    int tableMask;
    /** Bit L set when the set has patterns of length L below {@link #PREFIX}. */
    int shortLengths;
    /** 1 when the set has patterns of at least {@link #PREFIX} bytes. */
    int hasLong;

    byte[] text = new byte[1];
    /** Key bytes 0-3 (little-endian). */
    int[] tableKeys = new int[1];
    /** Key bytes 4-7. */
    int[] tableKeysHi = new int[1];
    /** 0: empty slot; 1..PREFIX: the key's tag. */
    int[] tableTags = new int[1];
    int[] tableStart = new int[1];
    int[] tableCount = new int[1];
    int[] groupPatterns = new int[1];
    byte[] patternBytes = new byte[1];
    int[] patternStart = new int[1];
    int[] patternLength = new int[1];
    int[] counts = new int[1];
    int[] groupCounts = new int[1];
    int[] groupOffsets = new int[1];
    int[] outOffsets = new int[1];
    int[] outIndices = new int[1];

    @Override
    protected int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return a0 + b0;
    }

    @Override
    protected int identity(int op, int lane) {
        return 0;
    }

    /** The first table slot probed for (lo, hi, tag); the host builds the table with the same function. */
    static int slotOf(int lo, int hi, int tag, int mask) {
        long x = ((lo & 0xFFFFFFFFL) % 2147483647L) * 48271L % 2147483647L;
        x = ((x + (hi & 0xFFFFFFFFL)) % 2147483647L) * 48271L % 2147483647L;
        x = ((x + tag) % 2147483647L) * 48271L % 2147483647L;
        return (int) x & mask;
    }

    @Override
    public void run() {
        boolean active = phase != 0;
        boolean finding = phase == PHASE_FIND;
        long first = (long) getGlobalId() * windowsPerItem;
        int start = active ? (int) Math.min(first, (long) n) : 0;
        int end = active ? (int) Math.min(first + windowsPerItem, (long) n) : 0;
        int found = testStarts(start, end, finding ? -1 : -2);
        groupScan(OP_COUNT, 1, found, 0, 0, 0);
        if (active && finding && found > 0) {
            testStarts(start, end, groupOffsets[getGroupId()] + groupExclusive(OP_COUNT, 0));
        }
        if (active && !finding && getLocalId() == getLocalSize() - 1) {
            groupCounts[getGroupId()] = groupTotal(0);
        }
        localBarrier();
    }

    private int byteAt(int i) {
        return i < n ? text[i] & 0xFF : 0;
    }

    /**
     * Tests the starts {@code [start, end)}. Returns the number of matches; {@code writeAt >= 0}: also writes them
     * from there; {@code writeAt == -2}: also adds them to {@link #counts}.
     */
    private int testStarts(int start, int end, int writeAt) {
        int found = 0;
        int lo = 0;
        int hi = 0;
        if (start < end) {
            lo = byteAt(start) | (byteAt(start + 1) << 8) | (byteAt(start + 2) << 16) | (byteAt(start + 3) << 24);
            hi = byteAt(start + 4) | (byteAt(start + 5) << 8) | (byteAt(start + 6) << 16) | (byteAt(start + 7) << 24);
        }
        for (int r = start; r < end; r++) {
            int available = Math.min(PREFIX, n - r);
            for (int len = 1; len < PREFIX && shortLengths != 0; len++) {
                if (len <= available && ((shortLengths >> len) & 1) == 1) {
                    int keyLo = len >= 4 ? lo : lo & ((1 << (8 * len)) - 1);
                    int keyHi = len <= 4 ? 0 : hi & ((1 << (8 * (len - 4))) - 1);
                    found += reportGroup(findSlot(keyLo, keyHi, len), r, writeAt, found, 0);
                }
            }
            if (hasLong == 1 && available == PREFIX) {
                found += reportGroup(findSlot(lo, hi, PREFIX), r, writeAt, found, 1);
            }
            lo = ((lo >> 8) & 0x00FFFFFF) | ((hi & 0xFF) << 24);
            hi = ((hi >> 8) & 0x00FFFFFF) | (byteAt(r + PREFIX) << 24);
        }
        return found;
    }

    /**
     * The patterns of table slot {@code slot} (none when -1) that occur at r (all of them for a short group,
     * {@code verify == 0}); reports them as matches {@code found, found + 1, ...}; returns how many.
     */
    private int reportGroup(int slot, int r, int writeAt, int found, int verify) {
        int from = slot < 0 ? 0 : tableStart[slot];
        int to = slot < 0 ? 0 : from + tableCount[slot];
        int hits = 0;
        for (int e = from; e < to; e++) {
            int p = groupPatterns[e];
            if (verify == 0 || tailMatches(r, p)) {
                if (writeAt >= 0) {
                    outOffsets[writeAt + found + hits] = r;
                    outIndices[writeAt + found + hits] = p;
                }
                if (writeAt == -2) {
                    atomicAdd(counts, p, 1);
                }
                hits++;
            }
        }
        return hits;
    }

    /** Whether pattern p (at least PREFIX bytes, whose first PREFIX equal the text's) occurs whole at r. */
    private boolean tailMatches(int r, int p) {
        int m = patternLength[p];
        int base = patternStart[p];
        boolean same = r + m <= n;
        for (int j = PREFIX; j < m && same; j++) {
            same = text[r + j] == patternBytes[base + j];
        }
        return same;
    }

    /** The slot holding (lo, hi, tag), or -1. */
    private int findSlot(int lo, int hi, int tag) {
        int slot = slotOf(lo, hi, tag, tableMask);
        int result = -1;
        boolean searching = true;
        for (int probe = 0; probe <= tableMask && searching; probe++) {
            int t = tableTags[slot];
            boolean hit = t == tag && tableKeys[slot] == lo && tableKeysHi[slot] == hi;
            if (hit) {
                result = slot;
            }
            searching = !hit && t != 0;
            slot = (slot + 1) & tableMask;
        }
        return result;
    }
}
