package org.gpumatch.api.stream;

import java.util.OptionalInt;
import org.gpumatch.api.Matcher;

/**
 * The arithmetic of chunked search, and the largest chunk a matcher accepts.
 *
 * <p>A text of N bytes is cut into chunks of c bytes. For a pattern of m bytes, window k holds the bytes
 * {@code [k*c, min(N, k*c + c + m - 1))}: its own chunk and the first m-1 bytes of the next, so that every occurrence
 * starting in chunk k lies wholly inside window k, and windows k and k+1 share m-1 bytes. Each occurrence is found in
 * exactly one window: the one holding its start. A window is a {@link org.gpumatch.api.Text}, so it holds at most
 * {@link #MAX_WINDOW_BYTES}: c + m - 1 must not exceed that.
 */
public final class ChunkSizes {
    /** The largest window: Java arrays hold at most 2^31-1 elements, less a few header words (2^31-9, as {@code Files.readAllBytes}). */
    public static final int MAX_WINDOW_BYTES = Integer.MAX_VALUE - 8;
    /**
     * The default chunk, 256 MiB: on a GPU the cost per chunk (a launch, a few result words) is microseconds against the
     * tens of milliseconds it takes to read and upload 256 MiB, while two chunk buffers stay well inside a default heap.
     */
    public static final int DEFAULT_CHUNK_BYTES = 1 << 28;

    private ChunkSizes() {
    }

    /**
     * The chunk used for a pattern of {@code m} bytes when {@code requested} is asked for: {@code requested}, lowered so
     * that a window of chunk + m - 1 bytes is at most {@link #MAX_WINDOW_BYTES}.
     *
     * @throws IllegalArgumentException when {@code requested < 1} or m is so long that no window can hold a chunk
     */
    public static int chunkFor(long requested, int m) {
        if (requested < 1) {
            throw new IllegalArgumentException("the chunk size must be at least 1 byte: " + requested);
        }
        if (m < 1 || m > MAX_WINDOW_BYTES) {
            throw new IllegalArgumentException("a pattern of " + m + " bytes does not fit a window of at most "
                    + MAX_WINDOW_BYTES + " bytes");
        }
        return (int) Math.min(requested, (long) MAX_WINDOW_BYTES - (m - 1));
    }

    /** The bytes of a full window: {@code chunk + m - 1}. */
    public static int windowBytes(int chunk, int m) {
        return Math.toIntExact((long) chunk + m - 1);
    }

    /**
     * The number of windows a text of {@code size} bytes is read in: at least 1 (an empty text, or one shorter than
     * the pattern, is one window holding no occurrence), else {@code ceil((size - m + 1) / chunk)}.
     */
    public static long windowCount(long size, int chunk, int m) {
        long starts = size - m + 1;
        return starts <= 0 ? 1 : (starts + chunk - 1) / chunk;
    }

    /**
     * The largest text length in {@code [m, upTo]} that {@code matcher} accepts for patterns of {@code m} bytes over
     * {@code sigma}-bit symbols ({@link Matcher#unsupportedReason} empty), or 0 when it refuses even a text of m bytes
     * (then the refusal is not about size). Assumes that a matcher taking a text also takes every shorter one.
     *
     * <p>Cost: about log2(upTo / m) calls of {@code unsupportedReason}.
     */
    public static long largestAcceptedText(Matcher matcher, int m, int sigma, long upTo) {
        if (upTo < m || matcher.unsupportedReason(m, m, sigma).isPresent()) {
            return 0;
        }
        long lo = m; // accepted
        long hi = upTo;
        if (matcher.unsupportedReason(hi, m, sigma).isEmpty()) {
            return hi;
        }
        while (hi - lo > 1) { // invariant: lo accepted, hi refused
            long mid = lo + (hi - lo) / 2;
            if (matcher.unsupportedReason(mid, m, sigma).isEmpty()) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The largest chunk up to {@code requested} (see {@link #chunkFor}) whose windows {@code matcher} accepts, or empty
     * when it refuses even a window of m bytes (its refusal is not about size).
     */
    public static OptionalInt fittingChunk(Matcher matcher, int m, int sigma, long requested) {
        int chunk = chunkFor(requested, m);
        long largest = largestAcceptedText(matcher, m, sigma, windowBytes(chunk, m));
        return largest < m ? OptionalInt.empty() : OptionalInt.of((int) (largest - (m - 1)));
    }
}
