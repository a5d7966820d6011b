package org.gpumatch.bench.peers;

/**
 * Boyer-Moore-Horspool (Horspool 1980), the classic skip-loop CPU matcher: compare the window's last byte, then the
 * rest, then shift by the bad-character distance of the window's last byte. Counts overlapping occurrences (the shift
 * never passes an occurrence, also after a match).
 *
 * <p>Cost: preprocessing O(m + 256) time and a 1 KiB shift table; search O(n/m) best case (random text, large
 * alphabet), O(nm) worst case (e.g. {@code a^m} in {@code a^n}), no allocation. Pathological inputs: small alphabets
 * (sigma = 1 gives shifts of 1-2) and periodic texts.
 */
public final class Horspool implements CpuPeer {
    @Override
    public String name() {
        return "horspool";
    }

    @Override
    public CpuPeer.Searcher prepare(byte[] text) {
        return (pattern, limit) -> count(text, pattern, limit);
    }

    /** The occurrences of {@code p} in {@code t} that start in {@code [0, limit)}. */
    public static long count(byte[] t, byte[] p, int limit) {
        int m = p.length;
        if (m == 0) {
            throw new IllegalArgumentException("the pattern is empty");
        }
        int lastStart = Math.min(limit - 1, t.length - m); // last window start to examine
        if (lastStart < 0) {
            return 0;
        }
        int[] shift = shiftTable(p);
        byte last = p[m - 1];
        long found = 0;
        int i = 0;
        while (i <= lastStart) {
            byte c = t[i + m - 1];
            if (c == last && prefixMatches(t, i, p)) {
                found++;
            }
            i += shift[c & 0xFF];
        }
        return found;
    }

    /** shift[c] = distance from the last occurrence of c in p[0..m-2] to the end, or m when absent. */
    static int[] shiftTable(byte[] p) {
        int m = p.length;
        int[] shift = new int[256];
        java.util.Arrays.fill(shift, m);
        for (int i = 0; i < m - 1; i++) {
            shift[p[i] & 0xFF] = m - 1 - i;
        }
        return shift;
    }

    private static boolean prefixMatches(byte[] t, int i, byte[] p) {
        for (int j = 0, end = p.length - 1; j < end; j++) {
            if (t[i + j] != p[j]) {
                return false;
            }
        }
        return true;
    }
}
