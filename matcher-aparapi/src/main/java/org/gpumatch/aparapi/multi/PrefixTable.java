package org.gpumatch.aparapi.multi;

import java.util.Arrays;
import org.gpumatch.api.multi.PatternSet;

/**
 * The device table and filter of {@code multi-fused}, built on the host once per pattern set: key (first
 * {@link MultiFusedKernel#PREFIX} = 8 bytes packed little-endian in two ints, tag PREFIX) for patterns of at least
 * PREFIX bytes, key (the whole pattern, tag = its length) for shorter ones; each key's group lists its patterns by
 * ascending index. Open addressing with linear probing from the top bits of {@link MultiFusedKernel#mix}, at least 2
 * slots per group, {@link MultiFusedKernel#SLOT_INTS} ints per slot. The filter has a bit for every key and for every
 * pattern's gate key (its first {@link #gateLength} bytes, tag 0).
 *
 * <p>Cost: O(k log k + total pattern bytes). Memory: 16 bytes per slot, the filter ({@link #filterBitsFor}), m + 12
 * bytes per pattern.
 */
final class PrefixTable {
    /** Smallest and largest filter, in log2 bits. */
    static final int MIN_FILTER_LOG2 = 15;
    static final int MAX_FILTER_LOG2 = 22;
    /** Filter bits per key set, by default (false positives about 1 / 64 per probe at most). */
    static final int FILTER_BITS_PER_KEY = 64;

    final int[] table;
    final int[] filter;
    final int[] groupPatterns;
    final int mask;
    final int tableLog2;
    final int filterLog2;
    final byte[] bytes;
    final int[] patternStart;
    final int[] patternLength;
    /** Bit L set for each pattern length L below the prefix. */
    final int shortLengths;
    final boolean hasLong;
    /** min(PREFIX, shortest pattern): the bytes of the gate key. */
    final int gateLength;
    /** Distinct keys (table groups). */
    final int groups;

    /**
     * The table of {@code set} with a filter of 2^{@code filterLog2} bits, or of {@link #filterBitsFor} bits when
     * {@code filterLog2} is 0.
     */
    PrefixTable(PatternSet set, int filterLog2) {
        int k = set.size();
        if (set.totalBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("multi-fused takes at most 2^31 pattern bytes: " + set.totalBytes());
        }
        if (filterLog2 != 0 && (filterLog2 < 5 || filterLog2 > 30)) {
            throw new IllegalArgumentException("filter size must be 2^5..2^30 bits: 2^" + filterLog2);
        }
        bytes = new byte[(int) set.totalBytes()];
        patternStart = new int[k];
        patternLength = new int[k];
        int[] tagOf = new int[k];
        int[] loOf = new int[k];
        int[] hiOf = new int[k];
        int at = 0;
        int shortSeen = 0;
        boolean longSeen = false;
        for (int i = 0; i < k; i++) {
            byte[] p = set.bytes(i);
            System.arraycopy(p, 0, bytes, at, p.length);
            patternStart[i] = at;
            patternLength[i] = p.length;
            at += p.length;
            int tag = Math.min(p.length, MultiFusedKernel.PREFIX);
            loOf[i] = packed(p, 0, Math.min(tag, 4));
            hiOf[i] = tag > 4 ? packed(p, 4, tag - 4) : 0;
            tagOf[i] = tag;
            if (tag < MultiFusedKernel.PREFIX) {
                shortSeen |= 1 << tag;
            } else {
                longSeen = true;
            }
        }
        shortLengths = shortSeen;
        hasLong = longSeen;
        gateLength = Math.min(MultiFusedKernel.PREFIX, set.shortest());
        Integer[] idx = new Integer[k];
        for (int i = 0; i < k; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> tagOf[a] != tagOf[b] ? Integer.compare(tagOf[a], tagOf[b])
                : loOf[a] != loOf[b] ? Integer.compare(loOf[a], loOf[b])
                : hiOf[a] != hiOf[b] ? Integer.compare(hiOf[a], hiOf[b]) : Integer.compare(a, b));
        int distinct = 0;
        for (int j = 0; j < k; j++) {
            if (j == 0 || !sameKey(idx[j], idx[j - 1], tagOf, loOf, hiOf)) {
                distinct++;
            }
        }
        groups = distinct;
        int slots = Integer.highestOneBit(Math.max(2, 2 * groups - 1)) << 1;
        tableLog2 = Integer.numberOfTrailingZeros(slots);
        mask = slots - 1;
        this.filterLog2 = filterLog2 != 0 ? filterLog2 : filterBitsFor(groups + k);
        filter = new int[Math.max(1, (1 << this.filterLog2) >>> 5)];
        table = new int[slots * MultiFusedKernel.SLOT_INTS];
        groupPatterns = new int[k];
        for (int j = 0; j < k; j++) {
            int i = idx[j];
            groupPatterns[j] = i;
            insert(j, tagOf[i], loOf[i], hiOf[i]);
            byte[] p = set.bytes(i);
            int gateLo = packed(p, 0, Math.min(gateLength, 4));
            int gateHi = gateLength > 4 ? packed(p, 4, gateLength - 4) : 0;
            setFilterBit(MultiFusedKernel.mix(gateLo, gateHi, 0));
        }
    }

    /** log2 of the default filter size for {@code keys} keys: 64 bits a key, within 2^15..2^22 bits. */
    static int filterBitsFor(int keys) {
        long bits = Math.max(1L, (long) keys * FILTER_BITS_PER_KEY);
        int log2 = 64 - Long.numberOfLeadingZeros(bits - 1);
        return Math.max(MIN_FILTER_LOG2, Math.min(MAX_FILTER_LOG2, log2));
    }

    /** Adds group entry j (pattern groupPatterns[j]) under key (tag, lo, hi). */
    private void insert(int j, int tag, int lo, int hi) {
        int h = MultiFusedKernel.mix(lo, hi, tag);
        int slot = h >>> (32 - tableLog2);
        int w = MultiFusedKernel.SLOT_INTS;
        int tagMask = (1 << MultiFusedKernel.TAG_BITS) - 1;
        while (table[slot * w] != 0 && !((table[slot * w] & tagMask) == tag && table[slot * w + 1] == lo
                && table[slot * w + 2] == hi)) {
            slot = (slot + 1) & mask;
        }
        if (table[slot * w] == 0) {
            table[slot * w] = tag;
            table[slot * w + 1] = lo;
            table[slot * w + 2] = hi;
            table[slot * w + 3] = j;
            setFilterBit(h);
        }
        table[slot * w] += 1 << MultiFusedKernel.TAG_BITS;
    }

    private void setFilterBit(int h) {
        int bit = h >>> (32 - filterLog2);
        filter[bit >>> 5] |= 1 << (bit & 31);
    }

    /** Bytes {@code p[from .. from + len)} (len at most 4) packed little-endian. */
    private static int packed(byte[] p, int from, int len) {
        int v = 0;
        for (int j = 0; j < len; j++) {
            v |= (p[from + j] & 0xFF) << (8 * j);
        }
        return v;
    }

    /** Mask of the first {@code len} bytes (0..4) of a packed int. */
    static int byteMask(int len) {
        return len >= 4 ? -1 : (1 << (8 * len)) - 1;
    }

    private static boolean sameKey(int a, int b, int[] tagOf, int[] loOf, int[] hiOf) {
        return tagOf[a] == tagOf[b] && loOf[a] == loOf[b] && hiOf[a] == hiOf[b];
    }
}
