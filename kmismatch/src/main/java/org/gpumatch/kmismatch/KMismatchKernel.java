package org.gpumatch.kmismatch;

import com.aparapi.Kernel;

/**
 * The k-mismatch kernels: one distance phase per variant, then a two-phase in-kernel compaction. One {@code run()}
 * dispatches on {@link #phase} because a pipeline's buffers live in one Aparapi kernel instance.
 *
 * <p><b>Distance phases</b> write {@code dist[j]} for every window j: the exact distance when it is at most k, some
 * value above k otherwise (the variants with early exit stop counting at k + 1).
 * <ul>
 * <li>{@link #PHASE_THREAD}: one work-item per window, m byte compares from global memory, exit once above k.</li>
 * <li>{@link #PHASE_BLOCK}: one work-group per window (window {@code groupBase + groupId}), a work-item per pattern
 * symbol (strided), a local tree reduction.</li>
 * <li>{@link #PHASE_OPT_BLOCK}: one work-item per window; the group stages a tile of {@link #PATTERN_TILE} pattern
 * symbols and its text slice ({@code L + PATTERN_TILE - 1} symbols, the halo) in local memory, tile after tile, so any
 * m works.</li>
 * <li>{@link #PHASE_BITS}: one work-item per window over sigma-bit packed words: XOR, fold each symbol's bits onto its
 * lowest bit, {@code popcount}; exit once above k.</li>
 * </ul>
 * <b>Compaction</b> (replaceable by gpu-core's select primitive): {@link #PHASE_COUNT} writes each group's number of
 * hits to {@code groupCounts}; the host turns them into exclusive offsets {@code groupOffsets}; {@link #PHASE_WRITE}
 * writes the hits of each group in order (a local scan gives each its slot), so offsets come out ascending.
 *
 * <p>Memory: the text (1 byte per symbol, or sigma/8 bytes packed), 4 bytes per window ({@code dist}), 8 bytes per
 * hit, 4 bytes per group. Local memory: {@code 4 * (2 * L + 2 * PATTERN_TILE)} bytes.
 */
final class KMismatchKernel extends Kernel {
    static final int PHASE_THREAD = 0;
    static final int PHASE_BLOCK = 1;
    static final int PHASE_OPT_BLOCK = 2;
    static final int PHASE_BITS = 3;
    static final int PHASE_COUNT = 4;
    static final int PHASE_WRITE = 5;
    /** Pattern symbols staged per round by the opt-block-thread phase. */
    static final int PATTERN_TILE = 1024;

    int phase;
    int m;
    int k;
    int windows;
    /** Block phase: the window of group 0 of this launch. */
    int groupBase;
    /** Bits phase: bits per symbol (1, 2, 4 or 8), symbols per word, pattern words, the mask of the last word. */
    int sigma;
    int symbolsPerWord;
    int patternWords;
    int lastMask;
    /** The mask of each symbol's lowest bit (0x55555555 for sigma 2, ...). */
    int lowBits;

    byte[] text;
    byte[] pattern;
    int[] packedText;
    int[] packedPattern;
    int[] dist;
    int[] groupCounts;
    int[] groupOffsets;
    int[] hitOffsets;
    int[] hitDistances;

    @Local int[] scan;
    @Local int[] patternTile;
    @Local int[] textTile;

    KMismatchKernel(int localSize) {
        text = new byte[1];
        pattern = new byte[1];
        packedText = new int[1];
        packedPattern = new int[1];
        dist = new int[1];
        groupCounts = new int[1];
        groupOffsets = new int[1];
        hitOffsets = new int[1];
        hitDistances = new int[1];
        scan = new int[localSize];
        patternTile = new int[PATTERN_TILE];
        textTile = new int[localSize + PATTERN_TILE];
    }

    @Override
    public void run() {
        if (phase == PHASE_THREAD) {
            threadDistance();
        } else if (phase == PHASE_BLOCK) {
            blockDistance();
        } else if (phase == PHASE_OPT_BLOCK) {
            optBlockDistance();
        } else if (phase == PHASE_BITS) {
            bitsDistance();
        } else {
            compact();
        }
        // Aparapi's Java threads run groups one after another on the same local arrays.
        localBarrier();
    }

    private void threadDistance() {
        int j = getGlobalId();
        if (j < windows) {
            int d = 0;
            for (int i = 0; i < m && d <= k; i++) {
                if (text[j + i] != pattern[i]) {
                    d++;
                }
            }
            dist[j] = d;
        }
    }

    private void blockDistance() {
        int lid = getLocalId();
        int size = getLocalSize();
        int j = groupBase + getGroupId();
        int d = 0;
        if (j < windows) {
            for (int i = lid; i < m; i += size) {
                if (text[j + i] != pattern[i]) {
                    d++;
                }
            }
        }
        scan[lid] = d;
        localBarrier();
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            if (lid < stride) {
                scan[lid] += scan[lid + stride];
            }
            localBarrier();
        }
        if (lid == 0 && j < windows) {
            dist[j] = scan[0];
        }
    }

    private void optBlockDistance() {
        int lid = getLocalId();
        int size = getLocalSize();
        int first = getGroupId() * size;
        int j = first + lid;
        int d = 0;
        int n = text.length;
        for (int base = 0; base < m; base += PATTERN_TILE) {
            int len = Math.min(PATTERN_TILE, m - base);
            for (int i = lid; i < len; i += size) {
                patternTile[i] = pattern[base + i];
            }
            for (int i = lid; i < size + len - 1; i += size) {
                int t = first + base + i;
                textTile[i] = t < n ? text[t] : 0;
            }
            localBarrier();
            if (j < windows) {
                for (int i = 0; i < len; i++) {
                    if (textTile[lid + i] != patternTile[i]) {
                        d++;
                    }
                }
            }
            localBarrier();
        }
        if (j < windows) {
            dist[j] = d;
        }
    }

    private void bitsDistance() {
        int j = getGlobalId();
        if (j < windows) {
            int word = j / symbolsPerWord;
            int shift = (j - word * symbolsPerWord) * sigma;
            int d = 0;
            for (int w = 0; w < patternWords && d <= k; w++) {
                int lo = packedText[word + w] >>> shift;
                // (x << (31 - shift)) << 1 is x << (32 - shift) without the undefined shift by 32 when shift is 0
                int hi = (packedText[word + w + 1] << (31 - shift)) << 1;
                int x = (lo | hi) ^ packedPattern[w];
                if (w == patternWords - 1) {
                    x = x & lastMask;
                }
                d += popcount(foldSymbols(x) & lowBits);
            }
            dist[j] = d;
        }
    }

    /** ORs each sigma-bit field onto its lowest bit (the other bits of the field are masked off by the caller). */
    private int foldSymbols(int x) {
        int y = x;
        for (int s = 1; s < sigma; s++) {
            y = y | (x >>> s);
        }
        return y;
    }

    private void compact() {
        int lid = getLocalId();
        int size = getLocalSize();
        int j = getGlobalId();
        int mine = j < windows && dist[j] <= k ? 1 : 0;
        scan[lid] = mine;
        localBarrier();
        for (int offset = 1; offset < size; offset <<= 1) {
            int add = lid >= offset ? scan[lid - offset] : 0;
            localBarrier();
            scan[lid] += add;
            localBarrier();
        }
        if (phase == PHASE_COUNT) {
            if (lid == size - 1) {
                groupCounts[getGroupId()] = scan[lid];
            }
        } else if (mine == 1) {
            int slot = groupOffsets[getGroupId()] + scan[lid] - 1;
            hitOffsets[slot] = j;
            hitDistances[slot] = dist[j];
        }
    }
}
