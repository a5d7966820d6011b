package org.gpumatch.aparapi.rabinkarp;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.gpumatch.api.Pattern;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * One lane of the {@link OneShotFileSearch}: a DRK-WOM matcher (one Aparapi kernel instance, hence its own OpenCL
 * context, queue and device buffers) driven by its own thread, and the host array its chunks are packed into. The
 * array is the same object for every chunk, so its device buffer is created once (the slow first upload) and every
 * later chunk is a copy into it. Lanes overlap with each other and with the packing of the next chunk: Aparapi's calls
 * are synchronous per kernel instance, not across instances.
 *
 * <p>The kernel is compiled on the lane's thread as its first task, so that reading and packing start at once; lanes
 * after the first wait for the first one's compile so that they reuse Aparapi's cached binary. Memory: the host array
 * and its device buffer ({@code 4 * words.length} bytes each), plus the matcher's small per-query buffers.
 */
final class SearchLane implements AutoCloseable {
    /** What a lane's search of one chunk gives. */
    record ChunkResult(long count, int[] offsets, long startNanos, long endNanos, LaunchTiming timing) {
    }

    final int[] words;
    private final ExecutorService thread;
    private final Future<Long> created;
    private volatile DrkWomMatcher matcher;
    private volatile long readyAt;
    private Future<ChunkResult> last;

    /**
     * A lane whose matcher {@code factory} creates (and compiles) on the lane's thread, after {@code after} (another
     * lane's creation) completed, if not null.
     */
    SearchLane(int index, int arrayWords, Supplier<DrkWomMatcher> factory, Future<Long> after) {
        this.words = new int[arrayWords];
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gpumatch-lane-" + index);
            t.setDaemon(true);
            return t;
        });
        this.created = thread.submit(() -> {
            if (after != null) {
                after.get();
            }
            long t0 = System.nanoTime();
            DrkWomMatcher m = factory.get();
            m.tileWords(); // creates the kernel: compiles it on the device
            matcher = m;
            readyAt = System.nanoTime();
            return readyAt - t0;
        });
    }

    /** The lane's creation: its nanoseconds once done. */
    Future<Long> created() {
        return created;
    }

    /** When the lane's kernel was ready ({@link System#nanoTime()}), or 0 before. */
    long readyAt() {
        return readyAt;
    }

    /** Waits until the lane's last chunk is searched (its array is then free); rethrows the lane's failure. */
    void awaitIdle() {
        if (last != null) {
            get(last);
        }
    }

    /** Waits for the lane's last chunk, ignoring its failure (cleanup after another failure). */
    void awaitQuietly() {
        try {
            if (last != null) {
                last.get();
            }
        } catch (ExecutionException | RuntimeException e) {
            // reported by the caller that consumed the result, or superseded by the failure being handled
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Searches the first {@code symbols} symbols packed in {@link #words} by {@code packing} on the lane's thread:
     * upload, count (with {@code find}: and the offsets).
     */
    Future<ChunkResult> submit(int symbols, SymbolPacking packing, Pattern pattern, boolean find) {
        last = thread.submit(() -> {
            long t0 = System.nanoTime();
            DrkWomMatcher m = matcher;
            m.makeResidentPacked(words, symbols, packing);
            int[] offsets = find ? m.findPacked(pattern) : null;
            long count = find ? offsets.length : m.countPacked(pattern);
            return new ChunkResult(count, offsets, t0, System.nanoTime(), m.lastTiming());
        });
        return last;
    }

    /** The value of {@code f}, rethrowing a failure as the unchecked exception it was. */
    static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the device", e);
        }
    }

    /** Releases the kernel (on the lane's thread) and stops the thread. */
    @Override
    public void close() {
        awaitQuietly();
        Future<?> closing = thread.submit(() -> {
            DrkWomMatcher m = matcher;
            if (m != null) {
                m.close();
            }
        });
        try {
            closing.get();
        } catch (ExecutionException | InterruptedException e) {
            // best effort: the JVM frees the rest at exit
        }
        thread.shutdown();
    }
}
