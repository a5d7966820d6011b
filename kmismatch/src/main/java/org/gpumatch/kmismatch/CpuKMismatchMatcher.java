package org.gpumatch.kmismatch;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.kmismatch.KMismatchArguments;
import org.gpumatch.api.kmismatch.KMismatchHits;
import org.gpumatch.api.kmismatch.KMismatchMatcher;

/**
 * The multi-core CPU peer: windows split into slices of 16384 over a fork-join pool of the given size; each window compared 8 bytes at a
 * time (XOR of unaligned little-endian longs, the non-zero bytes counted with a carry-free mask and
 * {@link Long#bitCount}), stopping once above k. Cost: at most ceil(m/8) word compares per window; memory: 4 bytes per
 * window for the distances plus 8 bytes per hit.
 */
public final class CpuKMismatchMatcher implements KMismatchMatcher {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    private static final long HIGH = 0x8080808080808080L;
    private static final int SLICE = 1 << 14;
    private final int threads;
    private final ForkJoinPool pool;

    /** A matcher on {@code threads} threads (1: the single-thread Java scan of the bench). */
    public CpuKMismatchMatcher(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.pool = threads > 1 ? new ForkJoinPool(threads) : null;
    }

    @Override
    public String name() {
        return KMismatchVariant.CPU.cliName();
    }

    /** The number of non-zero bytes of {@code x}. */
    static int nonZeroBytes(long x) {
        return Long.bitCount((((x & LOW7) + LOW7) | x) & HIGH);
    }

    /** The distance at window j, or a value above k once it exceeds k. */
    static int distance(byte[] t, int j, byte[] p, int k) {
        int m = p.length;
        int d = 0;
        int i = 0;
        for (; i + 8 <= m && d <= k; i += 8) {
            d += nonZeroBytes((long) LONGS.get(t, j + i) ^ (long) LONGS.get(p, i));
        }
        for (; i < m && d <= k; i++) {
            if (t[j + i] != p[i]) {
                d++;
            }
        }
        return d;
    }

    private int[] distances(byte[] t, byte[] p, int k, int windows) {
        int[] dist = new int[windows];
        int slices = (windows + SLICE - 1) / SLICE;
        if (pool == null) {
            scanSlices(IntStream.range(0, slices), t, p, k, dist);
        } else {
            pool.submit(() -> scanSlices(IntStream.range(0, slices).parallel(), t, p, k, dist)).join();
        }
        return dist;
    }

    private static void scanSlices(IntStream slices, byte[] t, byte[] p, int k, int[] dist) {
        slices.forEach(s -> {
            int end = Math.min(dist.length, (s + 1) * SLICE);
            for (int j = s * SLICE; j < end; j++) {
                dist[j] = distance(t, j, p, k);
            }
        });
    }

    @Override
    public KMismatchHits find(Text text, Pattern pattern, int k) {
        KMismatchArguments.check(text, pattern, k);
        byte[] p = pattern.toByteArray();
        int windows = KMismatchArguments.windows(text.length(), p.length);
        int[] dist = distances(text.bytes(), p, k, windows);
        return KMismatchHits.within(dist, k);
    }

    @Override
    public long count(Text text, Pattern pattern, int k) {
        return find(text, pattern, k).size();
    }

    /** The number of threads. */
    public int threads() {
        return threads;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdown();
        }
    }
}
