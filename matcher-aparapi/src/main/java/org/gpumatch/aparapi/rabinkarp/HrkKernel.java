package org.gpumatch.aparapi.rabinkarp;

import org.gpumatch.gpu.primitives.GroupScanKernel;
import org.gpumatch.gpu.primitives.Mat2ModP;

/**
 * Device side of hybrid Rabin-Karp (HRK, SPAA 2016 sections 4 and 6.3): each work-group runs the cooperative method
 * ({@link CrkKernel}'s matrix fingerprints) on its own subtext with work-group scans in local memory.
 *
 * <p>Work-group g owns the windows {@code [s, s + chunks * localSize * items)} with {@code s = g * chunks * localSize
 * * items}, that is the subtext {@code y_s .. y_{s + W + m - 2}} (W windows plus the m-1 characters of overlap). With
 * prefix products taken from the subtext start:
 * <ul>
 *   <li>{@code S(j) = K(y_s) ... K(y_j)} and {@code T(r) = A(y_{r-1}) ... A(y_s)}, so the window at r has fingerprint
 *       {@code T(r) S(r+m-1)} (the paper's equation 6 on the subtext);</li>
 *   <li>the group first reduces the overlap {@code K(y_s) ... K(y_{s+m-2})} (each work-item its share, then a group
 *       scan) into the S carry, so that the S products needed by the windows of a chunk are a scan of the chunk's
 *       {@code K(y_{r+m-1})} from that carry, in step with the T scan of the chunk's {@code A(y_r)}: local memory does
 *       not grow with m (the paper kept whole S and T vectors in shared memory, which bounded g and m);</li>
 *   <li>per chunk of {@code localSize * items} windows, work-item i owns {@code items} consecutive windows: it combines
 *       their matrices serially, a group scan of the work-items' products (one right, one left) gives its starting S
 *       and T, and it walks its windows computing one fingerprint each; carries move to the next chunk.</li>
 * </ul>
 * Every fingerprint hit is compared byte by byte with the pattern before it counts. {@link #PHASE_COUNT}: the group's
 * count into {@code groupCounts[g]} and into {@code total[0]}; {@link #PHASE_FIND}: positions at
 * {@code groupOffsets[g]} plus, per chunk, the exclusive sum of the counts of the work-items before (ascending).
 *
 * <p>Device memory: the text (n bytes) and 8 bytes per work-group, 4 bytes per match. Local memory: 16 bytes per
 * work-item. No per-character device arrays, so no data lives on the device between launches except the text.
 */
final class HrkKernel extends GroupScanKernel {
    static final int OP_PREFIX = CrkFingerprint.OP_PREFIX;
    static final int OP_INVERSE = CrkFingerprint.OP_INVERSE;
    static final int OP_COUNT = CrkFingerprint.OP_COUNT;

    static final int PHASE_COUNT = 0;
    static final int PHASE_FIND = 1;

    int phase;
    int prime;
    int n;
    int m;
    /** n - m: the last window start. */
    int lastWindow;
    /** Consecutive windows per work-item per chunk. */
    int items;
    /** Chunks of {@code localSize * items} windows per work-group. */
    int chunks;
    int pattern0;
    int pattern1;
    int pattern2;
    int pattern3;

    byte[] text = new byte[1];
    byte[] pattern = new byte[1];
    int[] symbolK;
    int[] symbolA;
    int[] groupCounts = new int[1];
    int[] groupOffsets = new int[1];
    int[] positions = new int[1];
    int[] total = new int[1];

    HrkKernel(int prime) {
        this.prime = prime;
        this.symbolK = CrkFingerprint.symbolMatrices(prime);
        this.symbolA = CrkFingerprint.inverseMatrices(symbolK, prime);
    }

    @Override
    protected int combine(int op, int lane, int a0, int a1, int a2, int a3, int b0, int b1, int b2, int b3) {
        return CrkFingerprint.combineLane(op, lane, a0, a1, a2, a3, b0, b1, b2, b3, prime);
    }

    @Override
    protected int identity(int op, int lane) {
        return CrkFingerprint.identityOf(op, lane);
    }

    @Override
    public void run() {
        int lid = getLocalId();
        int size = getLocalSize();
        boolean finding = phase == PHASE_FIND;
        long perChunk = (long) size * items;
        long s = (long) getGroupId() * chunks * perChunk;

        // S carry: K(y_s) ... K(y_{s+m-2}), the overlap, each work-item reducing a contiguous share
        int share = (m - 1 + size - 1) / size;
        long fromLong = s + (long) lid * share;
        int to = (int) Math.min(fromLong + share, s + m - 1);
        int from = (int) Math.min(fromLong, (long) to);
        int a0 = 1;
        int a1 = 0;
        int a2 = 0;
        int a3 = 1;
        for (int j = from; j < to; j++) {
            int at = (text[j] & 0xFF) * 4;
            int c0 = productK(0, a0, a1, a2, a3, at);
            int c1 = productK(1, a0, a1, a2, a3, at);
            int c2 = productK(2, a0, a1, a2, a3, at);
            int c3 = productK(3, a0, a1, a2, a3, at);
            a0 = c0;
            a1 = c1;
            a2 = c2;
            a3 = c3;
        }
        groupScan(OP_PREFIX, 4, a0, a1, a2, a3);
        int cs0 = groupTotal(0);
        int cs1 = groupTotal(1);
        int cs2 = groupTotal(2);
        int cs3 = groupTotal(3);
        // T carry: A(y_{s+c*perChunk-1}) ... A(y_s) before chunk c
        int ct0 = 1;
        int ct1 = 0;
        int ct2 = 0;
        int ct3 = 1;
        int written = finding ? groupOffsets[getGroupId()] : 0;

        for (int c = 0; c < chunks; c++) {
            long firstLong = s + c * perChunk + (long) lid * items;
            int first = (int) Math.min(firstLong, lastWindow + 1L);
            int end = (int) Math.min(firstLong + items, lastWindow + 1L);
            // this work-item's products: K(y_{first+m-1}) ... K(y_{end-1+m-1}) and A(y_{end-1}) ... A(y_first)
            int k0 = 1;
            int k1 = 0;
            int k2 = 0;
            int k3 = 1;
            int l0 = 1;
            int l1 = 0;
            int l2 = 0;
            int l3 = 1;
            for (int r = first; r < end; r++) {
                int atK = (text[r + m - 1] & 0xFF) * 4;
                int atA = (text[r] & 0xFF) * 4;
                int x0 = productK(0, k0, k1, k2, k3, atK);
                int x1 = productK(1, k0, k1, k2, k3, atK);
                int x2 = productK(2, k0, k1, k2, k3, atK);
                int x3 = productK(3, k0, k1, k2, k3, atK);
                k0 = x0;
                k1 = x1;
                k2 = x2;
                k3 = x3;
                int y0 = productA(0, l0, l1, l2, l3, atA);
                int y1 = productA(1, l0, l1, l2, l3, atA);
                int y2 = productA(2, l0, l1, l2, l3, atA);
                int y3 = productA(3, l0, l1, l2, l3, atA);
                l0 = y0;
                l1 = y1;
                l2 = y2;
                l3 = y3;
            }
            // S before this work-item's first window: carry * (products of the work-items before)
            groupScan(OP_PREFIX, 4, k0, k1, k2, k3);
            int e0 = groupExclusive(OP_PREFIX, 0);
            int e1 = groupExclusive(OP_PREFIX, 1);
            int e2 = groupExclusive(OP_PREFIX, 2);
            int e3 = groupExclusive(OP_PREFIX, 3);
            int sb0 = Mat2ModP.productLane(0, cs0, cs1, cs2, cs3, e0, e1, e2, e3, prime);
            int sb1 = Mat2ModP.productLane(1, cs0, cs1, cs2, cs3, e0, e1, e2, e3, prime);
            int sb2 = Mat2ModP.productLane(2, cs0, cs1, cs2, cs3, e0, e1, e2, e3, prime);
            int sb3 = Mat2ModP.productLane(3, cs0, cs1, cs2, cs3, e0, e1, e2, e3, prime);
            int g0 = groupTotal(0);
            int g1 = groupTotal(1);
            int g2 = groupTotal(2);
            int g3 = groupTotal(3);
            int ns0 = Mat2ModP.productLane(0, cs0, cs1, cs2, cs3, g0, g1, g2, g3, prime);
            int ns1 = Mat2ModP.productLane(1, cs0, cs1, cs2, cs3, g0, g1, g2, g3, prime);
            int ns2 = Mat2ModP.productLane(2, cs0, cs1, cs2, cs3, g0, g1, g2, g3, prime);
            int ns3 = Mat2ModP.productLane(3, cs0, cs1, cs2, cs3, g0, g1, g2, g3, prime);
            // T at this work-item's first window: (left products of the work-items before) * carry
            groupScan(OP_INVERSE, 4, l0, l1, l2, l3);
            int f0 = groupExclusive(OP_INVERSE, 0);
            int f1 = groupExclusive(OP_INVERSE, 1);
            int f2 = groupExclusive(OP_INVERSE, 2);
            int f3 = groupExclusive(OP_INVERSE, 3);
            int tb0 = Mat2ModP.productLane(0, f0, f1, f2, f3, ct0, ct1, ct2, ct3, prime);
            int tb1 = Mat2ModP.productLane(1, f0, f1, f2, f3, ct0, ct1, ct2, ct3, prime);
            int tb2 = Mat2ModP.productLane(2, f0, f1, f2, f3, ct0, ct1, ct2, ct3, prime);
            int tb3 = Mat2ModP.productLane(3, f0, f1, f2, f3, ct0, ct1, ct2, ct3, prime);
            int h0 = groupTotal(0);
            int h1 = groupTotal(1);
            int h2 = groupTotal(2);
            int h3 = groupTotal(3);
            int nt0 = Mat2ModP.productLane(0, h0, h1, h2, h3, ct0, ct1, ct2, ct3, prime);
            int nt1 = Mat2ModP.productLane(1, h0, h1, h2, h3, ct0, ct1, ct2, ct3, prime);
            int nt2 = Mat2ModP.productLane(2, h0, h1, h2, h3, ct0, ct1, ct2, ct3, prime);
            int nt3 = Mat2ModP.productLane(3, h0, h1, h2, h3, ct0, ct1, ct2, ct3, prime);

            int hits = walk(first, end, sb0, sb1, sb2, sb3, tb0, tb1, tb2, tb3, -1);
            groupScan(OP_COUNT, 1, hits, 0, 0, 0);
            if (finding && hits > 0) {
                walk(first, end, sb0, sb1, sb2, sb3, tb0, tb1, tb2, tb3, written + groupExclusive(OP_COUNT, 0));
            }
            written += groupTotal(0);
            cs0 = ns0;
            cs1 = ns1;
            cs2 = ns2;
            cs3 = ns3;
            ct0 = nt0;
            ct1 = nt1;
            ct2 = nt2;
            ct3 = nt3;
        }
        if (!finding && lid == 0) {
            groupCounts[getGroupId()] = written;
            if (written > 0) {
                atomicAdd(total, 0, written);
            }
        }
        // Aparapi's Java threads run groups one after another on the same local arrays.
        localBarrier();
    }

    /**
     * Walks windows {@code [first, end)} from S = {@code sb} (the product before the first window's last character)
     * and T = {@code tb} (at the first window): counts the windows whose fingerprint and bytes match, and when
     * {@code writeAt >= 0} stores their starts at {@code positions[writeAt..]}.
     */
    private int walk(int first, int end, int sb0, int sb1, int sb2, int sb3, int tb0, int tb1, int tb2, int tb3,
                     int writeAt) {
        int u0 = sb0;
        int u1 = sb1;
        int u2 = sb2;
        int u3 = sb3;
        int v0 = tb0;
        int v1 = tb1;
        int v2 = tb2;
        int v3 = tb3;
        int found = 0;
        for (int r = first; r < end; r++) {
            int atK = (text[r + m - 1] & 0xFF) * 4;
            int x0 = productK(0, u0, u1, u2, u3, atK);
            int x1 = productK(1, u0, u1, u2, u3, atK);
            int x2 = productK(2, u0, u1, u2, u3, atK);
            int x3 = productK(3, u0, u1, u2, u3, atK);
            u0 = x0;
            u1 = x1;
            u2 = x2;
            u3 = x3;
            boolean candidate = Mat2ModP.productLane(0, v0, v1, v2, v3, u0, u1, u2, u3, prime) == pattern0
                    && Mat2ModP.productLane(1, v0, v1, v2, v3, u0, u1, u2, u3, prime) == pattern1
                    && Mat2ModP.productLane(2, v0, v1, v2, v3, u0, u1, u2, u3, prime) == pattern2
                    && Mat2ModP.productLane(3, v0, v1, v2, v3, u0, u1, u2, u3, prime) == pattern3;
            if (candidate && sameBytes(r)) {
                if (writeAt >= 0) {
                    positions[writeAt + found] = r;
                }
                found++;
            }
            int atA = (text[r] & 0xFF) * 4;
            int y0 = productA(0, v0, v1, v2, v3, atA);
            int y1 = productA(1, v0, v1, v2, v3, atA);
            int y2 = productA(2, v0, v1, v2, v3, atA);
            int y3 = productA(3, v0, v1, v2, v3, atA);
            v0 = y0;
            v1 = y1;
            v2 = y2;
            v3 = y3;
        }
        return found;
    }

    /** Lane of {@code acc * K(c)}, K(c) at {@code symbolK[at..at+3]}. */
    private int productK(int lane, int a0, int a1, int a2, int a3, int at) {
        return Mat2ModP.productLane(lane, a0, a1, a2, a3, symbolK[at], symbolK[at + 1], symbolK[at + 2],
                symbolK[at + 3], prime);
    }

    /** Lane of {@code A(c) * acc}, A(c) at {@code symbolA[at..at+3]} (left multiplication). */
    private int productA(int lane, int a0, int a1, int a2, int a3, int at) {
        return Mat2ModP.productLane(lane, symbolA[at], symbolA[at + 1], symbolA[at + 2], symbolA[at + 3], a0, a1, a2,
                a3, prime);
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
