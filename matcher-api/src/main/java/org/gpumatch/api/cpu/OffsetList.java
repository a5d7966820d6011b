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

    /** The offsets appended so far, in order, in an exactly sized array. */
    int[] toArray() {
        return Arrays.copyOf(items, size);
    }
}
