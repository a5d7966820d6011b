package org.gpumatch.aparapi.multi;

import java.util.Arrays;
import org.gpumatch.api.multi.PatternSet;

/**
 * The device table of {@code multi-fused} built on the host: key (first {@link MultiFusedKernel#PREFIX} = 8 bytes packed
 * little-endian in two ints, tag PREFIX) for patterns of at least PREFIX bytes, key (the whole pattern, tag = its length) for
 * shorter ones; each key's group lists its patterns by ascending index. Open addressing with linear probing from
 * {@link MultiFusedKernel#slotOf}, at least 2 slots per group.
 *
 * <p>Cost: O(k log k + total pattern bytes). Memory: 20 bytes per slot, m + 12 bytes per pattern.
 */
final class PrefixTable {
    final int[] keys;
    final int[] keysHi;
    final int[] tags;
    final int[] start;
    final int[] count;
    final int[] groupPatterns;
    final int mask;
    final byte[] bytes;
    final int[] patternStart;
    final int[] patternLength;
    /** Bit L set for each pattern length L below the prefix. */
    final int shortLengths;
    final boolean hasLong;

    PrefixTable(PatternSet set) {
        int k = set.size();
        if (set.totalBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("multi-fused takes at most 2^31 pattern bytes: " + set.totalBytes());
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
            for (int j = 0; j < tag; j++) {
                if (j < 4) {
                    loOf[i] |= (p[j] & 0xFF) << (8 * j);
                } else {
                    hiOf[i] |= (p[j] & 0xFF) << (8 * (j - 4));
                }
            }
            tagOf[i] = tag;
            if (tag < MultiFusedKernel.PREFIX) {
                shortSeen |= 1 << tag;
            } else {
                longSeen = true;
            }
        }
        shortLengths = shortSeen;
        hasLong = longSeen;
        Integer[] idx = new Integer[k];
        for (int i = 0; i < k; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> tagOf[a] != tagOf[b] ? Integer.compare(tagOf[a], tagOf[b])
                : loOf[a] != loOf[b] ? Integer.compare(loOf[a], loOf[b])
                : hiOf[a] != hiOf[b] ? Integer.compare(hiOf[a], hiOf[b]) : Integer.compare(a, b));
        int groups = 0;
        for (int j = 0; j < k; j++) {
            if (j == 0 || !sameKey(idx[j], idx[j - 1], tagOf, loOf, hiOf)) {
                groups++;
            }
        }
        int slots = Integer.highestOneBit(Math.max(2, 2 * groups - 1)) << 1;
        mask = slots - 1;
        keys = new int[slots];
        keysHi = new int[slots];
        tags = new int[slots];
        start = new int[slots];
        count = new int[slots];
        groupPatterns = new int[k];
        for (int j = 0; j < k; j++) {
            int i = idx[j];
            groupPatterns[j] = i;
            int tag = tagOf[i];
            int slot = MultiFusedKernel.slotOf(loOf[i], hiOf[i], tag, mask);
            while (tags[slot] != 0 && !(tags[slot] == tag && keys[slot] == loOf[i] && keysHi[slot] == hiOf[i])) {
                slot = (slot + 1) & mask;
            }
            if (tags[slot] == 0) {
                tags[slot] = tag;
                keys[slot] = loOf[i];
                keysHi[slot] = hiOf[i];
                start[slot] = j;
            }
            count[slot]++;
        }
    }

    private static boolean sameKey(int a, int b, int[] tagOf, int[] loOf, int[] hiOf) {
        return tagOf[a] == tagOf[b] && loOf[a] == loOf[b] && hiOf[a] == hiOf[b];
    }
}
