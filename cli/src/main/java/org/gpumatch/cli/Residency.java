package org.gpumatch.cli;

import java.util.Optional;
import java.util.OptionalInt;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.stream.ChunkSizes;

/**
 * Whether a search holds its text whole (resident: one {@code Text}, uploaded to the device once) or streams it in
 * chunks with m-1 bytes of overlap ({@link org.gpumatch.api.stream.ChunkedSearch}), decided from sizes before anything
 * is read. The rules, in order:
 * <ol>
 *   <li>{@code --chunk-size} given: streamed in chunks of that size (a file or a pipe), provided the algorithm takes
 *       windows of chunk + m - 1 bytes (else an error naming the largest chunk it takes);</li>
 *   <li>standard input, a pipe or a FIFO: resident (read to its end; over 2^31-9 bytes an error says to pass
 *       {@code --chunk-size});</li>
 *   <li>a file over {@link TextFiles#MAX_RESIDENT_BYTES}: streamed;</li>
 *   <li>a file that does not fit twice in the free Java heap (the text, and a matcher's host copy of it): streamed;</li>
 *   <li>a file the algorithm refuses whole but takes in parts (its {@code unsupportedReason} refuses n bytes and
 *       accepts fewer: a device's largest buffer): streamed;</li>
 *   <li>otherwise resident.</li>
 * </ol>
 * Unless given, the chunk is {@link ChunkSizes#DEFAULT_CHUNK_BYTES}, at most a quarter of the free heap (two window
 * buffers and the matcher's copy of one), at most what the algorithm takes.
 *
 * <p>The algorithm is asked with sigma = {@link #SIGMA}: the alphabet of a file is not known before it is read, and 8
 * bits covers every byte text, so an answer holds whatever the chunks contain.
 *
 * @param chunkBytes 0 when resident, else the chunk
 * @param why        why the text is streamed, for {@code --explain}; empty when resident
 */
record Residency(long chunkBytes, String why) {
    /** The symbol width the algorithm is asked about before the text is read: all 256 byte values. */
    static final int SIGMA = 8;
    /** The smallest default chunk, however little heap is free. */
    static final long MIN_DEFAULT_CHUNK = 1 << 20;
    static final Residency RESIDENT = new Residency(0, "");

    boolean streamed() {
        return chunkBytes > 0;
    }

    /**
     * Applies the rules to {@code input}, a pattern of {@code m} bytes, {@code --chunk-size} (null when not given),
     * {@code freeHeap} bytes of free Java heap, and {@code algorithm}, a matcher of the algorithm that will run
     * (only its {@code unsupportedReason} is asked).
     */
    static Residency decide(TextInput input, int m, Long chunkOption, long freeHeap, Matcher algorithm) {
        if (chunkOption != null) {
            return requested(chunkOption, m, algorithm);
        }
        if (input.isStream()) {
            return RESIDENT;
        }
        long n = input.size();
        String why;
        if (n > TextFiles.MAX_RESIDENT_BYTES) {
            why = "the file is larger than the " + TextFiles.MAX_RESIDENT_BYTES + " bytes (2^31-9) a text held whole "
                    + "can have";
        } else if (2 * n > freeHeap) {
            why = "the file does not fit twice in the free Java heap (" + Units.bytes(freeHeap)
                    + "; GPUMATCH_HEAP raises it)";
        } else {
            Optional<String> refusal = algorithm.unsupportedReason(n, m, SIGMA);
            if (refusal.isEmpty() || ChunkSizes.largestAcceptedText(algorithm, m, SIGMA, n) == 0) {
                return RESIDENT; // takes it, or refuses it for something other than its size: the capability check says
            }
            why = algorithm.algorithm().cliName() + " cannot take it whole: " + refusal.get();
        }
        long wanted = Math.min(ChunkSizes.DEFAULT_CHUNK_BYTES, Math.max(MIN_DEFAULT_CHUNK, freeHeap / 4));
        OptionalInt fit = ChunkSizes.fittingChunk(algorithm, m, SIGMA, wanted);
        return new Residency(fit.orElse(ChunkSizes.chunkFor(wanted, m)), why);
    }

    /** Streaming in chunks of {@code --chunk-size}, or an error when the algorithm cannot take windows that large. */
    private static Residency requested(long chunkOption, int m, Matcher algorithm) {
        if (chunkOption < 1) {
            throw new CliException("--chunk-size must be at least 1 byte: " + chunkOption);
        }
        long largest = (long) TextFiles.MAX_RESIDENT_BYTES - (m - 1);
        if (chunkOption > largest) {
            throw new CliException("--chunk-size " + chunkOption + " is too large: with a pattern of " + m
                    + " bytes a chunk is at most " + largest + " bytes (2^31-9 - (m-1)), so that a chunk and the m-1 "
                    + "bytes after it fit in one text");
        }
        int chunk = (int) chunkOption;
        OptionalInt fit = ChunkSizes.fittingChunk(algorithm, m, SIGMA, chunk);
        if (fit.isPresent() && fit.getAsInt() < chunk) {
            throw new CliException("--chunk-size " + chunk + " is too large for " + algorithm.algorithm().cliName()
                    + ": " + algorithm.unsupportedReason(ChunkSizes.windowBytes(chunk, m), m, SIGMA).orElse("")
                    + "; the largest chunk it takes is " + fit.getAsInt() + " (--chunk-size " + fit.getAsInt() + ")");
        }
        return new Residency(chunk, "--chunk-size given");
    }
}
