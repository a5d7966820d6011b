package org.gpumatch.bench.peers;

import java.nio.charset.StandardCharsets;

/**
 * The JDK's own substring search: the text as a Latin-1 {@link String} (one byte per char, so with compact strings
 * it is a copy of the bytes) and {@link String#indexOf(String, int)} from each match + 1, which counts overlapping
 * occurrences. HotSpot intrinsifies Latin-1 {@code indexOf} with SIMD instructions on x86-64.
 *
 * <p>Cost: {@link #prepare} copies the text once (n bytes, outside the timing); each {@code count} creates an m-char
 * pattern string and scans. Worst case O(nm). Note: {@code indexOf} has no end bound, so after the last occurrence
 * before {@code limit} it scans on to the end of the prepared text; give each thread its own slice
 * ({@link SplitText} does).
 */
public final class Latin1IndexOf implements CpuPeer {
    @Override
    public String name() {
        return "indexof";
    }

    @Override
    public CpuPeer.Searcher prepare(byte[] text) {
        String s = new String(text, StandardCharsets.ISO_8859_1);
        return (pattern, limit) -> count(s, pattern, limit);
    }

    /** The occurrences of {@code pattern} in {@code text} that start before {@code limit}. */
    static long count(String text, byte[] pattern, int limit) {
        if (pattern.length == 0) {
            throw new IllegalArgumentException("the pattern is empty");
        }
        String p = new String(pattern, StandardCharsets.ISO_8859_1);
        long found = 0;
        for (int i = text.indexOf(p); i >= 0 && i < limit; i = text.indexOf(p, i + 1)) {
            found++;
        }
        return found;
    }
}
