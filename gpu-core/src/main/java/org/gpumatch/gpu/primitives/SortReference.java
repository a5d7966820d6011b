package org.gpumatch.gpu.primitives;

/**
 * Pure-Java twins of {@link GpuArraySorter} and the segmented sort: stable sorts of unsigned keys on a bit range
 * {@code [beginBit, endBit)}, with optional u32 values, in place. Implemented as a stable LSD sort on bytes of the
 * extracted bits (a different digit width and loop structure from the device code). Memory: 20 bytes per element.
 */
public final class SortReference {
    private SortReference() {
    }

    /** Stably sorts u32 {@code keys} (unsigned) and, when not null, {@code values} by bits {@code [beginBit, endBit)}. */
    public static void sortU32(int[] keys, int[] values, int beginBit, int endBit) {
        long[] ext = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            ext[i] = bits(keys[i] & 0xFFFFFFFFL, beginBit, endBit);
        }
        int[] order = stableOrder(ext, endBit - beginBit);
        int[] k = keys.clone();
        for (int i = 0; i < order.length; i++) {
            keys[i] = k[order[i]];
        }
        permute(values, order);
    }

    /** Stably sorts u64 {@code keys} (unsigned) and, when not null, {@code values} by bits {@code [beginBit, endBit)}. */
    public static void sortU64(long[] keys, int[] values, int beginBit, int endBit) {
        long[] ext = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            ext[i] = bits(keys[i], beginBit, endBit);
        }
        int[] order = stableOrder(ext, endBit - beginBit);
        long[] k = keys.clone();
        for (int i = 0; i < order.length; i++) {
            keys[i] = k[order[i]];
        }
        permute(values, order);
    }

    /**
     * Stably sorts (key, value) pairs by unsigned key within each segment, in place: {@code heads[i] != 0} starts a
     * segment at {@code i}, element 0 always starts one (the twin of {@link GridDriver#segmentedSort}).
     */
    public static void segmentedSortU32(int[] keys, int[] values, int[] heads) {
        int start = 0;
        while (start < keys.length) {
            int end = start + 1;
            while (end < keys.length && heads[end] == 0) {
                end++;
            }
            int[] k = java.util.Arrays.copyOfRange(keys, start, end);
            int[] v = java.util.Arrays.copyOfRange(values, start, end);
            sortU32(k, v, 0, 32);
            System.arraycopy(k, 0, keys, start, k.length);
            System.arraycopy(v, 0, values, start, v.length);
            start = end;
        }
    }

    /** Bits {@code [beginBit, endBit)} of {@code key}, shifted down. */
    static long bits(long key, int beginBit, int endBit) {
        int width = endBit - beginBit;
        long shifted = beginBit >= 64 ? 0 : key >>> beginBit;
        return width >= 64 ? shifted : shifted & ((1L << width) - 1);
    }

    /** The stable sorting permutation of {@code ext} (unsigned, {@code bits} significant): LSD on bytes. */
    static int[] stableOrder(long[] ext, int bits) {
        int n = ext.length;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int[] next = new int[n];
        for (int shift = 0; shift < bits; shift += 8) {
            int[] start = new int[257];
            for (int i = 0; i < n; i++) {
                start[((int) (ext[i] >>> shift) & 0xFF) + 1]++;
            }
            for (int d = 0; d < 256; d++) {
                start[d + 1] += start[d];
            }
            for (int i = 0; i < n; i++) {
                int at = order[i];
                next[start[(int) (ext[at] >>> shift) & 0xFF]++] = at;
            }
            int[] t = order;
            order = next;
            next = t;
        }
        return order;
    }

    private static void permute(int[] values, int[] order) {
        if (values == null) {
            return;
        }
        int[] v = values.clone();
        for (int i = 0; i < order.length; i++) {
            values[i] = v[order[i]];
        }
    }
}
