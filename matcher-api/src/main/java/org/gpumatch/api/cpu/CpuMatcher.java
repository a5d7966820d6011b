package org.gpumatch.api.cpu;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;

/**
 * The fast exact matcher for hosts without a GPU (or small one-shot queries): pure Java, all cores.
 *
 * <p>The start offsets {@code [0, n-m]} are split into parts of {@link #partBytes()} offsets; each part reads its bytes
 * plus the {@code m-1} that follow (parts overlap by {@code m-1} bytes, so every occurrence is found by exactly one
 * part), and the parts run on the common fork-join pool; {@code find} concatenates the parts' offsets in order.
 * Inside a part a SWAR filter compares two or four rare pattern bytes at 8 start offsets per 64-bit word and verifies
 * the few candidates ({@link PartSearcher}), directly in the caller's array. Cost: one pass over the text (about
 * {@code 3 * probes / 8 + 1/2} word operations per byte) plus {@code m-1} bytes per part and m bytes per verified
 * candidate; memory: none beyond the pattern, plus 4 bytes per match for {@code find}. A file is searched in place
 * ({@link #count(Path, Pattern)}): memory-mapped, each part copied into a per-thread scratch array of
 * {@link #partBytes()} + m - 1 bytes and searched there, reading and searching on all cores at once. Counts and
 * offsets equal the oracles'.
 */
public final class CpuMatcher implements Matcher {
    /** Default part size in text offsets: large enough to amortize the per-part setup, small enough for L2. */
    public static final int DEFAULT_PART_BYTES = 256 * 1024;

    private final int partBytes;
    private final Plan plan;

    /** A matcher with {@link #DEFAULT_PART_BYTES} parts. */
    public CpuMatcher() {
        this(DEFAULT_PART_BYTES);
    }

    /**
     * A matcher splitting the text into parts of {@code partBytes} start offsets (tests use small parts to put part
     * boundaries everywhere).
     *
     * @throws IllegalArgumentException if {@code partBytes < 1}
     */
    public CpuMatcher(int partBytes) {
        if (partBytes < 1) {
            throw new IllegalArgumentException("part size must be at least 1 byte, got " + partBytes);
        }
        this.partBytes = partBytes;
        this.plan = new Plan(Algorithm.CPU, "Java, " + Runtime.getRuntime().availableProcessors() + " threads",
                "CPU matcher (SWAR rare-byte probes over parts)");
    }

    /** The number of start offsets per part. */
    public int partBytes() {
        return partBytes;
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.CPU;
    }

    @Override
    public Optional<String> unsupportedReason(long n, int m, int sigma) {
        return Optional.empty();
    }

    @Override
    public long count(Text text, Pattern pattern) {
        return countStartingBefore(text.bytes(), pattern.toByteArray(), text.length());
    }

    /**
     * The occurrences of {@code pattern} that start at offsets {@code [0, limit)} of {@code text}, overlapping ones
     * included (the bench's peers count a part of a split text this way), on all cores. Reads at most
     * {@code limit + m - 1} bytes.
     *
     * @throws IllegalArgumentException if the pattern is empty or {@code limit} is negative
     */
    public long countStartingBefore(byte[] text, byte[] pattern, int limit) {
        return countStartingBefore(text, pattern, limit, true);
    }

    /**
     * {@link #countStartingBefore(byte[], byte[], int)} with every part searched in the calling thread: one core (the
     * bench's per-core rows; callers that split the text themselves).
     *
     * @throws IllegalArgumentException if the pattern is empty or {@code limit} is negative
     */
    public long countStartingBeforeInThisThread(byte[] text, byte[] pattern, int limit) {
        return countStartingBefore(text, pattern, limit, false);
    }

    private long countStartingBefore(byte[] text, byte[] pattern, int limit, boolean allCores) {
        int m = pattern.length;
        if (m == 0 || limit < 0) {
            throw new IllegalArgumentException("need a non-empty pattern and limit >= 0; m = " + m + ", limit = " + limit);
        }
        int end = (int) Math.min(limit, (long) text.length - m + 1); // one past the last start offset searched
        PartSearcher searcher = new PartSearcher(pattern.clone());
        IntStream parts = IntStream.range(0, partCount(end));
        return (allCores ? parts.parallel() : parts)
                .mapToLong(k -> searcher.search(text, partStart(k), partEnd(k, end), null)).sum();
    }

    @Override
    public int[] find(Text text, Pattern pattern) {
        byte[] t = text.bytes();
        int m = pattern.length();
        PartSearcher searcher = new PartSearcher(pattern.toByteArray());
        int end = t.length - m + 1;
        int parts = partCount(end);
        int[][] found = new int[parts][];
        IntStream.range(0, parts).parallel().forEach(k -> {
            OffsetList list = new OffsetList();
            searcher.search(t, partStart(k), partEnd(k, end), list);
            found[k] = list.toArray();
        });
        int total = Arrays.stream(found).mapToInt(a -> a.length).sum();
        int[] out = new int[total];
        int at = 0;
        for (int[] part : found) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    /**
     * The number of occurrences of {@code pattern} in {@code file}, overlapping ones included, searched in place: the
     * file is memory-mapped (windows of up to 1 GiB) and its parts are read and searched on all cores; it is never
     * held on the heap. Files of any size.
     *
     * @throws IOException if the file cannot be opened or mapped, or shrinks while it is searched
     */
    public long count(Path file, Pattern pattern) throws IOException {
        return fileSearch(pattern).search(file, null);
    }

    /**
     * Hands the offset of every occurrence of {@code pattern} in {@code file} to {@code sink}, ascending, from the
     * calling thread, and returns their number; searched in place like {@link #count(Path, Pattern)} (a window's
     * offsets are collected, 4 bytes per match, before they are handed on).
     *
     * @throws IOException if the file cannot be opened or mapped, or shrinks while it is searched
     */
    public long find(Path file, Pattern pattern, LongConsumer sink) throws IOException {
        return fileSearch(pattern).search(file, sink);
    }

    private MappedFileSearch fileSearch(Pattern pattern) {
        return new MappedFileSearch(pattern.toByteArray(), partBytes, MappedFileSearch.DEFAULT_WINDOW_STARTS);
    }

    @Override
    public Plan lastPlan() {
        return plan;
    }

    /** Parts covering start offsets {@code [0, end)}. */
    private int partCount(int end) {
        return end <= 0 ? 0 : (int) (((long) end + partBytes - 1) / partBytes);
    }

    private int partStart(int k) {
        return k * partBytes;
    }

    private int partEnd(int k, int end) {
        return (int) Math.min((long) (k + 1) * partBytes, end);
    }
}
