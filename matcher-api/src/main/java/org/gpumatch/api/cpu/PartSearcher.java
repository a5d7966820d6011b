package org.gpumatch.api.cpu;

import java.util.Arrays;

/**
 * Searches one part of a text for one pattern with HotSpot's vectorized Latin-1 {@code String.indexOf} intrinsics.
 *
 * <p>The part's bytes are copied into a Latin-1 {@link String} (compact strings store one byte per char, so the copy is
 * a plain array copy). For short patterns the searcher scans with {@code indexOf(String)}; for longer ones it scans for
 * the pattern's rarest byte ({@link RareByteRank}, a memchr-style prefilter) with {@code indexOf(int)} and verifies each
 * candidate with {@link Arrays#equals(byte[], int, int, byte[], int, int)} (vectorized mismatch). Cost per part: the
 * part's bytes copied once and scanned once, plus m bytes per verified candidate; memory: the part's bytes plus m-1.
 * Thread-safe: it holds only the pattern.
 */
final class PartSearcher {
    private final byte[] p;
    private final String pattern;
    private final int rare;

    PartSearcher(byte[] p) {
        this.p = p;
        this.pattern = latin1(p, 0, p.length);
        this.rare = RareByteRank.rarestIndex(p);
    }

    /**
     * Counts the occurrences starting at offsets {@code [from, to)} of {@code t} (the caller guarantees
     * {@code to + m - 1 <= t.length}), appending their offsets to {@code out} when it is not null.
     */
    long search(byte[] t, int from, int to, OffsetList out) {
        int m = p.length;
        if (to <= from) {
            return 0;
        }
        String part = latin1(t, from, to - from + m - 1);
        return useWholePattern() ? scanWhole(part, from, to, out) : scanRare(t, part, from, to, out);
    }

    private boolean useWholePattern() {
        return p.length <= 16 || RareByteRank.rank(p[rare]) >= 200;
    }

    private long scanWhole(String part, int from, int to, OffsetList out) {
        long found = 0;
        int last = to - from;
        for (int i = part.indexOf(pattern); i >= 0 && i < last; i = part.indexOf(pattern, i + 1)) {
            found++;
            if (out != null) {
                out.add(from + i);
            }
        }
        return found;
    }

    private long scanRare(byte[] t, String part, int from, int to, OffsetList out) {
        int m = p.length;
        char rareChar = (char) (p[rare] & 0xFF);
        int limit = part.length() - (m - 1 - rare); // candidate rare positions must leave room for the pattern's tail
        long found = 0;
        for (int j = part.indexOf(rareChar, rare); j >= 0 && j < limit; j = part.indexOf(rareChar, j + 1)) {
            int start = from + j - rare;
            if (Arrays.equals(t, start, start + m, p, 0, m)) {
                found++;
                if (out != null) {
                    out.add(start);
                }
            }
        }
        return found;
    }

    @SuppressWarnings("deprecation")
    private static String latin1(byte[] bytes, int offset, int length) {
        return new String(bytes, 0, offset, length); // high byte 0: each byte is one Latin-1 char, stored compactly
    }
}
