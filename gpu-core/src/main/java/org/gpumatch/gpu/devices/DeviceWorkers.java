package org.gpumatch.gpu.devices;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * One worker per member of a {@link DeviceSet} (its own kernel instances and device buffers), each fed by its own host
 * thread, running the numbered parts of a job and handing the results back in part order.
 *
 * <p>Scheduling: every thread takes the next part number when it finishes its last (an atomic counter), so each
 * device searches parts at its own measured speed and a slower or busier device simply takes fewer parts; the
 * results reach the caller's sink on the caller's thread, part 0 first, as soon as they are contiguous (a sink need
 * not be thread-safe, and output streams as it would from one device). Memory: the results of parts finished ahead
 * of the part the sink waits for.
 *
 * <p>Failure: the first exception of any thread stops the others taking parts, and {@link #run} throws a
 * {@link DeviceFailedException} naming that member and its part once every thread is idle; results already handed
 * to the sink are a prefix of the single-device answer, and nothing after the failed part is delivered. An exception
 * of the sink stops the workers the same way and is rethrown as it is.
 *
 * <p>Not thread-safe: one {@link #run} at a time.
 *
 * @param <W> the per-device worker (a searcher holding kernels), closed by {@link #close()}
 */
public final class DeviceWorkers<W extends AutoCloseable> implements AutoCloseable {
    /** One part's work on one member's worker. */
    @FunctionalInterface
    public interface PartJob<W, R> {
        R run(W worker, int part) throws Exception;
    }

    /** Receives the result of each part, in part order, on the thread that called {@link #run}. */
    @FunctionalInterface
    public interface InOrder<R> {
        void accept(int part, R result);
    }

    /**
     * What a run did per member: the parts it took and the nanoseconds its thread spent in them.
     *
     * @param parts     parts searched by member i
     * @param busyNanos time member i's thread spent in its parts
     */
    public record Shares(int[] parts, long[] busyNanos) {
        /** {@code device 0 (...): 5 parts, 812.3 ms; ...}, for {@code --explain}. */
        public String describe(DeviceSet set) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < parts.length; i++) {
                out.add(String.format(java.util.Locale.ROOT, "%s: %d part%s, %.1f ms", set.label(i), parts[i],
                        parts[i] == 1 ? "" : "s", busyNanos[i] / 1e6));
            }
            return String.join("; ", out);
        }
    }

    private final DeviceSet devices;
    private final List<W> workers = new ArrayList<>();
    private final ExecutorService[] threads;

    /**
     * Makes member i's worker with {@code factory} (kernels compiled there), one member after another on the calling
     * thread (Aparapi's class-model and program caches are process-wide: compiles are not run concurrently), and
     * starts one host thread per member.
     *
     * @throws DeviceFailedException naming the member whose worker could not be made (those made are closed)
     */
    public DeviceWorkers(DeviceSet devices, Function<ComputeDevice, W> factory) {
        this.devices = devices;
        try {
            for (int i = 0; i < devices.size(); i++) {
                try {
                    workers.add(factory.apply(devices.get(i)));
                } catch (RuntimeException e) {
                    throw new DeviceFailedException(devices.label(i), -1, e);
                }
            }
        } catch (RuntimeException e) {
            closeWorkers();
            throw e;
        }
        threads = new ExecutorService[devices.size()];
        for (int i = 0; i < threads.length; i++) {
            String name = "gpumatch-device-" + i;
            threads[i] = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
            });
        }
    }

    /** The set these workers run on. */
    public DeviceSet devices() {
        return devices;
    }

    /** Member i's worker (for its statistics; never used while a run is in progress). */
    public W worker(int i) {
        return workers.get(i);
    }

    /** The workers in member order. */
    public List<W> workers() {
        return List.copyOf(workers);
    }

    /**
     * Runs parts {@code 0 .. parts - 1} of {@code job} across the members and hands each result to {@code sink} in
     * part order (see the class comment for scheduling and failures).
     *
     * @return how many parts each member took and its busy time
     * @throws DeviceFailedException a member failed; it is named
     */
    public <R> Shares run(int parts, PartJob<W, R> job, InOrder<R> sink) {
        int n = workers.size();
        Object[] results = new Object[parts];
        boolean[] ready = new boolean[parts];
        int[] taken = new int[n];
        long[] busy = new long[n];
        AtomicInteger next = new AtomicInteger();
        Object lock = new Object();
        DeviceFailedException[] failure = {null};
        boolean[] stop = {false};
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int member = i;
            running.add(threads[i].submit(() -> {
                while (true) {
                    synchronized (lock) {
                        if (stop[0]) {
                            return;
                        }
                    }
                    int p = next.getAndIncrement();
                    if (p >= parts) {
                        return;
                    }
                    long t0 = System.nanoTime();
                    Object r;
                    try {
                        r = job.run(workers.get(member), p);
                    } catch (Throwable t) {
                        synchronized (lock) {
                            if (failure[0] == null) {
                                failure[0] = new DeviceFailedException(devices.label(member), p, t);
                            }
                            stop[0] = true;
                            lock.notifyAll();
                        }
                        return;
                    }
                    busy[member] += System.nanoTime() - t0;
                    taken[member]++;
                    synchronized (lock) {
                        results[p] = r;
                        ready[p] = true;
                        lock.notifyAll();
                    }
                }
            }));
        }
        try {
            for (int p = 0; p < parts; p++) {
                Object r;
                synchronized (lock) {
                    while (!ready[p] && failure[0] == null) {
                        lock.wait();
                    }
                    if (failure[0] != null) {
                        break;
                    }
                    r = results[p];
                    results[p] = null;
                }
                @SuppressWarnings("unchecked")
                R typed = (R) r;
                sink.accept(p, typed);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopAndWait(lock, stop, running);
            throw new IllegalStateException("interrupted while the devices searched", e);
        } catch (RuntimeException | Error e) {
            stopAndWait(lock, stop, running);
            throw e;
        }
        stopAndWait(lock, stop, running);
        if (failure[0] != null) {
            throw failure[0];
        }
        return new Shares(taken, busy);
    }

    /** Stops the threads taking parts and waits until each is idle (its part finished), so the next run starts clean. */
    private static void stopAndWait(Object lock, boolean[] stop, List<Future<?>> running) {
        synchronized (lock) {
            stop[0] = true;
        }
        boolean interrupted = false;
        for (Future<?> f : running) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // a device thread is inside a kernel: wait for it before its worker is closed
                } catch (ExecutionException e) {
                    break; // the loop catches everything; nothing reaches here
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the threads and closes every worker (its kernels and device buffers). */
    @Override
    public void close() {
        if (threads != null) {
            for (ExecutorService t : threads) {
                t.shutdown();
            }
        }
        closeWorkers();
    }

    private void closeWorkers() {
        RuntimeException first = null;
        for (W w : workers) {
            try {
                w.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e instanceof RuntimeException r ? r : new IllegalStateException(e);
                }
            }
        }
        workers.clear();
        if (first != null) {
            throw first;
        }
    }
}
