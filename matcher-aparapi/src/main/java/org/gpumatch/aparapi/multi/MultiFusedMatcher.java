package org.gpumatch.aparapi.multi;

import java.util.Arrays;
import org.gpumatch.api.Text;
import org.gpumatch.api.multi.MultiMatches;
import org.gpumatch.api.multi.MultiPatternMatcher;
import org.gpumatch.api.multi.PatternSet;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * {@code multi-fused}: patterns of mixed lengths (1 to 4096 bytes and beyond, up to 100,000 and more) in one pass
 * over the resident text ({@link MultiFusedKernel}): a rolling 8-byte fingerprint per start, one probe of a device
 * hash table keyed by the first 8 bytes, verification of the rest on the device. Patterns of 1 to 7 bytes take the
 * short path: extra probes keyed by the first 1..7 bytes (only the lengths present), a probe hit being a match.
 *
 * <p>Cost per query: {@code count} one launch reading each text byte about once (plus the verification of the
 * patterns sharing a window's first 8 bytes) and downloading k ints; {@code find} two launches (count, then write) and
 * 8 bytes per occurrence down; with short patterns present the pairs are sorted on the host (O(M log M)). The table is
 * built on the host once per {@link PatternSet} object ({@link PrefixTable}). Device memory: the text, the table
 * (20 bytes per slot), the patterns (m + 12 bytes each), 8 bytes per occurrence; no n-sized intermediate.
 *
 * <p>Weak spot: many patterns with equal first 8 bytes form one group that every window with that prefix verifies in
 * full (e.g. 10,000 patterns all starting with "https://"); multi-rk does not share it when the lengths differ. Each
 * short length present costs one more probe per start.
 * Not measured on a GPU yet. Requires OpenCL (the CPU path is {@link AhoCorasickMatcher}). Not thread-safe.
 */
public final class MultiFusedMatcher implements MultiPatternMatcher {
    /** Work-items per work-group unless the device allows fewer. */
    public static final int DEFAULT_LOCAL_SIZE = 256;
    /** Starts per work-item. Not tuned yet. */
    public static final int DEFAULT_WINDOWS_PER_ITEM = 16;

    private final ComputeDevice device;
    private final int preferredLocalSize;
    private final int windowsPerItem;
    private GuardedKernel<MultiFusedKernel> launcher;
    private Text resident;
    private PatternSet loaded;
    private PrefixTable table;
    private String explain = "multi-fused";

    /** A matcher on {@code device} (an OpenCL device) with the default geometry. */
    public MultiFusedMatcher(ComputeDevice device) {
        this(device, DEFAULT_LOCAL_SIZE, DEFAULT_WINDOWS_PER_ITEM);
    }

    /** A matcher with an explicit geometry: {@code localSize} a power of two, {@code windowsPerItem} positive. */
    public MultiFusedMatcher(ComputeDevice device, int localSize, int windowsPerItem) {
        if (!device.isOpenCL()) {
            throw new IllegalArgumentException("multi-fused needs an OpenCL device; use multi-cpu instead of "
                    + device.describe());
        }
        if (localSize <= 0 || Integer.bitCount(localSize) != 1 || windowsPerItem <= 0) {
            throw new IllegalArgumentException("localSize must be a power of two and windowsPerItem positive: "
                    + localSize + ", " + windowsPerItem);
        }
        this.device = device;
        this.preferredLocalSize = localSize;
        this.windowsPerItem = windowsPerItem;
    }

    @Override
    public String name() {
        return "multi-fused";
    }

    @Override
    public String explain() {
        return explain;
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
            table = new PrefixTable(patterns);
            loaded = patterns;
            k.tableMask = table.mask;
            k.tableKeys = table.keys;
            k.tableKeysHi = table.keysHi;
            k.tableTags = table.tags;
            k.tableStart = table.start;
            k.tableCount = table.count;
            k.groupPatterns = table.groupPatterns;
            k.patternBytes = table.bytes;
            k.patternStart = table.patternStart;
            k.patternLength = table.patternLength;
            k.shortLengths = table.shortLengths;
            k.hasLong = table.hasLong ? 1 : 0;
            k.counts = new int[patterns.size()];
            k.put(k.tableKeys).put(k.tableKeysHi).put(k.tableTags).put(k.tableStart).put(k.tableCount).put(k.groupPatterns)
                    .put(k.patternBytes).put(k.patternStart).put(k.patternLength);
        }
        explain = "multi-fused on " + device.describe() + ": " + patterns + ", " + (table.mask + 1) + " table slots"
                + (table.shortLengths != 0 ? ", short path for patterns under 8 bytes" : "");
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
        launch(MultiFusedKernel.PHASE_COUNT);
        k.get(k.counts);
        for (int i = 0; i < counts.length; i++) {
            counts[i] = k.counts[i];
        }
        return counts;
    }

    @Override
    public MultiMatches find(Text text, PatternSet patterns) {
        if (!prepare(text, patterns)) {
            return MultiMatches.NONE;
        }
        MultiFusedKernel k = launcher.kernel();
        int groups = launch(MultiFusedKernel.PHASE_COUNT);
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
        launch(MultiFusedKernel.PHASE_FIND);
        k.get(k.outOffsets);
        k.get(k.outIndices);
        int total = (int) found;
        return table.shortLengths != 0 ? MultiMatches.sorted(k.outOffsets, k.outIndices, total)
                : new MultiMatches(Arrays.copyOf(k.outOffsets, total), Arrays.copyOf(k.outIndices, total));
    }

    private int launch(int phase) {
        MultiFusedKernel k = launcher.kernel();
        long tile = (long) launcher.localSize() * windowsPerItem;
        int groups = (int) Math.max(1, (k.n + tile - 1) / tile);
        if (k.groupCounts.length < groups) {
            k.groupCounts = new int[groups];
            k.groupOffsets = new int[groups];
        }
        k.phase = phase;
        try {
            launcher.launch(groups);
        } finally {
            k.phase = 0;
        }
        return groups;
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
