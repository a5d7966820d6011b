package org.gpumatch.aparapi.rabinkarp;

import com.aparapi.Kernel;

/**
 * Device side of DRK-WOM-64 (SPAA 2016, sections 6.2 and 7.1): divide-and-conquer Rabin-Karp without modulo.
 *
 * <p>The fingerprint of a window of m <= 8 characters is the window itself, 8 bits per symbol, so two windows have equal
 * fingerprints exactly when they are equal: no false positives, nothing to verify. The 64-bit fingerprint is kept as
 * two 32-bit halves (characters 0..3 and 4..7 of the window, little-endian), which GPUs handle natively: the window
 * starting {@code s} characters into word {@code w} is a funnel shift of words {@code w, w+1} (low half) and
 * {@code w+1, w+2} (high half), and it matches when {@code ((lo ^ pLo) & mLo) | ((hi ^ pHi) & mHi) == 0}, the masks
 * keeping the first m characters. Rolling from one window to the next is thus a shift, not a multiply or a modulo.
 *
 * <p>Layout: the text is packed little-endian into {@code int} words (4 characters per coalesced 32-bit load).
 * Work-group {@code g} owns the windows starting in its tile of {@code localSize * wordsPerItem} words; it stages the
 * tile plus {@link #HALO_WORDS} words of overlap (the m-1 <= 7 characters windows reach past the tile) into local
 * memory with coalesced loads. Work-item {@code i} then owns the {@code 4 * wordsPerItem} windows starting in words
 * {@code [i * wordsPerItem, (i+1) * wordsPerItem)} of the tile: the paper's g = 4 * wordsPerItem.
 *
 * <p>Phases (one {@code run()} dispatching on {@link #phase}, because a pipeline's buffers live in one kernel instance):
 * <ul>
 *   <li>{@link #PHASE_COUNT}: work-items test interleaved words straight from global memory (no staging); the
 *       work-group's match count goes into {@code groupCounts[group]} and into {@code total[0]} by one atomic add per
 *       work-group that found something;</li>
 *   <li>{@link #PHASE_FIND}: with {@code groupOffsets} holding the exclusive prefix sum of the group counts, each
 *       work-item writes its matches, ascending, at its group's offset plus the exclusive prefix sum (a local scan) of
 *       the counts of the work-items before it. Positions are compacted on the device.</li>
 * </ul>
 *
 * <p>Device memory: n + 4..8 bytes of text, 4 bytes per work-group of counts and of offsets, 4 bytes per match.
 * Local memory per work-group (find phase): about {@code 4 * (localSize * wordsPerItem) * 33 / 32 + 4 * localSize}
 * bytes (the tile, with one padding word per 32 against bank conflicts, and the scan).
 */
final class DrkWomKernel extends Kernel {
    static final int PHASE_COUNT = 0;
    static final int PHASE_FIND = 1;
    /** Words staged past the tile: windows starting in the tile's last word reach at most 7 characters further. */
    static final int HALO_WORDS = 2;

    int phase;
    /** n - m: the last offset where a window starts (the host launches no work when m > n). */
    int lastWindow;
    /** Pattern characters 0..3 and 4..7, little-endian, zero past m. */
    int patternLo;
    int patternHi;
    /** Masks of the pattern's characters in {@link #patternLo} and {@link #patternHi}. */
    int maskLo;
    int maskHi;
    /** Text words per work-item. */
    int wordsPerItem;
    /** Words per tile: localSize * wordsPerItem. */
    int tileWords;

    /** The packed text, zero-padded to whole tiles plus {@link #HALO_WORDS} words, so no load needs a bounds check. */
    int[] text;
    int[] groupCounts;
    int[] groupOffsets;
    int[] positions;
    /** m: the pattern length (above 8: DRK-2S, the first 8 characters skim and the rest is verified). */
    int patternLength;
    /** The whole pattern packed like the text (read only when m > 8). */
    int[] patternWords;
    int[] total;

    @Local int[] tile;
    @Local int[] itemCounts;

    DrkWomKernel(int[] text, int localSize, int wordsPerItem) {
        this.text = text;
        this.groupCounts = new int[1];
        this.groupOffsets = new int[1];
        this.positions = new int[1];
        this.patternWords = new int[1];
        this.total = new int[1];
        setGeometry(localSize, wordsPerItem);
    }

    /** Local memory per work-group for a geometry: the padded tile of the find phase and the scan. */
    static long localBytes(int localSize, int wordsPerItem) {
        return 4L * (padded(localSize * wordsPerItem + HALO_WORDS) + 1) + 4L * localSize;
    }

    /** Sizes the local arrays for {@code localSize} work-items of {@code wordsPerItem} words. */
    void setGeometry(int localSize, int wordsPerItem) {
        this.wordsPerItem = wordsPerItem;
        this.tileWords = localSize * wordsPerItem;
        this.tile = new int[padded(tileWords + HALO_WORDS) + 1];
        this.itemCounts = new int[localSize];
    }

    @Override
    public void run() {
        // Every barrier is reached unconditionally: PoCL hung on this kernel when the phases' barriers sat in the
        // branches of an if/else, and OpenCL only allows barriers that all work-items of a group reach anyway.
        boolean finding = phase == PHASE_FIND;
        stageTile(finding ? tileWords + HALO_WORDS : 0);
        int mine = finding ? scanOwnWindows(-1) : countInterleaved();
        int before = inclusiveScan(mine) - mine;
        int groupTotal = itemCounts[getLocalSize() - 1];
        if (finding) {
            if (mine > 0) {
                scanOwnWindows(groupOffsets[getGroupId()] + before);
            }
        } else if (getLocalId() == 0) {
            groupCounts[getGroupId()] = groupTotal;
            if (groupTotal > 0) {
                atomicAdd(total, 0, groupTotal);
            }
        }
        // Aparapi's Java thread pool runs the work-groups one after another on the same threads and the same local
        // arrays: without this barrier a fast work-item would restage the next tile while others still read this one.
        localBarrier();
    }

    /**
     * Count phase: work-item i tests the windows starting in words i, i + L, i + 2L, ... of the tile, reading straight
     * from global memory. Consecutive work-items read consecutive words (coalesced); the words after each, which the
     * neighbours read too, come from the cache. No local memory and no barrier before the reduction. A pattern of at
     * most 4 characters (DRK-WOM-32) takes a path that never builds the high half.
     */
    private int countInterleaved() {
        return maskHi == 0 ? countInterleaved32() : countInterleaved64();
    }

    /**
     * The 64-bit path tests the low half (characters 0..3) of each window first and builds the high half only for the
     * windows whose low half matched: on typical text that is rare, so m = 5..8 costs about what m <= 4 costs.
     */
    private int countInterleaved64() {
        int size = getLocalSize();
        int word = getGroupId() * tileWords + getLocalId();
        int lastWord = lastWindow >> 2;
        int found = 0;
        for (int k = 0; k < wordsPerItem; k++) {
            int a = text[word];
            int b = text[word + 1];
            int room = windowsInWord(word, lastWord);
            int hits = isMatch32(a, room >= 0) | isMatch32((a >>> 8) | (b << 24), room >= 1) << 1
                    | isMatch32((a >>> 16) | (b << 16), room >= 2) << 2 | isMatch32((a >>> 24) | (b << 8), room >= 3) << 3;
            if (hits != 0) {
                int c = text[word + 2];
                int start = word * 4; // a window starts here, so no overflow
                if ((hits & 1) != 0) {
                    found += confirm(b, start);
                }
                if ((hits & 2) != 0) {
                    found += confirm((b >>> 8) | (c << 24), start + 1);
                }
                if ((hits & 4) != 0) {
                    found += confirm((b >>> 16) | (c << 16), start + 2);
                }
                if ((hits & 8) != 0) {
                    found += confirm((b >>> 24) | (c << 8), start + 3);
                }
            }
            word += size;
        }
        return found;
    }

    /**
     * 1 when the window at {@code start}, whose characters 0..3 matched, matches: characters 4..7 ({@code hi}) and,
     * for DRK-2S, the rest of the pattern.
     */
    private int confirm(int hi, int start) {
        return highHalfMatches(hi) == 1 ? tailMatches(start) : 0;
    }

    /**
     * DRK-2S verification: 1 when characters 8..m-1 of the window at {@code start} equal the pattern's (always 1 for
     * m <= 8), compared 4 at a time against {@link #patternWords} with funnel shifts of the text words. O(m) work by one
     * work-item per candidate: a text with many candidates (periodic text, long pattern) is this method's worst case.
     */
    private int tailMatches(int start) {
        int same = 1;
        int shift = (start & 3) << 3;
        for (int j = 8; j < patternLength && same == 1; j += 4) {
            int w = (start + j) >> 2;
            int t = shift == 0 ? text[w] : (text[w] >>> shift) | (text[w + 1] << (32 - shift));
            int rest = patternLength - j;
            int mask = rest >= 4 ? -1 : (1 << (8 * rest)) - 1;
            if (((t ^ patternWords[j >> 2]) & mask) != 0) {
                same = 0;
            }
        }
        return same;
    }

    /** 1 when characters 4..7 of a window, {@code hi}, are the pattern's (always 1 for m <= 4). */
    private int highHalfMatches(int hi) {
        return ((hi ^ patternHi) & maskHi) == 0 ? 1 : 0;
    }

    private int countInterleaved32() {
        int size = getLocalSize();
        int word = getGroupId() * tileWords + getLocalId();
        int lastWord = lastWindow >> 2;
        int found = 0;
        for (int k = 0; k < wordsPerItem; k++) {
            int a = text[word];
            int b = text[word + 1];
            int room = windowsInWord(word, lastWord);
            found += isMatch32(a, room >= 0) + isMatch32((a >>> 8) | (b << 24), room >= 1)
                    + isMatch32((a >>> 16) | (b << 16), room >= 2) + isMatch32((a >>> 24) | (b << 8), room >= 3);
            word += size;
        }
        return found;
    }

    /**
     * Windows start at {@code 4 * word + s} for {@code s <= } the result (-1: none). Computed on words because
     * {@code 4 * word} may pass 2^31 beyond the end of a text near the size limit.
     */
    private int windowsInWord(int word, int lastWord) {
        return word < lastWord ? 3 : (word == lastWord ? (lastWindow & 3) : -1);
    }

    /** 1 when the window whose characters 0..3 are {@code lo} exists and is the pattern (m <= 4). */
    private int isMatch32(int lo, boolean exists) {
        return ((lo ^ patternLo) & maskLo) == 0 && exists ? 1 : 0;
    }

    /** 1 when the window whose characters 0..3 are {@code lo} and 4..7 are {@code hi} exists and is the pattern. */
    private int isMatch(int lo, int hi, boolean exists) {
        return (((lo ^ patternLo) & maskLo) | ((hi ^ patternHi) & maskHi)) == 0 && exists ? 1 : 0;
    }

    /** Copies the first {@code staged} words of this group's tile into local memory with coalesced loads. */
    private void stageTile(int staged) {
        int lid = getLocalId();
        int size = getLocalSize();
        int base = getGroupId() * tileWords;
        for (int w = lid; w < staged; w += size) {
            tile[padded(w)] = text[base + w];
        }
        localBarrier();
    }

    /**
     * Where tile word {@code w} lives in local memory: one spare word after every 32, so the work-items of a warp, which
     * read words {@code wordsPerItem} apart, hit 32 different banks even when {@code wordsPerItem} is a multiple of 32.
     */
    static int padded(int w) {
        return w + (w >> 5);
    }

    /**
     * Tests this work-item's windows; counts the matches, and when {@code writeAt >= 0} also stores their offsets at
     * {@code positions[writeAt..]} in ascending order.
     */
    private int scanOwnWindows(int writeAt) {
        int firstWord = getLocalId() * wordsPerItem;
        int globalWord = getGroupId() * tileWords + firstWord;
        int a = tile[padded(firstWord)];
        int b = tile[padded(firstWord + 1)];
        int found = 0;
        int lastWord = lastWindow >> 2;
        for (int k = 0; k < wordsPerItem; k++) {
            int c = tile[padded(firstWord + k + 2)];
            int word = globalWord + k;
            int room = windowsInWord(word, lastWord);
            int start = word * 4;
            found += testWindow(a, b, room >= 0, writeAt, found, start);
            found += testWindow((a >>> 8) | (b << 24), (b >>> 8) | (c << 24), room >= 1, writeAt, found, start + 1);
            found += testWindow((a >>> 16) | (b << 16), (b >>> 16) | (c << 16), room >= 2, writeAt, found, start + 2);
            found += testWindow((a >>> 24) | (b << 8), (b >>> 24) | (c << 8), room >= 3, writeAt, found, start + 3);
            a = b;
            b = c;
        }
        return found;
    }

    /** 1 when the window (lo, hi) exists and equals the pattern (storing it when writing), else 0. */
    private int testWindow(int lo, int hi, boolean exists, int writeAt, int found, int offset) {
        int hit = isMatch(lo, hi, exists);
        if (hit == 1) {
            hit = tailMatches(offset);
        }
        if (hit == 1 && writeAt >= 0) {
            positions[writeAt + found] = offset;
        }
        return hit;
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
