package org.gpumatch.gpu.devices;

/**
 * Cuts a job of {@code total} units (sites of a genome, bytes of a corpus) into numbered contiguous parts for a
 * {@link DeviceWorkers} run. Parts are about equal; their inner boundaries are multiples of an alignment (32 sites: a
 * packed genome word of exception bits), and none is empty. The parts are not tied to devices: each device takes the
 * next part when it finishes its last (self-scheduling), so the split follows each device's measured speed without a
 * calibration run and without a clock (Aparapi 3.0.2 exposes no CL_DEVICE_MAX_CLOCK_FREQUENCY; compute units alone
 * mislead across kinds).
 */
public final class PartSplit {
    /**
     * Parts per member of the set: enough that a device twice as fast takes about twice the parts and the last part
     * leaves the others idle for at most a quarter of one device's share; few enough that the per-part costs (a launch,
     * an upload of a new buffer, m - 1 bytes copied twice) stay small.
     */
    public static final int PARTS_PER_DEVICE = 4;

    private PartSplit() {
    }

    /**
     * The bounds of at most {@code parts} parts of {@code [0, total)}: part i is {@code [b[i], b[i + 1])}; inner
     * bounds are multiples of {@code align}; fewer parts than asked when {@code total} has fewer than {@code parts}
     * units of {@code align}; none for {@code total == 0} ({@code {0}}). O(parts).
     */
    public static long[] bounds(long total, int parts, long align) {
        if (total < 0 || parts < 1 || align < 1) {
            throw new IllegalArgumentException("total " + total + ", parts " + parts + ", align " + align);
        }
        if (total == 0) {
            return new long[] {0};
        }
        long units = (total + align - 1) / align;
        int k = (int) Math.min(parts, units);
        long[] b = new long[k + 1];
        for (int i = 1; i < k; i++) {
            b[i] = (units / k * i + units % k * i / k) * align; // floor(units * i / k) without overflow
        }
        b[k] = total;
        return b;
    }

    /**
     * The bounds for a set of {@code members} devices: {@link #PARTS_PER_DEVICE} parts per member (one part for a set
     * of one: a single device runs the job as it always did), each at least {@code minPart} units where the job is
     * large enough.
     */
    public static long[] forDevices(long total, int members, long align, long minPart) {
        int wanted = members == 1 ? 1 : members * PARTS_PER_DEVICE;
        long bySize = Math.max(1, total / Math.max(1, minPart));
        return bounds(total, (int) Math.min(wanted, bySize), align);
    }
}
