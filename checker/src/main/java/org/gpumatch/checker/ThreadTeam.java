package org.gpumatch.checker;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A fixed team of threads, the calling thread working as thread 0 (one thread means no pool at all):
 * {@link #forEachThread} runs a body once per thread, {@link #forEachItem} hands items out one at a time in increasing
 * order. Both return when every call has finished, a happens-before edge for all writes of the body, and rethrow the
 * first exception a body threw; after a failure no further items are handed out.
 *
 * <p>The checker's block scans ({@link #run}, a team for one call) and the CPU suffix sorters of the suffix-array
 * module (one team for a whole build) share it. Cost: {@code threads - 1} pooled daemon threads for the team's life;
 * one atomic increment per item.
 */
public final class ThreadTeam implements AutoCloseable {
    /** A body run for one item (or, under {@link #forEachThread}, once) by one of the threads. */
    @FunctionalInterface
    public interface Body {
        /**
         * @param thread the index of the running thread, in {@code [0, threads)}; the caller is thread 0
         * @param item the index of the item ({@link #forEachThread}: equal to {@code thread})
         */
        void run(int thread, int item);
    }

    private final int threads;
    private final ExecutorService pool;

    /**
     * @param threads at least 1
     * @param name the name of the pooled threads (a thread dump shows whose they are)
     */
    public ThreadTeam(final int threads, final String name) {
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            final Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs {@code task.run(thread, item)} for every item in {@code [0, items)} on a team of
     * {@link #threadsFor(int, int) threadsFor(threads, items)} threads made for this call.
     *
     * @throws RuntimeException the first exception a task threw, after all threads have stopped
     */
    public static void run(final int threads, final int items, final String name, final Body task) {
        try (ThreadTeam team = new ThreadTeam(threadsFor(threads, items), name)) {
            team.forEachItem(items, task);
        }
    }

    /** @return how many threads {@link #run} uses for this many threads and items: at least 1, at most {@code items} */
    public static int threadsFor(final int threads, final int items) {
        return Math.max(1, Math.min(threads, items));
    }

    /** @return the start of block {@code b} of {@code blocks} equal blocks of {@code [0, length)} */
    public static int blockStart(final long length, final int b, final int blocks) {
        return (int) (length * b / blocks);
    }

    /** @return the number of threads of the team, the caller included */
    public int threads() {
        return threads;
    }

    /** Runs {@code body.run(t, t)} for every thread t in {@code [0, threads)} concurrently. */
    public void forEachThread(final Body body) {
        if (pool == null) {
            body.run(0, 0);
            return;
        }
        final List<Future<?>> futures = new ArrayList<>(threads - 1);
        for (int t = 1; t < threads; t++) {
            final int thread = t;
            futures.add(pool.submit(() -> body.run(thread, thread)));
        }
        Throwable failure = null;
        try {
            body.run(0, 0);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        boolean interrupted = false;
        for (Future<?> f : futures) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (ExecutionException e) {
                    failure = failure == null ? e.getCause() : failure;
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        rethrow(failure);
    }

    /** Runs {@code body.run(thread, item)} for every item in {@code [0, items)}, items claimed one at a time. */
    public void forEachItem(final int items, final Body body) {
        final AtomicInteger next = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        forEachThread((thread, ignored) -> {
            try {
                for (int item = next.getAndIncrement(); item < items && failure.get() == null;
                     item = next.getAndIncrement()) {
                    body.run(thread, item);
                }
            } catch (RuntimeException | Error e) {
                failure.compareAndSet(null, e);
            }
        });
        rethrow(failure.get());
    }

    private static void rethrow(final Throwable failure) {
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        if (failure != null) {
            throw new IllegalStateException("a thread of the team failed: " + failure, failure);
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
