package org.gpumatch.bench;

/**
 * The environment of a {@code gpumatch} launcher the bench starts as a process. The bundle's launcher registers
 * NVIDIA's OpenCL library for its own JVM in a private folder named by {@code OCL_ICD_VENDORS}; a command started from
 * the bench inherited that variable and saw no NVIDIA platform (an H100 host, 2026-11-23: {@code sa build -a gpu}
 * then found only PoCL's CPU device). Without it, the command's launcher registers the library afresh.
 *
 * <p>The JVM copies its environment for child processes once, when {@code System.getenv} or a {@code ProcessBuilder}
 * is first used; OpenCL runtimes change the process's own environment while platforms are listed (on the lent H200,
 * 2026-11-25: {@code OCL_ICD_FILENAMES} lost {@code libnvidia-opencl.so.1} and {@code HWLOC_PLUGINS_PATH=/dev/null}
 * appeared, so every {@code gpumatch} the bench started found no GPU). {@link #captureAtStart()}, the first statement
 * of the bench's {@code main}, takes that copy before any OpenCL code runs.
 */
public final class LauncherEnvironment {
    private LauncherEnvironment() {
    }

    /**
     * Makes the JVM take its copy of the environment for child processes now, before any OpenCL runtime has changed
     * the process's environment; call it first in {@code main}.
     */
    public static void captureAtStart() {
        System.getenv();
    }

    /** Removes what the command's launcher must set itself from {@code pb}'s environment; returns {@code pb}. */
    public static ProcessBuilder forLauncher(ProcessBuilder pb) {
        pb.environment().remove("OCL_ICD_VENDORS");
        return pb;
    }
}
