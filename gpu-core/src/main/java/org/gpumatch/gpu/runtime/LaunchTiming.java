package org.gpumatch.gpu.runtime;

/**
 * Times of one kernel launch.
 *
 * @param wallNanos         host wall time of the {@code execute} call (launch overhead and transfers included)
 * @param kernelNanos       device time of the kernel itself from OpenCL event profiling, or -1 when profiling is off
 *                          (run with {@code -Dcom.aparapi.enableProfiling=true}) or the launch ran in Java threads
 * @param transferNanos     device time of the buffer transfers of the launch, or -1 as above
 */
public record LaunchTiming(long wallNanos, long kernelNanos, long transferNanos) {
    /** No launch yet. */
    public static final LaunchTiming NONE = new LaunchTiming(0, -1, -1);

    /** Whether device times are known. */
    public boolean hasDeviceTimes() {
        return kernelNanos >= 0;
    }

    /** The sum of two timings (device times stay unknown if either is). */
    public LaunchTiming plus(LaunchTiming o) {
        boolean known = hasDeviceTimes() && o.hasDeviceTimes();
        return new LaunchTiming(wallNanos + o.wallNanos, known ? kernelNanos + o.kernelNanos : -1,
                known ? transferNanos + o.transferNanos : -1);
    }
}
