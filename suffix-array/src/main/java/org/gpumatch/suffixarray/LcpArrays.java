package org.gpumatch.suffixarray;

import org.gpumatch.checker.ThreadTeam;

/**
 * LCP arrays on the CPU by the Phi method (Kärkkäinen, Manzini and Puglisi, CPM 2009): {@code lcp[i]} is the length of
 * the longest common prefix of the suffixes {@code sa[i - 1]} and {@code sa[i]}, and {@code lcp[0] = 0} (libsais's and
 * sdsl's convention).
 *
 * <ol>
 *   <li>Phi: {@code phi[sa[i]] = sa[i - 1]} (the suffix before each suffix in SA order; -1 for {@code sa[0]}): one
 *       scatter.</li>
 *   <li>PLCP in text order: {@code plcp[j] = lcp(j, phi[j])}; since {@code plcp[j + 1] >= plcp[j] - 1}, each
 *       comparison starts at the previous length minus one, so the comparisons total at most 2n (sequentially); the
 *       values overwrite {@code phi} in place.</li>
 *   <li>LCP: {@code lcp[i] = plcp[sa[i]]}: one gather.</li>
 * </ol>
 * With threads, each pass is split into ranges; a PLCP range starts its comparisons from 0 (at most the first
 * suffix's LCP extra per range, typically a few bytes; O(n) per range on one repeated byte).
 *
 * <p>Memory: the {@code 4n}-byte result and one {@code int[n]} (phi, then PLCP). Time: three passes over n, the
 * scatter and gather random, the PLCP pass sequential in the text plus a random read of {@code text[phi[j]]} per
 * suffix; no allocation beyond the two arrays.
 */
public final class LcpArrays {
    private LcpArrays() {
    }

    /**
     * @param text the text
     * @param sa its suffix array (not verified; a wrong array gives a wrong LCP array, never an exception past the
     *           text's end)
     * @param threads worker threads, at least 1
     * @return the LCP array, {@code text.length} entries
     * @throws IllegalArgumentException if the lengths differ or threads is below 1
     */
    public static int[] build(final byte[] text, final int[] sa, final int threads) {
        final int n = text.length;
        if (sa.length != n) {
            throw new IllegalArgumentException("suffix array of " + sa.length + " entries for a text of " + n
                    + " bytes");
        }
        final int[] lcp = new int[n];
        if (n == 0) {
            return lcp;
        }
        final int[] plcp = new int[n];
        final int teamSize = Math.max(1, Math.min(threads, n / (1 << 16) + 1));
        try (ThreadTeam workers = new ThreadTeam(teamSize, "gpumatch-sa-cpu")) {
            final int t = workers.threads();
            workers.forEachThread((thread, ignored) -> {
                final int end = ThreadTeam.blockStart(n, thread + 1, t);
                for (int i = Math.max(1, ThreadTeam.blockStart(n, thread, t)); i < end; i++) {
                    plcp[sa[i]] = sa[i - 1];
                }
            });
            plcp[sa[0]] = -1;
            workers.forEachThread((thread, ignored) ->
                    plcpRange(text, plcp, ThreadTeam.blockStart(n, thread, t), ThreadTeam.blockStart(n, thread + 1, t)));
            workers.forEachThread((thread, ignored) -> {
                final int end = ThreadTeam.blockStart(n, thread + 1, t);
                for (int i = ThreadTeam.blockStart(n, thread, t); i < end; i++) {
                    lcp[i] = plcp[sa[i]];
                }
            });
        }
        return lcp;
    }

    /** Turns {@code phi[from, to)} into PLCP values in place. */
    private static void plcpRange(final byte[] text, final int[] phi, final int from, final int to) {
        final int n = text.length;
        int l = 0;
        for (int j = from; j < to; j++) {
            final int k = phi[j];
            if (k < 0) {
                phi[j] = 0;
                l = 0;
                continue;
            }
            final int limit = n - Math.max(j, k);
            while (l < limit && text[j + l] == text[k + l]) {
                l++;
            }
            phi[j] = l;
            if (l > 0) {
                l--;
            }
        }
    }
}
