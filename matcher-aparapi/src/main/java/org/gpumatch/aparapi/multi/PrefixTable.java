package org.gpumatch.aparapi.multi;

import java.util.Arrays;
import org.gpumatch.api.multi.PatternSet;

/**
 * The device table of {@code multi-fused} built on the host: key (first {@link MultiFusedKernel#PREFIX} bytes packed
 * little-endian, tag PREFIX) for patterns of at least PREFIX bytes, key (the whole pattern, tag = its length) for
 * shorter ones; each key's group lists its patterns by ascending index. Open addressing with linear probing from
 * {@link MultiFusedKernel#slotOf}, at least 2 slots per group.
 *
 * <p>Cost: O(k log k + total pattern bytes). Memory: 16 bytes per slot, m + 12 bytes per pattern.
 */
final class PrefixTable {
    final int[] keys;
    final int[] tags;
    final int[] start;
    final int[] count;
    final int[] groupPatterns;
    final int mask;
    final byte[] bytes;
    final int[] patternStart;
    final int[] patternLength;
    final boolean hasShort;
    final boolean hasLong;

    PrefixTable(PatternSet set) {
        int k = set.size();
        if (set.totalBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("multi-fused takes at most 2^31 pattern bytes: " + set.totalBytes());
        }
        bytes = new byte[(int) set.totalBytes()];
        patternStart = new int[k];
        patternLength = new int[k];
        long[] keyOf = new long[k];
        int at = 0;
        boolean shortSeen = false;
        boolean longSeen = false;
        for (int i = 0; i < k; i++) {
            byte[] p = set.bytes(i);
            System.arraycopy(p, 0, bytes, at, p.length);
            patternStart[i] = at;
            patternLength[i] = p.length;
            at += p.length;
            int tag = Math.min(p.length, MultiFusedKernel.PREFIX);
            int key = 0;
            for (int j = 0; j < tag; j++) {
                key |= (p[j] & 0xFF) << (8 * j);
            }
            keyOf[i] = ((long) tag << 32) | (key & 0xFFFFFFFFL);
            shortSeen |= tag < MultiFusedKernel.PREFIX;
            longSeen |= tag == MultiFusedKernel.PREFIX;
        }
        hasShort = shortSeen;
        hasLong = longSeen;
        Integer[] idx = new Integer[k];
        for (int i = 0; i < k; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> keyOf[a] != keyOf[b] ? Long.compare(keyOf[a], keyOf[b]) : Integer.compare(a, b));
        int groups = 0;
        for (int j = 0; j < k; j++) {
            if (j == 0 || keyOf[idx[j]] != keyOf[idx[j - 1]]) {
                groups++;
            }
        }
        int slots = Integer.highestOneBit(Math.max(2, 2 * groups - 1)) << 1;
        mask = slots - 1;
        keys = new int[slots];
        tags = new int[slots];
        start = new int[slots];
        count = new int[slots];
        groupPatterns = new int[k];
        for (int j = 0; j < k; j++) {
            int i = idx[j];
            groupPatterns[j] = i;
            int tag = (int) (keyOf[i] >>> 32);
            int key = (int) keyOf[i];
            int slot = MultiFusedKernel.slotOf(key, tag, mask);
            while (tags[slot] != 0 && !(tags[slot] == tag && keys[slot] == key)) {
                slot = (slot + 1) & mask;
            }
            if (tags[slot] == 0) {
                tags[slot] = tag;
                keys[slot] = key;
                start[slot] = j;
            }
            count[slot]++;
        }
    }
}
