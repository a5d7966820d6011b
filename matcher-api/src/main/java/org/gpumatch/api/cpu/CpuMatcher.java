package org.gpumatch.api.cpu;

import java.util.Arrays;
import java.util.Optional;
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
 * Inside a part the bytes are copied into a Latin-1 {@link String} (a cache-resident copy) so that HotSpot's vectorized
 * {@code String.indexOf} intrinsics do the scanning ({@link PartSearcher}). Cost: one pass over the text (each byte
 * read twice: copy and scan, both in cache) plus {@code m-1} bytes per part; memory: one part per worker thread
 * ({@link #partBytes()} + m bytes) plus 4 bytes per match for {@code find}. Counts and offsets equal the oracles'.
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
                "CPU matcher (vectorized String.indexOf over parts)");
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
        byte[] t = text.bytes();
        PartSearcher searcher = new PartSearcher(pattern.toByteArray());
        int parts = partCount(t.length, pattern.length());
        if (parts <= 1) {
            return parts == 0 ? 0 : searcher.search(t, 0, t.length - pattern.length() + 1, null);
        }
        return IntStream.range(0, parts).parallel()
                .mapToLong(k -> searcher.search(t, partStart(k), partEnd(k, t.length, pattern.length()), null))
                .sum();
    }

    @Override
    public int[] find(Text text, Pattern pattern) {
        byte[] t = text.bytes();
        int m = pattern.length();
        PartSearcher searcher = new PartSearcher(pattern.toByteArray());
        int parts = partCount(t.length, m);
        int[][] found = new int[parts][];
        IntStream.range(0, parts).parallel().forEach(k -> {
            OffsetList list = new OffsetList();
            searcher.search(t, partStart(k), partEnd(k, t.length, m), list);
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

    @Override
    public Plan lastPlan() {
        return plan;
    }

    private int partCount(int n, int m) {
        long starts = (long) n - m + 1;
        return starts <= 0 ? 0 : (int) ((starts + partBytes - 1) / partBytes);
    }

    private int partStart(int k) {
        return k * partBytes;
    }

    private int partEnd(int k, int n, int m) {
        return (int) Math.min((long) (k + 1) * partBytes, (long) n - m + 1);
    }
}
