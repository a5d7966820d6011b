package org.gpumatch.aparapi.multi;

import java.util.Arrays;

/**
 * Step 2 of {@code multi-rk} on the host: an open-addressing table (linear probing from {@code hash & mask}) from a
 * pattern hash to the group of patterns with that hash, laid out as the device reads it. Equal patterns and patterns
 * whose hashes collide share one group, listed by ascending pattern number, so all of them are verified and reported.
 *
 * <p>Cost: O(k log k) to group k hashes. Memory: 12 bytes per slot (at least 2 slots per distinct hash, a power of
 * two) and 4 bytes per pattern.
 */
final class PatternHashTable {
    final int[] keys;
    final int[] start;
    final int[] count;
    final int[] groupPatterns;
    final int mask;

    /** The table of patterns 0..k-1 with hashes {@code hashes[j]} (each in {@code [0, 2^31)}). */
    PatternHashTable(int[] hashes) {
        int k = hashes.length;
        long[] byHash = new long[k];
        for (int j = 0; j < k; j++) {
            byHash[j] = ((long) hashes[j] << 32) | j;
        }
        Arrays.sort(byHash);
        int distinct = 0;
        for (int j = 0; j < k; j++) {
            if (j == 0 || (byHash[j] >>> 32) != (byHash[j - 1] >>> 32)) {
                distinct++;
            }
        }
        int slots = Integer.highestOneBit(Math.max(1, 2 * distinct - 1)) << 1;
        keys = new int[slots];
        Arrays.fill(keys, -1);
        start = new int[slots];
        count = new int[slots];
        groupPatterns = new int[k];
        mask = slots - 1;
        for (int j = 0; j < k; j++) {
            int h = (int) (byHash[j] >>> 32);
            groupPatterns[j] = (int) byHash[j];
            int slot = h & mask;
            while (keys[slot] != -1 && keys[slot] != h) {
                slot = (slot + 1) & mask;
            }
            if (keys[slot] == -1) {
                keys[slot] = h;
                start[slot] = j;
            }
            count[slot]++;
        }
    }
}
