package org.gpumatch.aparapi.rabinkarp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.cpu.CpuMatcher;
import org.gpumatch.api.stream.ProgressListener;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.LaunchTiming;

/**
 * One-shot exact search of a file on the device (DRK-WOM-32, DRK-WOM-64 or DRK-2S) as a one-shot search: the file is
 * memory-mapped and read by several threads, which pack each chunk to sigma-bit symbols as they read it (DNA crosses
 * the bus at a quarter of its size, bytes as they are); the packed chunks go round-robin to a few lanes, each a kernel
 * instance with its own thread and one chunk buffer allocated once, so that chunk k+1 is read and packed, and uploaded
 * by another lane, while chunk k uploads and is searched. The kernel compile starts in a background thread when the
 * first search begins, and overlaps the sampling, reading and packing of the first chunks.
 *
 * <p><b>Chunks.</b> A lane buffer holds {@code W = bufferBytes / 4} words, {@code S = W * 32 / sigma} symbols;
 * chunk k is the {@code C = S - (m - 1)} window starts from {@code k * C} on, searched in the window
 * {@code [k C, min(n, k C + C + m - 1))}: windows overlap by m - 1 symbols, so an occurrence across a chunk boundary
 * lies wholly in the window of the chunk holding its start and is counted exactly once. Patterns with
 * {@code m - 1 > S / 2} are refused ({@link #unsupportedReason}): the whole-text path takes them.
 *
 * <p><b>Alphabet.</b> Sigma comes from a sample of the file (its first 256 KiB and 64 blocks of 4 KiB spread over
 * it) and the pattern, so no pass over the whole file precedes the search. A chunk holding a byte outside it (the
 * packing detects it while packing) widens the alphabet to include the chunk's bytes and is packed again (later chunks
 * use the wider packing, the chunk size shrinking with sigma); when the variant cannot take m at the wider sigma, that
 * chunk is searched on the CPU ({@link CpuMatcher}). Answers are exact either way.
 *
 * <p><b>Results.</b> Counts add up; {@code find} delivers {@code long} offsets (files beyond 2 GiB), ascending: the
 * chunks' results are taken in chunk order on the calling thread, which also calls the sink.
 *
 * <p><b>Cost.</b> One read of the file; {@code sigma / 8} bytes uploaded per symbol plus {@code (m - 1) sigma / 8}
 * per chunk; per chunk the matcher's launches (count: one or two, find: two to four). Memory: per lane a host array
 * and a device buffer of {@code bufferBytes} (rounded up to whole tiles), a 64 KiB scratch per packing thread, the
 * result of at most one chunk per lane held for ordering; address space of a 256 MiB mapping.
 *
 * <p>The lanes (and their buffers) are kept between searches and released by {@link #close()}. Not thread-safe: one
 * search at a time.
 */
public final class OneShotFileSearch implements AutoCloseable {
    /** Bytes of each lane's chunk buffer unless set: 8 MiB (8 Mi bytes or 32 Mi DNA bases a chunk). */
    public static final int DEFAULT_BUFFER_BYTES = 8 << 20;
    /** Lanes unless set: two kernel instances, so that one uploads while the other's buffer is refilled. */
    public static final int DEFAULT_LANES = 2;
    /** Bytes read from the start of the file to guess its alphabet, with {@link #SAMPLE_BLOCKS} blocks after. */
    static final int SAMPLE_HEAD = 1 << 18;
    static final int SAMPLE_BLOCKS = 64;
    static final int SAMPLE_BLOCK = 1 << 12;

    private final ComputeDevice device;
    private final DrkWomMatcher.Variant variant;
    private final int localSize;
    private final int wordsPerItem;
    private final int laneCount;
    private final int bufferWords;
    private final int packThreads;
    private SearchLane[] lanes;
    private ChunkPacker packer;
    private OneShotTimes lastTimes;

    /**
     * A one-shot search of {@code algorithm} on {@code device} with the configured buffers, lanes and threads
     * ({@link #configuredBufferBytes()}, {@link #configuredLanes()}, {@link #defaultPackThreads()}).
     */
    public OneShotFileSearch(ComputeDevice device, Algorithm algorithm) {
        this(device, algorithm, configuredBufferBytes(), configuredLanes(), defaultPackThreads());
    }

    /** Bytes per lane buffer: {@code -Dgpumatch.oneshot.bufferBytes}, else {@link #DEFAULT_BUFFER_BYTES}. */
    public static int configuredBufferBytes() {
        return Integer.getInteger("gpumatch.oneshot.bufferBytes", DEFAULT_BUFFER_BYTES);
    }

    /** Lanes: {@code -Dgpumatch.oneshot.lanes}, else {@link #DEFAULT_LANES}. */
    public static int configuredLanes() {
        return Integer.getInteger("gpumatch.oneshot.lanes", DEFAULT_LANES);
    }

    /**
     * A one-shot search with explicit sizes, the matchers' default geometry.
     *
     * @param bufferBytes bytes of each lane's chunk buffer, at least 64 (tests use small ones to make many chunks)
     * @param lanes       kernel instances, 1..8
     * @param packThreads threads reading and packing, at least 1
     */
    public OneShotFileSearch(ComputeDevice device, Algorithm algorithm, int bufferBytes, int lanes, int packThreads) {
        this(device, algorithm, bufferBytes, lanes, packThreads, DrkWomMatcher.DEFAULT_LOCAL_SIZE,
                DrkWomMatcher.DEFAULT_WORDS_PER_ITEM);
    }

    /** As above with a kernel geometry (tests use small tiles so that small chunks hold many tiles). */
    OneShotFileSearch(ComputeDevice device, Algorithm algorithm, int bufferBytes, int lanes, int packThreads,
                    int localSize, int wordsPerItem) {
        this.device = device;
        this.variant = variantOf(algorithm).orElseThrow(() -> new IllegalArgumentException(algorithm.cliName()
                + " has no one-shot search; it has drk-wom-32, drk-wom-64 and drk-2s"));
        if (bufferBytes < 64 || lanes < 1 || lanes > 8 || packThreads < 1) {
            throw new IllegalArgumentException("one-shot search needs a buffer of at least 64 bytes, 1..8 lanes and "
                    + "at least 1 pack thread: " + bufferBytes + ", " + lanes + ", " + packThreads);
        }
        this.localSize = localSize;
        this.wordsPerItem = wordsPerItem;
        this.laneCount = lanes;
        this.bufferWords = bufferBytes / 4;
        this.packThreads = packThreads;
    }

    /** Threads that read and pack: {@code -Dgpumatch.oneshot.threads}, else the available processors, at most 16. */
    public static int defaultPackThreads() {
        return Integer.getInteger("gpumatch.oneshot.threads",
                Math.max(1, Math.min(16, Runtime.getRuntime().availableProcessors())));
    }

    /** Whether {@code a} has a one-shot search: the DRK-WOM family, whose kernel searches a packed chunk. */
    public static boolean supports(Algorithm a) {
        return variantOf(a).isPresent();
    }

    private static Optional<DrkWomMatcher.Variant> variantOf(Algorithm a) {
        for (DrkWomMatcher.Variant v : DrkWomMatcher.Variant.values()) {
            if (v.algorithm() == a) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /**
     * Why {@code algorithm}'s one-shot search with buffers of {@code bufferBytes} cannot take a pattern of m bytes over
     * sigma-bit symbols, or empty: the algorithm has no one-shot search, its packed width is too small for m, or the m - 1
     * overlap is more than half a chunk buffer's symbols.
     */
    public static Optional<String> unsupportedReason(Algorithm algorithm, int m, int sigma, int bufferBytes) {
        Optional<DrkWomMatcher.Variant> v = variantOf(algorithm);
        if (v.isEmpty()) {
            return Optional.of(algorithm.cliName() + " has no one-shot search");
        }
        if (m > v.get().maxPattern(sigma)) {
            return Optional.of(algorithm.cliName() + " takes m <= " + v.get().maxPattern(sigma) + " at sigma " + sigma);
        }
        long symbols = capacitySymbols(bufferBytes / 4, sigma);
        if (m - 1L > symbols / 2) {
            return Optional.of("the m-1 = " + (m - 1) + " symbols each chunk shares with the next exceed half a chunk "
                    + "buffer (" + symbols + " symbols of " + sigma + " bits)");
        }
        return Optional.empty();
    }

    private static long capacitySymbols(int words, int sigma) {
        return (long) words * SymbolPacking.symbolsPerWord(sigma);
    }

    /** The number of occurrences of {@code pattern} in {@code file}. */
    public long count(Path file, Pattern pattern, ProgressListener progress) throws IOException {
        return run(file, pattern, null, progress);
    }

    /** Hands the offsets of all occurrences in {@code file} to {@code sink}, ascending; returns their number. */
    public long find(Path file, Pattern pattern, LongConsumer sink, ProgressListener progress) throws IOException {
        if (sink == null) {
            throw new IllegalArgumentException("the sink is null");
        }
        return run(file, pattern, sink, progress);
    }

    /** The stage times of the last search, or null before the first. */
    public OneShotTimes lastTimes() {
        return lastTimes;
    }

    /** A chunk's result in flight, in chunk order. */
    private record Pending(long start, long end, Future<SearchLane.ChunkResult> result) {
    }

    private long run(Path file, Pattern pattern, LongConsumer sink, ProgressListener progress) throws IOException {
        long t0 = System.nanoTime();
        int m = pattern.length();
        try (MappedRegions regions = new MappedRegions(file)) {
            long n = regions.size();
            if (n < m) {
                lastTimes = new OneShotTimes(n, 0, 0, 0, laneCount, packThreads, 4L * bufferWords, 0,
                        System.nanoTime() - t0, 0, 0, 0, 0, 0, -1, -1, 0, 0, System.nanoTime() - t0, 0, 0);
                progress.progress(n, n);
                return 0;
            }
            boolean fresh = lanes == null;
            ensureLanes(1); // the compile starts now, in the background
            Alphabet sampled = sample(regions, n).union(Alphabet.of(pattern.toByteArray()));
            long perChunk = Math.max(1, capacitySymbols(bufferWords, sampled.sigma()) - (m - 1));
            ensureLanes((int) Math.min(laneCount, (n - m + perChunk) / perChunk)); // no more lanes than chunks
            Run r = new Run(n, m, pattern, sink, progress, t0);
            try {
                r.chunks(regions, sampled);
                r.drain(true);
            } finally {
                for (SearchLane lane : lanes) {
                    lane.awaitQuietly();
                }
            }
            lastTimes = r.times(fresh);
            return r.found;
        }
    }

    /** The state of one search. */
    private final class Run {
        final long n;
        final int m;
        final Pattern pattern;
        final LongConsumer sink;
        final ProgressListener progress;
        final long t0;
        final Deque<Pending> queue = new ArrayDeque<>();
        long found;
        long chunks;
        long cpuChunks;
        int widenings;
        int chunk;
        int sigma;
        long setup;
        long readPack;
        long laneWait;
        long packed;
        long uploadSearch;
        long firstSubmit;
        long firstDone;
        long busyFrom = Long.MAX_VALUE;
        long busyTo;
        LaunchTiming device = new LaunchTiming(0, 0, 0);

        Run(long n, int m, Pattern pattern, LongConsumer sink, ProgressListener progress, long t0) {
            this.n = n;
            this.m = m;
            this.pattern = pattern;
            this.sink = sink;
            this.progress = progress;
            this.t0 = t0;
        }

        void chunks(MappedRegions regions, Alphabet sampled) throws IOException {
            Alphabet alphabet = sampled;
            SymbolPacking packing = packingFor(alphabet);
            setup = System.nanoTime() - t0;
            int next = 0;
            long start = 0;
            while (start <= n - m) {
                int len = (int) Math.min((long) chunk + m - 1, n - start);
                SearchLane lane = lanes[next];
                long w0 = System.nanoTime();
                lane.awaitIdle();
                long p0 = System.nanoTime();
                laneWait += p0 - w0;
                ByteBuffer window = regions.window(start, len);
                boolean ok = packer.pack(window, len, packing, lane.words);
                readPack += System.nanoTime() - p0;
                if (ok) {
                    if (firstSubmit == 0) {
                        firstSubmit = System.nanoTime();
                    }
                    queue.add(new Pending(start, start + chunk, lane.submit(len, packing, pattern, sink != null)));
                    packed += 4L * ((len + packing.symbolsPerWord() - 1) / packing.symbolsPerWord());
                    next = (next + 1) % lanes.length;
                } else {
                    byte[] bytes = new byte[len];
                    window.get(0, bytes);
                    Alphabet wider = alphabet.union(Alphabet.of(bytes));
                    if (unsupportedReason(variant.algorithm(), m, wider.sigma(), 4 * bufferWords).isEmpty()) {
                        alphabet = wider;
                        packing = packingFor(alphabet);
                        widenings++;
                        continue; // the same start again, packed with the wider alphabet
                    }
                    queue.add(new Pending(start, start + chunk, CompletableFuture.completedFuture(onCpu(bytes))));
                    cpuChunks++;
                }
                start += chunk;
                chunks++;
                drain(false);
            }
        }

        /** The packing of {@code alphabet}, setting the chunk size and sigma to it. */
        private SymbolPacking packingFor(Alphabet alphabet) {
            sigma = alphabet.sigma();
            unsupportedReason(variant.algorithm(), m, sigma, 4 * bufferWords).ifPresent(why -> {
                throw new IllegalArgumentException(variant.algorithm().cliName() + " one-shot search: " + why);
            });
            chunk = (int) Math.min(Integer.MAX_VALUE - 8 - (m - 1), capacitySymbols(bufferWords, sigma) - (m - 1));
            return SymbolPacking.of(alphabet);
        }

        private SearchLane.ChunkResult onCpu(byte[] window) {
            long s = System.nanoTime();
            try (CpuMatcher cpu = new CpuMatcher()) {
                int[] offsets = sink == null ? null : cpu.find(Text.wrap(window), pattern);
                long count = sink == null ? cpu.count(Text.wrap(window), pattern) : offsets.length;
                return new SearchLane.ChunkResult(count, offsets, s, s, LaunchTiming.NONE);
            }
        }

        /** Takes the finished results at the head of the queue, in chunk order; with {@code all}, waits for all. */
        void drain(boolean all) {
            while (!queue.isEmpty() && (all || queue.peek().result().isDone())) {
                Pending p = queue.poll();
                SearchLane.ChunkResult r = SearchLane.get(p.result());
                found += r.count();
                if (r.offsets() != null) {
                    for (int offset : r.offsets()) {
                        sink.accept(p.start() + offset);
                    }
                }
                if (r.endNanos() > r.startNanos()) { // a lane's chunk (not the CPU's)
                    uploadSearch += r.endNanos() - r.startNanos();
                    busyFrom = Math.min(busyFrom, r.startNanos());
                    busyTo = Math.max(busyTo, r.endNanos());
                    device = device.plus(r.timing());
                }
                if (firstDone == 0) {
                    firstDone = System.nanoTime();
                }
                progress.progress(Math.min(n, p.end()), n);
            }
        }

        OneShotTimes times(boolean fresh) {
            long compile = 0;
            long exposed = 0;
            if (fresh) {
                compile = SearchLane.get(lanes[0].created());
                exposed = firstSubmit == 0 ? 0 : Math.max(0, lanes[0].readyAt() - firstSubmit);
            }
            long end = System.nanoTime();
            return new OneShotTimes(n, chunks, chunk, sigma, lanes.length, packer.threads(), 4L * lanes[0].words.length,
                    packed, setup, readPack, laneWait, compile, exposed, uploadSearch,
                    device.hasDeviceTimes() ? device.transferNanos() : -1,
                    device.hasDeviceTimes() ? device.kernelNanos() : -1,
                    busyTo > busyFrom ? busyTo - busyFrom : 0, firstDone == 0 ? 0 : firstDone - t0, end - t0,
                    cpuChunks, widenings);
        }
    }

    /**
     * Makes at least {@code needed} lanes (at most the configured number) exist; new kernels compile in the
     * background: the first at once, the others after it (so that they reuse its binary).
     */
    private void ensureLanes(int needed) {
        int want = Math.max(1, Math.min(laneCount, needed));
        int have = lanes == null ? 0 : lanes.length;
        if (have >= want) {
            return;
        }
        int arrayWords = DrkWomMatcher.packedArrayWords(bufferWords, localSize, wordsPerItem);
        SearchLane[] grown = java.util.Arrays.copyOf(lanes == null ? new SearchLane[0] : lanes, want);
        Future<Long> first = have == 0 ? null : grown[0].created();
        for (int i = have; i < want; i++) {
            grown[i] = new SearchLane(i, arrayWords, () -> new DrkWomMatcher(device, "one-shot search", variant,
                    localSize, wordsPerItem), first);
            if (first == null) {
                first = grown[i].created();
            }
        }
        lanes = grown;
        if (packer == null) {
            packer = new ChunkPacker(packThreads);
        }
    }

    /** The file's alphabet as {@link #sample(MappedRegions, long)} guesses it (about 0.5 MiB read). */
    public static Alphabet sampleAlphabet(Path file) throws IOException {
        try (MappedRegions regions = new MappedRegions(file)) {
            return sample(regions, regions.size());
        }
    }

    /**
     * The file's alphabet guessed from its first {@link #SAMPLE_HEAD} bytes and {@link #SAMPLE_BLOCKS} blocks of
     * {@link #SAMPLE_BLOCK} bytes spread over the rest (positional reads: about 0.5 MiB, whatever the size).
     */
    static Alphabet sample(MappedRegions regions, long n) throws IOException {
        byte[] head = new byte[(int) Math.min(n, SAMPLE_HEAD)];
        regions.readAt(0, head);
        Alphabet seen = Alphabet.of(head);
        long rest = n - head.length;
        if (rest > 0) {
            byte[] block = new byte[(int) Math.min(rest, (long) SAMPLE_BLOCKS * SAMPLE_BLOCK)];
            if (block.length == rest) {
                regions.readAt(head.length, block);
            } else {
                for (int b = 0; b < SAMPLE_BLOCKS; b++) {
                    long at = head.length + (rest - SAMPLE_BLOCK) * b / (SAMPLE_BLOCKS - 1);
                    regions.readAt(at, ByteBuffer.wrap(block, b * SAMPLE_BLOCK, SAMPLE_BLOCK));
                }
            }
            seen = seen.union(Alphabet.of(block));
        }
        return seen;
    }

    /** Releases the lanes' kernels and buffers and stops the threads. */
    @Override
    public void close() {
        if (lanes != null) {
            for (SearchLane lane : lanes) {
                lane.close();
            }
            lanes = null;
        }
        if (packer != null) {
            packer.close();
            packer = null;
        }
    }
}
