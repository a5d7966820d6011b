package org.gpumatch.kmismatch.offtarget.gpu;

import org.gpumatch.gpu.primitives.TileKernel;
import org.gpumatch.kmismatch.offtarget.SiteBits;
import org.gpumatch.kmismatch.offtarget.SiteMasks;

/**
 * One pass of an off-target search over one part of a packed genome, for every query and both strands (or the forward
 * strand only: {@code strands} 1).
 *
 * <p>Work-item {@code p} takes the site starting at genome position {@code siteBase + p} of the arrays (32 or 64 positions from the 2-bit words
 * and the exception mask, see {@link SiteBits}) and checks the pattern (PAM and N) against it on both strands; each
 * match becomes a candidate in the work-group's local memory (a local atomic counter gives the slot). After a barrier the
 * group compares every candidate with every query, (query, candidate) pairs spread over the work-items with the
 * candidates fastest, so a warp reads one query's masks (a broadcast) and different candidates; each hit takes a slot
 * from a global atomic counter in {@code hits[0]} and is written as the pair (p, query << 8 | strand << 7 |
 * mismatches) from {@code hits[2]}; slots past {@code capacity} are counted but not written (the host grows the
 * array and runs the part again).
 *
 * <p>Cost per site: a PAM check on both strands (about 40 operations); per candidate and query about 25 operations and a
 * popcount per 32 positions. Memory: 3/8 byte per base of the part, the masks, 8 bytes per hit; local: 34 bytes per
 * work-item. Two barriers, both reached by every work-item.
 *
 * <p>On the one composition model ({@link TileKernel}): the candidates' sites live in the additive local ints
 * ({@link #localInts}: 2 per work-item, at offset 0, as TileKernel takes none) and their count in local counter 0
 * ({@link #localCounters}); the candidates' bits (longs) in this kernel's own local array; one slot
 * ({@link #SLOT_SEARCH}), named by the host before each launch. No group scan: hits are compacted through one global
 * atomic counter (a few thousand per launch; a grid select over site x query flags would touch 10^11 flags per GiB).
 */
final class OffTargetKernel extends TileKernel {
    /** The one slot: the search of a part. */
    static final int SLOT_SEARCH = 1;
    /** The slot of the coming launch (checked on the host). */
    int slot;
    int windows;
    /** The genome position of this launch's site 0 (0 when the arrays hold a copied part). */
    long siteBase;
    int words;
    int queries;
    int limitBase;
    /** 1 when the queries are stored as expected codes and care bits ({@link SiteMasks#plain()}). */
    int plain;
    int capacity;
    /** 2: both strands; 1: the forward strand only. */
    int strands;

    int[] bases;
    int[] exceptions;
    long[] masks;
    int[] hits;

    /** Per candidate slot (two per work-item, one per strand): x0, e0, x1, e1. */
    @Local long[] candidateBits = new long[1];

    OffTargetKernel() {
        bases = new int[1];
        exceptions = new int[1];
        masks = new long[1];
        hits = new int[2];
        registerSlot(SLOT_SEARCH);
    }

    /** The candidates' sites: up to two (strands) per work-item. */
    @Override
    protected int localInts(int localSize) {
        return super.localInts(localSize) + 2 * localSize;
    }

    /** The number of candidates of the work-group. */
    @Override
    protected int localCounters(int localSize) {
        return super.localCounters(localSize) + 1;
    }

    /** The additive local arrays, then the candidates' bits for work-groups of {@code localSize}. */
    @Override
    public void sizeLocalMemory(int localSize) {
        super.sizeLocalMemory(localSize);
        if (candidateBits.length != 2 * localSize * 4) {
            candidateBits = new long[2 * localSize * 4];
        }
    }

    @Override
    public void run() {
        int lid = getLocalId();
        int p = getGlobalId();
        if (lid == 0) {
            atomicSet(tileCounters[0], 0);
        }
        localBarrier();
        if (slot == SLOT_SEARCH && p < windows) {
            long at = siteBase + p;
            long x0 = SiteBits.bases32(bases, at);
            long e0 = SiteBits.exceptions32(exceptions, at);
            long x1 = 0;
            long e1 = 0;
            if (words > 1) {
                x1 = SiteBits.bases32(bases, at + 32);
                e1 = SiteBits.exceptions32(exceptions, at + 32);
            }
            for (int strand = 0; strand < strands; strand++) {
                int mb = strand * words * 4;
                long bad = SiteBits.mismatchBits(x0, e0, masks[mb], masks[mb + 1], masks[mb + 2], masks[mb + 3]);
                if (words > 1) {
                    bad = bad | SiteBits.mismatchBits(x1, e1, masks[mb + 4], masks[mb + 5], masks[mb + 6],
                            masks[mb + 7]);
                }
                if (bad == 0) {
                    int c = atomicAdd(tileCounters[0], 1);
                    tileInts[c] = p * 2 + strand;
                    candidateBits[c * 4] = x0;
                    candidateBits[c * 4 + 1] = e0;
                    candidateBits[c * 4 + 2] = x1;
                    candidateBits[c * 4 + 3] = e1;
                }
            }
        }
        localBarrier();
        int n = atomicGet(tileCounters[0]);
        int pairs = n * queries;
        int step = getLocalSize();
        for (int idx = lid; idx < pairs; idx += step) {
            int q = idx / n;
            int c = idx - q * n;
            int site = tileInts[c];
            int strand = site & 1;
            int mb = ((q + 1) * 2 + strand) * words * 4;
            int mismatches = 0;
            if (plain == 1) {
                mismatches = (int) popcount(SiteBits.plainMismatchBits(candidateBits[c * 4], candidateBits[c * 4 + 1],
                        masks[mb], masks[mb + 1]));
                if (words > 1) {
                    mismatches += (int) popcount(SiteBits.plainMismatchBits(candidateBits[c * 4 + 2],
                            candidateBits[c * 4 + 3], masks[mb + 4], masks[mb + 5]));
                }
            } else {
                mismatches = (int) popcount(SiteBits.mismatchBits(candidateBits[c * 4], candidateBits[c * 4 + 1],
                        masks[mb], masks[mb + 1], masks[mb + 2], masks[mb + 3]));
                if (words > 1) {
                    mismatches += (int) popcount(SiteBits.mismatchBits(candidateBits[c * 4 + 2],
                            candidateBits[c * 4 + 3], masks[mb + 4], masks[mb + 5], masks[mb + 6], masks[mb + 7]));
                }
            }
            if (mismatches <= masks[limitBase + q]) {
                int h = atomicAdd(hits, 0, 1);
                if (h < capacity) {
                    hits[2 + 2 * h] = site >> 1;
                    hits[3 + 2 * h] = (q << 8) | (strand << 7) | mismatches;
                }
            }
        }
    }
}
