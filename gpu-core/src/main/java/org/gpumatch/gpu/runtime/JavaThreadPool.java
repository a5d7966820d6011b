package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * The thread pool a kernel runs on in Java threads ({@link ComputeDevice#JAVA_THREADS}). Aparapi 3.0.2 gives every
 * kernel a {@link ForkJoinPool} of its own ({@code KernelRunner.threadPool}) sized by the host's processors, and runs
 * each work-item of a work-group as a task on it: a group of more work-items than processors gets its threads only
 * from the pool's compensation for workers blocked at a barrier. On a 2-core CI machine (2026-11-29) a radix sort in
 * groups of 8 waited forever at a barrier: seven workers there, the eighth task never run, the pool's fourth worker
 * gone (its idle keep-alive had ended). Before a kernel's launches in Java threads this replaces that pool by one of at
 * least the group's size, whose workers stay an hour when idle ({@link #release}, from {@code GuardedKernel.close()},
 * ends them), so every work-item of a group has a thread of its own without compensation. Costs one pool per kernel
 * run in Java threads: up to {@code groupSize} daemon threads.
 */
final class JavaThreadPool {
    /** Workers idle this long end (a kernel's launches in Java threads come far closer together). */
    private static final long KEEP_ALIVE_MINUTES = 60;

    private JavaThreadPool() {
    }

    /**
     * Makes the pool {@code kernel} runs on in Java threads hold at least {@code groupSize} workers (creating
     * Aparapi's runner of the kernel if no launch made it yet); nothing when it already does.
     *
     * @throws IllegalStateException when Aparapi's runner or its pool cannot be reached (another Aparapi version)
     */
    static void fit(Kernel kernel, int groupSize) {
        try {
            Object runner = runnerOf(kernel);
            Field field = runner.getClass().getDeclaredField("threadPool");
            field.setAccessible(true);
            ForkJoinPool pool = (ForkJoinPool) field.get(runner);
            if (pool.getParallelism() >= groupSize) {
                return;
            }
            field.set(runner, new ForkJoinPool(groupSize, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, false,
                    groupSize, groupSize + 256, 1, p -> true, KEEP_ALIVE_MINUTES, TimeUnit.MINUTES));
            pool.shutdown();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot size Aparapi's Java thread pool for groups of " + groupSize + ": "
                    + e, e);
        }
    }

    /**
     * Ends the workers of the pool {@link #fit} gave {@code kernel} (its runner's pool), if it has one; before
     * {@code Kernel.dispose()}, which drops the runner.
     */
    static void release(Kernel kernel) {
        try {
            Field runnerField = Kernel.class.getDeclaredField("kernelRunner");
            runnerField.setAccessible(true);
            Object runner = runnerField.get(kernel);
            if (runner != null) {
                Field field = runner.getClass().getDeclaredField("threadPool");
                field.setAccessible(true);
                ((ForkJoinPool) field.get(runner)).shutdown();
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // nothing to end: the pool's workers end after their keep-alive
        }
    }

    /** The pool {@code kernel} runs on in Java threads (tests). */
    static ForkJoinPool poolOf(Kernel kernel) {
        try {
            Object runner = runnerOf(kernel);
            Field field = runner.getClass().getDeclaredField("threadPool");
            field.setAccessible(true);
            return (ForkJoinPool) field.get(runner);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object runnerOf(Kernel kernel) throws ReflectiveOperationException {
        Method prepare = Kernel.class.getDeclaredMethod("prepareKernelRunner");
        prepare.setAccessible(true);
        return prepare.invoke(kernel);
    }
}
