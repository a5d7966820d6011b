package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.primitives.TileKernel;

/**
 * Device side of hybrid Rabin-Karp (HRK, SPAA 2016 sections 4 and 6.3): each work-group runs the cooperative method
 * (prefix fingerprints and scans, {@link CrkFingerprint}) on its own subtext with work-group scans in local memory.
 *
 * <p>Work-group g owns the windows {@code [s, s + chunks * localSize * items)} with {@code s = g * chunks * localSize
 * * items}, that is the subtext {@code y_s .. y_{s + W + m - 2}} (W windows plus the m-1 characters of overlap). With
 * {@code v_i = c_i B^(i-s) mod p} and the exact 64-bit prefix sums {@code P(k) = v_s + ... + v_(k-1)} of the subtext:
 * <ul>
 *   <li>the window at r is a candidate when {@code D(r) = (P(r+m) - P(r)) mod p} equals {@code G(pattern) B^(r-s) mod
 *       p} ({@link CrkFingerprint}: every occurrence is one), and counts after a byte-by-byte comparison;</li>
 *   <li>{@code P(r+m)} is the sum of the overlap {@code v_s .. v_(s+m-2)} (each work-item reduces a contiguous share)
 *       plus the sum of the entering terms {@code v_(r'+m-1)} of the windows {@code r' <= r}, and {@code P(r)} the sum
 *       of the leaving terms {@code v_r'} of the windows {@code r' < r}: per chunk of {@code localSize * items}
 *       windows, work-item i owns {@code items} consecutive windows, sums its entering and leaving terms, and one
 *       exclusive add scan over the work-group gives its starting {@code D}; carries move to the next chunk. Local
 *       memory does not grow with m;</li>
 *   <li>it then walks its windows: {@code D(r+1) = D(r) - v_r + v_(r+m)}, powers rolled by one multiplication each.</li>
 * </ul>
 * <b>One composition model</b>: the kernel extends gpu-core's {@link TileKernel}; its {@code run()} is one loop of
 * {@code chunks + 1} steps around the one {@link TileKernel#groupScan4} call, whose four lanes carry, in step c, the
 * entering and leaving sums of chunk c, the hit counts of chunk c - 1 (the find phase's offsets) and in step 0 the
 * overlap. {@link #PHASE_COUNT}: the group's count into {@code groupCounts[g]} and into {@code total[0]};
 * {@link #PHASE_FIND}: positions at {@code groupOffsets[g]} plus, per chunk, the exclusive sum of the counts of the
 * work-items before (ascending). Both phases are registered slots, checked by the matcher.
 *
 * <p>Arithmetic per window: 4 modular multiplications for the sums and 5 for the walk (64-bit product and remainder,
 * {@link CrkFingerprint#mulMod}), two powers by squaring per work-item and launch. The sums are exact: fewer than
 * 2^31 terms below p &lt; 2^31.
 *
 * <p>Device memory: the text (n bytes) and 8 bytes per work-group, 4 bytes per match. Local memory: the group scan's
 * ({@link TileKernel#groupScanLocalBytes}). No per-character device arrays, so no data lives on the device between
 * launches except the text.
 */
final class HrkKernel extends TileKernel {
    static final int PHASE_COUNT = 1;
    static final int PHASE_FIND = 2;

    int phase = PHASE_COUNT;
    int prime;
    /** The base B of the fingerprints, below the prime. */
    int base;
    int n;
    int m;
    /** n - m: the last window start. */
    int lastWindow;
    /** Consecutive windows per work-item per chunk. */
    int items;
    /** Chunks of {@code localSize * items} windows per work-group. */
    int chunks;
    /** {@code G(pattern)} ({@link CrkFingerprint#of}). */
    int patternPrint;
    /** {@code B^(m-1)}: the power of a window's last character relative to its first. */
    int lastPower;
    /** {@code B^items}: a work-item's first window is {@code (B^items)^localId} after its chunk's. */
    int itemPower;
    /** {@code B^(localSize * items)}: one chunk further. */
    int chunkPower;
    /** {@code B^share}, {@code share = ceil((m-1) / localSize)} overlap characters per work-item. */
    int sharePower;

    byte[] text = new byte[1];
    byte[] pattern = new byte[1];
    int[] groupCounts = new int[1];
    int[] groupOffsets = new int[1];
    int[] positions = new int[1];
    int[] total = new int[1];

    HrkKernel() {
        registerSlot(PHASE_COUNT);
        registerSlot(PHASE_FIND);
    }

    @Override
    public void run() {
        int lid = getLocalId();
        int size = getLocalSize();
        int p = prime;
        boolean finding = phase == PHASE_FIND;
        long perChunk = (long) size * items;
        long s = (long) getGroupId() * chunks * perChunk;

        // the overlap v_s .. v_(s+m-2), each work-item reducing a contiguous share
        int share = (m - 1 + size - 1) / size;
        long fromLong = s + (long) lid * share;
        int to = (int) Math.min(fromLong + share, s + m - 1);
        int from = (int) Math.min(fromLong, (long) to);
        int power = CrkFingerprint.powMod(sharePower, lid, p);
        long overlap = 0;
        for (int j = from; j < to; j++) {
            overlap += CrkFingerprint.mulMod(text[j] & 0xFF, power, p);
            power = CrkFingerprint.mulMod(power, base, p);
        }
        int itemPw = CrkFingerprint.powMod(itemPower, lid, p); // B^(lid * items)
        int chunkPw = 1 % p; // B^(c * perChunk)
        long carryQ = 0; // P at the last character of the chunk's first window, less this chunk's entering terms
        long carryR = 0; // P at the chunk's first window
        int written = finding ? groupOffsets[getGroupId()] : 0;
        // the previous chunk's windows and their walk's start
        int prevFirst = 0;
        int prevEnd = 0;
        int prevD = 0;
        int prevPw = 0;
        int prevPwLast = 0;
        for (int step = 0; step <= chunks; step++) {
            long firstLong = s + step * perChunk + (long) lid * items;
            int first = step < chunks ? (int) Math.min(firstLong, lastWindow + 1L) : 0;
            int end = step < chunks ? (int) Math.min(firstLong + items, lastWindow + 1L) : 0;
            int pw = CrkFingerprint.mulMod(chunkPw, itemPw, p); // B^(first - s)
            int pwLast = CrkFingerprint.mulMod(pw, lastPower, p); // B^(first + m - 1 - s)
            long entering = 0;
            long leaving = 0;
            int a = pw;
            int b = pwLast;
            for (int r = first; r < end; r++) {
                entering += CrkFingerprint.mulMod(text[r + m - 1] & 0xFF, b, p);
                leaving += CrkFingerprint.mulMod(text[r] & 0xFF, a, p);
                a = CrkFingerprint.mulMod(a, base, p);
                b = CrkFingerprint.mulMod(b, base, p);
            }
            int hits = step > 0 ? walk(prevFirst, prevEnd, prevD, prevPw, prevPwLast, -1) : 0;
            groupScan4(entering, leaving, hits, step == 0 ? overlap : 0); // the one group scan: every work-item
            if (finding && hits > 0) {
                walk(prevFirst, prevEnd, prevD, prevPw, prevPwLast, written + (int) groupScanPrefix(2));
            }
            written += (int) groupScanTotal(2);
            if (step == 0) {
                carryQ = groupScanTotal(3);
            }
            long q = carryQ + groupScanPrefix(0) + (first < end ? CrkFingerprint.mulMod(text[first + m - 1] & 0xFF,
                    pwLast, p) : 0); // P(first + m)
            long r0 = carryR + groupScanPrefix(1); // P(first)
            prevD = (int) ((q - r0) % p);
            carryQ += groupScanTotal(0);
            carryR += groupScanTotal(1);
            prevFirst = first;
            prevEnd = end;
            prevPw = pw;
            prevPwLast = pwLast;
            chunkPw = CrkFingerprint.mulMod(chunkPw, chunkPower, p);
            localBarrier(); // the scan's results are read: the next step's call may overwrite them
        }
        if (!finding && lid == 0) {
            groupCounts[getGroupId()] = written;
            if (written > 0) {
                atomicAdd(total, 0, written);
            }
        }
    }

    /**
     * Walks windows {@code [first, end)} from {@code d = D(first)}, {@code pw = B^(first-s)} and
     * {@code pwLast = B^(first+m-1-s)}: counts the windows whose fingerprint and bytes match, and when
     * {@code writeAt >= 0} stores their starts at {@code positions[writeAt..]}.
     */
    private int walk(int first, int end, int d0, int pw0, int pwLast0, int writeAt) {
        int p = prime;
        int d = d0;
        int pw = pw0;
        int pwLast = pwLast0;
        int found = 0;
        for (int r = first; r < end; r++) {
            if (d == CrkFingerprint.mulMod(patternPrint, pw, p) && sameBytes(r)) {
                if (writeAt >= 0) {
                    positions[writeAt + found] = r;
                }
                found++;
            }
            if (r + 1 < end) { // D(r+1) = D(r) - v_r + v_(r+m); text[r+m] exists only below the last window
                int out = CrkFingerprint.mulMod(text[r] & 0xFF, pw, p);
                pw = CrkFingerprint.mulMod(pw, base, p);
                pwLast = CrkFingerprint.mulMod(pwLast, base, p);
                int in = CrkFingerprint.mulMod(text[r + m] & 0xFF, pwLast, p);
                int x = d - out;
                x = x < 0 ? x + p : x;
                int room = p - in;
                d = x >= room ? x - room : x + in;
            }
        }
        return found;
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
