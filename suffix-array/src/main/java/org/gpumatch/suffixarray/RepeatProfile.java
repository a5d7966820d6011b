package org.gpumatch.suffixarray;

import java.util.Arrays;

/**
 * An estimate, from samples, of the fraction of suffixes whose first {@code d} bytes occur elsewhere in the text (the
 * suffixes prefix doubling still has to sort after reaching depth {@code d}), for {@code d} = 4, 8, ..., 1024; and from
 * it the work prefix doubling would do. {@link CpuSuffixArrayBuilder} uses it to choose doubling or SA-IS before it
 * starts, instead of finding out by running.
 *
 * <p>Samples: content-defined anchors (positions where a gear hash of the bytes before them, FastCDC's cut test, hits one
 * value in {@code rate}, at least {@code rate / 8} apart), so that the copies of a repeated region are sampled at the same
 * offsets wherever they lie, plus every {@code rate}-th position (see {@link #MAX_RATE}) (periodic texts, where the rolling hash is the same
 * everywhere and hits never or always). Each sample's prefixes of length 4 to 1024 are hashed (64-bit polynomial);
 * a sample counts as repeated at depth d when another sample has the same d-prefix hash. Cost: one pass over the text
 * for the gear hash (a shift and an add per byte) and at most 1024 bytes per sample (on texts over 32 MiB
 * {@code n / 4} bytes read on random text, at most n on a periodic one; at least 4096 samples, so 4 MiB on short
 * texts), then sorting the samples' hashes per depth. Memory: 9 longs per sample.
 */
final class RepeatProfile {
    /**
     * The most positions per sample: one positional sample per {@code rate} positions and one content-defined anchor
     * per {@code rate} on random text, {@code rate} the power of two nearest below {@code n / MIN_SAMPLES}, between
     * {@link #MIN_RATE} and this.
     */
    static final int MAX_RATE = 8192;
    /** The fewest positions per sample. */
    static final int MIN_RATE = 64;
    /**
     * The positional samples wanted: enough that a text of low complexity (a Fibonacci word has d + 1 distinct
     * factors of length d) shows its repeats at depth 1024.
     */
    static final int MIN_SAMPLES = 4096;
    /** The first depth; the others double it up to {@link #MAX_DEPTH}. */
    static final int MIN_DEPTH = 4;
    /** The largest depth measured. */
    static final int MAX_DEPTH = 1024;
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;
    private static final long[] GEAR = new long[256];

    static {
        long x = 0x243F6A8885A308D3L;
        for (int i = 0; i < 256; i++) {
            x += MULTIPLIER;
            GEAR[i] = mix(x) ^ (x >>> 17);
        }
    }

    private final int length;
    private final int firstDepth;
    private final double[] repeated;

    private RepeatProfile(final int length, final int firstDepth, final double[] repeated) {
        this.length = length;
        this.firstDepth = firstDepth;
        this.repeated = repeated;
    }

    /**
     * @param text the text
     * @return its profile
     */
    static RepeatProfile of(final byte[] text) {
        final int n = text.length;
        final int depths = Integer.numberOfTrailingZeros(MAX_DEPTH / MIN_DEPTH) + 1;
        final int rate = Integer.highestOneBit(Math.max(MIN_RATE, Math.min(MAX_RATE, n / MIN_SAMPLES)));
        final int spacing = rate / 8; // the least distance between two anchors
        final long anchorMask = -1L << (64 - Integer.numberOfTrailingZeros(rate)); // gear bits 0 at an anchor
        int[] samples = new int[16];
        int count = 0;
        long gear = 0;
        int lastAnchor = -spacing;
        final boolean[] present = new boolean[256];
        for (int p = 0; p < n; p++) {
            final int b = text[p] & 0xFF;
            present[b] = true;
            // A gear hash: the bytes of the last 64 positions, the older ones in fewer high bits (FastCDC's cut test).
            final boolean anchor = p - lastAnchor >= spacing && (gear & anchorMask) == 0;
            if (anchor || (p & (rate - 1)) == 0) {
                if (count == samples.length) {
                    samples = Arrays.copyOf(samples, 2 * count);
                }
                samples[count++] = p;
                if (anchor) {
                    lastAnchor = p;
                }
            }
            gear = (gear << 1) + GEAR[b];
        }
        final long[][] hashes = new long[depths][count];
        final int[] valid = new int[depths];
        for (int s = 0; s < count; s++) {
            final int p = samples[s];
            long h = 0;
            int d = 0;
            for (int level = 0, depth = MIN_DEPTH; level < depths && p + depth <= n; level++, depth <<= 1) {
                for (; d < depth; d++) {
                    h = h * MULTIPLIER + (text[p + d] & 0xFF) + 1;
                }
                hashes[level][valid[level]++] = mix(h);
            }
        }
        final double[] repeated = new double[depths];
        for (int level = 0; level < depths; level++) {
            repeated[level] = valid[level] < 2 ? 0 : (double) duplicates(hashes[level], valid[level]) / valid[level];
        }
        int sigma = 0;
        for (boolean b : present) {
            sigma += b ? 1 : 0;
        }
        final int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, sigma - 1)));
        return new RepeatProfile(n, 16 / bits + 32 / bits, repeated);
    }

    /**
     * @param depth a prefix length, at least 1
     * @return the estimated fraction of suffixes whose first {@code depth} bytes occur elsewhere (that of the largest
     *         measured depth not above it: an overestimate between measured depths; beyond {@link #MAX_DEPTH}, that of
     *         {@link #MAX_DEPTH}, as if every long repeat were as long as the text)
     */
    double repeatedAt(final long depth) {
        int level = 0;
        for (long d = MIN_DEPTH * 2L; d <= depth && level + 1 < repeated.length; d <<= 1) {
            level++;
        }
        return repeated[level];
    }

    /**
     * The suffix sortings of the rounds of prefix doubling, in units of n: for each round from depth h to 2h while h
     * is below n, the fraction still unsorted at h, h starting at the depth of {@link ParallelSuffixSorter}'s first
     * sort ({@code 16 / b + 32 / b} symbols of b bits: 6 for bytes, 9 for 20 letters, 24 for DNA).
     *
     * @return the estimated work of the rounds per text byte (the first sort not counted)
     */
    double doublingRounds() {
        double work = 0;
        for (long h = Math.max(1, firstDepth); h < length; h <<= 1) {
            work += repeatedAt(h);
        }
        return work;
    }

    /** @return the depth of doubling's first sort on this text */
    int firstDepth() {
        return firstDepth;
    }

    /** @return the measured fractions, one per depth 4, 8, ..., 1024, for messages and tests */
    double[] fractions() {
        return repeated.clone();
    }

    private static int duplicates(final long[] hashes, final int count) {
        Arrays.sort(hashes, 0, count);
        int dup = 0;
        for (int i = 0; i < count; i++) {
            if ((i > 0 && hashes[i] == hashes[i - 1]) || (i + 1 < count && hashes[i] == hashes[i + 1])) {
                dup++;
            }
        }
        return dup;
    }

    private static long mix(final long x) {
        long z = x ^ (x >>> 31);
        z *= 0xBF58476D1CE4E5B9L;
        return z ^ (z >>> 29);
    }
}
