package org.gpumatch.aparapi.multi;

import org.gpumatch.gpu.primitives.TileKernel;

/**
 * Device side of {@code multi-fused}: one pass over the text for patterns of mixed lengths, no n-sized intermediate.
 * Work-item i owns the starts {@code [i * windowsPerItem, (i+1) * windowsPerItem)}, and keeps a rolling fingerprint of
 * the {@link #PREFIX} = 8 bytes at the current start (the bytes themselves, packed little-endian in two ints: one new
 * byte read per start). Per start:
 * <ol>
 *   <li>Gate: one bit of {@link #filter} (a bitmap of 2^15..2^22 bits, cached reads) for the first
 *       {@link #gateLength} = min(8, shortest pattern) bytes, hashed by {@link #mix} with tag 0. No bit: no pattern
 *       starts here (every pattern's first {@code gateLength} bytes set one). Most starts end here: cost about 15
 *       integer operations and one cached load.</li>
 *   <li>Probes, only at starts past the gate, one per key kind present: tag {@link #PREFIX} for the group of
 *       patterns of length {@code >= PREFIX} with these first 8 bytes; tags 1..7 (the short path, only the lengths
 *       the set has, {@link #shortLengths}) for the group of patterns equal to the first 1..7 bytes. Each probe first
 *       tests its own filter bit, then reads the open-addressing {@link #table} (4 ints per slot, one 16-byte
 *       read per slot, linear probing from the hash's top bits).</li>
 *   <li>Every pattern of a long group is compared with the text from byte PREFIX on (the probe proved the first
 *       PREFIX); a short group matches by the probe alone.</li>
 * </ol>
 * Phases: {@link #PHASE_COUNT} adds each match to {@code counts[replica * k +
 * pattern]}, the replica being the work-group number modulo {@code replicaMask + 1} (replicas spread the atomics
 * of frequent patterns over several addresses; the host adds them up); {@link #PHASE_GROUPS} stores the number of
 * matches per work-group (a local scan, no atomics); {@link #PHASE_FIND} writes (offset, index) pairs at the group's
 * offset (prefix-summed on the host) plus the exclusive sum of the work-items before: ordered compaction in the
 * kernel. Within one start, pairs come group by group (short groups, then the long group), each in ascending index:
 * the host re-sorts when the set has short patterns. The three phases are the slots this kernel registers
 * ({@link TileKernel#registerSlot}); the matcher names each with {@link TileKernel#checkedSlot} before it launches.
 *
 * <p>Device memory: the text, 16 bytes per table slot (at least 2 slots per group, a power of two), the filter
 * (at most 512 KiB), m + 12 bytes per pattern, 4 bytes per pattern and replica, 8 bytes per work-group, 8 bytes
 * per match. Local memory: {@link TileKernel}'s group scan ({@link TileKernel#groupScanLocalBytes}, 8.75 KiB for 256
 * work-items; its one call in {@code run()} does work in the find phases only).
 */
final class MultiFusedKernel extends TileKernel {
    /** Bytes of the fingerprint prefix. */
    static final int PREFIX = 8;
    /** Ints per table slot: tag | count << {@link #TAG_BITS}, key bytes 0-3, key bytes 4-7, first group entry. */
    static final int SLOT_INTS = 4;
    /** Bits of a slot's tag (1..PREFIX; 0 marks an empty slot). */
    static final int TAG_BITS = 4;
    static final int PHASE_IDLE = 0;
    static final int PHASE_COUNT = 1;
    static final int PHASE_GROUPS = 2;
    static final int PHASE_FIND = 3;

    int phase;
    int n;
    int windowsPerItem;
    /** Table slots minus 1 (a power of two minus 1). */
    int tableMask;
    /** 32 - log2(table slots): the hash's top bits pick the first slot. */
    int tableShift;
    /** 32 - log2(filter bits): the hash's top bits pick the filter bit. */
    int filterShift;
    /** Bytes of the gate key: min(PREFIX, shortest pattern). */
    int gateLength;
    /** Mask of the gate key in the low int (bytes 0-3). */
    int gateMaskLo;
    /** Mask of the gate key in the high int (bytes 4-7). */
    int gateMaskHi;
    /** Bit L set when the set has patterns of length L below {@link #PREFIX}. */
    int shortLengths;
    /** 1 when the set has patterns of at least {@link #PREFIX} bytes. */
    int hasLong;
    /** k: patterns in the set. */
    int patternCount;
    /** Count replicas minus 1 (a power of two minus 1). */
    int replicaMask;

    byte[] text = new byte[1];
    /** Bitmap: bit {@code mix(key, tag) >>> filterShift} set for every table key and every gate key. */
    int[] filter = new int[1];
    /** {@link #SLOT_INTS} ints per slot. */
    int[] table = new int[SLOT_INTS];
    int[] groupPatterns = new int[1];
    byte[] patternBytes = new byte[1];
    int[] patternStart = new int[1];
    int[] patternLength = new int[1];
    /** Replica r of pattern p at {@code r * patternCount + p}. */
    int[] counts = new int[1];
    int[] groupCounts = new int[1];
    int[] groupOffsets = new int[1];
    int[] outOffsets = new int[1];
    int[] outIndices = new int[1];

    MultiFusedKernel() {
        registerSlot(PHASE_COUNT);
        registerSlot(PHASE_GROUPS);
        registerSlot(PHASE_FIND);
    }

    /**
     * The 32-bit hash of key (lo, hi) with tag (0 for a gate key, else the key's length up to PREFIX); its top bits
     * pick the filter bit and the first table slot. The host builds both with the same function. Three
     * multiplications, two xors and a shift.
     */
    static int mix(int lo, int hi, int tag) {
        int h = (lo ^ (hi * 0x7FEB352D) ^ (tag * 0x68E31DA5)) * 0x9E3779B1;
        h = h ^ (h >>> 15);
        return h * 0x846CA68B;
    }

    @Override
    public void run() {
        int gid = getGlobalId();
        boolean scanning = phase == PHASE_COUNT || phase == PHASE_GROUPS || phase == PHASE_FIND;
        long first = (long) gid * windowsPerItem;
        int start = scanning ? (int) Math.min(first, (long) n) : 0;
        int end = scanning ? (int) Math.min(first + windowsPerItem, (long) n) : 0;
        int found = testStarts(start, end, phase == PHASE_COUNT ? -2 : -1);
        groupScan4(phase == PHASE_COUNT ? 0 : found, 0, 0, 0); // the one group scan: every work-item, every phase
        if (phase == PHASE_FIND && found > 0) {
            testStarts(start, end, groupOffsets[getGroupId()] + (int) groupScanPrefix(0));
        }
        if (phase == PHASE_GROUPS && getLocalId() == 0) {
            groupCounts[getGroupId()] = (int) groupScanTotal(0);
        }
        localBarrier();
    }

    private int byteAt(int i) {
        return i < n ? text[i] & 0xFF : 0;
    }

    /** Whether the filter has the bit of hash h. */
    private boolean filterHas(int h) {
        int bit = h >>> filterShift;
        return ((filter[bit >>> 5] >>> (bit & 31)) & 1) != 0;
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
            if (available >= gateLength && filterHas(mix(lo & gateMaskLo, hi & gateMaskHi, 0))) {
                found += probeStart(lo, hi, r, available, writeAt, found);
            }
            lo = ((lo >>> 8) & 0x00FFFFFF) | ((hi & 0xFF) << 24);
            hi = ((hi >>> 8) & 0x00FFFFFF) | (byteAt(r + PREFIX) << 24);
        }
        return found;
    }

    /** The probes at a start that passed the gate; reports its matches from number {@code found} on. */
    private int probeStart(int lo, int hi, int r, int available, int writeAt, int found) {
        int hits = 0;
        for (int len = gateLength; len < PREFIX && shortLengths != 0; len++) {
            if (len <= available && ((shortLengths >> len) & 1) == 1) {
                int keyLo = len >= 4 ? lo : lo & ((1 << (8 * len)) - 1);
                int keyHi = len <= 4 ? 0 : hi & ((1 << (8 * (len - 4))) - 1);
                hits += probeKey(keyLo, keyHi, len, r, writeAt, found + hits);
            }
        }
        if (hasLong == 1 && available == PREFIX) {
            hits += probeKey(lo, hi, PREFIX, r, writeAt, found + hits);
        }
        return hits;
    }

    /** Filter bit, then table probe, then the group's matches at r for key (lo, hi, tag); returns how many. */
    private int probeKey(int lo, int hi, int tag, int r, int writeAt, int found) {
        int h = mix(lo, hi, tag);
        int hits = 0;
        if (filterHas(h)) {
            int slot = findSlot(lo, hi, tag, h);
            if (slot >= 0) {
                hits = reportGroup(slot, r, writeAt, found, tag == PREFIX ? 1 : 0);
            }
        }
        return hits;
    }

    /**
     * The patterns of table slot {@code slot} that occur at r (all of them for a short group, {@code verify == 0});
     * reports them as matches {@code found, found + 1, ...}; returns how many.
     */
    private int reportGroup(int slot, int r, int writeAt, int found, int verify) {
        int from = table[slot * SLOT_INTS + 3];
        int to = from + (table[slot * SLOT_INTS] >>> TAG_BITS);
        int replicaBase = (getGroupId() & replicaMask) * patternCount;
        int hits = 0;
        for (int e = from; e < to; e++) {
            int p = groupPatterns[e];
            if (verify == 0 || tailMatches(r, p)) {
                if (writeAt >= 0) {
                    outOffsets[writeAt + found + hits] = r;
                    outIndices[writeAt + found + hits] = p;
                }
                if (writeAt == -2) {
                    atomicAdd(counts, replicaBase + p, 1);
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

    /** The slot holding (lo, hi, tag), whose hash is h, or -1. */
    private int findSlot(int lo, int hi, int tag, int h) {
        int slot = h >>> tableShift;
        int result = -1;
        boolean searching = true;
        for (int probe = 0; probe <= tableMask && searching; probe++) {
            int at = slot * SLOT_INTS;
            int tagCount = table[at];
            boolean hit = (tagCount & ((1 << TAG_BITS) - 1)) == tag && table[at + 1] == lo && table[at + 2] == hi;
            if (hit) {
                result = slot;
            }
            searching = !hit && tagCount != 0;
            slot = (slot + 1) & tableMask;
        }
        return result;
    }
}
