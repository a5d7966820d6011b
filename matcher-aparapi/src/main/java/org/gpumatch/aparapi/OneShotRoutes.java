package org.gpumatch.aparapi;

import static org.gpumatch.aparapi.ExplainText.binary;
import static org.gpumatch.aparapi.ExplainText.gbps;
import static org.gpumatch.aparapi.ExplainText.matches;
import static org.gpumatch.aparapi.ExplainText.ms;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.gpumatch.aparapi.plan.CostPlanner;
import org.gpumatch.aparapi.plan.Workload;
import org.gpumatch.aparapi.rabinkarp.OneShotFileSearch;
import org.gpumatch.aparapi.rabinkarp.OneShotTimes;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.cpu.CpuMatcher;
import org.gpumatch.api.stream.ProgressListener;

/**
 * The two routes of a {@link Search} file query that never copy the file onto the heap whole, tried before it is read
 * or streamed: the one-shot device search ({@link OneShotFileSearch}: read, pack, upload and search overlapped chunk
 * by chunk) and the CPU matcher in place (memory-mapped, every core searching). Both plan with the alphabet of a
 * sample of the file (about 0.5 MiB, read once per query). Keeps the one-shot searches by algorithm, so that their
 * lanes' chunk buffers serve later files, and the stage times of the last one-shot search. Memory: the lanes' chunk
 * buffers (and their device copies) of each algorithm used. Not thread-safe.
 */
final class OneShotRoutes implements AutoCloseable {
    private final SearchPlans plans;
    private final Algorithm forced;
    private final long chunkBytes;
    private final ProgressListener progress;
    private final Consumer<String> explain;
    /** One-shot searches by algorithm, kept so that their lanes' buffers are reused by later files. */
    private final Map<Algorithm, OneShotFileSearch> searches = new EnumMap<>(Algorithm.class);
    /** The stage times of the last overlapped search, or null. */
    private OneShotTimes lastTimes;

    OneShotRoutes(SearchPlans plans, long chunkBytes, ProgressListener progress, Consumer<String> explain) {
        this.plans = plans;
        this.forced = plans.forced();
        this.chunkBytes = chunkBytes;
        this.progress = progress;
        this.explain = explain;
    }

    /** The stage times of the last query if it ran through the one-shot search. */
    Optional<OneShotTimes> lastTimes() {
        return Optional.ofNullable(lastTimes);
    }

    /** Forgets the last stage times (a query took another route). */
    void clearTimes() {
        lastTimes = null;
    }

    /**
     * The file searched through the one-shot search or in place on the CPU when the plan (with the alphabet of a
     * sample of the file) takes one of them; empty, having printed nothing, otherwise.
     */
    Optional<Long> search(Path file, long size, Pattern pattern, LongConsumer sink) throws IOException {
        lastTimes = null;
        boolean onDevice = oneShotMayRun(size);
        boolean cpuInPlace = chunkBytes == 0 && (forced == null || forced == Algorithm.CPU);
        if (!onDevice && !cpuInPlace) {
            return Optional.empty();
        }
        FileSample sample = FileSample.of(file, pattern);
        Optional<Long> found = onDevice ? oneShotOnDevice(file, size, pattern, sink, sample) : Optional.empty();
        return found.isPresent() || !cpuInPlace ? found : inPlaceOnCpu(file, size, pattern, sink, sample);
    }

    /**
     * Searches {@code file} in place with the CPU matcher ({@link CpuMatcher#count(Path, Pattern)}: memory-mapped,
     * its parts searched on all cores, never copied whole onto the heap and no pass for the alphabet) when the CPU
     * matcher is forced or, planned with the alphabet of a sample of the file (as the one-shot search plans), wins;
     * empty, having printed nothing, otherwise (the caller then reads or streams the file). Called only without a
     * chunk size and with no algorithm or the CPU matcher forced.
     */
    private Optional<Long> inPlaceOnCpu(Path file, long size, Pattern pattern, LongConsumer sink, FileSample sample)
            throws IOException {
        SearchPlans.Decision d = plans.decide(Workload.oneShotFile(size, pattern.length(), sample.alphabet().sigma()), null);
        if (d.plan().algorithm() != Algorithm.CPU) {
            return Optional.empty();
        }
        CpuMatcher cpu = (CpuMatcher) plans.matcherOf(plans.announce(d));
        if (explain != null) {
            explain.accept(String.format(Locale.ROOT, "input: n = %d bytes, m = %d, searched in place: the file "
                    + "memory-mapped and its parts searched on %d threads (no copy on the heap, no alphabet pass; "
                    + "sample %s)", size, pattern.length(), Runtime.getRuntime().availableProcessors(),
                    ms(sample.nanos())));
        }
        long t1 = System.nanoTime();
        long found = sink == null ? cpu.count(file, pattern) : cpu.find(file, pattern, sink);
        long searchNanos = System.nanoTime() - t1;
        progress.progress(size, size);
        if (explain != null) {
            explain.accept("time: search " + ms(searchNanos) + " (" + gbps(size, searchNanos)
                    + " GB/s, reading included), " + matches(found));
        }
        return Optional.of(found);
    }

    /**
     * Whether a file of {@code size} bytes may take the one-shot search: no chunk size set, at least
     * {@link Search#ONE_SHOT_FROM} bytes, no forced algorithm or one with a one-shot search, and a device that is (or, for an
     * unresolved {@code auto}, for a file the CPU does not take without planning, may be) OpenCL.
     */
    private boolean oneShotMayRun(long size) {
        if (chunkBytes > 0 || size < Search.ONE_SHOT_FROM || (forced != null && !OneShotFileSearch.supports(forced))) {
            return false;
        }
        if (!plans.deviceResolved() && forced == null && size < CostPlanner.CPU_WITHOUT_DEVICE_BELOW) {
            return false; // the CPU matcher takes it without listing devices
        }
        return plans.device().isOpenCL();
    }

    /**
     * Plans a one-shot search of {@code file} as a overlapped workload (sigma from a sample of the file) and runs it
     * through the {@link OneShotFileSearch} when a device algorithm with a one-shot search wins; empty (nothing printed) when
     * the CPU wins or the one-shot search cannot take the pattern: the caller then reads the file whole or streams it, and
     * plans again with the whole file's alphabet.
     */
    private Optional<Long> oneShotOnDevice(Path file, long size, Pattern pattern, LongConsumer sink, FileSample sample)
            throws IOException {
        int m = pattern.length();
        Alphabet sampled = sample.alphabet();
        int sigma = sampled.sigma();
        Workload w = Workload.oneShotOverlapped(size, m, sigma);
        SearchPlans.Decision d;
        if (forced != null) {
            int buffer = OneShotFileSearch.configuredBufferBytes();
            if (OneShotFileSearch.unsupportedReason(forced, m, sigma, buffer).isPresent()) {
                return Optional.empty(); // the whole-text path checks it and explains a refusal
            }
            d = plans.decide(w, null);
        } else {
            d = plans.decide(w, null);
            if (d.plan().algorithm().runsOnHost()) {
                return Optional.empty();
            }
            Optional<String> why = OneShotFileSearch.unsupportedReason(d.plan().algorithm(), m, sigma,
                    OneShotFileSearch.configuredBufferBytes());
            if (why.isPresent()) {
                if (explain != null) {
                    explain.accept("one-shot search not used (" + why.get() + "): the file is read whole or streamed");
                }
                return Optional.empty();
            }
        }
        plans.announce(d);
        Algorithm a = d.plan().algorithm();
        OneShotFileSearch search = searches.computeIfAbsent(a, alg -> new OneShotFileSearch(plans.device(), alg));
        if (explain != null) {
            explain.accept(String.format(Locale.ROOT, "input: n = %d bytes, m = %d, sigma = %d bits (%d distinct "
                    + "symbols in a sample of the file and the pattern, %s; a chunk with other bytes widens it), "
                    + "one-shot search: the file memory-mapped, read and packed by %d threads into chunk buffers of "
                    + "%s, uploaded by up to %d lanes while the next chunk is packed", size, m, sigma, sampled.size(),
                    ms(sample.nanos()), OneShotFileSearch.defaultPackThreads(), binary(OneShotFileSearch.configuredBufferBytes())
                            .trim(), OneShotFileSearch.configuredLanes()));
        }
        long found = sink == null ? search.count(file, pattern, progress)
                : search.find(file, pattern, sink, progress);
        lastTimes = search.lastTimes();
        if (explain != null) {
            explain.accept("time: search " + ms(lastTimes.totalNanos()) + " (" + gbps(size,
                    lastTimes.totalNanos()) + " GB/s, reading, packing, compile and upload included), "
                    + matches(found));
            lastTimes.describe().forEach(explain);
        }
        return Optional.of(found);
    }

    /**
     * The alphabet of a sample of a file (about 0.5 MiB, {@link OneShotFileSearch#sampleAlphabet}) united with the
     * pattern's, and the time the sample took: read once per file query for both the one-shot search's and the in-place CPU
     * search's plans.
     */
    private record FileSample(Alphabet alphabet, long nanos) {
        static FileSample of(Path file, Pattern pattern) throws IOException {
            long t0 = System.nanoTime();
            Alphabet a = OneShotFileSearch.sampleAlphabet(file).union(Alphabet.of(pattern.toByteArray()));
            return new FileSample(a, System.nanoTime() - t0);
        }
    }

    @Override
    public void close() {
        searches.values().forEach(OneShotFileSearch::close);
        searches.clear();
    }
}
