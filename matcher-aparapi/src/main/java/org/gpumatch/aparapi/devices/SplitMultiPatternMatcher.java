package org.gpumatch.aparapi.devices;

import java.util.function.Function;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.devices.DeviceSet;
import org.gpumatch.gpu.devices.DeviceWorkers;
import org.gpumatch.gpu.devices.PartSplit;
import org.gpumatch.gpu.runtime.ComputeDevice;

/**
 * One multi-pattern matcher per member of a {@link DeviceSet}, searching a text split into parts that overlap by the
 * longest pattern's length minus one: part p owns the start positions {@code [b[p], b[p + 1])} and is searched as the
 * bytes {@code [b[p], min(n, b[p + 1] + longest - 1))}. {@code find} keeps a part's occurrences that start in what it
 * owns and concatenates the parts in order (by offset, then index: the answer of one device); {@code count} takes a
 * part's counts minus those of its overlap alone (an occurrence starting in the overlap lies inside it), so no
 * occurrence is materialised.
 *
 * <p>Cost on top of the members' matchers: every byte copied once into its part on the device's own thread, the
 * overlap (longest - 1 bytes) searched twice per part by {@code count}; a set of one device passes the text through.
 * Memory as {@link SplitMatcher}. Not thread-safe.
 */
public final class SplitMultiPatternMatcher implements MultiPatternMatcher {
    private final DeviceWorkers<MultiPatternMatcher> workers;
    private final int minPartBytes;
    private String lastExplain = "";

    /** A matcher per member made by {@code factory}, parts of at least {@link SplitMatcher#DEFAULT_MIN_PART_BYTES}. */
    public SplitMultiPatternMatcher(DeviceSet devices, Function<ComputeDevice, MultiPatternMatcher> factory) {
        this(devices, factory, SplitMatcher.DEFAULT_MIN_PART_BYTES);
    }

    /** @param minPartBytes the smallest part in start positions (tests: 1) */
    public SplitMultiPatternMatcher(DeviceSet devices, Function<ComputeDevice, MultiPatternMatcher> factory,
                                    int minPartBytes) {
        if (minPartBytes < 1) {
            throw new IllegalArgumentException("the smallest part must be at least 1 byte: " + minPartBytes);
        }
        this.workers = new DeviceWorkers<>(devices, factory);
        this.minPartBytes = minPartBytes;
    }

    @Override
    public String name() {
        return workers.worker(0).name();
    }

    @Override
    public long[] count(Text text, PatternSet patterns) {
        long[] bounds = bounds(text);
        if (bounds == null) {
            return single().count(text, patterns);
        }
        long[] total = new long[patterns.size()];
        int n = text.length();
        int reach = patterns.longest() - 1;
        DeviceWorkers.Shares s = workers.run(bounds.length - 1, (w, p) -> {
            long[] c = w.count(slice(text, bounds[p], Math.min(n, bounds[p + 1] + reach)), patterns);
            if (bounds[p + 1] < n && reach > 0) {
                long[] tail = w.count(slice(text, bounds[p + 1], Math.min(n, bounds[p + 1] + reach)), patterns);
                for (int i = 0; i < c.length; i++) {
                    c[i] -= tail[i];
                }
            }
            return c;
        }, (p, c) -> {
            for (int i = 0; i < c.length; i++) {
                total[i] += c[i];
            }
        });
        record(bounds.length - 1, s);
        return total;
    }

    @Override
    public MultiMatches find(Text text, PatternSet patterns) {
        long[] bounds = bounds(text);
        if (bounds == null) {
            return single().find(text, patterns);
        }
        int n = text.length();
        int reach = patterns.longest() - 1;
        int parts = bounds.length - 1;
        MultiMatches[] found = new MultiMatches[parts];
        int[] kept = new int[parts];
        DeviceWorkers.Shares s = workers.run(parts, (w, p) ->
                w.find(slice(text, bounds[p], Math.min(n, bounds[p + 1] + reach)), patterns), (p, mm) -> {
                    found[p] = mm;
                    int own = (int) (bounds[p + 1] - bounds[p]);
                    int k = 0;
                    while (k < mm.size() && mm.offset(k) < own) {
                        k++;
                    }
                    kept[p] = k;
                });
        int total = 0;
        for (int k : kept) {
            total += k;
        }
        int[] offsets = new int[total];
        int[] indices = new int[total];
        int at = 0;
        for (int p = 0; p < parts; p++) {
            int shift = (int) bounds[p];
            for (int i = 0; i < kept[p]; i++) {
                offsets[at] = found[p].offset(i) + shift;
                indices[at++] = found[p].index(i);
            }
        }
        record(parts, s);
        return new MultiMatches(offsets, indices);
    }

    private long[] bounds(Text text) {
        if (workers.devices().size() == 1 || text.length() <= minPartBytes) {
            return null;
        }
        return PartSplit.forDevices(text.length(), workers.devices().size(), 1, minPartBytes);
    }

    private MultiPatternMatcher single() {
        lastExplain = "";
        return workers.worker(0);
    }

    private static Text slice(Text text, long from, long to) {
        return Text.wrap(java.util.Arrays.copyOfRange(text.bytes(), (int) from, (int) to));
    }

    private void record(int parts, DeviceWorkers.Shares s) {
        lastExplain = workers.worker(0).explain() + "; split into " + parts + " parts over "
                + workers.devices().size() + " devices: " + s.describe(workers.devices());
    }

    @Override
    public String explain() {
        return lastExplain.isEmpty() ? workers.worker(0).explain() : lastExplain;
    }

    @Override
    public void close() {
        workers.close();
    }
}
