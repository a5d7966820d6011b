package org.gpumatch.kmismatch.gpu;

import org.gpumatch.gpu.primitives.TileKernel;

/**
 * The k-mismatch kernels: one distance phase per variant, then a two-phase in-kernel compaction. One {@code run()}
 * dispatches on {@link #phase} because a pipeline's buffers live in one Aparapi kernel instance. Built on gpu-core's
 * {@link TileKernel}: every phase is a registered slot (the matcher names it with {@link TileKernel#checkedSlot}), the
 * block phase's reduction and the compaction's offsets come from the one {@link TileKernel#groupScan4} call of
 * {@code run()} (in a loop of one trip in those phases and none in the per-window distance phases, which need no
 * barrier: uniform control flow), and the opt-block phase's tiles are its region of
 * {@code tileInts} ({@link #localInts}).
 *
 * <p><b>Distance phases</b> write {@code dist[j]} for every window j: the exact distance when it is at most k, some
 * value above k otherwise (the variants with early exit stop counting at k + 1).
 * <ul>
 * <li>{@link #PHASE_THREAD}: one work-item per window, m byte compares from global memory, exit once above k.</li>
 * <li>{@link #PHASE_BLOCK}: one work-group per window (window {@code groupBase + groupId}), a work-item per pattern
 * symbol (strided), the group scan's total.</li>
 * <li>{@link #PHASE_OPT_BLOCK}: one work-item per window; the group stages a tile of {@link #PATTERN_TILE} pattern
 * symbols and its text slice ({@code L + PATTERN_TILE - 1} symbols, the halo) in local memory, tile after tile, so any
 * m works.</li>
 * <li>{@link #PHASE_BITS}: one work-item per window over sigma-bit packed words: XOR, fold each symbol's bits onto its
 * lowest bit, {@code popcount}; exit once above k.</li>
 * </ul>
 * <b>Compaction</b> (replaceable by gpu-core's select primitive): {@link #PHASE_COUNT} writes each group's number of
 * hits to {@code groupCounts}; the host turns them into exclusive offsets {@code groupOffsets}; {@link #PHASE_WRITE}
 * writes the hits of each group in order (the group scan's exclusive prefix gives each its slot), so offsets come out
 * ascending.
 *
 * <p>Memory: the text (1 byte per symbol, or sigma/8 bytes packed), 4 bytes per window ({@code dist}), 8 bytes per
 * hit, 4 bytes per group. Local memory: the group scan's ({@link TileKernel#groupScanLocalBytes}, 8.75 KiB for 256
 * work-items), plus {@code 4 * (L + 2 * PATTERN_TILE)} bytes in the opt-block phase.
 */
final class KMismatchKernel extends TileKernel {
    static final int PHASE_THREAD = 1;
    static final int PHASE_BLOCK = 2;
    static final int PHASE_OPT_BLOCK = 3;
    static final int PHASE_BITS = 4;
    static final int PHASE_COUNT = 5;
    static final int PHASE_WRITE = 6;
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

    KMismatchKernel() {
        text = new byte[1];
        pattern = new byte[1];
        packedText = new int[1];
        packedPattern = new int[1];
        dist = new int[1];
        groupCounts = new int[1];
        groupOffsets = new int[1];
        hitOffsets = new int[1];
        hitDistances = new int[1];
        phase = PHASE_THREAD;
        for (int p = PHASE_THREAD; p <= PHASE_WRITE; p++) {
            registerSlot(p);
        }
    }

    /** Local memory per work-group of {@code localSize}, at most (the opt-block phase), in bytes. */
    static long localBytes(int localSize) {
        return 4L * (localSize + 2 * PATTERN_TILE) + groupScanLocalBytes(localSize);
    }

    /** Local ints: the opt-block phase's pattern tile and text slice ({@code tileInts}), none in the other phases. */
    @Override
    protected int localInts(int localSize) {
        int mine = phase == PHASE_OPT_BLOCK ? PATTERN_TILE + localSize + PATTERN_TILE : 0;
        return super.localInts(localSize) + mine;
    }

    @Override
    public void run() {
        // Barriers are reached by every work-item or by none: the opt-block phase's staging loop runs no rounds in the
        // other phases, and the one group scan sits in a loop whose trip count depends on the phase only.
        if (phase == PHASE_THREAD) {
            threadDistance();
        } else if (phase == PHASE_BITS) {
            bitsDistance();
        }
        optBlockDistance(phase == PHASE_OPT_BLOCK);
        int j = getGlobalId();
        boolean compacting = phase == PHASE_COUNT || phase == PHASE_WRITE;
        int mine = compacting && j < windows && dist[j] <= k ? 1 : 0;
        int blockWindow = groupBase + getGroupId();
        // the one group scan, in a loop of one trip in the phases that use it and none in the per-window distance
        // phases (uniform over the launch: its barriers are reached by every work-item or by none)
        int scans = phase == PHASE_BLOCK || compacting ? 1 : 0;
        for (int s = 0; s < scans; s++) {
            groupScan4(phase == PHASE_BLOCK ? blockMismatches(blockWindow) : mine, 0, 0, 0);
            if (phase == PHASE_BLOCK && getLocalId() == 0 && blockWindow < windows) {
                dist[blockWindow] = (int) groupScanTotal(0);
            }
            if (phase == PHASE_COUNT && getLocalId() == 0) {
                groupCounts[getGroupId()] = (int) groupScanTotal(0);
            }
            if (phase == PHASE_WRITE && mine == 1) {
                int slot = groupOffsets[getGroupId()] + (int) groupScanPrefix(0);
                hitOffsets[slot] = j;
                hitDistances[slot] = dist[j];
            }
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

    /** Block phase: this work-item's mismatches of window {@code j} (pattern symbols lid, lid + L, ...). */
    private int blockMismatches(int j) {
        int size = getLocalSize();
        int d = 0;
        if (j < windows) {
            for (int i = getLocalId(); i < m; i += size) {
                if (text[j + i] != pattern[i]) {
                    d++;
                }
            }
        }
        return d;
    }

    /**
     * Opt-block phase (when {@code active}; no rounds otherwise): the pattern tile at {@code tileInts[0, PATTERN_TILE)},
     * the group's text slice from {@code tileInts[PATTERN_TILE]} on.
     */
    private void optBlockDistance(boolean active) {
        int lid = getLocalId();
        int size = getLocalSize();
        int first = getGroupId() * size;
        int j = first + lid;
        int d = 0;
        int n = text.length;
        int rounds = active ? m : 0;
        for (int base = 0; base < rounds; base += PATTERN_TILE) {
            int len = Math.min(PATTERN_TILE, m - base);
            for (int i = lid; i < len; i += size) {
                tileInts[i] = pattern[base + i];
            }
            for (int i = lid; i < size + len - 1; i += size) {
                int t = first + base + i;
                tileInts[PATTERN_TILE + i] = t < n ? text[t] : 0;
            }
            localBarrier();
            if (j < windows) {
                for (int i = 0; i < len; i++) {
                    if (tileInts[PATTERN_TILE + lid + i] != tileInts[i]) {
                        d++;
                    }
                }
            }
            localBarrier();
        }
        if (active && j < windows) {
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
}
