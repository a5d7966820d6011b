package org.gpumatch.suffixarray.gpu;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one {@link GpuPrefixDoublingBuilder} build did on the device, counted by its {@link DoublingRounds} and read
 * through the builder's {@code last...} accessors: rounds by kind, launches per round, explicit downloads and the
 * kernel's device time. A new one per build; not thread-safe.
 */
final class DoublingCounters {
    /** Sorting rounds after the initial sort. */
    int rounds;
    /** Rounds with a bucket of more than {@link GpuPrefixDoublingBuilder#MAX_SMALL_BUCKET} suffixes. */
    int largeRounds;
    /** Large rounds that sorted by chains. */
    int chainRounds;
    /** Rounds that measured chain lengths to decide whether to sort by chains. */
    int chainMeasurements;
    /** Rounds sorted by the grid's segmented sort, and the elements of its large path summed over them. */
    int segmentedRounds;
    long segmentedLarge;
    /** Launches: entry 0 the initial sorts, then each round (all partitions of a round together). */
    final List<Integer> roundLaunches = new ArrayList<>();
    /** Launches so far. */
    int launchCount;
    /** Explicit blocking downloads (the select counts, a segmented round's one more). */
    int explicitDownloads;
    /** The launches' device time (OpenCL profiling), or -1 once a launch came without it. */
    long deviceNanos;
    /**
     * Device time and launches by step, in the order the steps first ran: "radix sort", "segmented sort", "select",
     * and each own phase by its name ({@link PrefixDoublingKernel#phaseName}); empty when profiling was off.
     */
    final Map<String, long[]> deviceBySteps = new LinkedHashMap<>();
}
