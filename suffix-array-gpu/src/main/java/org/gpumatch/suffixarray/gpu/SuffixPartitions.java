package org.gpumatch.suffixarray.gpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * How the partitioned build of {@link GpuPrefixDoublingBuilder} splits the suffixes of a text: by their first two
 * bytes into consecutive ranges of the suffix array, each of at most a given capacity, so that every partition can be
 * sorted in a working set of that size.
 *
 * <p><b>Bins.</b> Every suffix falls in one of {@link #BINS} bins by its first two bytes, in lexicographic order: for
 * first byte {@code b}, the bin {@code [b, end]} (the suffix of the last position, one byte long) comes first, then
 * {@code [b, 0]} to {@code [b, 255]}; {@link #bin(int, int)}. Suffixes of an earlier bin sort before those of a later
 * one, so the suffixes of consecutive bins fill a contiguous range of the suffix array.
 *
 * <p><b>Partitions</b> are consecutive bins with at most {@code capacity} suffixes together: first the fewest
 * partitions greedy packing allows ({@code k}), then the smallest capacity that still gives {@code k} partitions (a
 * binary search over greedy packings; the greedy packing is optimal for a given cap), so that the largest partition,
 * which sizes the working set, is as small as {@code k} partitions allow. Partition {@code j} holds the suffixes
 * whose SA positions are {@code [start(j), start(j) + size(j))}. A single bin over the capacity cannot be split:
 * {@link #plan} refuses it.
 *
 * <p>Cost: {@link #plan(byte[], int)} reads the text once in parallel (all cores), counting per bin and chunk
 * ({@code 4 * 65792} bytes per chunk, at most {@link #MAX_CHUNKS} chunks: up to 17 MB while it runs); the packing is
 * {@code O(BINS * 31)}; the text's alphabet comes from the counts ({@link #alphabet}). The positions are written on
 * the device from {@link #binPartitions} ({@link PieceDoublingKernel#stashPositions}).
 */
final class SuffixPartitions {
    /** Bins per first byte: the one-byte suffix, then the 256 second bytes. */
    static final int BINS_PER_BYTE = 257;
    /** All bins: 256 first bytes of {@link #BINS_PER_BYTE} bins. */
    static final int BINS = 256 * BINS_PER_BYTE;
    /** At most this many chunks count the bins in parallel (each keeps {@link #BINS} counts). */
    static final int MAX_CHUNKS = 64;
    /** Chunks are at least this many bytes. */
    private static final int MIN_CHUNK_BYTES = 1 << 16;

    private final int textLength;
    /** Partition j covers the bins {@code [firstBins[j], firstBins[j + 1])}; the last entry is {@link #BINS}. */
    private final int[] firstBins;
    /** SA start of partition j; the last entry is the text length. */
    private final int[] starts;
    /** Whether each byte value occurs in the text (from the bin counts), or null. */
    private final boolean[] presentBytes;

    private SuffixPartitions(int textLength, int[] firstBins, int[] binStarts, boolean[] presentBytes) {
        this.textLength = textLength;
        this.firstBins = firstBins;
        this.presentBytes = presentBytes;
        this.starts = new int[firstBins.length];
        for (int j = 0; j < firstBins.length; j++) {
            starts[j] = binStarts[firstBins[j]];
        }
    }

    /**
     * The bin of a suffix starting with byte {@code first} (0..255) then {@code second} (0..255, or -1 when the text
     * ends after {@code first}).
     */
    static int bin(int first, int second) {
        return first * BINS_PER_BYTE + 1 + second;
    }

    /** The bin of the suffix at {@code i}. */
    static int binAt(byte[] text, int i) {
        return bin(text[i] & 0xFF, i + 1 < text.length ? text[i + 1] & 0xFF : -1);
    }

    /** {@code [b, c]} or {@code [b, end]} with bytes in hex, e.g. {@code 0x61 0x62}. */
    static String describeBin(int bin) {
        int first = bin / BINS_PER_BYTE;
        int second = bin % BINS_PER_BYTE - 1;
        return String.format(Locale.ROOT, second < 0 ? "0x%02x then the end" : "0x%02x 0x%02x", first, second);
    }

    /** The whole text as one partition (the unpartitioned build). */
    static SuffixPartitions whole(int n) {
        int[] binStarts = new int[BINS + 1];
        binStarts[BINS] = n;
        return new SuffixPartitions(n, new int[] {0, BINS}, binStarts, null);
    }

    /**
     * Counts the suffixes of {@code text} per bin (in parallel) and packs the bins into partitions of at most
     * {@code capacity} suffixes.
     *
     * @throws IllegalArgumentException when one bin holds more than {@code capacity} suffixes (names its two bytes and
     *                                  its count)
     */
    static SuffixPartitions plan(byte[] text, int capacity) {
        int n = text.length;
        int chunks = (int) Math.max(1, Math.min(MAX_CHUNKS, (long) n / MIN_CHUNK_BYTES));
        int[][] counts = new int[chunks][];
        IntStream.range(0, chunks).parallel().forEach(c -> counts[c] = countBins(text, chunkStart(n, chunks, c),
                chunkStart(n, chunks, c + 1)));
        int[] histogram = new int[BINS];
        for (int[] bins : counts) {
            for (int b = 0; b < BINS; b++) {
                histogram[b] += bins[b];
            }
        }
        return pack(histogram, capacity);
    }

    /**
     * The bin counts of the suffixes starting in {@code [from, to)}: a sliding pair of bytes, the text's last
     * position (its one-byte suffix) apart, so the loop has no end test beyond its bound.
     */
    private static int[] countBins(byte[] text, int from, int to) {
        int[] bins = new int[BINS];
        int last = Math.min(to, text.length - 1); // positions before it have a second byte
        if (from < last) {
            int first = text[from] & 0xFF;
            for (int i = from + 1; i <= last; i++) {
                int second = text[i] & 0xFF;
                bins[bin(first, second)]++;
                first = second;
            }
        }
        if (to == text.length && to > from) {
            bins[binAt(text, to - 1)]++;
        }
        return bins;
    }

    /**
     * Partitions of at most {@code capacity} suffixes for bin counts {@code histogram} ({@link #BINS} entries): the
     * packing of {@link #plan(byte[], int)}, for tests.
     */
    static SuffixPartitions ofHistogram(int[] histogram, int capacity) {
        return pack(histogram, capacity);
    }

    private static SuffixPartitions pack(int[] histogram, int capacity) {
        if (histogram.length != BINS || capacity < 1) {
            throw new IllegalArgumentException("bad histogram (" + histogram.length + " bins) or capacity " + capacity);
        }
        int[] binStarts = new int[BINS + 1];
        int widest = 0;
        for (int b = 0; b < BINS; b++) {
            if (histogram[b] > capacity) {
                throw new UnpartitionableTextException(String.format(Locale.ROOT, "the GPU suffix array build splits"
                        + " the suffixes by their first two bytes into partitions of at most %d, but %d suffixes start"
                        + " with %s (the CPU builders take such texts)", capacity, histogram[b], describeBin(b)));
            }
            widest = Math.max(widest, histogram[b]);
            binStarts[b + 1] = binStarts[b] + histogram[b];
        }
        int fewest = greedy(histogram, capacity).size();
        int low = Math.max(1, widest);
        int high = capacity;
        while (low < high) { // the smallest cap that keeps the fewest partitions
            int mid = low + (high - low) / 2;
            if (greedy(histogram, mid).size() <= fewest) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        List<Integer> firsts = greedy(histogram, low);
        int[] firstBins = new int[firsts.size() + 1];
        for (int j = 0; j < firsts.size(); j++) {
            firstBins[j] = firsts.get(j);
        }
        firstBins[firsts.size()] = BINS;
        boolean[] present = new boolean[256];
        for (int v = 0; v < 256; v++) { // a suffix starts with v
            present[v] = binStarts[(v + 1) * BINS_PER_BYTE] > binStarts[v * BINS_PER_BYTE];
        }
        return new SuffixPartitions(binStarts[BINS], firstBins, binStarts, present);
    }

    /** The first bin of each partition of a greedy packing with cap {@code cap} (every bin at most cap). */
    private static List<Integer> greedy(int[] histogram, int cap) {
        List<Integer> firsts = new ArrayList<>();
        firsts.add(0);
        long sum = 0;
        for (int b = 0; b < BINS; b++) {
            if (sum + histogram[b] > cap) {
                firsts.add(b);
                sum = 0;
            }
            sum += histogram[b];
        }
        return firsts;
    }

    private static int chunkStart(int n, int chunks, int c) {
        return (int) ((long) n * c / chunks);
    }

    /** The number of suffixes (the text length). */
    int textLength() {
        return textLength;
    }

    /**
     * Fills {@code codes} with 1..sigma for the byte values of the text, in byte order, and returns sigma, as
     * {@link PackedText#alphabet} does, from the bin counts (every position starts a suffix, so every byte value of
     * the text is the first byte of some bin): no pass over the text.
     *
     * @throws IllegalStateException for {@link #whole} (no counts)
     */
    int alphabet(int[] codes) {
        if (presentBytes == null) {
            throw new IllegalStateException("no bin counts: the whole text's plan has no alphabet");
        }
        return PackedText.codes(presentBytes, codes);
    }

    /** The number of partitions (1 for the empty text). */
    int partitions() {
        return firstBins.length - 1;
    }

    /** The SA position of the first suffix of partition j (the sum of the earlier partitions' sizes). */
    int start(int j) {
        return starts[j];
    }

    /** The number of suffixes of partition j. */
    int size(int j) {
        return starts[j + 1] - starts[j];
    }

    /** The first bin of partition j. */
    int firstBin(int j) {
        return firstBins[j];
    }

    /** The bin after the last one of partition j. */
    int endBin(int j) {
        return firstBins[j + 1];
    }

    /** The size of the largest partition. */
    int largest() {
        int max = 0;
        for (int j = 0; j < partitions(); j++) {
            max = Math.max(max, size(j));
        }
        return max;
    }

    /** The starts of all partitions, and the text length at the end. */
    int[] starts() {
        return Arrays.copyOf(starts, starts.length);
    }

    /**
     * The partition of every bin ({@link #BINS} ints): partition j for the bins {@code [firstBins[j],
     * firstBins[j + 1])}. The GPU builder's stash phases read it ({@link PieceDoublingKernel#stashPositions}) to write
     * each partition's positions into its SA range.
     */
    int[] binPartitions() {
        int[] partitionOf = new int[BINS];
        for (int j = 0; j < partitions(); j++) {
            Arrays.fill(partitionOf, firstBins[j], firstBins[j + 1], j);
        }
        return partitionOf;
    }
}
