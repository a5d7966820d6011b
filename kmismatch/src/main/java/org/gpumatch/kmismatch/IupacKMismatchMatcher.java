package org.gpumatch.kmismatch;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchArguments;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.KMismatchMatcher;

/**
 * k mismatches with IUPAC pattern codes ({@link Iupac}): a pattern symbol matches a text base in its set and never
 * counts as a mismatch there; a text symbol other than A/C/G/T/U is a mismatch against any pattern symbol. A
 * multi-threaded Java scan (windows in slices over a fork-join pool), early exit above k. Cost: at most m table
 * lookups per window; memory: m ints for the pattern sets, 4 bytes per window, 8 bytes per hit.
 * (A device kernel for IUPAC is not written yet: the planner has no GPU choice for it.)
 */
public final class IupacKMismatchMatcher implements KMismatchMatcher {
    private static final int SLICE = 1 << 14;
    private final ForkJoinPool pool;

    /** A matcher on {@code threads} threads. */
    public IupacKMismatchMatcher(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.pool = new ForkJoinPool(threads);
    }

    @Override
    public String name() {
        return "iupac-cpu";
    }

    @Override
    public KMismatchHits find(Text text, Pattern pattern, int k) {
        KMismatchArguments.check(text, pattern, k);
        int m = pattern.length();
        int[] sets = new int[m];
        for (int i = 0; i < m; i++) {
            sets[i] = Iupac.baseSet(pattern.byteAt(i));
        }
        byte[] t = text.bytes();
        int windows = KMismatchArguments.windows(t.length, m);
        int[] dist = new int[windows];
        int slices = (windows + SLICE - 1) / SLICE;
        pool.submit(() -> IntStream.range(0, slices).parallel().forEach(s -> {
            int end = Math.min(windows, (s + 1) * SLICE);
            for (int j = s * SLICE; j < end; j++) {
                int d = 0;
                for (int i = 0; i < m && d <= k; i++) {
                    if ((Iupac.textBase(t[j + i]) & sets[i]) == 0) {
                        d++;
                    }
                }
                dist[j] = d;
            }
        })).join();
        return KMismatchHits.within(dist, k);
    }

    @Override
    public long count(Text text, Pattern pattern, int k) {
        return find(text, pattern, k).size();
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
