package org.gpumatch.checker;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs tasks {@code 0..tasks-1} on a given number of threads, the calling thread included, handing tasks out in
 * increasing order; returns when all are done. With one thread everything runs in the caller.
 */
final class Workers {
    /** One task, told which worker runs it so that it can use that worker's scratch space. */
    @FunctionalInterface
    interface Task {
        /**
         * @param worker the index of the running worker, in {@code [0, threads)}; the caller is worker 0
         * @param task the index of the task
         */
        void run(int worker, int task);
    }

    private Workers() {
    }

    /** @return how many workers {@link #run} uses for this many threads and tasks */
    static int workers(final int threads, final int tasks) {
        return Math.max(1, Math.min(threads, tasks));
    }

    /**
     * @param threads at least 1
     * @param tasks number of tasks
     * @param task what to run for each task index
     * @throws RuntimeException the first exception a task threw, after all threads have stopped
     */
    static void run(final int threads, final int tasks, final Task task) {
        final AtomicInteger nextTask = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread[] started = new Thread[workers(threads, tasks) - 1];
        for (int h = 0; h < started.length; h++) {
            final int worker = h + 1;
            started[h] = new Thread(() -> work(worker, tasks, task, nextTask, failure), "sa-check-" + worker);
            started[h].setDaemon(true);
            started[h].start();
        }
        work(0, tasks, task, nextTask, failure);
        boolean interrupted = false;
        for (final Thread t : started) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (final InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        final Throwable e = failure.get();
        if (e instanceof RuntimeException) {
            throw (RuntimeException) e;
        }
        if (e instanceof Error) {
            throw (Error) e;
        }
        if (e != null) {
            throw new IllegalStateException(e);
        }
    }

    private static void work(final int worker, final int tasks, final Task task, final AtomicInteger nextTask,
                             final AtomicReference<Throwable> failure) {
        try {
            for (int t = nextTask.getAndIncrement(); t < tasks && failure.get() == null; t = nextTask.getAndIncrement()) {
                task.run(worker, t);
            }
        } catch (final Throwable e) {
            failure.compareAndSet(null, e);
        }
    }
}
