package org.gpumatch.api.multi;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An ordered list of k non-empty byte patterns for multi-pattern matching; a pattern's index in the list is the index
 * reported with its occurrences. Duplicates are allowed: equal patterns are reported (and counted) under each of their
 * indices.
 *
 * <p>The bytes are copied once at construction; {@link #bytes(int)} returns the internal copy without copying again
 * (callers must not modify it). Memory: the patterns' bytes plus 16 bytes per pattern.
 */
public final class PatternSet {
    private final byte[][] patterns;
    private final int shortest;
    private final int longest;
    private final long totalBytes;

    private PatternSet(byte[][] patterns) {
        if (patterns.length == 0) {
            throw new IllegalArgumentException("a pattern set needs at least one pattern");
        }
        int lo = Integer.MAX_VALUE;
        int hi = 0;
        long total = 0;
        for (int i = 0; i < patterns.length; i++) {
            if (patterns[i] == null || patterns[i].length == 0) {
                throw new IllegalArgumentException("pattern " + i + " is empty");
            }
            lo = Math.min(lo, patterns[i].length);
            hi = Math.max(hi, patterns[i].length);
            total += patterns[i].length;
        }
        this.patterns = patterns;
        this.shortest = lo;
        this.longest = hi;
        this.totalBytes = total;
    }

    /** The patterns in {@code list}, copied; index i is {@code list.get(i)}. */
    public static PatternSet of(List<byte[]> list) {
        byte[][] copy = new byte[list.size()][];
        for (int i = 0; i < copy.length; i++) {
            byte[] p = list.get(i);
            copy[i] = p == null ? null : p.clone();
        }
        return new PatternSet(copy);
    }

    /** The UTF-8 bytes of each string, in order. */
    public static PatternSet utf8(String... patterns) {
        List<byte[]> list = new ArrayList<>();
        for (String s : patterns) {
            list.add(s.getBytes(StandardCharsets.UTF_8));
        }
        return of(list);
    }

    /** Number of patterns k. */
    public int size() {
        return patterns.length;
    }

    /** Pattern {@code index}: the internal array, not a copy; do not modify it. */
    public byte[] bytes(int index) {
        return patterns[index];
    }

    /** Length of pattern {@code index}. */
    public int length(int index) {
        return patterns[index].length;
    }

    /** The length of the shortest pattern. */
    public int shortest() {
        return shortest;
    }

    /** The length of the longest pattern: streams overlap their chunks by {@code longest() - 1} bytes. */
    public int longest() {
        return longest;
    }

    /** Whether all patterns have the same length (the paper's setting for {@code multi-rk} in one pass). */
    public boolean uniformLength() {
        return shortest == longest;
    }

    /** The sum of the pattern lengths. */
    public long totalBytes() {
        return totalBytes;
    }

    /** The patterns of length {@code m}, as their indices ascending. */
    public int[] indicesOfLength(int m) {
        return java.util.stream.IntStream.range(0, patterns.length).filter(i -> patterns[i].length == m).toArray();
    }

    /** The distinct pattern lengths, ascending. */
    public int[] distinctLengths() {
        return Arrays.stream(patterns).mapToInt(p -> p.length).distinct().sorted().toArray();
    }

    @Override
    public String toString() {
        return size() + " patterns of " + shortest + ".." + longest + " bytes";
    }
}
