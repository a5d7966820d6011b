package org.gpumatch.api;

/**
 * A set of byte symbols and its width sigma: the number of bits needed to give each distinct symbol its own code
 * (sigma = ceil(log2(distinct symbols)), at least 1). DNA (4 symbols) has sigma = 2, protein text sigma = 5, arbitrary
 * bytes sigma = 8. The SPAA 2016 paper's DRK-WOM methods fit m * sigma bits into one machine word.
 *
 * <p>Immutable; memory: 32 bytes (a 256-bit set).
 */
public final class Alphabet {
    private final long[] present = new long[4];
    private final int size;

    private Alphabet(long[] bits) {
        System.arraycopy(bits, 0, present, 0, 4);
        int s = 0;
        for (long w : present) {
            s += Long.bitCount(w);
        }
        this.size = s;
    }

    /** Arrays at least this long are scanned by several threads (in slices of this size). */
    private static final int PARALLEL_SLICE = 1 << 24;

    /** The symbols occurring in {@code bytes}: one pass, O(n) time, several threads for arrays of 16 MiB or more. */
    public static Alphabet of(byte[] bytes) {
        if (bytes.length < 2 * PARALLEL_SLICE) {
            return new Alphabet(symbolsIn(bytes, 0, bytes.length));
        }
        int slices = (int) ((bytes.length + (long) PARALLEL_SLICE - 1) / PARALLEL_SLICE);
        long[] bits = java.util.stream.IntStream.range(0, slices).parallel()
                .mapToObj(i -> symbolsIn(bytes, i * PARALLEL_SLICE,
                        (int) Math.min(bytes.length, (long) (i + 1) * PARALLEL_SLICE)))
                .reduce(new long[4], Alphabet::or);
        return new Alphabet(bits);
    }

    /** The 256-bit set of the byte values in {@code bytes[from, to)}. */
    private static long[] symbolsIn(byte[] bytes, int from, int to) {
        long[] bits = new long[4];
        for (int i = from; i < to; i++) {
            int v = bytes[i] & 0xFF;
            bits[v >>> 6] |= 1L << (v & 63);
        }
        return bits;
    }

    private static long[] or(long[] x, long[] y) {
        long[] bits = new long[4];
        for (int i = 0; i < 4; i++) {
            bits[i] = x[i] | y[i];
        }
        return bits;
    }

    /** All 256 byte values. */
    public static Alphabet full() {
        return new Alphabet(new long[] {-1L, -1L, -1L, -1L});
    }

    /** The union of two alphabets. */
    public Alphabet union(Alphabet other) {
        long[] bits = new long[4];
        for (int i = 0; i < 4; i++) {
            bits[i] = present[i] | other.present[i];
        }
        return new Alphabet(bits);
    }

    /** Whether the byte value {@code symbol} (0..255, or a signed Java byte) occurs. */
    public boolean contains(int symbol) {
        if (symbol < Byte.MIN_VALUE || symbol > 255) {
            throw new IllegalArgumentException("not a byte value: " + symbol);
        }
        int v = symbol & 0xFF;
        return (present[v >>> 6] & (1L << (v & 63))) != 0;
    }

    /** The number of distinct symbols. */
    public int size() {
        return size;
    }

    /** Bits per symbol: ceil(log2(size)), at least 1 (and 8 for 129..256 symbols). */
    public int sigma() {
        return size <= 2 ? 1 : 32 - Integer.numberOfLeadingZeros(size - 1);
    }

    @Override
    public String toString() {
        return "Alphabet[size=" + size + ", sigma=" + sigma() + "]";
    }
}
