package org.gpumatch.suffixarray.gpu;

import org.gpumatch.gpu.primitives.TileKernel;

/**
 * The kernel of {@link GpuLcpBuilder}: the Phi method (Kärkkäinen, Manzini and Puglisi) in four barrier-free phases,
 * one work-item per element or per chunk of {@link #chunk} text positions.
 *
 * <ol>
 *   <li>{@link #PHASE_PHI}: {@code phi[sa[i]] = sa[i - 1]} ({@code -1} for {@code sa[0]}), one scatter;</li>
 *   <li>{@link #PHASE_STARTS}: the PLCP value of each chunk's first position, compared from 0 but at most
 *       {@link #cap} bytes: {@code starts[c]} is exact, or {@code -1} when the first {@code cap} bytes all matched
 *       (then {@link #unresolved} counts it and the host settles it, see {@link GpuLcpBuilder});</li>
 *   <li>{@link #PHASE_CHUNKS}: each chunk walks its positions in text order from its start value, every comparison
 *       starting at the previous length minus one ({@code plcp[j + 1] >= plcp[j] - 1}), and overwrites {@code phi}
 *       with PLCP;</li>
 *   <li>{@link #PHASE_GATHER}: {@code lcp[i] = plcp[sa[i]]}.</li>
 * </ol>
 * It extends {@link TileKernel} (gpu-core's one composition model) but uses none of its barrier or local-memory cores:
 * every phase is barrier-free, so its local arrays stay at one element. Every bound array that the collector may move
 * is downloaded by {@link org.gpumatch.gpu.runtime.GuardedKernel} after each launch, so the host needs no
 * {@code keepCurrent}.
 */
public final class LcpKernel extends TileKernel {
    /** Phase: the Phi scatter. */
    public static final int PHASE_PHI = 1;
    /** Phase: the chunks' start values, capped. */
    public static final int PHASE_STARTS = 2;
    /** Phase: PLCP chunk by chunk. */
    public static final int PHASE_CHUNKS = 3;
    /** Phase: the LCP gather. */
    public static final int PHASE_GATHER = 4;
    /** The compare limit of {@link #PHASE_CHUNKS}: none. */
    static final int NO_LIMIT = Integer.MAX_VALUE;

    int phase;
    int n;
    int chunk;
    int cap;
    byte[] text = new byte[1];
    int[] sa = new int[1];
    int[] phi = new int[1];
    int[] starts = new int[1];
    int[] lcp = new int[1];
    int[] unresolved = new int[1];

    @Override
    public void run() {
        int g = getGlobalId();
        if (phase == PHASE_PHI) {
            if (g < n) {
                if (g == 0) {
                    phi[sa[g]] = -1;
                } else {
                    phi[sa[g]] = sa[g - 1];
                }
            }
        } else if (phase == PHASE_STARTS) {
            int s = g * chunk;
            if (s < n) {
                int v = common(s, phi[s], 0, cap);
                starts[g] = v;
                if (v < 0) {
                    atomicAdd(unresolved, 0, 1);
                }
            }
        } else if (phase == PHASE_CHUNKS) {
            int s = g * chunk;
            if (s < n) {
                int end = Math.min(n, s + chunk);
                int l = starts[g];
                phi[s] = l;
                for (int j = s + 1; j < end; j++) {
                    l = common(j, phi[j], Math.max(l - 1, 0), NO_LIMIT);
                    phi[j] = l;
                }
            }
        } else if (phase == PHASE_GATHER) {
            if (g < n) {
                lcp[g] = phi[sa[g]];
            }
        }
    }

    /**
     * The longest common prefix of the suffixes a and b, known to be at least {@code from}, compared up to
     * {@code limit} bytes: -1 when all of them matched and more may follow; 0 when b is -1 (no previous suffix).
     */
    int common(int a, int b, int from, int limit) {
        int result = 0;
        if (b >= 0) {
            int end = n - Math.max(a, b);
            int l = from;
            while (l < end && l < limit && text[a + l] == text[b + l]) {
                l++;
            }
            result = l;
            if (l >= limit && l < end && text[a + l] == text[b + l]) {
                result = -1;
            }
        }
        return result;
    }
}
