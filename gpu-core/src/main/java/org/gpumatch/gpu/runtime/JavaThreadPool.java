package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;
import com.aparapi.internal.kernel.KernelRunner;
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
            Object runner = Aparapi.PREPARE_RUNNER.invoke(kernel);
            ForkJoinPool pool = (ForkJoinPool) Aparapi.THREAD_POOL.get(runner);
            if (pool.getParallelism() >= groupSize) {
                return;
            }
            Aparapi.THREAD_POOL.set(runner, new ForkJoinPool(groupSize, ForkJoinPool.defaultForkJoinWorkerThreadFactory,
                    null, false, groupSize, groupSize + 256, 1, p -> true, KEEP_ALIVE_MINUTES, TimeUnit.MINUTES));
            pool.shutdown();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
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
            Object runner = Aparapi.RUNNER.get(kernel);
            if (runner != null) {
                ((ForkJoinPool) Aparapi.THREAD_POOL.get(runner)).shutdown();
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // nothing to end: the pool's workers end after their keep-alive
        }
    }

    /** The pool {@code kernel} runs on in Java threads (tests). */
    static ForkJoinPool poolOf(Kernel kernel) {
        try {
            return (ForkJoinPool) Aparapi.THREAD_POOL.get(Aparapi.PREPARE_RUNNER.invoke(kernel));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Aparapi 3.0.2's private members, resolved once (when a kernel first runs in Java threads). */
    private static final class Aparapi {
        /** {@code Kernel.prepareKernelRunner()}: the kernel's runner, made on first use. */
        static final Method PREPARE_RUNNER = accessible(method(Kernel.class, "prepareKernelRunner"));
        /** {@code Kernel.kernelRunner}: the runner, null before its first use and after {@code dispose()}. */
        static final Field RUNNER = accessible(field(Kernel.class, "kernelRunner"));
        /** {@code KernelRunner.threadPool}: the pool the kernel's work-items run on in Java threads. */
        static final Field THREAD_POOL = accessible(field(KernelRunner.class, "threadPool"));

        private static Method method(Class<?> c, String name) {
            try {
                return c.getDeclaredMethod(name);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("Aparapi has no " + c.getSimpleName() + "." + name + "()", e);
            }
        }

        private static Field field(Class<?> c, String name) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException("Aparapi has no " + c.getSimpleName() + "." + name, e);
            }
        }

        private static <T extends java.lang.reflect.AccessibleObject> T accessible(T member) {
            member.setAccessible(true);
            return member;
        }
    }
}
