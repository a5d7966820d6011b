package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * Chooses the multi-pattern method: {@code multi-fused} (device, one pass), {@code multi-rk} (device, the paper's
 * method), {@code multi-cpu} (Aho-Corasick on all cores), or {@code auto}, which takes the CPU path when there is no
 * OpenCL GPU (a CPU OpenCL runtime such as PoCL is slower than the Java automaton on the same cores) or when the input
 * is below {@link #AUTO_DEVICE_MIN_BYTES} (kernel compilation and upload outweigh the scan), and {@code multi-fused}
 * otherwise. Neither the threshold nor fused against rk is measured yet. Costs nothing beyond creating the matcher.
 */
public final class MultiPatternPlanner {
    /** Below this many text bytes {@code auto} stays on the CPU. Not tuned yet. */
    public static final long AUTO_DEVICE_MIN_BYTES = 8L << 20;
    /** The names {@link #choose} accepts. */
    public static final String[] NAMES = {"auto", "multi-fused", "multi-rk", "multi-cpu"};

    /** A chosen matcher and the one-line reason. */
    public record Choice(MultiPatternMatcher matcher, String reason) {
    }

    private MultiPatternPlanner() {
    }

    /** Whether {@code name} names a multi-pattern method. */
    public static boolean accepts(String name) {
        for (String n : NAMES) {
            if (n.equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The matcher for {@code name} on {@code device} for a text of {@code n} bytes.
     *
     * @throws IllegalArgumentException for an unknown name, or a device method without an OpenCL device
     */
    public static Choice choose(String name, ComputeDevice device, long n) {
        switch (name) {
            case "multi-rk":
                return new Choice(new MultiRkMatcher(device), "multi-rk: asked for");
            case "multi-fused":
                return new Choice(new MultiFusedMatcher(device), "multi-fused: asked for");
            case "multi-cpu":
                return new Choice(new AhoCorasickMatcher(), "multi-cpu: asked for");
            case "auto":
                return auto(device, n);
            default:
                throw new IllegalArgumentException("unknown multi-pattern algorithm '" + name + "'; one of "
                        + String.join(", ", NAMES));
        }
    }

    private static Choice auto(ComputeDevice device, long n) {
        if (device.kind() != ComputeDevice.Kind.OPENCL_GPU) {
            return new Choice(new AhoCorasickMatcher(), "auto: multi-cpu, " + device.describe()
                    + " is not an OpenCL GPU (Aho-Corasick on all cores)");
        }
        if (n < AUTO_DEVICE_MIN_BYTES) {
            return new Choice(new AhoCorasickMatcher(), "auto: multi-cpu, " + n + " bytes is below "
                    + AUTO_DEVICE_MIN_BYTES + " (compiling and uploading cost more than the CPU scan)");
        }
        return new Choice(new MultiFusedMatcher(device), "auto: multi-fused on " + device.describe() + ", " + n
                + " bytes (one pass for all lengths; multi-rk needs a pass per distinct length)");
    }
}
