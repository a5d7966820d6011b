package org.gpumatch.aparapi.rabinkarp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.gpumatch.gpu.runtime.GuardedKernel;

/**
 * DRK-2S's second stage on the device (SPAA 2016 section 7.2), after {@link DrkWomMatcher}'s skim found the
 * candidates whose first two packed words match: work-groups verify them cooperatively ({@link DrkWomKernel}'s
 * verify phase: teams of {@link #teamSize} work-items compare the remaining words of one candidate), and for
 * {@code find} compact the matches on the device. Up to {@code appendCapacity} candidates come appended by the skim
 * (unordered: verified, then sorted on the host); more are written in order, range of work-groups by range of at
 * most {@code rangeCapacity} candidates, each range verified and compacted.
 *
 * <p>Cost: one verify launch per batch, O(m / team) words read per candidate; device memory 4 bytes per candidate of
 * a batch, 4 per match, 4 per verifying work-group. Every array the device wrote is downloaded before the next launch
 * reads it, so a GC move (after which Aparapi rebuilds a buffer from the host copy) never feeds a stale buffer.
 */
final class TwoStageVerifier {
    /** What the verifier needs of the skim that found the candidates. */
    interface Skim {
        /** Launches the kernel's current phase on {@code groups} work-groups, adding its time to the query's. */
        void launch(int groups);

        /** Work-groups of the skim (covering the resident text's windows for the pattern). */
        int groups();

        /** Downloads the skim's per-group counts and prefix-sums them into the kernel's group offsets. */
        void loadGroupOffsets();

        /** The skim's find phase over groups {@code [first, end)}: their {@code count} candidates, in order. */
        void writeInOrder(int first, int end, int base, int count);
    }

    private final GuardedKernel<DrkWomKernel> launcher;
    private final Skim skim;
    private final int appendCapacity;
    private final int rangeCapacity;

    TwoStageVerifier(GuardedKernel<DrkWomKernel> launcher, Skim skim, int appendCapacity, int rangeCapacity) {
        this.launcher = launcher;
        this.skim = skim;
        this.appendCapacity = appendCapacity;
        this.rangeCapacity = rangeCapacity;
    }

    /** The matches among the skim's {@code candidates} candidates. */
    long count(int candidates) {
        DrkWomKernel k = launcher.kernel();
        if (candidates <= appendCapacity) {
            k.get(k.candidates); // keeps the host copy current (see findAppended)
            return verify(candidates);
        }
        long verified = 0;
        for (int[] range : groupRanges()) {
            verified += verifyRange(range, null);
        }
        return verified;
    }

    /** The offsets of the matches among the skim's {@code candidates} candidates, ascending. */
    int[] find(int candidates) {
        if (candidates <= appendCapacity) {
            return findAppended(candidates);
        }
        IntStream.Builder out = IntStream.builder();
        for (int[] range : groupRanges()) {
            verifyRange(range, out);
        }
        return out.build().toArray();
    }

    /** Verifies the {@code count} candidates the skim appended (unordered); returns the matches, ascending. */
    private int[] findAppended(int count) {
        DrkWomKernel k = launcher.kernel();
        k.get(k.candidates);
        verify(count);
        k.get(k.candidates);
        int[] matches = Arrays.stream(k.candidates, 0, count).filter(c -> c >= 0).toArray();
        Arrays.sort(matches);
        return matches;
    }

    /**
     * The ordered path for one range {@code {first, end, base, count}} of {@link #groupRanges()}: writes the
     * candidates of work-groups {@code [first, end)} in order, verifies them and returns the number of matches; with a
     * {@code sink}, compacts the matches on the device and adds them to it, ascending.
     */
    private int verifyRange(int[] range, IntStream.Builder sink) {
        DrkWomKernel k = launcher.kernel();
        int count = range[3];
        skim.writeInOrder(range[0], range[1], range[2], count);
        int verified = verify(count);
        if (sink == null || verified == 0) {
            return verified;
        }
        k.get(k.verifyCounts);
        int groups = verifyGroups(count);
        k.verifyOffsets = ResidentTextMatcher.groupOffsets(k.verifyCounts, groups, k.verifyOffsets);
        k.put(k.verifyOffsets);
        k.get(k.candidates); // the host copy stays current across launches (a GC move rebuilds the buffer from it)
        k.positions = DrkWomMatcher.sized(k.positions, verified);
        k.phase = k.checkedSlot(DrkWomKernel.PHASE_COMPACT);
        k.candidateCount = count;
        skim.launch(groups);
        k.get(k.positions);
        for (int i = 0; i < verified; i++) {
            sink.add(k.positions[i]);
        }
        return verified;
    }

    /**
     * Verifies candidates {@code [0, count)} of the candidates buffer (whose host copy is current); returns the number
     * of matches. {@code total[2]}, the verified matches since the skim reset it, is current in the host copy, so
     * nothing is uploaded.
     */
    private int verify(int count) {
        DrkWomKernel k = launcher.kernel();
        int before = k.total[2];
        k.phase = k.checkedSlot(DrkWomKernel.PHASE_VERIFY);
        k.candidateCount = count;
        k.teamSize = teamSize(k.patternWordCount - 2, launcher.localSize());
        int groups = verifyGroups(count);
        if (k.verifyCounts.length < groups) {
            k.verifyCounts = new int[groups];
        }
        skim.launch(groups);
        k.get(k.total);
        return k.total[2] - before;
    }

    /** Work-items per candidate: the smallest power of two covering the words to compare, at most the work-group. */
    static int teamSize(int words, int localSize) {
        int t = 1;
        while (t < words && t < localSize) {
            t <<= 1;
        }
        return t;
    }

    private int verifyGroups(int candidates) {
        int l = launcher.localSize();
        return Math.max(1, (candidates + l - 1) / l);
    }

    /**
     * Ranges of work-groups whose candidates fit {@link #rangeCapacity} (raised to one tile's windows, the most one
     * group can have): each {@code {first, end, base, count}}, from the downloaded per-group counts.
     */
    private List<int[]> groupRanges() {
        DrkWomKernel k = launcher.kernel();
        skim.loadGroupOffsets();
        int groups = skim.groups();
        int capacity = Math.max(rangeCapacity, k.tileWords * k.symbolsPerWord);
        List<int[]> ranges = new ArrayList<>();
        int first = 0;
        while (first < groups) {
            int end = first;
            long sum = 0;
            while (end < groups && sum + k.groupCounts[end] <= capacity) {
                sum += k.groupCounts[end++];
            }
            if (sum > 0) {
                ranges.add(new int[] {first, end, k.groupOffsets[first], (int) sum});
            }
            first = end;
        }
        return ranges;
    }
}
