package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.primitives.TileKernel;

/**
 * Device side of DRK (SPAA 2016 sections 4, 6.2 and 7.1): divide-and-conquer Rabin-Karp with the first class of
 * fingerprints, {@code F(X) = sum code(x_j) * 2^(sigma*(m-1-j)) mod p}, over symbol codes of {@code sigma} bits.
 *
 * <p><b>Layout.</b> Work-group {@code G} owns the {@code tileChars = g * localSize} windows starting at
 * {@code s = G * tileChars}. It stages the characters {@code s .. s + tileChars + m - 2} (its tile plus the m-1
 * characters of overlap) into local memory (gpu-core's {@link TileKernel}: its region of {@code tileInts}, from
 * {@link #TILE_AT} on) with coalesced 4-byte loads of the packed text (words from {@code s / 4}; the first
 * {@code s % 4} staged characters belong to the previous tile and are skipped), one spare word after every 32 against
 * bank conflicts ({@link TileKernel#pad}: work-items reading words {@code g/4} apart hit different banks), and the 512-entry symbol table into {@code tileInts[0, TABLE_SIZE)}. Work-item {@code i} then
 * owns the {@code g} consecutive windows starting at {@code s + i*g} (the paper's g exclusive characters): it computes
 * the fingerprint of its first window from local memory (m steps) and rolls it {@code g - 1} times.
 *
 * <p><b>Arithmetic.</b> {@code p < 2^(31-sigma)} and codes are below {@code 2^sigma}, so with {@code h < p}:
 * {@code (h << sigma) + code < 2^31} and {@code code * (2^(sigma*m) mod p) < 2^31}; every intermediate is a
 * non-negative {@code int} below 2^31. One roll is {@code x = reduce((h << sigma) + code(in))}, then
 * {@code h' = x - out} or {@code x + p - out} (never negative), with {@code out = code(y_r) * 2^(sigma*m) mod p} looked
 * up by byte. {@link #reduce} is a Barrett reduction (one 32x32->64 multiply by {@code floor(2^32/p)}, one multiply,
 * one conditional subtraction) instead of a hardware-less integer remainder. Paper errata (not used as printed):
 * equation (11) adds {@code y_{r+m+1}} and section 6.2 calls the entering character {@code y_{n+r-1}}: it is
 * {@code y_{r+m}}; section 6.2's update {@code F <- ((F + p - R) << 1) + y_new) % p} has unbalanced parentheses (the
 * remainder must apply to the whole sum); section 7.1's DRK-WOM mask {@code ~(((1 << sigma) - 1) << m)} must shift by
 * {@code sigma*(m-1)}, not m.
 *
 * <p><b>Exactness.</b> Every window whose fingerprint equals the pattern's is compared byte by byte with the pattern
 * (the text bytes from local memory) before it counts: no false positives for any p, including tiny test primes.
 *
 * <p><b>Phases</b> (one {@code run()} dispatching on {@link #phase}; each phase is a slot registered with
 * {@link TileKernel#registerSlot} and checked by the matcher before it launches): {@link #PHASE_COUNT} writes the
 * group's count into {@code groupCounts[G]} and adds it to {@code total[0]} with one atomic add; {@link #PHASE_FIND},
 * with {@code groupOffsets} the host's exclusive prefix sum of the group counts, writes each work-item's matches in
 * ascending order at its group's offset plus the exclusive prefix of the work-items' counts from the one
 * {@link TileKernel#groupScan4} call of {@code run()}. Groups whose count was 0 skip the work in the find phase (they
 * still reach every barrier).
 *
 * <p>Device memory: the packed text (n bytes plus one word), 2 KiB of symbol table, the packed pattern, 8 bytes per
 * work-group (counts, offsets), 4 bytes per match. Local memory per work-group: {@link #localBytes}, about
 * {@code (g * localSize + m) * 33/32 + 2048} bytes plus the group scan's ({@link TileKernel#groupScanLocalBytes}, 8.75
 * KiB for 256 work-items).
 */
final class DrkKernel extends TileKernel {
    static final int PHASE_COUNT = 1;
    static final int PHASE_FIND = 2;
    /** Entries of the symbol table: the code of each byte, then each byte's outgoing term. */
    static final int TABLE_SIZE = 512;
    /** Where the outgoing terms {@code code(b) * 2^(sigma*m) mod p} start in the symbol table. */
    static final int OUT_TERMS = 256;
    /** Where the staged tile starts in {@code tileInts} (after the symbol table). */
    static final int TILE_AT = TABLE_SIZE;

    int phase;
    /** n - m: the last window start (the host launches nothing when m > n). */
    int lastWindow;
    int patternLength;
    /** Bits per symbol code. */
    int sigma;
    /** The fingerprint modulus, a prime below 2^(31-sigma). */
    int prime;
    /** floor(2^32 / prime) as an unsigned 32-bit value (at most 2^31), for {@link #reduce}. */
    int reciprocal;
    /** The pattern's fingerprint. */
    int patternPrint;
    /** The paper's g: windows per work-item. */
    int charsPerItem;
    /** Windows per work-group: {@code charsPerItem * localSize}. */
    int tileChars;
    /** Words staged per work-group: {@code (tileChars + m + 5) / 4} (tile, overlap, and up to 3 leading characters). */
    int stagedWords;
    /** Length of {@link #text}: staging loads past it read zeros. */
    int textWords;

    /** The text packed little-endian, 4 characters a word (immutable, resident). */
    int[] text;
    /** [b]: the code of byte b (its rank among the text's symbols); [256 + b]: code(b) * 2^(sigma*m) mod p. */
    int[] symbols;
    /** The pattern packed like the text. */
    int[] patternWords;
    int[] groupCounts;
    int[] groupOffsets;
    int[] positions;
    int[] total;

    DrkKernel() {
        this.text = new int[2];
        this.symbols = new int[TABLE_SIZE];
        this.patternWords = new int[1];
        this.groupCounts = new int[1];
        this.groupOffsets = new int[1];
        this.positions = new int[1];
        this.total = new int[1];
        this.prime = 2;
        this.reciprocal = 1 << 31; // floor(2^32 / 2), unsigned
        this.sigma = 1;
        this.phase = PHASE_COUNT;
        registerSlot(PHASE_COUNT);
        registerSlot(PHASE_FIND);
    }

    /** Words staged per work-group for tiles of {@code tileChars} windows and patterns of {@code m} characters. */
    static long stagedWords(long tileChars, long m) {
        return (tileChars + m + 5) >> 2;
    }

    /** Length of the local tile array for {@code stagedWords} words: the padded index of the last, plus one. */
    static long tileArrayLength(long stagedWords) {
        long last = stagedWords - 1;
        return last + (last >> 5) + 1;
    }

    /**
     * Local memory per work-group for {@code localSize} work-items of {@code g} windows and a pattern of {@code m}
     * characters: the symbol table, the padded tile (tile + m - 1 overlap + up to 3 leading characters), the scan.
     */
    static long localBytes(int localSize, int g, long m) {
        return 4L * (TABLE_SIZE + tileArrayLength(stagedWords((long) localSize * g, m)))
                + groupScanLocalBytes(localSize);
    }

    /** Sets the geometry: {@code localSize} work-items of {@code g} windows. */
    void setGeometry(int localSize, int g) {
        this.charsPerItem = g;
        this.tileChars = localSize * g;
    }

    /** Sets the pattern length: the words each group stages. */
    void setPatternLength(int m) {
        this.patternLength = m;
        this.stagedWords = (int) stagedWords(tileChars, m);
    }

    /** Local ints: the symbol table, then the padded tile plus overlap (additive over TileKernel's, which are none). */
    @Override
    protected int localInts(int localSize) {
        long tile = tileArrayLength(stagedWords((long) localSize * charsPerItem, patternLength));
        return super.localInts(localSize) + TABLE_SIZE + (int) tile;
    }

    @Override
    public void run() {
        // Every barrier is reached unconditionally by every work-item (PoCL hangs otherwise); inactive work is skipped
        // by empty loops, not by branching around barriers.
        boolean finding = phase == PHASE_FIND;
        int group = getGroupId();
        boolean active = !finding || groupCounts[group] > 0;
        stage(active);
        int mine = active ? scanWindows(-1) : 0;
        groupScan4(mine, 0, 0, 0); // the one group scan: every work-item, every phase
        int before = (int) groupScanPrefix(0);
        int groupTotal = (int) groupScanTotal(0);
        if (finding) {
            if (mine > 0) {
                scanWindows(groupOffsets[group] + before);
            }
        } else if (getLocalId() == 0) {
            groupCounts[group] = groupTotal;
            if (groupTotal > 0) {
                atomicAdd(total, 0, groupTotal);
            }
        }
        // Aparapi's Java thread pool runs the work-groups one after another on the same threads and the same local
        // arrays: without this barrier a fast work-item would restage the next tile while others still read this one.
        localBarrier();
    }

    /**
     * Copies this group's tile plus overlap (when {@code active}) and the symbol table into local memory with coalesced
     * loads, then waits for the whole group.
     */
    private void stage(boolean active) {
        int lid = getLocalId();
        int size = getLocalSize();
        int firstWord = (getGroupId() * tileChars) >> 2;
        int staged = active ? stagedWords : 0;
        for (int w = lid; w < staged; w += size) {
            int at = firstWord + w;
            tileInts[TILE_AT + pad(w)] = at < textWords ? text[at] : 0;
        }
        int entries = active ? TABLE_SIZE : 0;
        for (int e = lid; e < entries; e += size) {
            tileInts[e] = symbols[e];
        }
        localBarrier();
    }

    /** The byte at staged character {@code c} (0..255). */
    private int symbolAt(int c) {
        return (tileInts[TILE_AT + pad(c >> 2)] >>> ((c & 3) << 3)) & 0xFF;
    }

    /**
     * {@code x mod p} for {@code 0 <= x < 2^31}: Barrett reduction. With {@code r = floor(2^32/p)},
     * {@code q = floor(x*r / 2^32)} is {@code floor(x/p)} or one less (the error {@code x*(2^32/p - r)/2^32} is below
     * 1/2), so {@code x - q*p} lies in [0, 2p) and one conditional subtraction finishes. Both factors are unsigned
     * 32-bit values, so {@code x*r < 2^62} is one widening 32x32 multiply on a GPU.
     */
    private int reduce(int x) {
        return barrett(x, prime, reciprocal);
    }

    /** {@code x mod p} for {@code 0 <= x < 2^31}, {@code 2 <= p < 2^31}, {@code r = floor(2^32/p)} unsigned. */
    static int barrett(int x, int p, int r) {
        int q = (int) (((x & 0xFFFFFFFFL) * (r & 0xFFFFFFFFL)) >>> 32);
        int rest = x - q * p;
        return rest >= p ? rest - p : rest;
    }

    /** The fingerprint of the window after the one of fingerprint {@code h}, which drops byte {@code leaving}. */
    private int roll(int h, int leaving, int entering) {
        int x = reduce((h << sigma) + tileInts[entering]);
        int out = tileInts[OUT_TERMS + leaving];
        return x >= out ? x - out : x + prime - out;
    }

    /**
     * Tests this work-item's windows; counts those equal to the pattern and, when {@code writeAt >= 0}, stores their
     * offsets at {@code positions[writeAt..]} in ascending order.
     */
    private int scanWindows(int writeAt) {
        int start = getGroupId() * tileChars; // a window starts here: at most n - m, no overflow
        int first = getLocalId() * charsPerItem;
        int windows = min(charsPerItem, lastWindow - start - first + 1);
        int c = (start & 3) + first;
        int steps = windows > 0 ? patternLength : 0;
        int h = 0;
        for (int j = 0; j < steps; j++) {
            h = reduce((h << sigma) + tileInts[symbolAt(c + j)]);
        }
        int found = 0;
        for (int k = 0; k < windows; k++) {
            int hit = h == patternPrint ? sameBytes(c + k) : 0;
            if (hit == 1 && writeAt >= 0) {
                positions[writeAt + found] = start + first + k;
            }
            found += hit;
            h = k + 1 < windows ? roll(h, symbolAt(c + k), symbolAt(c + k + patternLength)) : h;
        }
        return found;
    }

    /** 1 when the staged window at {@code c} equals the pattern, byte by byte; else 0. */
    private int sameBytes(int c) {
        int same = 1;
        for (int j = 0; j < patternLength && same == 1; j++) {
            int expected = (patternWords[j >> 2] >>> ((j & 3) << 3)) & 0xFF;
            same = symbolAt(c + j) == expected ? 1 : 0;
        }
        return same;
    }
}
