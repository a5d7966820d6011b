package org.gpumatch.aparapi.devices;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.gpu.devices.DeviceSet;
import org.gpumatch.gpu.devices.DeviceWorkers;
import org.gpumatch.gpu.devices.PartSplit;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * One exact matcher per member of a {@link DeviceSet}, searching a text split into parts: part p owns the start
 * positions {@code [b[p], b[p + 1])} ({@link PartSplit#forDevices}, at least {@code minPartBytes} each) and is searched
 * as the bytes {@code [b[p], b[p + 1] + m - 1)}, so every occurrence is found exactly once, also one that straddles two
 * parts. Devices take parts as they become free ({@link DeviceWorkers}); {@code count} adds the parts' counts and
 * {@code find} concatenates their offsets (shifted by {@code b[p]}) in part order: the answer of one device.
 *
 * <p>Cost on top of the members' matchers: every byte of the text copied once into its part (on the device's own
 * host thread, in parallel), m - 1 bytes more per part; each part is a new {@link Text}, uploaded by its device (the
 * resident-text cache of a member never hits across calls). A set of one device passes the text through unsplit.
 * Memory: the parts in flight (at most one per member, about n / parts bytes each) and, for {@code find}, the offsets of
 * parts finished ahead of the one merged next. Not thread-safe.
 */
public final class SplitMatcher implements Matcher {
    /**
     * Smallest part unless told otherwise: 1 MiB, so that a part's upload and launch (about 0.1 ms on a GPU) stay
     * small beside its search; a smaller text is one part on one device.
     */
    public static final int DEFAULT_MIN_PART_BYTES = 1 << 20;

    private final DeviceWorkers<Matcher> workers;
    private final int minPartBytes;
    private Plan lastPlan;
    private DeviceWorkers.Shares lastShares;

    /** A matcher per member made by {@code factory} (compiled there), parts of at least 1 MiB. */
    public SplitMatcher(DeviceSet devices, Function<ComputeDevice, Matcher> factory) {
        this(devices, factory, DEFAULT_MIN_PART_BYTES);
    }

    /**
     * @param minPartBytes the smallest part in start positions (tests: 1, so that small texts split at every place)
     */
    public SplitMatcher(DeviceSet devices, Function<ComputeDevice, Matcher> factory, int minPartBytes) {
        if (minPartBytes < 1) {
            throw new IllegalArgumentException("the smallest part must be at least 1 byte: " + minPartBytes);
        }
        this.workers = new DeviceWorkers<>(devices, factory);
        this.minPartBytes = minPartBytes;
    }

    /** The devices this matcher searches on. */
    public DeviceSet devices() {
        return workers.devices();
    }

    /** How the last search was shared: parts and busy time per member (null before the first split search). */
    public DeviceWorkers.Shares lastShares() {
        return lastShares;
    }

    @Override
    public Algorithm algorithm() {
        return workers.worker(0).algorithm();
    }

    @Override
    public Optional<String> unsupportedReason(long n, int m, int sigma) {
        return workers.worker(0).unsupportedReason(n, m, sigma);
    }

    @Override
    public long count(Text text, Pattern pattern) {
        long[] bounds = bounds(text, pattern.length());
        if (bounds == null) {
            return single().count(text, pattern);
        }
        long[] total = {0};
        int m = pattern.length();
        lastShares = workers.run(bounds.length - 1, (w, p) -> w.count(part(text, bounds, p, m), pattern),
                (p, n) -> total[0] += n);
        record(bounds.length - 1);
        return total[0];
    }

    @Override
    public int[] find(Text text, Pattern pattern) {
        long[] bounds = bounds(text, pattern.length());
        if (bounds == null) {
            return single().find(text, pattern);
        }
        int m = pattern.length();
        int parts = bounds.length - 1;
        int[][] found = new int[parts][];
        int[] size = {0};
        lastShares = workers.run(parts, (w, p) -> w.find(part(text, bounds, p, m), pattern), (p, offsets) -> {
            found[p] = offsets;
            size[0] += offsets.length;
        });
        int[] out = new int[size[0]];
        int at = 0;
        for (int p = 0; p < parts; p++) {
            int shift = (int) bounds[p];
            for (int o : found[p]) {
                out[at++] = o + shift;
            }
        }
        record(parts);
        return out;
    }

    /** The part bounds of a split search, or null when one device searches the text as it is. */
    private long[] bounds(Text text, int m) {
        long sites = (long) text.length() - m + 1;
        if (workers.devices().size() == 1 || sites <= minPartBytes) {
            return null;
        }
        return PartSplit.forDevices(sites, workers.devices().size(), 1, minPartBytes);
    }

    private Matcher single() {
        lastShares = null;
        Matcher only = workers.worker(0);
        lastPlan = null;
        return only;
    }

    /** Part p's bytes: its start positions and the m - 1 bytes after them. O(part) copy. */
    static Text part(Text text, long[] bounds, int p, int m) {
        return Text.wrap(Arrays.copyOfRange(text.bytes(), (int) bounds[p], (int) bounds[p + 1] + m - 1));
    }

    private void record(int parts) {
        Plan first = workers.worker(0).lastPlan();
        String reason = (first == null ? "" : first.reason() + "; ") + "split into " + parts + " parts over "
                + workers.devices().size() + " devices: " + lastShares.describe(workers.devices());
        lastPlan = new Plan(algorithm(), workers.devices().describe(), reason);
    }

    @Override
    public Plan lastPlan() {
        return lastPlan != null ? lastPlan : workers.worker(0).lastPlan();
    }

    @Override
    public void close() {
        workers.close();
    }
}
