package org.gpumatch.api;

import java.util.Objects;

/**
 * What ran (or will run): the algorithm, the device it runs on, and why it was chosen.
 *
 * @param algorithm the algorithm
 * @param device    a human-readable device description, e.g. {@code "OpenCL GPU NVIDIA H200"} or {@code "Java threads"}
 * @param reason    why: {@code "forced with -a"}, or the planner's rule that picked it
 */
public record Plan(Algorithm algorithm, String device, String reason) {
    public Plan {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(reason, "reason");
    }

    @Override
    public String toString() {
        return algorithm.cliName() + " on " + device + " (" + reason + ")";
    }
}
