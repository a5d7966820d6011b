package org.gpumatch.kmismatch.offtarget;

import java.util.Arrays;

/**
 * A growable list of raw hits: genome position and packed ({@code query << 8 | strand << 7 | mismatches}), sortable by
 * (position, query, strand). Memory: 12 bytes per hit.
 */
public final class HitList {
    private long[] positions = new long[64];
    private int[] infos = new int[64];
    private int size;

    public synchronized void add(long position, int info) {
        if (size == positions.length) {
            positions = Arrays.copyOf(positions, size * 2);
            infos = Arrays.copyOf(infos, size * 2);
        }
        positions[size] = position;
        infos[size] = info;
        size++;
    }

    public int size() {
        return size;
    }

    public long position(int i) {
        return positions[i];
    }

    public int info(int i) {
        return infos[i];
    }

    public void clear() {
        size = 0;
    }

    /** Sorts by position, then query, then strand (+ first). O(h log h). */
    public void sort() {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> positions[a] != positions[b] ? Long.compare(positions[a], positions[b])
                : Integer.compare(infos[a] >>> 7, infos[b] >>> 7));
        long[] p = new long[Math.max(64, size)];
        int[] f = new int[p.length];
        for (int i = 0; i < size; i++) {
            p[i] = positions[order[i]];
            f[i] = infos[order[i]];
        }
        positions = p;
        infos = f;
    }
}
