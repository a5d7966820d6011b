package org.gpumatch.aparapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.gpumatch.aparapi.plan.Calibration;
import org.gpumatch.aparapi.plan.CostPlan;
import org.gpumatch.aparapi.plan.Workload;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.stream.ChunkSizes;
import org.gpumatch.api.stream.ChunkSource;
import org.gpumatch.api.stream.ChunkedSearch;
import org.gpumatch.api.stream.InputStreamSource;
import org.gpumatch.api.stream.MappedFileSource;
import org.gpumatch.api.stream.ProgressListener;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;

/**
 * Exact search of a file, a byte array or a stream, as {@code gpumatch count} and {@code find} run it: read the text
 * whole or stream it in chunks, union the text's and the pattern's alphabets, plan by estimated cost
 * ({@link Planner#planByCost}) or check a forced algorithm, search, report progress, and explain.
 *
 * <pre>{@code
 * try (Search s = Search.on(DeviceCatalog.get().autoDevice()).build()) {
 *     long n = s.count(Path.of("genome.txt"), Pattern.utf8("GATTACA"));
 * }
 * }</pre>
 *
 * <p>Held whole: a regular file up to {@link ChunkSizes#MAX_WINDOW_BYTES} that fits twice in the free heap, a byte
 * array, a stream without a chunk size; planned with the text's own alphabet. Streamed through {@link ChunkedSearch}
 * (windows of chunk + m - 1 bytes, memory-mapped for files): a larger file, or any input when
 * {@link Builder#chunkBytes} is set; planned for one window with sigma = 8. A byte array searched again by the same
 * {@code Search} stays on the device (the planner then counts no upload or compile: a resident text favours the GPU).
 * Memory: the text once on the heap when held whole (plus a device matcher's packed copy), two windows when streamed.
 *
 * <p>Not thread-safe. Close it to release the device memory of the matchers it created.
 */
public final class Search implements AutoCloseable {
    private final ComputeDevice device;
    private final Algorithm forced;
    private final long chunkBytes;
    private final ProgressListener progress;
    private final Consumer<String> explain;
    private final Calibration calibration;
    private final Map<Algorithm, Matcher> matchers = new EnumMap<>(Algorithm.class);
    /** The array last searched whole and its {@link Text}, kept so that its device copy is reused. */
    private byte[] lastArray;
    private Text lastText;
    private Plan lastPlan;

    private Search(Builder b) {
        this.device = b.device;
        this.forced = b.algorithm;
        this.chunkBytes = b.chunkBytes;
        this.progress = b.progress;
        this.explain = b.explain;
        this.calibration = b.calibration != null ? b.calibration : Calibration.forDevice(b.device);
    }

    /** A builder of searches on {@code device}. */
    public static Builder on(ComputeDevice device) {
        return new Builder(device);
    }

    /** A builder of searches on the device {@code -Dgpumatch.device} or {@code auto} selects. */
    public static Builder onAutoDevice() {
        return new Builder(DeviceCatalog.get().autoDevice());
    }

    /** Options of a {@link Search}; every one has a default. */
    public static final class Builder {
        private final ComputeDevice device;
        private Algorithm algorithm;
        private long chunkBytes;
        private ProgressListener progress = ProgressListener.NONE;
        private Consumer<String> explain;
        private Calibration calibration;

        private Builder(ComputeDevice device) {
            if (device == null) {
                throw new IllegalArgumentException("the device is null");
            }
            this.device = device;
        }

        /** Forces an algorithm (a search it cannot take is an error naming those that can); null plans by cost. */
        public Builder algorithm(Algorithm a) {
            this.algorithm = a;
            return this;
        }

        /** Streams every input in chunks of this many bytes; 0 (the default) streams only files too large to hold. */
        public Builder chunkBytes(long bytes) {
            if (bytes < 0 || bytes > ChunkSizes.MAX_WINDOW_BYTES) {
                throw new IllegalArgumentException("chunk size must be 1.." + ChunkSizes.MAX_WINDOW_BYTES
                        + " bytes (0: automatic): " + bytes);
            }
            this.chunkBytes = bytes;
            return this;
        }

        /** Told the bytes read (held whole) or searched (streamed) so far. */
        public Builder progress(ProgressListener listener) {
            this.progress = listener == null ? ProgressListener.NONE : listener;
            return this;
        }

        /** Receives the plan, the estimates, and after each search the measured times, one line per call. */
        public Builder explain(Consumer<String> lines) {
            this.explain = lines;
            return this;
        }

        /** The rates the planner uses; default {@link Calibration#forDevice}. */
        public Builder calibration(Calibration c) {
            this.calibration = c;
            return this;
        }

        public Search build() {
            return new Search(this);
        }
    }

    /** The occurrences of {@code pattern} in the file; never materializes positions. */
    public long count(Path file, Pattern pattern) {
        return run(file, pattern, null);
    }

    /** Hands the offsets of all occurrences in the file to {@code sink}, ascending; returns their number. */
    public long find(Path file, Pattern pattern, LongConsumer sink) {
        return run(file, pattern, requireSink(sink));
    }

    /** The occurrences of {@code pattern} in {@code text}. */
    public long count(byte[] text, Pattern pattern) {
        return whole(text, Workload.TextState.HEAP, pattern, null, 0);
    }

    /** Hands the offsets of all occurrences in {@code text} to {@code sink}, ascending; returns their number. */
    public long find(byte[] text, Pattern pattern, LongConsumer sink) {
        return whole(text, Workload.TextState.HEAP, pattern, requireSink(sink), 0);
    }

    /** The occurrences in the stream, read to its end (not closed). */
    public long count(InputStream in, Pattern pattern) {
        return run(in, pattern, null);
    }

    /** Hands the offsets of all occurrences in the stream to {@code sink}; the stream is read to its end, not closed. */
    public long find(InputStream in, Pattern pattern, LongConsumer sink) {
        return run(in, pattern, requireSink(sink));
    }

    /** What the last search ran, or empty before the first. */
    public Optional<Plan> lastPlan() {
        return Optional.ofNullable(lastPlan);
    }

    private long run(Path file, Pattern pattern, LongConsumer sink) {
        try {
            long size = Files.size(file);
            Runtime rt = Runtime.getRuntime();
            long freeHeap = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
            if (chunkBytes > 0 || size > ChunkSizes.MAX_WINDOW_BYTES || 2 * size > freeHeap) {
                long chunk = chunkBytes > 0 ? chunkBytes : Math.min(ChunkSizes.DEFAULT_CHUNK_BYTES,
                        Math.max(1 << 20, freeHeap / 4));
                try (ChunkSource source = MappedFileSource.open(file)) {
                    return streamed(source, size, chunk, pattern, sink);
                }
            }
            long t0 = System.nanoTime();
            byte[] bytes = readFile(file, size);
            return whole(bytes, Workload.TextState.FILE, pattern, sink, System.nanoTime() - t0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private long run(InputStream in, Pattern pattern, LongConsumer sink) {
        try {
            if (chunkBytes > 0) {
                // not closed: the caller's stream stays open
                return streamed(new InputStreamSource(in), -1, chunkBytes, pattern, sink);
            }
            long t0 = System.nanoTime();
            byte[] bytes = in.readNBytes(ChunkSizes.MAX_WINDOW_BYTES);
            if (in.read() >= 0) {
                throw new IllegalArgumentException("the stream is longer than " + ChunkSizes.MAX_WINDOW_BYTES
                        + " bytes (2^31-9): set a chunk size to stream it");
            }
            progress.progress(bytes.length, -1);
            return whole(bytes, Workload.TextState.FILE, pattern, sink, System.nanoTime() - t0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the stream: " + e.getMessage(), e);
        }
    }

    /** Reads a file of {@code size} bytes through memory mappings, 16 MiB at a time, reporting progress. */
    private byte[] readFile(Path file, long size) throws IOException {
        byte[] bytes = new byte[(int) size];
        try (ChunkSource source = MappedFileSource.open(file)) {
            int done = 0;
            while (done < size) {
                int got = source.readFully(bytes, done, (int) Math.min(1 << 24, size - done));
                if (got <= 0) {
                    throw new IOException("the file shrank while it was read");
                }
                done += got;
                progress.progress(done, size);
            }
        }
        return bytes;
    }

    private long whole(byte[] bytes, Workload.TextState state, Pattern pattern, LongConsumer sink, long readNanos) {
        Text text;
        if (bytes == lastArray && lastText != null) {
            text = lastText;
            state = Workload.TextState.DEVICE;
        } else {
            text = Text.wrap(bytes);
            lastArray = state == Workload.TextState.HEAP ? bytes : null;
            lastText = text;
        }
        int m = pattern.length();
        int sigma = text.alphabet().union(Alphabet.of(pattern.toByteArray())).sigma();
        Matcher matcher = matcherFor(new Workload(text.length(), m, sigma, state, 1), "whole");
        long t0 = System.nanoTime();
        long found;
        if (sink == null) {
            found = matcher.count(text, pattern);
        } else {
            int[] offsets = matcher.find(text, pattern);
            for (int offset : offsets) {
                sink.accept(offset);
            }
            found = offsets.length;
        }
        explainRun(readNanos, System.nanoTime() - t0, text.length(), found, matcher);
        return found;
    }

    private long streamed(ChunkSource source, long size, long chunk, Pattern pattern, LongConsumer sink)
            throws IOException {
        int m = pattern.length();
        int window = ChunkSizes.windowBytes(ChunkSizes.chunkFor(chunk, m), m);
        long n = size < 0 ? window : Math.min(size, window);
        Matcher matcher = matcherFor(new Workload(n, m, 8, Workload.TextState.FILE, 1), "streamed in chunks of "
                + chunk + " bytes" + (size < 0 ? "" : ", " + ChunkSizes.windowCount(size, (int) chunk, m) + " windows")
                + ", sigma = 8 assumed");
        ChunkedSearch search = new ChunkedSearch(matcher, chunk, progress);
        long t0 = System.nanoTime();
        long found = sink == null ? search.count(source, pattern) : search.find(source, pattern, sink);
        explainRun(0, System.nanoTime() - t0, size, found, matcher);
        return found;
    }

    /** Plans (or checks the forced algorithm) for {@code w}, explains, and returns the open matcher. */
    private Matcher matcherFor(Workload w, String how) {
        Plan plan;
        List<String> lines = new ArrayList<>();
        if (forced != null) {
            Optional<String> why = ExactMatchers.unsupportedReason(forced, w.n(), w.m(), w.sigma(), device);
            if (why.isPresent()) {
                List<Algorithm> capable = ExactMatchers.capable(w.n(), w.m(), w.sigma(), device);
                throw new IllegalArgumentException(forced.cliName() + " cannot search this input: " + why.get()
                        + "; algorithms that can: " + (capable.isEmpty() ? "none" : ExactMatchers.names(capable)));
            }
            plan = new Plan(forced, forced.runsOnHost() ? "CPU" : device.describe(), "forced");
        } else {
            CostPlan cost = Planner.planByCost(w, device, calibration);
            plan = cost.plan();
            lines.addAll(cost.explainLines());
        }
        lastPlan = plan;
        if (explain != null) {
            explain.accept("plan: " + plan.algorithm().cliName() + " on " + plan.device());
            explain.accept("why: " + plan.reason());
            explain.accept(String.format(Locale.ROOT, "input: n = %d bytes%s, m = %d, sigma = %d bits, text %s", w.n(),
                    how.equals("whole") ? "" : " per window", w.m(), w.sigma(), how.equals("whole")
                            ? "held whole (" + w.state().name().toLowerCase(Locale.ROOT) + ")" : how));
            lines.forEach(explain);
        }
        Plan chosen = plan;
        return matchers.computeIfAbsent(plan.algorithm(), a -> ExactMatchers.create(a, device, chosen.reason()));
    }

    private void explainRun(long readNanos, long searchNanos, long n, long found, Matcher matcher) {
        if (explain == null) {
            return;
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "time: read %.3f ms, search %.3f ms",
                readNanos / 1e6, searchNanos / 1e6));
        if (n > 0 && searchNanos > 0) {
            line.append(String.format(Locale.ROOT, " (%.2f GB/s)", n / (double) searchNanos));
        }
        if (matcher instanceof DeviceMatcher dm) {
            line.append(String.format(Locale.ROOT, ", kernel launches %.3f ms", dm.lastTiming().wallNanos() / 1e6));
        }
        explain.accept(line.append(", ").append(found).append(found == 1 ? " match" : " matches").toString());
    }

    private static LongConsumer requireSink(LongConsumer sink) {
        if (sink == null) {
            throw new IllegalArgumentException("the sink is null");
        }
        return sink;
    }

    @Override
    public void close() {
        matchers.values().forEach(Matcher::close);
        matchers.clear();
        lastArray = null;
        lastText = null;
    }
}
