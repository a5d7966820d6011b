package org.gpumatch.kmismatch.offtarget;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The off-target search on all cores in Java, on the packed genome in place: each thread takes slices of the part,
 * checks the pattern on both strands at every site ({@link SiteBits} over 32-position words) and compares each match
 * with every query. Cost per site: about 40 operations for the pattern, 25 per candidate and query; no copies.
 */
public final class CpuPartSearcher implements PartSearcher {
    private static final int SLICE = 1 << 16;
    private final SiteMasks masks;
    private final int threads;
    private final ExecutorService pool;
    private final int maxPart;

    public CpuPartSearcher(SiteMasks masks, int threads, int maxPart) {
        this.masks = masks;
        this.maxPart = maxPart;
        this.threads = Math.max(1, threads);
        this.pool = Executors.newFixedThreadPool(this.threads, r -> {
            Thread t = new Thread(r, "offtargets-cpu");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void search(int[] baseWords, int[] exceptionWords, boolean settled, long from, int count, HitList out) {
        List<Future<?>> tasks = new ArrayList<>();
        for (long s = from; s < from + count; s += SLICE) {
            long start = s;
            long end = Math.min(from + count, s + SLICE);
            tasks.add(pool.submit(() -> searchSlice(baseWords, exceptionWords, start, end, out)));
        }
        try {
            for (Future<?> f : tasks) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("off-target search failed: " + e.getCause(), e.getCause());
        }
    }

    private void searchSlice(int[] bases, int[] exc, long start, long end, HitList out) {
        long[] m = masks.masks();
        int words = masks.words();
        int queries = masks.queries();
        int limitBase = masks.limitBase();
        boolean plain = masks.plain();
        int strands = masks.strands();
        for (long p = start; p < end; p++) {
            long x0 = SiteBits.bases32(bases, p);
            long e0 = SiteBits.exceptions32(exc, p);
            long x1 = words > 1 ? SiteBits.bases32(bases, p + 32) : 0;
            long e1 = words > 1 ? SiteBits.exceptions32(exc, p + 32) : 0;
            for (int strand = 0; strand < strands; strand++) {
                int mb = strand * words * 4;
                long bad = SiteBits.mismatchBits(x0, e0, m[mb], m[mb + 1], m[mb + 2], m[mb + 3]);
                if (words > 1) {
                    bad |= SiteBits.mismatchBits(x1, e1, m[mb + 4], m[mb + 5], m[mb + 6], m[mb + 7]);
                }
                if (bad != 0) {
                    continue;
                }
                for (int q = 0; q < queries; q++) {
                    int qb = masks.at(q + 1, strand);
                    int mm = Long.bitCount(queryBits(plain, x0, e0, m, qb));
                    if (words > 1) {
                        mm += Long.bitCount(queryBits(plain, x1, e1, m, qb + 4));
                    }
                    if (mm <= m[limitBase + q]) {
                        out.add(p, (q << 8) | (strand << 7) | mm);
                    }
                }
            }
        }
    }

    /** The mismatch bits of one 32-position word against the query word whose slots start at {@code at}. */
    private static long queryBits(boolean plain, long bases, long exceptions, long[] m, int at) {
        return plain ? SiteBits.plainMismatchBits(bases, exceptions, m[at], m[at + 1])
                : SiteBits.mismatchBits(bases, exceptions, m[at], m[at + 1], m[at + 2], m[at + 3]);
    }

    @Override
    public int maxPart() {
        return maxPart;
    }

    @Override
    public long deviceNanos() {
        return -1;
    }

    @Override
    public String describe() {
        return "Java on " + threads + " threads";
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
