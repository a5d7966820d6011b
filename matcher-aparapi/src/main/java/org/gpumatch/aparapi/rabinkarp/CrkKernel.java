package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.primitives.DeviceScanKernel;
import org.gpumatch.gpu.primitives.Mat2ModP;

/**
 * Device side of cooperative Rabin-Karp (CRK, SPAA 2016 sections 3.3 and 6.1): two device-wide scans of 2x2 matrices
 * over Z_p, then one matrix product per window.
 *
 * <p>With {@code K(c)} the matrix of symbol c and {@code A(c) = K(c)^-1} ({@link CrkMatrixFingerprint}):
 * <ul>
 *   <li>{@code S[j] = K(y_0) K(y_1) ... K(y_j)}: inclusive scan, right multiplication ({@link #OP_PREFIX});</li>
 *   <li>{@code T[r] = A(y_{r-1}) ... A(y_1) A(y_0)}, {@code T[0] = I}: exclusive scan, left multiplication
 *       ({@link #OP_INVERSE});</li>
 *   <li>the window at r has fingerprint {@code T[r] S[r+m-1] = K(y_r) ... K(y_{r+m-1})} (equation 6), for every
 *       {@code 0 <= r <= n-m} (the paper's "0 < r" leaves out r = 0, where {@code T[0] = I} works as well; its
 *       equation 3 has {@code y_{r+m+1}} where {@code y_{r+m}} is meant).</li>
 * </ul>
 * The scans are {@link DeviceScanKernel} passes (input transform {@link #scanLoad}: a text byte to its matrix;
 * output {@link #scanStore}: four lane arrays per scan). S and T depend on the text only, so they are computed once per
 * resident text and serve every pattern.
 *
 * <p>Windows: work-item i of the window phases owns windows {@code [i * windowsPerItem, (i+1) * windowsPerItem)}. A
 * window whose fingerprint equals the pattern's is compared byte by byte with the pattern before it counts: no false
 * positives whatever the prime. {@link #PHASE_COUNT} stores each group's count and adds it to {@code status[0]};
 * {@link #PHASE_FIND} writes the positions at the group's offset plus the exclusive sum of the counts of the
 * work-items before (compacted on the device, ascending).
 *
 * <p>Lost-data check: S and T stay on the device between launches. If the GC moves one of their Java arrays in
 * between, Aparapi rebuilds that buffer from the host copy, which is never downloaded and so holds zeros. Each lane
 * array has one extra element, {@code [n]}, set to 1 on the device when element 0 is stored; a window phase that sees a
 * 0 there sets {@code status[1]} and the host scans again.
 *
 * <p>Device memory: n bytes of text, 32 (n + 1) bytes of S and T, 16 bytes of tile totals per scan tile, 8 bytes per
 * window group, 4 bytes per match. Local memory: 16 bytes per work-item.
 */
final class CrkKernel extends DeviceScanKernel {
    /** S: right products of the symbol matrices. */
    static final int OP_PREFIX = CrkMatrixFingerprint.OP_PREFIX;
    /** T: left products of their inverses. */
    static final int OP_INVERSE = CrkMatrixFingerprint.OP_INVERSE;
    /** Counts of matches. */
    static final int OP_COUNT = CrkMatrixFingerprint.OP_COUNT;

    /** No window phase (scan passes only). */
    static final int PHASE_IDLE = 0;
    static final int PHASE_COUNT = 1;
    static final int PHASE_FIND = 2;

    int phase;
    int prime;
    /** Text length. */
    int n;
    /** Pattern length. */
    int m;
    /** n - m: the last window start. */
    int lastWindow;
    int windowsPerItem;
    /** The pattern's fingerprint K(x_0) ... K(x_{m-1}) mod p. */
    int pattern0;
    int pattern1;
    int pattern2;
    int pattern3;

    byte[] text = new byte[1];
    byte[] pattern = new byte[1];
    /** K(c) mod p, lane-interleaved ({@code [c * 4 + lane]}). */
    int[] symbolK;
    /** A(c) = K(c)^-1 mod p. */
    int[] symbolA;
    /** S by lane, n + 1 elements each ([n]: the sentinel). */
    int[] s0 = new int[1];
    int[] s1 = new int[1];
    int[] s2 = new int[1];
    int[] s3 = new int[1];
    /** T by lane, n + 1 elements each ([n]: the sentinel). */
    int[] t0 = new int[1];
    int[] t1 = new int[1];
    int[] t2 = new int[1];
    int[] t3 = new int[1];
    int[] groupCounts = new int[1];
    int[] groupOffsets = new int[1];
    int[] positions = new int[1];
    /** [0]: total count (COUNT phase); [1]: 1 when S or T was found lost. */
    int[] status = new int[2];

    CrkKernel(int prime) {
        this.prime = prime;
        this.symbolK = CrkMatrixFingerprint.symbolMatrices(prime);
        this.symbolA = CrkMatrixFingerprint.inverseMatrices(symbolK, prime);
    }

    @Override
    protected int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return CrkMatrixFingerprint.combineLane(op, lane, a0, a1, a2, a3, b0, b1, b2, b3, prime);
    }

    @Override
    protected int identity(int op, int lane) {
        return CrkMatrixFingerprint.identityOf(op, lane);
    }

    @Override
    protected int scanLoad(int op, int i, int lane) {
        int at = (text[i] & 0xFF) * 4 + lane;
        return op == OP_PREFIX ? symbolK[at] : symbolA[at];
    }

    @Override
    protected void scanStore(int op, int i, int v0, int v1, int v2, int v3) {
        if (op == OP_PREFIX) {
            storePrefix(i, v0, v1, v2, v3);
        }
        if (op == OP_INVERSE) {
            storeInverse(i, v0, v1, v2, v3);
        }
    }

    private void storePrefix(int i, int v0, int v1, int v2, int v3) {
        s0[i] = v0;
        s1[i] = v1;
        s2[i] = v2;
        s3[i] = v3;
        if (i == 0) {
            s0[n] = 1;
            s1[n] = 1;
            s2[n] = 1;
            s3[n] = 1;
        }
    }

    private void storeInverse(int i, int v0, int v1, int v2, int v3) {
        t0[i] = v0;
        t1[i] = v1;
        t2[i] = v2;
        t3[i] = v3;
        if (i == 0) {
            t0[n] = 1;
            t1[n] = 1;
            t2[n] = 1;
            t3[n] = 1;
        }
    }

    @Override
    public void run() {
        // Barriers are reached unconditionally: the scan pass and the window phase each pass theirs in every launch
        // and do their work only in their own launches.
        scanPass();
        windowPhase();
        // Aparapi's Java threads run groups one after another on the same local arrays.
        localBarrier();
    }

    private void windowPhase() {
        boolean active = !inScanPass() && phase != PHASE_IDLE;
        boolean finding = phase == PHASE_FIND;
        long first = (long) getGlobalId() * windowsPerItem;
        long windows = lastWindow + 1L;
        int start = active ? (int) Math.min(first, windows) : 0;
        int end = active ? (int) Math.min(first + windowsPerItem, windows) : 0;
        int found = testWindows(start, end, -1);
        groupScan(OP_COUNT, 1, found, 0, 0, 0);
        if (active && finding && found > 0) {
            testWindows(start, end, groupOffsets[getGroupId()] + groupExclusive(OP_COUNT, 0));
        }
        if (active && !finding && getLocalId() == getLocalSize() - 1) {
            int total = groupTotal(0);
            groupCounts[getGroupId()] = total;
            if (total > 0) {
                atomicAdd(status, 0, total);
            }
        }
        if (active && getLocalId() == 0 && sentinelsLost()) {
            status[1] = 1;
        }
    }

    /**
     * Tests windows {@code [start, end)}: fingerprint, then the bytes. Returns how many match; when
     * {@code writeAt >= 0} also stores their starts at {@code positions[writeAt..]}, ascending.
     */
    private int testWindows(int start, int end, int writeAt) {
        int found = 0;
        int last = m - 1;
        for (int r = start; r < end; r++) {
            int a0 = t0[r];
            int a1 = t1[r];
            int a2 = t2[r];
            int a3 = t3[r];
            int b0 = s0[r + last];
            int b1 = s1[r + last];
            int b2 = s2[r + last];
            int b3 = s3[r + last];
            boolean candidate = Mat2ModP.productLane(0, a0, a1, a2, a3, b0, b1, b2, b3, prime) == pattern0
                    && Mat2ModP.productLane(1, a0, a1, a2, a3, b0, b1, b2, b3, prime) == pattern1
                    && Mat2ModP.productLane(2, a0, a1, a2, a3, b0, b1, b2, b3, prime) == pattern2
                    && Mat2ModP.productLane(3, a0, a1, a2, a3, b0, b1, b2, b3, prime) == pattern3;
            if (candidate && sameBytes(r)) {
                if (writeAt >= 0) {
                    positions[writeAt + found] = r;
                }
                found++;
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

    /** Whether a lane array of S or T was rebuilt from its (all-zero) host copy since the scans. */
    private boolean sentinelsLost() {
        return s0[n] == 0 || s1[n] == 0 || s2[n] == 0 || s3[n] == 0 || t0[n] == 0 || t1[n] == 0 || t2[n] == 0
                || t3[n] == 0;
    }
}
