package org.gpumatch.aparapi.rabinkarp;

import com.aparapi.Kernel;

/**
 * Device side of DRK-WOM-64 (SPAA 2016, sections 6.2 and 7.1): divide-and-conquer Rabin-Karp without modulo.
 *
 * <p>The fingerprint of a window is the window itself, packed 8 bits per symbol into a {@code long} (big-endian: the
 * first symbol in the highest bits), so two windows have equal fingerprints exactly when they are equal: no false
 * positives, nothing to verify. Rolling by one character is one shift, one OR and one AND.
 *
 * <p>Layout: the text is packed little-endian into {@code int} words (4 characters per coalesced 32-bit load). Work-group
 * {@code g} owns the windows starting in the tile {@code [g*T, (g+1)*T)} with {@code T = localSize * charsPerItem}; it
 * stages the tile plus the next {@code m-1} characters (the overlap) into local memory with coalesced loads, then each
 * work-item rolls its fingerprint over its own {@code charsPerItem} windows from local memory.
 *
 * <p>Phases (one {@code run()} dispatching on {@link #phase}, because a pipeline's buffers must live in one kernel
 * instance):
 * <ul>
 *   <li>{@link #PHASE_COUNT}: per work-group match count into {@code groupCounts[group]}, and the total into
 *       {@code total[0]} (one atomic add per work-group that found something);</li>
 *   <li>{@link #PHASE_FIND}: with {@code groupOffsets} holding the exclusive prefix sum of the group counts, each
 *       work-item writes its matches, in ascending order, at its group's offset plus the exclusive prefix sum of the
 *       counts of the work-items before it (a local scan). Positions are thus compacted on the device.</li>
 * </ul>
 *
 * <p>Fields are set by {@link DrkWomMatcher}; the kernel only reads scalars. Device memory: n + 4 bytes of text, 4 bytes
 * per work-group of counts and offsets, 4 bytes per match; local memory: {@code 4*(tileWords + 4)} + {@code 4*localSize}
 * bytes per work-group.
 */
final class DrkWomKernel extends Kernel {
    static final int PHASE_COUNT = 0;
    static final int PHASE_FIND = 1;
    /** Local words beyond the tile: the overlap of m-1 <= 7 characters needs at most 3 words (tile is word aligned). */
    static final int HALO_WORDS = 3;

    int phase;
    /** n: characters of text. */
    int textLength;
    /** Words of {@link #text} that hold text (ceil(n/4)); later words are never read. */
    int textWords;
    /** m: the pattern length, 1..8. */
    int patternLength;
    /** The pattern packed as a window is packed. */
    long patternFingerprint;
    /** The low 8*m bits set. */
    long windowMask;
    /** Windows per work-item; a multiple of 4. */
    int charsPerItem;
    /** Words of text per tile: localSize * charsPerItem / 4. */
    int tileWords;

    int[] text;
    int[] groupCounts;
    int[] groupOffsets;
    int[] positions;
    int[] total;

    @Local int[] tile;
    @Local int[] itemCounts;

    DrkWomKernel(int[] text, int localSize, int charsPerItem) {
        this.text = text;
        this.charsPerItem = charsPerItem;
        this.tileWords = localSize * charsPerItem / 4;
        this.tile = new int[tileWords + HALO_WORDS];
        this.itemCounts = new int[localSize];
        this.groupCounts = new int[1];
        this.groupOffsets = new int[1];
        this.positions = new int[1];
        this.total = new int[1];
    }

    @Override
    public void run() {
        stageTile();
        int mine = scanOwnWindows(-1);
        int before = inclusiveScan(mine) - mine;
        int groupTotal = itemCounts[getLocalSize() - 1];
        if (phase == PHASE_COUNT) {
            if (getLocalId() == 0) {
                groupCounts[getGroupId()] = groupTotal;
                if (groupTotal > 0) {
                    atomicAdd(total, 0, groupTotal);
                }
            }
        } else if (mine > 0) {
            scanOwnWindows(groupOffsets[getGroupId()] + before);
        }
    }

    /** Copies this group's tile and the overlap after it into local memory with coalesced word loads. */
    private void stageTile() {
        int lid = getLocalId();
        int size = getLocalSize();
        int base = getGroupId() * tileWords;
        int staged = tileWords + HALO_WORDS;
        for (int w = lid; w < staged; w += size) {
            int word = base + w;
            tile[w] = word < textWords ? text[word] : 0;
        }
        localBarrier();
    }

    /**
     * Rolls the fingerprint over this work-item's windows; counts the matches, and when {@code writeAt >= 0} also
     * stores their offsets at {@code positions[writeAt..]}.
     */
    private int scanOwnWindows(int writeAt) {
        int first = getLocalId() * charsPerItem;
        int tileStart = getGroupId() * tileWords * 4;
        int windows = min(charsPerItem, textLength - patternLength - (tileStart + first) + 1);
        int overlap = patternLength - 1;
        long fingerprint = 0L;
        for (int k = 0; k < overlap; k++) {
            fingerprint = (fingerprint << 8) | symbolAt(first + k);
        }
        int found = 0;
        for (int j = 0; j < windows; j++) {
            fingerprint = ((fingerprint << 8) | symbolAt(first + j + overlap)) & windowMask;
            if (fingerprint == patternFingerprint) {
                if (writeAt >= 0) {
                    positions[writeAt + found] = tileStart + first + j;
                }
                found++;
            }
        }
        return found;
    }

    /** The unsigned character at tile-relative index {@code i}. */
    private long symbolAt(int i) {
        return (tile[i >> 2] >>> ((i & 3) << 3)) & 0xFF;
    }

    /**
     * Hillis-Steele inclusive scan of one value per work-item over the work-group, in {@link #itemCounts}; returns this
     * work-item's inclusive sum. Every work-item must call it (it has barriers). log2(localSize) steps.
     */
    private int inclusiveScan(int value) {
        int lid = getLocalId();
        itemCounts[lid] = value;
        localBarrier();
        for (int offset = 1; offset < getLocalSize(); offset <<= 1) {
            int add = lid >= offset ? itemCounts[lid - offset] : 0;
            localBarrier();
            itemCounts[lid] += add;
            localBarrier();
        }
        return itemCounts[lid];
    }
}
