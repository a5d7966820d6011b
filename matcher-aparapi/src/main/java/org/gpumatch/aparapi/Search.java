package org.gpumatch.aparapi;

import static org.gpumatch.aparapi.ExplainText.binary;
import static org.gpumatch.aparapi.ExplainText.gbps;
import static org.gpumatch.aparapi.ExplainText.matches;
import static org.gpumatch.aparapi.ExplainText.ms;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.gpumatch.aparapi.plan.Calibration;
import org.gpumatch.aparapi.plan.CostPlanner;
import org.gpumatch.aparapi.plan.Workload;
import org.gpumatch.aparapi.rabinkarp.OneShotFileSearch;
import org.gpumatch.aparapi.rabinkarp.OneShotTimes;
import org.gpumatch.api.Algorithm;
import org.gpumatch.gpu.runtime.DevicePolicy;
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
 * <p>One-shot device searches of files of at least {@link #ONE_SHOT_FROM} bytes (no chunk size set) run through the
 * {@link OneShotFileSearch}: planned as a overlapped workload (sigma from a sample of the file; read, pack, upload and
 * search overlapped chunk by chunk), explained with the measured stage times ({@link #lastOneShotTimes()}); its lanes
 * and their chunk buffers are kept for later files. A pattern whose m - 1 overlap the one-shot search's chunks cannot hold,
 * or a plan for the CPU, takes the paths below.
 *
 * <p>Held whole: a regular file up to {@link ChunkSizes#MAX_WINDOW_BYTES} that fits twice in the free heap, a byte
 * array, a stream without a chunk size; planned with the text's own alphabet. Streamed through {@link ChunkedSearch}
 * (windows of chunk + m - 1 bytes, memory-mapped for files): a larger file, or any input when
 * {@link Builder#chunkBytes} is set; planned for one window with sigma = 8. A byte array searched again by the same
 * {@code Search} stays on the device (the planner then counts no upload or compile: a resident text favours the GPU).
 * Memory: the text once on the heap when held whole (plus a device matcher's packed copy), two windows when streamed.
 *
 * <p>Devices: {@link #on(ComputeDevice)} searches on the given device; {@link #on(DevicePolicy)} with {@code auto}
 * (and {@link #onAutoDevice()}) lists the OpenCL devices only when a plan needs them: a query without a forced
 * algorithm on a text of fewer than {@link CostPlanner#CPU_WITHOUT_DEVICE_BELOW} bytes that is not yet on a device goes
 * to the CPU matcher without initialising OpenCL (the CPU wins there on every built-in table; see that constant).
 *
 * <p>Parts: this class routes an input (the routes of {@link OneShotRoutes}, streamed, held whole) and explains each
 * route's input and times; {@link SearchPlans} resolves the device, plans or checks the forced algorithm, explains the
 * plan and keeps the matchers; {@link ExplainText} writes the numbers.
 *
 * <p>Not thread-safe. Close it to release the device memory of the matchers it created.
 */
public final class Search implements AutoCloseable {
    /**
     * Files of at least this many bytes searched on an OpenCL device run through the {@link OneShotFileSearch}: 4 MiB.
     * Below it a file is at most a chunk or two, so the whole-text path (one read, one pack, one upload into a new
     * buffer of the packed size) costs about the same without the lanes' threads and contexts.
     */
    public static final long ONE_SHOT_FROM = 4L << 20;
    /** Plans, the device, and the matchers kept for later queries. */
    private final SearchPlans plans;
    private final Algorithm forced;
    private final long chunkBytes;
    private final ProgressListener progress;
    private final Consumer<String> explain;
    /** The file routes that never hold the file whole: the one-shot device search and the CPU in place. */
    private final OneShotRoutes oneShots;
    /** The array last searched whole and its {@link Text}, kept so that its device copy is reused. */
    private byte[] lastArray;
    private Text lastText;

    private Search(Builder b) {
        this.plans = new SearchPlans(b.device, b.policy, b.algorithm, b.calibration, b.explain, b.notices);
        this.forced = b.algorithm;
        this.chunkBytes = b.chunkBytes;
        this.progress = b.progress;
        this.explain = b.explain;
        this.oneShots = new OneShotRoutes(plans, chunkBytes, progress, explain);
    }

    /** A builder of searches on {@code device}. */
    public static Builder on(ComputeDevice device) {
        if (device == null) {
            throw new IllegalArgumentException("the device is null");
        }
        return new Builder(device, null);
    }

    /**
     * A builder of searches on the device {@code policy} names. {@code java} and explicit choices ({@code gpu},
     * {@code opencl}, a name) are resolved now (a missing device throws
     * {@link org.gpumatch.gpu.runtime.DeviceUnavailableException}); {@code auto} is resolved when a plan first needs
     * a device, so a search the CPU answers never initialises OpenCL.
     */
    public static Builder on(DevicePolicy policy) {
        if (policy == null) {
            throw new IllegalArgumentException("the device policy is null");
        }
        return switch (policy.kind()) {
            case AUTO -> new Builder(null, policy);
            case JAVA -> new Builder(ComputeDevice.JAVA_THREADS, null);
            default -> new Builder(DeviceCatalog.get().select(policy).device(), null);
        };
    }

    /** A builder of searches on the device {@code -Dgpumatch.device} (default {@code auto}) selects, resolved lazily. */
    public static Builder onAutoDevice() {
        return on(DevicePolicy.fromSystemProperty());
    }

    /** Options of a {@link Search}; every one has a default. */
    public static final class Builder {
        private final ComputeDevice device;
        private final DevicePolicy policy;
        private Algorithm algorithm;
        private long chunkBytes;
        private ProgressListener progress = ProgressListener.NONE;
        private Consumer<String> explain;
        private Consumer<String> notices;
        private Calibration calibration;

        private Builder(ComputeDevice device, DevicePolicy policy) {
            this.device = device;
            this.policy = policy;
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

        /**
         * Receives, one line per call: before each search the plan, why, the input and the estimates (or why none
         * were needed); after it the measured times.
         */
        public Builder explain(Consumer<String> lines) {
            this.explain = lines;
            return this;
        }

        /** Receives one line when {@code auto} found no OpenCL device and settled for the CPU or Java threads. */
        public Builder notices(Consumer<String> lines) {
            this.notices = lines;
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
        return Optional.ofNullable(plans.lastPlan());
    }

    /**
     * A file: one-shot on a device through the one-shot search, or in place on the CPU, when the plan says so; else streamed
     * in windows when it cannot or should not be held whole; else read whole and searched.
     */
    private long run(Path file, Pattern pattern, LongConsumer sink) {
        try {
            long size = Files.size(file);
            Optional<Long> found = oneShots.search(file, size, pattern, sink);
            if (found.isPresent()) {
                return found.get();
            }
            String whyStreamed = whyStreamed(size);
            if (whyStreamed != null) {
                return streamedFile(file, size, whyStreamed, pattern, sink);
            }
            long t0 = System.nanoTime();
            byte[] bytes = readFile(file, size);
            return whole(bytes, Workload.TextState.FILE, pattern, sink, System.nanoTime() - t0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Why a file of {@code size} bytes is streamed rather than held whole, or null to hold it whole. */
    private String whyStreamed(long size) {
        long freeHeap = freeHeap();
        return chunkBytes > 0 ? "a chunk size is set"
                : size > ChunkSizes.MAX_WINDOW_BYTES ? "the file is larger than the " + ChunkSizes.MAX_WINDOW_BYTES
                        + " bytes (2^31-9) a text held whole can have"
                : 2 * size > freeHeap ? "the file does not fit twice in the free Java heap (" + freeHeap + " bytes)"
                : null;
    }

    /** Streams the file through its mapping: chunks of the chunk size set, else of at most a quarter of the free heap. */
    private long streamedFile(Path file, long size, String why, Pattern pattern, LongConsumer sink)
            throws IOException {
        long chunk = chunkBytes > 0 ? chunkBytes : Math.min(ChunkSizes.DEFAULT_CHUNK_BYTES,
                Math.max(1 << 20, freeHeap() / 4));
        try (ChunkSource source = MappedFileSource.open(file)) {
            return streamed(source, size, chunk, why, pattern, sink, () -> fileAlphabet(file, size));
        }
    }

    private static long freeHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    private long run(InputStream in, Pattern pattern, LongConsumer sink) {
        try {
            if (chunkBytes > 0) {
                // not closed: the caller's stream stays open
                return streamed(new InputStreamSource(in), -1, chunkBytes, "a chunk size is set", pattern, sink, null);
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

    /** The stage times of the last search if it ran through the one-shot search. */
    public Optional<OneShotTimes> lastOneShotTimes() {
        return oneShots.lastTimes();
    }

    /** The symbols of a whole file: one pass, 16 MiB at a time, stopping when all 256 byte values were seen. */
    private static Alphabet fileAlphabet(Path file, long size) {
        Alphabet seen = Alphabet.of(new byte[0]);
        try (ChunkSource source = MappedFileSource.open(file)) {
            byte[] buf = new byte[(int) Math.max(1, Math.min(size, 1 << 24))];
            int got;
            while (seen.size() < 256 && (got = source.readFully(buf, 0, buf.length)) > 0) {
                seen = seen.union(Alphabet.of(got == buf.length ? buf : Arrays.copyOf(buf, got)));
            }
            return seen;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private long whole(byte[] bytes, Workload.TextState state, Pattern pattern, LongConsumer sink, long readNanos) {
        oneShots.clearTimes();
        Text text;
        if (bytes == lastArray && lastText != null && plans.lastRanOnDevice()) {
            text = lastText;
            state = Workload.TextState.DEVICE;
        } else {
            text = Text.wrap(bytes);
            lastArray = state == Workload.TextState.HEAP ? bytes : null;
            lastText = text;
        }
        int m = pattern.length();
        Alphabet alphabet = text.alphabet().union(Alphabet.of(pattern.toByteArray()));
        Workload w = new Workload(text.length(), m, alphabet.sigma(), state, 1);
        Matcher matcher = plans.matcherFor(w, null);
        if (explain != null) {
            explain.accept(String.format(Locale.ROOT, "input: n = %d bytes, m = %d, sigma = %d bits (%d distinct "
                    + "symbols), text held whole (%s)", w.n(), m, w.sigma(), alphabet.size(),
                    state.name().toLowerCase(Locale.ROOT)));
        }
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
        long searchNanos = System.nanoTime() - t0;
        if (explain != null) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "time: read %s, search %s (%s GB/s",
                    ms(readNanos), ms(searchNanos), gbps(text.length(), searchNanos)));
            if (matcher instanceof DeviceMatcher dm) {
                line.append(state == Workload.TextState.DEVICE ? "" : ", includes the kernel compile and the text upload")
                        .append("; kernel launches ").append(ms(dm.lastTiming().wallNanos()));
            }
            explain.accept(line.append("), ").append(matches(found)).toString());
        }
        return found;
    }

    /**
     * Counts ({@code sink} null) or finds through windows of the source; {@code alphabet}, when not null, scans a
     * file's alphabet for a forced algorithm that refuses sigma = 8 (one extra pass, only then).
     */
    private long streamed(ChunkSource source, long size, long chunk, String why, Pattern pattern, LongConsumer sink,
                          java.util.function.Supplier<Alphabet> alphabet) throws IOException {
        oneShots.clearTimes();
        int m = pattern.length();
        int window = ChunkSizes.windowBytes(ChunkSizes.chunkFor(chunk, m), m);
        long n = size < 0 ? window : Math.min(size, window);
        Workload w = new Workload(n, m, 8, Workload.TextState.FILE, 1);
        String scanned = "";
        if (forced != null && alphabet != null
                && ExactMatchers.unsupportedReason(forced, n, m, 8, plans.deviceFor(forced)).isPresent()) {
            int sigma = alphabet.get().union(Alphabet.of(pattern.toByteArray())).sigma();
            w = new Workload(n, m, sigma, Workload.TextState.FILE, 1);
            scanned = " (the file's alphabet, scanned in one extra pass because " + forced.cliName()
                    + " refuses sigma = 8)";
        }
        Matcher matcher = plans.matcherFor(w, "in chunks of " + chunk + " bytes");
        if (explain != null) {
            explain.accept("streamed (" + why + "): " + (size < 0 ? "the stream in" : size + " bytes in "
                    + ChunkSizes.windowCount(size, (int) chunk, m)) + " chunks of " + chunk + " bytes"
                    + binary(chunk) + ", each searched with the m-1 = " + (m - 1) + " bytes after it; "
                    + (size < 0 ? "read in order" : "memory-mapped") + ", the next chunk read while this one is searched");
            explain.accept("input: n = " + (size < 0 ? "unknown" : size + " bytes") + ", m = " + m + ", sigma = "
                    + w.sigma() + (scanned.isEmpty() ? " bits assumed (a streamed text's alphabet is not scanned)"
                            : " bits" + scanned) + "; planned for windows of " + n + " bytes");
        }
        ChunkedSearch search = new ChunkedSearch(matcher, chunk, progress);
        progress.progress(0, size); // the progress shows from the start, not only after the first chunk
        long t0 = System.nanoTime();
        long found = sink == null ? search.count(source, pattern) : search.find(source, pattern, sink);
        long searchNanos = System.nanoTime() - t0;
        if (explain != null) {
            explain.accept("time: search " + ms(searchNanos) + " (" + (size < 0 ? "" : gbps(size, searchNanos)
                    + " GB/s, ") + "includes reading the input" + (matcher instanceof DeviceMatcher
                    ? ", the kernel compile and the upload of each chunk" : "") + "), " + matches(found));
        }
        return found;
    }

    private static LongConsumer requireSink(LongConsumer sink) {
        if (sink == null) {
            throw new IllegalArgumentException("the sink is null");
        }
        return sink;
    }

    @Override
    public void close() {
        plans.close();
        oneShots.close();
        lastArray = null;
        lastText = null;
    }
}
