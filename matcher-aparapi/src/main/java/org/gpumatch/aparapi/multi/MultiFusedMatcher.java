package org.gpumatch.aparapi.multi;

import org.gpumatch.api.multi.MultiPatternAlgorithm;
import java.util.Arrays;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.AhoCorasickMatcher;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * {@code multi-fused}: patterns of mixed lengths (1 to 4096 bytes and beyond, up to 100,000 and more) in one pass
 * over the resident text ({@link MultiFusedKernel}): a rolling 8-byte fingerprint per start, a gate bit of a filter
 * for the first min(8, shortest) bytes, and only past the gate the probes of a device hash table (keyed by the first
 * 8 bytes, and for patterns of 1 to 7 bytes, the short path, by the whole pattern: one probe per short length
 * present), verification of the rest on the device.
 *
 * <p>Cost per query: {@code count} one launch reading each text byte about once, plus
 * the verification of the patterns sharing a window's first 8 bytes, uploading (zeros) and downloading 4 bytes per
 * pattern and replica; {@code find} three launches (group counts, then count and write per group) and 8 bytes per occurrence
 * down; with short patterns present the pairs are sorted on the host (O(M log M)). The table and filter are built
 * on the host and uploaded once per {@link PatternSet} object ({@link PrefixTable}); the text once per {@link Text}
 * object. Device memory: the text, the table (16 bytes per slot), the filter (up to 512 KiB), the patterns (m + 12
 * bytes each), 4 bytes per pattern and replica, 8 bytes per occurrence; no n-sized intermediate.
 *
 * <p>Tuning without a rebuild (JVM properties, read by {@link #MultiFusedMatcher(ComputeDevice)}):
 * {@code gpumatch.multi.fused.localSize} (256), {@code gpumatch.multi.fused.windowsPerItem} (starts per work-item,
 * {@link #DEFAULT_WINDOWS_PER_ITEM}), {@code gpumatch.multi.fused.filterLog2} (log2 of the filter bits; 0: 64 bits a
 * key within 2^15..2^22), {@code gpumatch.multi.fused.countReplicas} (a power of two; 0: the most with at most
 * 2^18 counters in all, at most 64).
 *
 * <p>Weak spot: many patterns with equal first 8 bytes form one group that every window with that prefix verifies in
 * full (e.g. 10,000 patterns all starting with "https://"); multi-rk does not share it when the lengths differ. A
 * set with a pattern of 1-3 bytes has a gate of that length, which most starts pass. Requires OpenCL (the CPU path is
 * {@link AhoCorasickMatcher}). Not thread-safe.
 */
public final class MultiFusedMatcher implements MultiPatternMatcher {
    /** Work-items per work-group unless the device allows fewer. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** Starts per work-item. Not tuned on a GPU yet. */
    public static final int DEFAULT_WINDOWS_PER_ITEM = 32;
    /** The most counters ({@code k * replicas}) the automatic replica count allows. */
    static final int MAX_AUTO_COUNTERS = 1 << 18;
    /** The most replicas the automatic replica count gives. */
    static final int MAX_AUTO_REPLICAS = 64;

    private final ComputeDevice device;
    private final int preferredLocalSize;
    private final int windowsPerItem;
    private final int filterLog2;
    private final int countReplicas;
    private GuardedKernel<MultiFusedKernel> launcher;
    private Text resident;
    private PatternSet loaded;
    private PrefixTable table;
    private String explain = "multi-fused";

    /** A matcher on {@code device} (an OpenCL device) with the default geometry, or the one the properties set. */
    public MultiFusedMatcher(ComputeDevice device) {
        this(device, Integer.getInteger("gpumatch.multi.fused.localSize", DEFAULT_LOCAL_SIZE),
                Integer.getInteger("gpumatch.multi.fused.windowsPerItem", DEFAULT_WINDOWS_PER_ITEM),
                Integer.getInteger("gpumatch.multi.fused.filterLog2", 0),
                Integer.getInteger("gpumatch.multi.fused.countReplicas", 0));
    }

    /** A matcher with an explicit geometry: {@code localSize} a power of two, {@code windowsPerItem} positive. */
    public MultiFusedMatcher(ComputeDevice device, int localSize, int windowsPerItem) {
        this(device, localSize, windowsPerItem, 0, 0);
    }

    /**
     * A matcher with an explicit geometry, filter size (log2 bits, 5..26; 0: by the set's size) and number of count
     * replicas (a power of two; 0: by the set's size).
     */
    public MultiFusedMatcher(ComputeDevice device, int localSize, int windowsPerItem, int filterLog2,
                             int countReplicas) {
        if (!device.isOpenCL()) {
            throw new IllegalArgumentException("multi-fused needs an OpenCL device; use multi-cpu instead of "
                    + device.describe());
        }
        if (localSize <= 0 || Integer.bitCount(localSize) != 1 || windowsPerItem <= 0) {
            throw new IllegalArgumentException("localSize must be a power of two and windowsPerItem positive: "
                    + localSize + ", " + windowsPerItem);
        }
        if (filterLog2 != 0 && (filterLog2 < 5 || filterLog2 > 26)) {
            throw new IllegalArgumentException("filterLog2 must be 0 (automatic) or 5..26: " + filterLog2);
        }
        if (countReplicas < 0 || countReplicas > 1024 || (countReplicas > 0 && Integer.bitCount(countReplicas) != 1)) {
            throw new IllegalArgumentException("countReplicas must be 0 (automatic) or a power of two up to 1024: "
                    + countReplicas);
        }
        this.device = device;
        this.preferredLocalSize = localSize;
        this.windowsPerItem = windowsPerItem;
        this.filterLog2 = filterLog2;
        this.countReplicas = countReplicas;
    }

    @Override
    public String name() {
        return MultiPatternAlgorithm.MULTI_FUSED.cliName();
    }

    @Override
    public String explain() {
        return explain;
    }

    /** The replicas of the per-pattern counters for k patterns: the configured number, or by k. */
    int replicasFor(int k) {
        if (countReplicas > 0) {
            return countReplicas;
        }
        int r = Integer.highestOneBit(Math.max(1, MAX_AUTO_COUNTERS / Math.max(1, k)));
        return Math.min(MAX_AUTO_REPLICAS, r);
    }

    private GuardedKernel<MultiFusedKernel> launcher() {
        if (launcher == null) {
            MultiFusedKernel k = new MultiFusedKernel();
            k.windowsPerItem = windowsPerItem;
            launcher = new GuardedKernel<>(k, device, preferredLocalSize);
        }
        return launcher;
    }

    /** Uploads the text and the table unless they are resident; false when no pattern fits the text. */
    private boolean prepare(Text text, PatternSet patterns) {
        MultiFusedKernel k = launcher().kernel();
        if (loaded != patterns) {
            table = new PrefixTable(patterns, filterLog2);
            loaded = patterns;
            k.tableMask = table.mask;
            k.tableShift = 32 - table.tableLog2;
            k.filterShift = 32 - table.filterLog2;
            k.gateLength = table.gateLength;
            k.gateMaskLo = PrefixTable.byteMask(Math.min(4, table.gateLength));
            k.gateMaskHi = PrefixTable.byteMask(Math.max(0, table.gateLength - 4));
            k.filter = table.filter;
            k.table = table.table;
            k.groupPatterns = table.groupPatterns;
            k.patternBytes = table.bytes;
            k.patternStart = table.patternStart;
            k.patternLength = table.patternLength;
            k.shortLengths = table.shortLengths;
            k.hasLong = table.hasLong ? 1 : 0;
            k.patternCount = patterns.size();
            int replicas = replicasFor(patterns.size());
            k.replicaMask = replicas - 1;
            k.counts = new int[patterns.size() * replicas];
            k.put(k.filter).put(k.table).put(k.groupPatterns).put(k.patternBytes).put(k.patternStart)
                    .put(k.patternLength).put(k.counts);
        }
        explain = "multi-fused on " + device.describe() + ": " + patterns + ", " + table.groups + " keys in "
                + (table.mask + 1) + " table slots, filter 2^" + table.filterLog2 + " bits, gate "
                + table.gateLength + " bytes, " + (k.replicaMask + 1) + " count replicas, " + windowsPerItem
                + " starts per work-item" + (table.shortLengths != 0 ? ", short path for patterns under 8 bytes" : "");
        if (patterns.shortest() > text.length()) {
            return false;
        }
        if (resident != text) {
            resident = text;
            k.n = text.length();
            k.text = text.bytes();
            k.put(k.text);
        }
        return true;
    }

    @Override
    public long[] count(Text text, PatternSet patterns) {
        long[] counts = new long[patterns.size()];
        if (!prepare(text, patterns)) {
            return counts;
        }
        MultiFusedKernel k = launcher.kernel();
        Arrays.fill(k.counts, 0);
        k.put(k.counts);
        launch(MultiFusedKernel.PHASE_COUNT, scanGroups());
        k.get(k.counts);
        for (int i = 0; i < k.counts.length; i++) {
            counts[i % counts.length] += k.counts[i];
        }
        return counts;
    }

    @Override
    public MultiMatches find(Text text, PatternSet patterns) {
        if (!prepare(text, patterns)) {
            return MultiMatches.NONE;
        }
        MultiFusedKernel k = launcher.kernel();
        int groups = scanGroups();
        launch(MultiFusedKernel.PHASE_GROUPS, groups);
        k.get(k.groupCounts);
        long found = 0;
        for (int g = 0; g < groups; g++) {
            k.groupOffsets[g] = (int) found;
            found += k.groupCounts[g];
        }
        if (found == 0) {
            return MultiMatches.NONE;
        }
        if (found > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("multi-fused: more than 2^31 occurrences in one text; count them or "
                    + "search the text in chunks");
        }
        k.put(k.groupOffsets);
        if (k.outOffsets.length < found) {
            k.outOffsets = new int[(int) found];
            k.outIndices = new int[(int) found];
        }
        launch(MultiFusedKernel.PHASE_FIND, groups);
        k.get(k.outOffsets);
        k.get(k.outIndices);
        int total = (int) found;
        return table.shortLengths != 0 ? MultiMatches.sorted(k.outOffsets, k.outIndices, total)
                : new MultiMatches(Arrays.copyOf(k.outOffsets, total), Arrays.copyOf(k.outIndices, total));
    }

    /** Work-groups covering the text's starts; sizes the per-group arrays. */
    private int scanGroups() {
        MultiFusedKernel k = launcher.kernel();
        long tile = (long) launcher.localSize() * windowsPerItem;
        int groups = (int) Math.max(1, (k.n + tile - 1) / tile);
        if (k.groupCounts.length < groups) {
            k.groupCounts = new int[groups];
            k.groupOffsets = new int[groups];
        }
        return groups;
    }

    private void launch(int phase, int groups) {
        MultiFusedKernel k = launcher.kernel();
        k.phase = k.checkedSlot(phase);
        try {
            launcher.launch(groups);
        } finally {
            k.phase = MultiFusedKernel.PHASE_IDLE;
        }
    }

    @Override
    public void close() {
        if (launcher != null) {
            launcher.close();
            launcher = null;
            resident = null;
            loaded = null;
        }
    }
}
