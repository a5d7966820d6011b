package org.gpumatch.gpu.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Set-up that must run before Aparapi is first used in this JVM, but only if it is used: a command that searches on the
 * CPU loads neither Aparapi nor OpenCL, and should not pay for their set-up either (the command line routes Aparapi's
 * log through here: initialising Java logging alone costs some 20 ms of start-up).
 *
 * <p>"First use" is the first of: listing the OpenCL devices ({@link DeviceCatalog#get()}), binding a kernel to a
 * device ({@link GuardedKernel}), or asking {@link ComputeDevice#JAVA_THREADS} for its Aparapi device. Every kernel of
 * this project is launched through {@link GuardedKernel}, so Aparapi publishes no log record before then. Cost: one
 * synchronized check per first use.
 *
 * <p>After the hooks, the first use installs {@link InstanceKernelManager}: device preferences per kernel instance, so
 * that instances of one kernel class run on several devices at once (device sets).
 */
public final class AparapiSetup {
    private static final List<Runnable> PENDING = new ArrayList<>();
    private static boolean used;

    private AparapiSetup() {
    }

    /**
     * Runs {@code hook} just before Aparapi's first use in this JVM, or now if Aparapi is already in use. Each hook runs
     * once, in the order given; a hook that throws is not retried.
     */
    public static void beforeFirstUse(Runnable hook) {
        synchronized (AparapiSetup.class) {
            if (!used) {
                PENDING.add(hook);
                return;
            }
        }
        hook.run();
    }

    /** Called by this package before it touches Aparapi: runs the pending hooks once. */
    static void firstUse() {
        List<Runnable> hooks;
        synchronized (AparapiSetup.class) {
            if (used) {
                return;
            }
            used = true;
            hooks = new ArrayList<>(PENDING);
            PENDING.clear();
        }
        hooks.forEach(Runnable::run);
        InstanceKernelManager.install();
    }
}
