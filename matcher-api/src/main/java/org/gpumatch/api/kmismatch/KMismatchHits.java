package org.gpumatch.api.kmismatch;

import java.util.Arrays;

/**
 * The hits of a k-mismatch search: ascending offsets and, at the same index, the Hamming distance at that offset.
 * Memory: 8 bytes per hit. The arrays are owned by this object (not copied on construction; do not modify them).
 */
public final class KMismatchHits {
    private static final KMismatchHits EMPTY = new KMismatchHits(new int[0], new int[0]);
    private final int[] offsets;
    private final int[] mismatches;

    private KMismatchHits(int[] offsets, int[] mismatches) {
        if (offsets.length != mismatches.length) {
            throw new IllegalArgumentException("offsets and mismatches differ in length: " + offsets.length + " vs "
                    + mismatches.length);
        }
        this.offsets = offsets;
        this.mismatches = mismatches;
    }

    /** Hits from parallel arrays (taken, not copied). */
    public static KMismatchHits of(int[] offsets, int[] mismatches) {
        return new KMismatchHits(offsets, mismatches);
    }

    /**
     * The hits among the windows whose distances are given: every offset {@code j} with {@code distances[j] <= k}, in
     * ascending order, with its distance. Two passes over the distances; memory: 8 bytes per hit.
     */
    public static KMismatchHits within(int[] distances, int k) {
        int hits = 0;
        for (int d : distances) {
            hits += d <= k ? 1 : 0;
        }
        int[] offsets = new int[hits];
        int[] mismatches = new int[hits];
        int h = 0;
        for (int j = 0; j < distances.length; j++) {
            if (distances[j] <= k) {
                offsets[h] = j;
                mismatches[h++] = distances[j];
            }
        }
        return new KMismatchHits(offsets, mismatches);
    }

    /** No hits. */
    public static KMismatchHits empty() {
        return EMPTY;
    }

    /** The number of hits. */
    public int size() {
        return offsets.length;
    }

    /** The offset of hit {@code i}. */
    public int offset(int i) {
        return offsets[i];
    }

    /** The distance of hit {@code i}. */
    public int mismatches(int i) {
        return mismatches[i];
    }

    /** A copy of the offsets. */
    public int[] offsets() {
        return offsets.clone();
    }

    /** A copy of the distances. */
    public int[] distances() {
        return mismatches.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KMismatchHits h && Arrays.equals(offsets, h.offsets) && Arrays.equals(mismatches, h.mismatches);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(offsets) + Arrays.hashCode(mismatches);
    }

    @Override
    public String toString() {
        return "KMismatchHits[size=" + offsets.length + "]";
    }
}
