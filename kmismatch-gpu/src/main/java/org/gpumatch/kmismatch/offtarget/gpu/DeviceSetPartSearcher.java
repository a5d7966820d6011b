package org.gpumatch.kmismatch.offtarget.gpu;

import java.util.function.Function;
import org.gpumatch.gpu.devices.DeviceSet;
import org.gpumatch.gpu.devices.DeviceWorkers;
import org.gpumatch.gpu.devices.PartSplit;
import org.gpumatch.gpu.runtime.BufferCreation;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.kmismatch.offtarget.HitList;
import org.gpumatch.kmismatch.offtarget.PartSearcher;
import org.gpumatch.kmismatch.offtarget.SiteMasks;

/**
 * The off-target search over a {@link DeviceSet}: each member has its own {@link GpuPartSearcher} (kernel, device
 * buffers) and host thread, and each part of the genome the search hands over is cut into shares of whole 32-site words
 * ({@link PartSplit#forDevices}: {@link PartSplit#PARTS_PER_DEVICE} per member, at least {@link #MIN_SHARE_SITES}
 * sites) that the members take as they become free. A share's words are copied and uploaded by the member that takes
 * it (never the whole genome to every device); hits of every share land in the part's list, which the search sorts as
 * it always does, so the output equals one device's. A member that fails is a
 * {@link org.gpumatch.gpu.devices.DeviceFailedException} naming it.
 *
 * <p>Cost per part: one launch and one copy of 3/8 byte per site per share; device memory per member: its share's
 * words, the masks, 8 bytes per hit slot. Not thread-safe (one search at a time, as every {@link PartSearcher}).
 */
final class DeviceSetPartSearcher implements PartSearcher {
    /**
     * Smallest share unless told otherwise: 2^22 sites (1.5 MiB of packed words), so that a share's launch and upload
     * (about 0.1 ms each on a GPU) stay small beside its search; a smaller part goes to one device whole.
     */
    static final int MIN_SHARE_SITES = 1 << 22;
    /** Test hook: the system property that lowers {@link #MIN_SHARE_SITES} (a multiple of 32), so small genomes split. */
    static final String MIN_SHARE_PROPERTY = "gpumatch.devices.minShareSites";
    private final DeviceWorkers<PartSearcher> workers;
    private final int maxPart;
    private final int minShare;
    /** Shares taken and busy nanoseconds per member, over every part so far (for {@link #describe()}). */
    private final int[] taken;
    private final long[] busy;

    /**
     * Compiles the kernel on every member ({@code factory} makes a member's searcher; tests inject failing ones).
     *
     * @param minShare smallest share in sites (a multiple of 32; tests: 32, so small genomes split everywhere)
     */
    DeviceSetPartSearcher(DeviceSet devices, Function<ComputeDevice, PartSearcher> factory, int maxPart, int minShare) {
        if (minShare < 32 || minShare % 32 != 0) {
            throw new IllegalArgumentException("the smallest share must be a positive multiple of 32: " + minShare);
        }
        this.workers = new DeviceWorkers<>(devices, factory);
        this.maxPart = maxPart;
        this.minShare = minShare;
        this.taken = new int[devices.size()];
        this.busy = new long[devices.size()];
    }

    /** The searcher of {@code devices}: {@link GpuPartSearcher}s with parts of {@code maxPart} sites. */
    static DeviceSetPartSearcher of(SiteMasks masks, DeviceSet devices, int maxPart, BufferCreation creation) {
        return new DeviceSetPartSearcher(devices, d -> new GpuPartSearcher(masks, d, maxPart, creation), maxPart,
                Integer.getInteger(MIN_SHARE_PROPERTY, MIN_SHARE_SITES));
    }

    @Override
    public void search(int[] baseWords, int[] exceptionWords, boolean settled, long from, int count, HitList out) {
        long[] b = PartSplit.forDevices(count, workers.devices().size(), 32, minShare);
        // settled = false: each share is copied, so a member uploads only the words of the shares it takes
        DeviceWorkers.Shares s = workers.run(b.length - 1, (w, p) -> {
            w.search(baseWords, exceptionWords, false, from + b[p], (int) (b[p + 1] - b[p]), out);
            return null;
        }, (p, nothing) -> { });
        for (int i = 0; i < taken.length; i++) {
            taken[i] += s.parts()[i];
            busy[i] += s.busyNanos()[i];
        }
    }

    @Override
    public int maxPart() {
        return maxPart;
    }

    /** Device time of all members together (their sum: each device's kernels, not the wall). */
    @Override
    public long deviceNanos() {
        long sum = 0;
        for (PartSearcher w : workers.workers()) {
            sum += Math.max(0, w.deviceNanos());
        }
        return sum;
    }

    @Override
    public String describe() {
        return "OpenCL on " + workers.devices().size() + " devices: "
                + new DeviceWorkers.Shares(taken, busy).describe(workers.devices()).replace(" part", " share");
    }

    @Override
    public void close() {
        workers.close();
    }
}
