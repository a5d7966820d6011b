package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.aparapi.multi.PowerTable;
import org.gpumatch.gpu.primitives.GridLongKernel;

/**
 * Device side of cooperative Rabin-Karp (CRK, SPAA 2016 sections 3.3 and 6.1) on gpu-core's grid layer: one
 * device-wide exact 64-bit add scan of the text's prefix fingerprint terms, then one test per window and a grid
 * compaction of the matches.
 *
 * <p>With a prime p and a base B ({@link CrkFingerprint}):
 * <ul>
 *   <li>{@link #SLOT_TERMS} (a {@code GridDriver.pipeline} launch, one work-item per element):
 *       {@code wide[i] = c_i B^i mod p} for {@code i < n}, {@code wide[n] = 0}; {@code B^i} from a
 *       {@link PowerTable} (two cached reads and one modular multiplication);</li>
 *   <li>the grid's exact long scan ({@code GridDriver.scanLongs}, exclusive, {@code wide -> wideAlt}) gives
 *       {@code P(i) = v_0 + ... + v_(i-1)}, exact (fewer than 2^28 terms below 2^31). P depends on the text only,
 *       so it is computed once per resident text and serves every pattern;</li>
 *   <li>{@link #SLOT_WINDOWS} (a {@code GridDriver.pipelineTiles} launch over the windows, one step per tile): the
 *       window at r is a candidate when {@code (P(r+m) - P(r)) mod p == G(pattern) B^r mod p} (every occurrence is
 *       one) and a match when its bytes equal the pattern's; each work-item tests the windows
 *       {@code t, t + L, ...} of the tile (coalesced), writes the flags {@code aux[r]}, and its count goes into
 *       lane 0 of the step's one group scan, whose total one work-item adds to {@code matches[0]} (one global atomic
 *       per tile);</li>
 *   <li>{@code find}: the grid's select of the flagged indices ({@code GridDriver.selectFlagged}, indices) compacts
 *       the positions into {@code out} in ascending order.</li>
 * </ul>
 * This replaces the paper's 2x2 matrix fingerprints and the two device scans of a non-commutative matrix product
 * that gpu-core's old {@code DeviceScanKernel} ran: a prefix of additive terms is what the grid layer's long scan
 * gives exactly (see {@link CrkFingerprint} for the proof that no occurrence is missed).
 *
 * <p>Device memory: n bytes of text, 16 (n + 1) bytes of terms and prefix sums, 4 bytes of flags per window, 4 per
 * match, the power tables (about 64 KiB + n / 4096 ints). Local memory: the grid's (no region of its own).
 */
final class CrkKernel extends GridLongKernel {
    /** Own launch: the terms of the prefix sums. */
    static final int SLOT_TERMS = 2;
    /** Own launch: the window tests, counted, flagged for the select. */
    static final int SLOT_WINDOWS = 3;

    int prime;
    /** Text length. */
    int n;
    /** Pattern length. */
    int m;
    /** n - m: the last window start. */
    int lastWindow;
    /** {@code G(pattern)}. */
    int patternPrint;

    byte[] text = new byte[1];
    byte[] pattern = new byte[1];
    /** {@link PowerTable} of B. */
    int[] powLow = new int[1];
    int[] powHigh = new int[1];
    /** [0]: the matches of the last window launch. */
    int[] matches = new int[1];

    CrkKernel() {
        registerSlot(SLOT_TERMS);
        registerSlot(SLOT_WINDOWS);
    }

    /** Binds the device arrays of the resident text's prefix sums: {@code n + 1} terms and sums. */
    void bindSums(long[] terms, long[] sums) {
        wide = terms;
        wideAlt = sums;
    }

    /** Binds the window flags ({@code aux}) and the select's output ({@code out}). */
    void bindFlags(int[] flags) {
        aux = flags;
    }

    /** Binds the positions array of the select. */
    void bindPositions(int[] positions) {
        out = positions;
    }

    /** The positions array bound to the select's output. */
    int[] positions() {
        return out;
    }

    /** The flags array bound to the select's input. */
    int[] flags() {
        return aux;
    }

    /** The prefix sums' array (host copy; the device holds the current values). */
    long[] sums() {
        return wideAlt;
    }

    @Override
    protected void pipelineItem(int slot, int i) {
        if (slot == SLOT_TERMS) {
            int term = i < n ? CrkFingerprint.mulMod(text[i] & 0xFF, PowerTable.power(i, powLow, powHigh, prime),
                    prime) : 0;
            wide[i] = term;
        }
    }

    @Override
    protected long pipelineTileScanLane(int slot, int tileBase, int valid, int sub, int lane) {
        int hits = 0;
        if (slot == SLOT_WINDOWS && lane == 0) {
            int size = getLocalSize();
            for (int j = getLocalId(); j < valid; j += size) {
                int r = tileBase + j;
                int hit = matchesAt(r) ? 1 : 0;
                aux[r] = hit;
                hits += hit;
            }
        }
        return hits;
    }

    @Override
    protected void pipelineTileScanned(int slot, int tileBase, int valid, int sub) {
        if (slot == SLOT_WINDOWS && getLocalId() == 0) {
            int tileHits = (int) groupScanTotal(0);
            if (tileHits > 0) {
                atomicAdd(matches, 0, tileHits);
            }
        }
    }

    /** Whether window r is an occurrence: its prefix fingerprint, then its bytes. */
    private boolean matchesAt(int r) {
        int d = (int) ((wideAlt[r + m] - wideAlt[r]) % prime);
        int target = CrkFingerprint.mulMod(patternPrint, PowerTable.power(r, powLow, powHigh, prime), prime);
        return d == target && sameBytes(r);
    }

    /** Whether {@code text[r..r+m)} equals the pattern: the verification of every fingerprint hit. */
    private boolean sameBytes(int r) {
        boolean same = true;
        for (int j = 0; j < m && same; j++) {
            same = text[r + j] == pattern[j];
        }
        return same;
    }
}
