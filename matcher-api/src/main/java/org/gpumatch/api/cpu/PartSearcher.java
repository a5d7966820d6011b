package org.gpumatch.api.cpu;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Ranks at or above which a byte is too common for a byte prefilter ({@link RareByteRank}: DNA, space, NUL). */
    private static final int COMMON_RANK = 200;
    private final byte[] p;
    private final long headMask;
    private final long head;
    private final String pattern;
    private final int rare;

    PartSearcher(byte[] p) {
        this.p = p;
        this.pattern = latin1(p, 0, p.length);
        this.rare = RareByteRank.rarestIndex(p);
        int k = Math.min(8, p.length);
        this.headMask = k == 8 ? -1L : (1L << (8 * k)) - 1;
        long h = 0;
        for (int j = k - 1; j >= 0; j--) {
            h = (h << 8) | (p[j] & 0xFF);
        }
        this.head = h;
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
        if (RareByteRank.rank(p[rare]) >= COMMON_RANK) {
            return scanWords(t, from, to, out);
        }
        String part = latin1(t, from, to - from + m - 1);
        return m <= 16 ? scanWhole(part, from, to, out) : scanRare(t, part, from, to, out);
    }

    /**
     * For patterns made only of common bytes (DNA, where every byte is a quarter of the text), where a byte prefilter
     * stops every few bytes: compares the first min(m, 8) pattern bytes with one 8-byte load per offset, then verifies.
     */
    private long scanWords(byte[] t, int from, int to, OffsetList out) {
        int m = p.length;
        int wordEnd = Math.min(to, t.length - 7); // offsets whose 8-byte load stays inside the text
        long found = 0;
        int i = from;
        for (; i < wordEnd; i++) {
            if ((((long) LONGS.get(t, i)) & headMask) == head && (m <= 8 || Arrays.equals(t, i + 8, i + m, p, 8, m))) {
                found++;
                if (out != null) {
                    out.add(i);
                }
            }
        }
        for (; i < to; i++) {
            if (Arrays.equals(t, i, i + m, p, 0, m)) {
                found++;
                if (out != null) {
                    out.add(i);
                }
            }
        }
        return found;
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
