package org.gpumatch.bench;

/**
 * The environment of a {@code gpumatch} launcher the bench starts as a process. The bundle's launcher registers
 * NVIDIA's OpenCL library for its own JVM in a private folder named by {@code OCL_ICD_VENDORS}; a command started from
 * the bench inherited that variable and saw no NVIDIA platform (an H100 host, 2026-11-23: {@code sa build -a gpu}
 * then found only PoCL's CPU device). Without it, the command's launcher registers the library afresh.
 */
public final class LauncherEnvironment {
    private LauncherEnvironment() {
    }

    /** Removes what the command's launcher must set itself from {@code pb}'s environment; returns {@code pb}. */
    public static ProcessBuilder forLauncher(ProcessBuilder pb) {
        pb.environment().remove("OCL_ICD_VENDORS");
        return pb;
    }
}
