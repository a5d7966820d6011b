package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.primitives.TileKernel;

/**
 * Device side of DRK-WOM and DRK-2S (SPAA 2016, sections 6.2, 7.1 and 7.2): divide-and-conquer Rabin-Karp without
 * modulo over a text packed {@code spw} symbols of {@code sigma} bits per 32-bit word ({@link SymbolPacking}).
 *
 * <p><b>Fingerprints.</b> The fingerprint of a window is its first {@code 2 * spw} symbols themselves, as two 32-bit
 * halves, so equal fingerprints mean equal symbols: no false positives. The window starting {@code s} symbols into word
 * {@code w} is a funnel shift of words {@code w, w+1} (low half) and {@code w+1, w+2} (high half); it matches when
 * {@code (lo ^ pLo) & mLo} and {@code (hi ^ pHi) & mHi} are zero, the masks keeping the pattern's symbols. Rolling to
 * the next window is a shift, not a multiply or a modulo. A pattern of at most {@code spw} symbols (DRK-WOM-32) never
 * builds the high half; for DRK-WOM-64 it is built only where the low half matched.
 *
 * <p><b>Layout.</b> Work-group {@code g} owns the windows starting in its tile of {@code localSize * wordsPerItem}
 * words; work-item {@code i} owns words {@code i, i + L, i + 2L, ...} of the tile in the count phase (coalesced loads
 * straight from global memory, the neighbours' words from the cache), and words
 * {@code [i * wordsPerItem, (i+1) * wordsPerItem)} in the find phase, which stages tile plus {@link #HALO_WORDS} words in
 * local memory (padded against bank conflicts) so that each work-item writes its matches in ascending order.
 *
 * <p><b>Phases</b> (one {@code run()} dispatching on {@link #phase}, because a query's buffers live in one kernel;
 * each phase is a slot registered with {@link TileKernel#registerSlot}, checked by the matcher before it launches; the
 * work-group sums below come from the one {@link TileKernel#groupScan4} call of {@code run()}):
 * <ul>
 *   <li>{@link #PHASE_COUNT}: windows whose fingerprint matches are counted per work-group into {@code groupCounts}
 *       and {@code total[0]}; with {@link #collect} set (DRK-2S, the skim) each is also appended, unordered, to
 *       {@code candidates} while the atomic index {@code total[1]} stays below its length;</li>
 *   <li>{@link #PHASE_FIND}: with {@code groupOffsets} holding the exclusive prefix sums of the group counts, work-group
 *       {@code firstGroup + groupId} writes its matches (DRK-2S: candidates) in ascending order at its offset minus
 *       {@link #rangeBase}, into {@code positions} (DRK-2S: {@code candidates});</li>
 *   <li>{@link #PHASE_VERIFY} (DRK-2S): work-group {@code g} verifies candidates {@code [g L, (g+1) L)} of
 *       {@code candidates} cooperatively: teams of {@link #teamSize} work-items compare the pattern's remaining words
 *       (a team's work-items take words {@code j, j + T, ...}, coalesced), one candidate per team at a time, flagging a
 *       mismatch in local memory. Rejected candidates become -1; the group's verified count goes into
 *       {@code verifyCounts} and {@code total[2]};</li>
 *   <li>{@link #PHASE_COMPACT} (DRK-2S find): the verified candidates of each verify group are written in order at
 *       {@code verifyOffsets[g]} of {@code positions}.</li>
 * </ul>
 *
 * <p>Device memory: {@code 4 / spw} bytes per text character, 4 bytes per work-group of counts and of offsets, 4 bytes
 * per candidate and per match. Local memory per work-group ({@link TileKernel}'s {@code tileInts}, sized per phase by
 * {@link #localInts}): the find phase's padded tile, about {@code 4 * (localSize * wordsPerItem) * 33 / 32} bytes, or
 * the verify phase's flags, {@code 4 * localSize}; plus the group scan's ({@link TileKernel#groupScanLocalBytes}).
 */
final class DrkWomKernel extends TileKernel {
    static final int PHASE_COUNT = 1;
    static final int PHASE_FIND = 2;
    static final int PHASE_VERIFY = 3;
    static final int PHASE_COMPACT = 4;
    /** Words staged past the tile: a window's two halves starting in the tile's last word reach 2 words further. */
    static final int HALO_WORDS = 2;

    int phase;
    /** Bits per symbol and symbols per word of the packed text; {@code bitsUsed = sigma * symbolsPerWord}. */
    int sigma;
    int symbolsPerWord;
    int bitsUsed;
    /** The word and slot of the last window start, n - m: {@code lastWord = (n-m) / spw}, {@code lastSlot = (n-m) % spw}. */
    int lastWord;
    int lastSlot;
    /** The pattern's first and second packed words, zero past m. */
    int patternLo;
    int patternHi;
    /** Masks of the pattern's symbols in {@link #patternLo} and {@link #patternHi}. */
    int maskLo;
    int maskHi;
    /** Text words per work-item. */
    int wordsPerItem;
    /** Words per tile: localSize * wordsPerItem. */
    int tileWords;
    /** 1 when the count phase also appends candidates (DRK-2S skim), else 0. */
    int collect;
    /**
     * 1 when the work-item that finds a fingerprint match also compares the pattern's remaining words itself (DRK-2S
     * with a short tail: no verify launch), 0 when candidates are verified cooperatively.
     */
    int inlineTail;
    /** 1 when the find phase writes candidates (DRK-2S) rather than final positions. */
    int twoStage;
    /** The find phase's first work-group (DRK-2S finds in ranges of groups) and its offset. */
    int firstGroup;
    int rangeBase;
    /** Verify and compact phases: the number of candidates in {@code candidates}. */
    int candidateCount;
    /** Verify phase: work-items per candidate (a power of two dividing the work-group size). */
    int teamSize;
    /** Words of the packed pattern (ceil(m / spw)) and the mask of the symbols in its last word. */
    int patternWordCount;
    int lastMask;

    /** The packed text, zero-padded to whole tiles plus {@link #HALO_WORDS} words, so no load needs a bounds check. */
    int[] text;
    int[] groupCounts;
    int[] groupOffsets;
    int[] positions;
    /** The whole pattern packed like the text (read by the verify phase). */
    int[] patternWords;
    /** DRK-2S: start offsets of windows whose first {@code 2 * spw} symbols match. */
    int[] candidates;
    int[] verifyCounts;
    /** Compact phase: the exclusive prefix sums of {@code verifyCounts}. */
    int[] verifyOffsets;
    /** [0] fingerprint matches, [1] the append index of the skim, [2] verified matches. */
    int[] total;

    /** Ints of the find phase's staged tile ({@code tileInts[0, findTileInts)}). */
    private int findTileInts;

    DrkWomKernel(int[] text, int localSize, int wordsPerItem) {
        this.text = text;
        this.groupCounts = new int[1];
        this.groupOffsets = new int[1];
        this.positions = new int[1];
        this.patternWords = new int[1];
        this.candidates = new int[1];
        this.verifyCounts = new int[1];
        this.verifyOffsets = new int[1];
        this.total = new int[3];
        this.phase = PHASE_COUNT;
        registerSlot(PHASE_COUNT);
        registerSlot(PHASE_FIND);
        registerSlot(PHASE_VERIFY);
        registerSlot(PHASE_COMPACT);
        setGeometry(localSize, wordsPerItem);
    }

    /**
     * Local memory per work-group for a geometry, at most (the find phase): the padded tile and the group scan.
     */
    static long localBytes(int localSize, int wordsPerItem) {
        return 4L * (pad(localSize * wordsPerItem + HALO_WORDS) + 1) + groupScanLocalBytes(localSize);
    }

    /** Sets the geometry: {@code localSize} work-items of {@code wordsPerItem} words. */
    void setGeometry(int localSize, int wordsPerItem) {
        this.wordsPerItem = wordsPerItem;
        this.tileWords = localSize * wordsPerItem;
        this.findTileInts = pad(tileWords + HALO_WORDS) + 1;
    }

    /**
     * Local ints of the coming launch ({@link org.gpumatch.gpu.runtime.GuardedKernel} sizes them before every launch,
     * after the matcher set {@link #phase}): the whole padded tile for the find phase, one flag per work-item for the
     * verify phase, none otherwise, so that the count launch, which reads global memory only, is not limited to fewer
     * resident work-groups by local memory it never touches (about 34 KiB per group for a tile of 8192 words: at most
     * 6 groups per Hopper multiprocessor).
     */
    @Override
    protected int localInts(int localSize) {
        int mine = phase == PHASE_FIND ? findTileInts : phase == PHASE_VERIFY ? localSize : 0;
        return super.localInts(localSize) + mine;
    }

    @Override
    public void run() {
        // Every barrier is reached unconditionally: PoCL hung on this kernel when the phases' barriers sat in the
        // branches of an if/else, and OpenCL only allows barriers that all work-items of a group reach anyway.
        int lid = getLocalId();
        boolean finding = phase == PHASE_FIND;
        boolean verifying = phase == PHASE_VERIFY;
        boolean compacting = phase == PHASE_COMPACT;
        if (verifying) {
            tileInts[lid] = 0; // the verify phase's flags: tileInts[0, localSize)
        }
        stageTile(finding ? tileWords + HALO_WORDS : 0);
        int mine = 0;
        if (finding) {
            mine = scanOwnWindows(-1);
        } else if (verifying) {
            compareTeamCandidates();
        } else if (!compacting) {
            mine = countInterleaved();
        }
        localBarrier();
        int candidate = getGroupId() * getLocalSize() + lid;
        if (verifying) {
            mine = verdict(candidate);
        } else if (compacting) {
            mine = candidate < candidateCount && candidates[candidate] >= 0 ? 1 : 0;
        }
        groupScan4(mine, 0, 0, 0); // the one group scan: every work-item, every phase
        int before = (int) groupScanPrefix(0);
        int groupTotal = (int) groupScanTotal(0);
        if (finding && mine > 0) {
            scanOwnWindows(groupOffsets[firstGroup + getGroupId()] - rangeBase + before);
        } else if (compacting && mine > 0) {
            positions[verifyOffsets[getGroupId()] + before] = candidates[candidate];
        } else if (!finding && !compacting && lid == 0) {
            recordGroupTotal(verifying, groupTotal);
        }
        // Aparapi's Java thread pool runs the work-groups one after another on the same threads and the same local
        // arrays: without this barrier a fast work-item would restage the next tile while others still read this one.
        localBarrier();
    }

    /** The count or verify phase's group total, into its per-group array and the grand total. */
    private void recordGroupTotal(boolean verifying, int groupTotal) {
        if (verifying) {
            verifyCounts[getGroupId()] = groupTotal;
        } else {
            groupCounts[getGroupId()] = groupTotal;
        }
        if (groupTotal > 0) {
            atomicAdd(total, verifying ? 2 : 0, groupTotal);
        }
    }

    /**
     * Count phase: work-item i tests the windows starting in words i, i + L, i + 2L, ... of the tile, reading straight
     * from global memory: consecutive work-items read consecutive words (coalesced). No local memory and no barrier
     * before the reduction.
     *
     * <p>The first pass tests the low halves only and stores nothing, so the compiler may keep many loads in flight
     * (a loop with a global store or atomic in its body cannot move the next iteration's loads above it: Aparapi's
     * OpenCL has no {@code restrict}). With a high half (m > spw), the rare work-items whose low halves matched
     * somewhere run a second pass that builds the high halves and appends DRK-2S candidates. Bytes take an unrolled
     * first pass with constant shifts. Measured on an H100, 1 GiB: the slot loop for bytes ran at 0.42 of the read
     * ceiling, the unrolled pass at 0.92; a single pass with the high half's branch in the loop at 0.53.
     */
    private int countInterleaved() {
        int lowHits = sigma == 8 ? countLowHalvesOfBytes() : countLowHalves();
        return maskHi == 0 || lowHits == 0 ? lowHits : countHighHalves();
    }

    /** Windows (of any sigma) whose low half matches: a loop over the slots of each word. */
    private int countLowHalves() {
        int size = getLocalSize();
        int word = getGroupId() * tileWords + getLocalId();
        int found = 0;
        for (int k = 0; k < wordsPerItem; k++) {
            int a = text[word];
            int b = text[word + 1];
            int room = slotsInWord(word);
            for (int s = 0; s <= room; s++) {
                int shift = s * sigma;
                found += lowHit((a >>> shift) | ((b << 1) << (bitsUsed - 1 - shift)), true);
            }
            word += size;
        }
        return found;
    }

    /**
     * Windows of bytes whose low half matches: four windows a word, constant shifts. Four words per iteration (eight
     * independent loads in flight per work-item: on an H200 one word at a time left the kernel short of bytes in
     * flight), and for words before the last window's word, where every window exists, one combined test of the
     * sixteen windows with the exact count only when one of them matched.
     */
    private int countLowHalvesOfBytes() {
        int size = getLocalSize();
        int word = getGroupId() * tileWords + getLocalId();
        int found = 0;
        int k = 0;
        for (; k + 4 <= wordsPerItem; k += 4) {
            int w1 = word + size;
            int w2 = w1 + size;
            int w3 = w2 + size;
            int a0 = text[word];
            int b0 = text[word + 1];
            int a1 = text[w1];
            int b1 = text[w1 + 1];
            int a2 = text[w2];
            int b2 = text[w2 + 1];
            int a3 = text[w3];
            int b3 = text[w3 + 1];
            if (w3 >= lastWord || anyByteWindowOfFour(a0, b0, a1, b1, a2, b2, a3, b3) == 1) {
                found += byteWindowHits(a0, b0, slotsInWord(word)) + byteWindowHits(a1, b1, slotsInWord(w1))
                        + byteWindowHits(a2, b2, slotsInWord(w2)) + byteWindowHits(a3, b3, slotsInWord(w3));
            }
            word = w3 + size;
        }
        for (; k < wordsPerItem; k++) {
            found += byteWindowHits(text[word], text[word + 1], slotsInWord(word));
            word += size;
        }
        return found;
    }

    /**
     * 1 when any of the sixteen byte windows starting in the words {@code a0..a3} (each followed by its {@code b})
     * matches the pattern's low half, else 0. A low half of four pattern bytes (m &gt;= 4, the common case) is compared
     * whole: a funnel shift and one comparison per window, where the masked test costs a third instruction (on an H200
     * the count phase is bound by integer instructions, not by memory, once enough loads are in flight).
     */
    private int anyByteWindowOfFour(int a0, int b0, int a1, int b1, int a2, int b2, int a3, int b3) {
        // One expression, not an if/else assigning a local: Aparapi declares such a local inside each branch.
        int hits = maskLo == -1
                ? wholeByteWindow(a0, b0) + wholeByteWindow(a1, b1) + wholeByteWindow(a2, b2) + wholeByteWindow(a3, b3)
                : maskedByteWindow(a0, b0) + maskedByteWindow(a1, b1) + maskedByteWindow(a2, b2)
                        + maskedByteWindow(a3, b3);
        return hits == 0 ? 0 : 1;
    }

    /** 1 when a byte window starting in word {@code a} (followed by {@code b}) equals the whole low half. */
    private int wholeByteWindow(int a, int b) {
        return a == patternLo || ((a >>> 8) | (b << 24)) == patternLo || ((a >>> 16) | (b << 16)) == patternLo
                || ((a >>> 24) | (b << 8)) == patternLo ? 1 : 0;
    }

    /** 1 when a byte window starting in word {@code a} (followed by {@code b}) matches the low half's pattern symbols. */
    private int maskedByteWindow(int a, int b) {
        return lowDiff(a) == 0 || lowDiff((a >>> 8) | (b << 24)) == 0 || lowDiff((a >>> 16) | (b << 16)) == 0
                || lowDiff((a >>> 24) | (b << 8)) == 0 ? 1 : 0;
    }

    /** The pattern's symbols in which the low half {@code lo} differs from it: 0 when it matches. */
    private int lowDiff(int lo) {
        return (lo ^ patternLo) & maskLo;
    }

    /** The byte windows starting in word {@code a} (followed by {@code b}) at slots 0..room whose low half matches. */
    private int byteWindowHits(int a, int b, int room) {
        return lowHit(a, room >= 0) + lowHit((a >>> 8) | (b << 24), room >= 1)
                + lowHit((a >>> 16) | (b << 16), room >= 2) + lowHit((a >>> 24) | (b << 8), room >= 3);
    }

    /** The second pass: windows whose two halves match (DRK-2S: appending them as candidates). */
    private int countHighHalves() {
        int size = getLocalSize();
        int word = getGroupId() * tileWords + getLocalId();
        int found = 0;
        for (int k = 0; k < wordsPerItem; k++) {
            int a = text[word];
            int b = text[word + 1];
            int room = slotsInWord(word);
            for (int s = 0; s <= room; s++) {
                int shift = s * sigma;
                if (lowHit((a >>> shift) | ((b << 1) << (bitsUsed - 1 - shift)), true) == 1) {
                    found += highHalfHit(b, text[word + 2], shift, word * symbolsPerWord + s);
                }
            }
            word += size;
        }
        return found;
    }

    /** 1 when the window whose low half is {@code lo} exists and its low half is the pattern's. */
    private int lowHit(int lo, boolean exists) {
        return lowDiff(lo) == 0 && exists ? 1 : 0;
    }

    /**
     * 1 when the high half of a window whose low half matched ({@code b, c} funnel-shifted by {@code shift}) matches
     * too (and with {@link #inlineTail}, the rest of the pattern); a DRK-2S skim for cooperative verification then
     * appends the window's offset {@code start} to the candidates while there is room.
     */
    private int highHalfHit(int b, int c, int shift, int start) {
        int hi = (b >>> shift) | ((c << 1) << (bitsUsed - 1 - shift));
        int hit = ((hi ^ patternHi) & maskHi) == 0 ? 1 : 0;
        if (hit == 1 && inlineTail == 1) {
            hit = tailMatches(start);
        }
        if (hit == 1 && collect == 1) {
            int at = atomicAdd(total, 1, 1);
            if (at < candidates.length) {
                candidates[at] = start;
            }
        }
        return hit;
    }

    /**
     * 1 when words 2.. of the pattern match the window at symbol {@code start} (1 when there are none): the DRK-2S
     * verification of a short tail by the work-item that found the candidate, word by word with funnel shifts.
     */
    private int tailMatches(int start) {
        int word = start / symbolsPerWord;
        int shift = (start - word * symbolsPerWord) * sigma;
        int same = 1;
        for (int j = 2; j < patternWordCount && same == 1; j++) {
            int t = (text[word + j] >>> shift) | ((text[word + j + 1] << 1) << (bitsUsed - 1 - shift));
            int mask = j == patternWordCount - 1 ? lastMask : maskLo;
            same = ((t ^ patternWords[j]) & mask) == 0 ? 1 : 0;
        }
        return same;
    }

    /** The last slot of {@code word} where a window starts: spw - 1, {@link #lastSlot} in the last word, -1 beyond. */
    private int slotsInWord(int word) {
        return word < lastWord ? symbolsPerWord - 1 : (word == lastWord ? lastSlot : -1);
    }

    /**
     * Copies the first {@code staged} words of this group's tile into local memory with coalesced loads, one spare word
     * after every 32 ({@link TileKernel#pad}), so the work-items of a warp, which read words {@code wordsPerItem}
     * apart, hit 32 different banks even when {@code wordsPerItem} is a multiple of 32.
     */
    private void stageTile(int staged) {
        int lid = getLocalId();
        int size = getLocalSize();
        int base = (firstGroup + getGroupId()) * tileWords;
        for (int w = lid; w < staged; w += size) {
            tileInts[pad(w)] = text[base + w];
        }
        localBarrier();
    }

    /**
     * Tests this work-item's windows in the staged tile; counts the fingerprint matches, and when {@code writeAt >= 0}
     * also stores their offsets from {@code writeAt} on, ascending.
     */
    private int scanOwnWindows(int writeAt) {
        int firstWord = getLocalId() * wordsPerItem;
        int globalWord = (firstGroup + getGroupId()) * tileWords + firstWord;
        int a = tileInts[pad(firstWord)];
        int b = tileInts[pad(firstWord + 1)];
        int found = 0;
        for (int k = 0; k < wordsPerItem; k++) {
            int c = tileInts[pad(firstWord + k + 2)];
            int word = globalWord + k;
            int room = slotsInWord(word);
            for (int s = 0; s <= room; s++) {
                int shift = s * sigma;
                int lo = (a >>> shift) | ((b << 1) << (bitsUsed - 1 - shift));
                int hi = (b >>> shift) | ((c << 1) << (bitsUsed - 1 - shift));
                if ((((lo ^ patternLo) & maskLo) | ((hi ^ patternHi) & maskHi)) == 0
                        && (inlineTail == 0 || tailMatches(word * symbolsPerWord + s) == 1)) {
                    store(writeAt, found, word * symbolsPerWord + s);
                    found++;
                }
            }
            a = b;
            b = c;
        }
        return found;
    }

    /** Stores the {@code found}-th hit of a work-item at {@code writeAt + found} (nothing while only counting). */
    private void store(int writeAt, int found, int offset) {
        if (writeAt >= 0) {
            if (twoStage == 1) {
                candidates[writeAt + found] = offset;
            } else {
                positions[writeAt + found] = offset;
            }
        }
    }

    /**
     * Verify phase, before the barrier: in round r, team t (work-items {@code t*T .. t*T+T-1}) compares candidate slot
     * {@code r * teams + t} of this group, member j taking the pattern's words {@code 2 + j, 2 + j + T, ...} (the first
     * two words matched in the skim). A mismatch sets flag {@code tileInts[slot]}; all members of a team write the same
     * value, and the slots of different rounds differ, so no barrier is needed between rounds.
     */
    private void compareTeamCandidates() {
        int lid = getLocalId();
        int teams = getLocalSize() / teamSize;
        int team = lid / teamSize;
        int member = lid - team * teamSize;
        for (int round = 0; round < teamSize; round++) {
            int slot = round * teams + team;
            int candidate = getGroupId() * getLocalSize() + slot;
            if (candidate < candidateCount) {
                int start = candidates[candidate];
                int word = start / symbolsPerWord;
                int shift = (start - word * symbolsPerWord) * sigma;
                int differs = 0;
                for (int j = 2 + member; j < patternWordCount; j += teamSize) {
                    int t = (text[word + j] >>> shift) | ((text[word + j + 1] << 1) << (bitsUsed - 1 - shift));
                    int mask = j == patternWordCount - 1 ? lastMask : maskLo;
                    differs |= (t ^ patternWords[j]) & mask;
                }
                if (differs != 0) {
                    tileInts[slot] = 1;
                }
            }
        }
    }

    /** Verify phase, after the barrier: 1 when candidate slot {@code lid} of this group is a match; marks rejects -1. */
    private int verdict(int candidate) {
        int accepted = 0;
        if (candidate < candidateCount) {
            if (tileInts[getLocalId()] == 1) {
                candidates[candidate] = -1;
            } else {
                accepted = 1;
            }
        }
        return accepted;
    }
}
