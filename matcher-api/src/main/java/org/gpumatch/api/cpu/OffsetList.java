package org.gpumatch.api.cpu;

import java.util.Arrays;

/** A growable list of int offsets (amortized O(1) append, 4-8 bytes per offset), for one part of a search. */
final class OffsetList {
    private int[] items = new int[16];
    private int size;

    /** Appends {@code offset}. */
    void add(int offset) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = offset;
    }

    /** Appends {@code offset} if {@code keep} is 1 (and not if it is 0), without a branch on {@code keep}. */
    void addIf(int offset, int keep) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size] = offset;
        size += keep;
    }

    /** The offsets appended so far, in order, in an exactly sized array. */
    int[] toArray() {
        return Arrays.copyOf(items, size);
    }
}
