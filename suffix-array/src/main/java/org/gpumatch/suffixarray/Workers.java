package org.gpumatch.suffixarray;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed team of threads for one build: {@link #forEachThread} runs a body once per thread and
 * {@link #forEachItem} hands out items dynamically; both return when every call has finished (a happens-before edge
 * for all writes of the body). The calling thread works as thread 0, so one thread means no pool at all.
 */
final class Workers implements AutoCloseable {
    /** A body run for one item by one of the threads. */
    @FunctionalInterface
    interface ItemBody {
        void run(int thread, int item);
    }

    private final int threads;
    private final ExecutorService pool;

    Workers(final int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            final Thread t = new Thread(r, "gpumatch-sa-cpu");
            t.setDaemon(true);
            return t;
        });
    }

    int threads() {
        return threads;
    }

    /** Runs {@code body.run(t, t)} for every thread t in {@code [0, threads)} concurrently. */
    void forEachThread(final ItemBody body) {
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
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (ExecutionException e) {
                failure = failure == null ? e.getCause() : failure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = failure == null ? e : failure;
            }
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        if (failure != null) {
            throw new IllegalStateException("suffix sorting worker failed: " + failure, failure);
        }
    }

    /** Runs {@code body.run(thread, item)} for every item in {@code [0, items)}, items claimed one at a time. */
    void forEachItem(final int items, final ItemBody body) {
        final AtomicInteger next = new AtomicInteger();
        forEachThread((thread, ignored) -> {
            for (int item = next.getAndIncrement(); item < items; item = next.getAndIncrement()) {
                body.run(thread, item);
            }
        });
    }

    /** @return the start of block {@code b} of {@code blocks} equal blocks of {@code [0, length)} */
    static int blockStart(final long length, final int b, final int blocks) {
        return (int) (length * b / blocks);
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
